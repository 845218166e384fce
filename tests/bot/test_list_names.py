"""Names with spaces in list options (issue 12): ``units:"IV Scythica, XII Fulminata"``.

A list option is read by ``cogs.play.split_names`` (the comma-separated names, or the words
when there is no comma) and Imperator's ``cogs.imperator_names.resolve_many`` (each name, or
the longest names the words spell), so English, French and Latin names with spaces can be
typed as well as ids (docs/imperator-discord.md, ``/help``).
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.transcript import TranscriptRunner, parse_transcript
from cogs import imperator_names as names
from cogs.imperator_operations import unit_pairs
from cogs.play import split_list, split_names
from rules.imperator.game import ImperatorGame


def test_split_names_keeps_the_spaces_inside_comma_separated_names() -> None:
    assert split_names("IV Scythica, XII  Fulminata ,") == ["IV Scythica", "XII Fulminata"]
    assert split_names("iv_scythica xii_fulminata") == ["iv_scythica", "xii_fulminata"]
    assert split_names("  ") == []
    assert split_list("IV Scythica, XII Fulminata") == ["IV", "Scythica", "XII", "Fulminata"]


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        ("IV Scythica", ["iv_scythica"]),  # English, no comma: the words make one name
        ("IV Scythica, XII Fulminata", ["iv_scythica", "xii_fulminata"]),
        ("IV Scythica XII Fulminata", ["iv_scythica", "xii_fulminata"]),
        ("IVe Scythica, XIIe Fulminata", ["iv_scythica", "xii_fulminata"]),  # French
        ("Legio IV Scythica", ["iv_scythica"]),  # Latin
        ("iv_scythica xii_fulminata", ["iv_scythica", "xii_fulminata"]),  # ids
        ("IV Scythica, no such legion", ["iv_scythica", "no such legion"]),  # kept as typed
        ("IV Scythica nowhere", ["iv_scythica", "nowhere"]),
    ],
)
def test_resolve_many_reads_names_with_spaces(typed: str, ids: list[str]) -> None:
    st = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "seed", {}).state
    assert names.resolve_many(split_names(typed), unit_pairs(st)) == ids


@pytest.fixture
async def runner(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    run = TranscriptRunner(tmp_path / "t.db", 1, tmp_path / "images", io.StringIO())
    await run.open()
    yield run
    await run.close()


async def test_english_unit_names_with_spaces_at_the_local_table(runner: TranscriptRunner) -> None:
    steps = [
        "as alice", '/game new game:imperator scenario:avidius_cassius options:"names=en"',
        "/game join seat:rome", "as bob", "/game join seat:enemies", "/game start",
        "as alice", "/reserve fronts:orient", "/end", "as bob",
        '! /move leader:"Gaius Avidius Cassius" to:Cyrrhus units:"IV Scythica, no such legion"',
        "> no such legion",
        '/move leader:"Gaius Avidius Cassius" to:Cyrrhus units:"IV Scythica"',
        "> Gaius Avidius Cassius with IV Scythica moves to Cyrrhus",
    ]
    for step in parse_transcript("\n".join(steps)):
        await runner.run_step(step)
