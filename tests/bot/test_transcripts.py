"""Every transcript under tests/transcripts plays as expected through ``praetor replay``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot.transcript import MALFORMED, OK, UNEXPECTED, replay_file
from rules.core.registry import register_module

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from replays import replayed  # noqa: E402

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"


@pytest.mark.parametrize("path", sorted(TRANSCRIPTS.glob("*.txt")), ids=lambda p: p.stem)
async def test_transcript_plays(path: Path) -> None:
    code, output = await replayed(path)  # tests/replays.py: once per session, read by several
    assert code == OK, output[-3000:]


async def test_tiny_pipeline_never_shows_a_token_in_public(tmp_path: Path) -> None:
    # tests/replays.py: the replay test_transcript_plays[tiny_pipeline] made (once per session)
    code, text = await replayed(TRANSCRIPTS / "tiny_pipeline.txt")
    assert code == OK, text[-3000:]
    token_lines = [line for line in text.splitlines() if "my_token" in line]
    assert token_lines and all(line.startswith("[to alice]") for line in token_lines)
    token = token_lines[0].rsplit(" ", 1)[1]
    public = [line for line in text.splitlines() if line.startswith("[public]")]
    assert not any(token in line for line in public)


async def test_refusal_expected_but_accepted_fails_with_line_number(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("as alice\n! /roll dice:2d6\n")
    out = io.StringIO()
    assert await replay_file(path, out=out) == UNEXPECTED


async def test_expected_text_missing_fails(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("/roll dice:d6\n> no such words\n")
    assert await replay_file(path, out=io.StringIO()) == UNEXPECTED


async def test_malformed_transcript_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("as alice\nroll the dice please\n")
    assert await replay_file(path, out=io.StringIO()) == MALFORMED


async def test_unknown_command_is_unexpected(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("/frobnicate now:1\n")
    assert await replay_file(path, out=io.StringIO()) == UNEXPECTED


async def test_json_prints_final_public_state(tmp_path: Path) -> None:
    register_module("tinygame")
    path = tmp_path / "t.txt"
    path.write_text(
        "as alice\n/game new game:tiny scenario:race\n/game join\nas bob\n/game join\n"
        "/game start\nas alice\n/play steps:1\n"
    )
    out = io.StringIO()
    assert await replay_file(path, as_json=True, out=out) == OK
    assert '"positions"' in out.getvalue() and '"tokens": null' in out.getvalue()
