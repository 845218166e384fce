"""A French game stays French after a restart (issue 13, README's French row).

Each of the four games is started at the local table in the pseudo language of
``test_i18n_pseudo`` (every marked message swapped, so plain English shows), played a little,
then the table is closed and a new one opened on the same database: a new Moderator with
nothing cached, so every game is read back from its stored row and snapshot, as after a
restart of the bot. What the readers are told after the restart (status, log, private views,
the exported chronicle, the game's own commands, a refusal, a further move) must all carry the
mark of translation, and no game word may be left in English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.i18n
from bot.clock import FakeClock
from bot.local import LocalTable, Output
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade
from tests.bot.test_i18n_pseudo import PseudoCatalogue, escaped, untranslated_words, vocabulary


@pytest.fixture(autouse=True)
def pseudo_french(monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: catalogue if language == "fr" else None)


async def open_table(database: Path, images: Path) -> LocalTable:
    """A table on ``database`` with a new Moderator: nothing of an earlier table is cached."""
    engine = make_engine(f"sqlite:///{database}")
    await upgrade(engine)
    moderator = Moderator(engine, clock=FakeClock(), seed_source=lambda: "restart-fr-1")
    table = LocalTable(moderator, images, locale="fr", components_file=database.with_name("components.json"))
    await table.setup()
    return table


async def close_table(table: LocalTable) -> None:
    await table.close()
    await table.moderator.engine.dispose()


async def play(table: LocalTable, lines: list[tuple[str, str]]) -> list[Output]:
    seen: list[Output] = []
    for user, line in lines:
        table.user = user
        start = len(table.outputs)
        await table.run_slash(line)
        seen += table.outputs[start:]
    return seen


async def restarted(tmp_path: Path, before: list[tuple[str, str]], after: Any) -> list[Output]:
    """Play ``before``, restart, then play what ``after(table)`` lists; the outputs after."""
    database = tmp_path / "restart.db"
    table = await open_table(database, tmp_path / "images")
    try:
        shown = await play(table, before)
        assert not [o.text for o in shown if o.refusal], [o.text for o in shown if o.refusal]
    finally:
        await close_table(table)
    table = await open_table(database, tmp_path / "images")
    try:
        return await play(table, await after(table))
    finally:
        await close_table(table)


async def seats(table: LocalTable) -> tuple[Any, Any, dict[str, str]]:
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game: Any = await table.moderator.load(row)
    return row, game, {seat: str(user) for seat, user in row.seats.items()}


READING = [
    ("alice", "/game status"),
    ("alice", "/game mine"),
    ("alice", "/game log"),
    ("alice", "/chronicle"),
    ("carol", "/game status"),
]


def assert_french(seen: list[Output]) -> None:
    assert seen and any(o.image is not None and o.image.suffix == ".txt" for o in seen)  # the log
    assert escaped(seen) == [], "\n".join(escaped(seen))
    assert untranslated_words(seen, vocabulary()) == [], "\n".join(untranslated_words(seen, vocabulary()))


async def test_barracks_stays_french_after_a_restart(tmp_path: Path) -> None:
    before = [
        ("alice", "/game new game:barracks scenario:standard-2p"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]

    async def after(table: LocalTable) -> list[tuple[str, str]]:
        _row, game, users = await seats(table)
        mover = game.to_move()[0]
        other = next(s for s in users if s != mover)
        card = next(c for c in game.legal_commands(mover) if c.name == "play")
        return [*READING, (users[mover], "/hand"), (users[other], "/skip"),
                (users[mover], f"/play card:{card.args['card']} space:{card.args['space']}"),
                ("alice", "/game status")]  # fmt: skip

    assert_french(await restarted(tmp_path, before, after))


async def test_imperator_stays_french_after_a_restart(tmp_path: Path) -> None:
    before = [
        ("alice", "/game new game:imperator scenario:avidius_cassius"),
        ("alice", "/game join seat:rome"),
        ("bob", "/game join seat:enemies"),
        ("alice", "/game start"),
        ("alice", "/reserve fronts:orient"),
        ("alice", "/end"),
    ]

    async def after(table: LocalTable) -> list[tuple[str, str]]:
        _row, game, users = await seats(table)
        mover = game.to_move()[0]
        zone = sorted(z for z, d in game.state.board.zones.items() if d.kind == "land")[0]
        return [*READING, ("alice", "/standing"), ("bob", "/stratagems"), ("alice", f"/zone zone:{zone}"),
                (users[mover], "/respond" if game.state.pending else "/end"), ("alice", "/standing")]  # fmt: skip

    assert_french(await restarted(tmp_path, before, after))


async def test_rome_iinc_stays_french_after_a_restart(tmp_path: Path) -> None:
    before = [
        ("alice", "/game new game:rome_iinc scenario:286 options:mode=solo"),
        ("alice", "/game join seat:east"),
        ("alice", "/game join seat:west"),
        ("alice", "/game start"),
        ("alice", "/end"),
    ]

    async def after(table: LocalTable) -> list[tuple[str, str]]:
        return [*READING, ("bob", "/end"), ("alice", "/end"), ("alice", "/game status")]

    assert_french(await restarted(tmp_path, before, after))


async def test_imperium_romanum_stays_french_after_a_restart(tmp_path: Path) -> None:
    before = [
        ("alice", "/game new game:imperium_romanum scenario:s12"),
        ("alice", "/game join seat:rome"),
        ("bob", "/game join seat:dacia"),
        ("alice", "/game start"),
        ("alice", "/imperium build type:light_infantry_4_12 city:aquincum"),
        ("alice", "/end"),
    ]

    async def after(table: LocalTable) -> list[tuple[str, str]]:
        return [*READING, ("alice", "/record power:rome"), ("alice", "/stack hex:B4415"),
                ("alice", "/imperium build type:legion_24_10 city:aquincum"),  # refused (15.2)
                ("bob", "/end"), ("alice", "/game status")]  # fmt: skip

    assert_french(await restarted(tmp_path, before, after))
