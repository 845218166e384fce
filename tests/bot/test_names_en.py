"""``names=en`` (and ``names=la``) reach zones, sea zones, Peoples, units and stratagems, not
only leaders (issue 12): the data gives every one an English and a Latin form with its
provenance, and a game played with ``names=en`` shows them in lines, menus and refusals, and
reads them when typed."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.transcript import TranscriptRunner, parse_transcript
from cogs import imperator_names as names
from rules.imperator import other_names
from rules.imperator.game import ImperatorGame


def test_every_zone_sea_people_and_unit_has_an_english_and_a_latin_name() -> None:
    board = ImperatorGame.new("campaign", ["rome", "enemies"], "seed", {}).state.board
    data = other_names.other_names()
    zones = {z for z, d in board.zones.items() if d.kind != "sea"}
    seas = {z for z, d in board.zones.items() if d.kind == "sea"}
    assert zones <= set(data["zones"]) and seas <= set(data["seas"])
    assert set(board.units) <= set(data["units"])
    assert set(board.peoples) <= set(data["peoples"])
    for section in other_names.SECTIONS:
        for entry in data[section].values():
            assert entry.en and entry.la and entry.provenance in ("history", "design")
    assert data["zones"]["roma"].en == "Rome" and data["zones"]["roma"].la == "Roma"
    assert data["units"]["iv_scythica"].en == "IV Scythica"
    assert data["units"]["iv_scythica"].la == "Legio IV Scythica"
    assert data["peoples"]["quades"].en == "Quadi"
    assert data["seas"]["pontus_euxinus_occidentalis"].en == "Western Black Sea"


def test_a_bad_entry_is_refused_with_its_place(tmp_path: Path) -> None:
    bad = tmp_path / "names.toml"
    bad.write_text('[zones]\nroma = { en = "Rome", la = "Roma", provenance = "guess" }\n')
    with pytest.raises(ValueError, match=r"\[zones\] roma: provenance must be one of"):
        other_names.other_names(bad)


def test_lines_are_renamed_whole_words_longest_first() -> None:
    board = ImperatorGame.new("campaign", ["rome", "enemies"], "seed", {}).state.board
    line = "IVe Scythica moves to Roma; Parthes at Antiochia; rome plays Coup d'état parthe."
    assert names.localise(line, board, "en") == (
        "IV Scythica moves to Rome; Parthians at Antioch; rome plays Parthian Coup."
    )
    assert names.localise(line, board, "la") == (
        "Legio IV Scythica moves to Roma; Parthi at Antiochia; rome plays Coup d'état parthe."
    )
    assert names.localise("Roman roads", board, "en") == "Roman roads"  # whole words only
    assert names.localise(line, board, "fr") == line


def test_menus_show_and_read_the_english_names() -> None:
    zones = [("roma", "Roma"), ("antiochia", "Antiochia"), ("cyrrhus", "Cyrrhus")]
    shown = [c.name for c in names.choices(zones, "", "en")]
    assert shown == ["Rome", "Antioch", "Cyrrhus"]
    assert [c.value for c in names.choices(zones, "antioch", "en")] == ["antiochia"]
    assert names.resolve("Rome", zones) == "roma"
    assert names.resolve("Antioch", zones) == "antiochia"


@pytest.fixture
async def runner(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    run = TranscriptRunner(tmp_path / "t.db", 1, tmp_path / "images", io.StringIO())
    await run.open()
    yield run
    await run.close()


async def test_a_names_en_game_speaks_and_reads_english(runner: TranscriptRunner) -> None:
    steps = [
        "as alice", '/game new game:imperator scenario:avidius_cassius options:"names=en"',
        "/game join seat:rome", "as bob", "/game join seat:enemies", "/game start",
        "as alice", "/reserve fronts:orient", "/end", "as bob",
        "! /move leader:avidius_cassius to:Rome",  # typed in English, refused in English
        "> §7: no legal path to Rome within 4 PM",
        "/game status",
        '> /move leader:"Gaius Avidius Cassius" to:Cyrrhus units:iv_scythica',
        '/move leader:"Gaius Avidius Cassius" to:Cyrrhus units:iv_scythica',
        "> Gaius Avidius Cassius with IV Scythica moves to Cyrrhus",
    ]
    for step in parse_transcript("\n".join(steps)):
        await runner.run_step(step)
