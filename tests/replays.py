"""Transcript replays shared by the tests that read them (test speed, session 9).

Several test files replay the same transcript with the same seed and language and then read its
output: ``test_transcripts.py`` (it must exit 0), ``test_imperator_transcripts.py`` (the facts a
transcript is there to show) and ``test_imperator_cogs.py`` (no secret in public). A replay is
deterministic (fixed seeds, a fake clock: the transcript's own expected lines check it), so each
one runs once per session here and every caller reads its exit code and output. What is kept is
a number and a string, which no caller can change.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.transcript import replay_file
from rules.core.registry import register_module

_REPLAYS: dict[Path, tuple[int, str]] = {}


def game_modules_for(text: str) -> list[str]:
    """A transcript names extra game modules in a ``# games: module`` comment."""
    return re.findall(r"^# games: (\S+)", text, flags=re.MULTILINE)


async def replayed(path: Path) -> tuple[int, str]:
    """(exit code, output) of ``praetor replay path`` with its default seed and language."""
    path = path.resolve()
    if path not in _REPLAYS:
        for module in game_modules_for(path.read_text(encoding="utf-8")):
            register_module(module)
        out = io.StringIO()
        code = await replay_file(path, out=out)
        _REPLAYS[path] = (code, out.getvalue())
    return _REPLAYS[path]
