"""Hidden information at post level (§3.2): over the six months of the scenario 12 transcript,
no public post names a piece of a stack or repeats a line told privately to a player, and every
picture the bot drew was drawn from a view in which no stack is shown whole."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import render.imperium_romanum as R
from bot.transcript import OK, replay_file

TRANSCRIPT = Path(__file__).resolve().parents[1] / "transcripts" / "ir_s12_six_months.txt"
PIECE_ID = re.compile(r"\b(?:rome|dacia|roxolani|iazyges)\.[a-z_0-9]+\.\d+\b")


async def test_no_public_post_or_picture_shows_what_a_stack_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[dict[str, Any]] = []

    original = R.render_public_view

    def recording(view: dict[str, Any], name: str) -> bytes:
        drawn.append(view)
        return original(view, name)

    # the cog registers ``render.imperium_romanum.render_public_view`` when the bot loads it
    monkeypatch.setattr(R, "render_public_view", recording)
    out = io.StringIO()
    assert await replay_file(TRANSCRIPT, out=out) == OK, out.getvalue()[-2000:]
    lines = out.getvalue().splitlines()
    public = [line for line in lines if line.startswith("[public]")]
    private = [line.split("] ", 1)[1] for line in lines
               if line.startswith(("[to alice]", "[to bob]")) and PIECE_ID.search(line) is None]
    secrets = [text for text in private if text.startswith("🔒")]
    assert len(public) > 200 and secrets, (len(public), secrets[:3])  # the test can fail
    assert [line for line in public if PIECE_ID.search(line)] == []
    assert [s for s in secrets if any(s[2:] in line for line in public)] == []
    assert len(drawn) >= 60
    whole = [s for view in drawn for s in view["stacks"] if "units" in s or "leaders" in s]
    assert whole == []
    # the top counter's legion name is printed on it, public like its type (IR-DIS-20, IR-ENG-129),
    # and its power (IR-DIS-30) and the colour printed on it (IR-ENG-167)
    shown = {"hex", "side", "besieged", "top", "size", "power", "colour"}
    assert all(set(s) - {"top_name"} == shown for view in drawn for s in view["stacks"])
    assert any(s.get("top_name") for view in drawn for s in view["stacks"])
