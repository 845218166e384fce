"""``scripts/make_ir_transcripts.py`` writes each Imperium Romanum transcript through one
``write_transcript(name, head, lines)`` (duplicates D1): the comment head, then the played
lines, one per line, under ``tests/transcripts/``. The transcripts themselves replay in
``tests/bot/test_transcripts.py``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make_ir_transcripts.py"


def test_write_transcript_writes_the_head_then_the_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("make_ir_transcripts", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    (tmp_path / "tests" / "transcripts").mkdir(parents=True)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    script.write_transcript("ir_test.txt", ["# a head", "# seed: 1"], ["/game status", "> March"])
    written = (tmp_path / "tests" / "transcripts" / "ir_test.txt").read_bytes()
    assert written == b"# a head\n# seed: 1\n/game status\n> March\n"
    assert capsys.readouterr().out.endswith("ir_test.txt: 2 lines\n")
