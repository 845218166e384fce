"""Imperium Romanum openings at the local table, played once and shared (issue 18).

Most tests of ``tests/bot/test_imperium_*.py`` begin the same way: ``/game new``, each person
joins a seat, ``/game start``, sometimes a few ``/end`` or a repositioning. :func:`opened` plays
such an opening once per test session for each distinct set of arguments, then stores the
database's files and what the table showed; each test gets its own :class:`LocalTable` on a
fresh copy of those files (``conftest.py``'s ``ir_table``), so a test may change its game freely
and the next one still starts from the same opening. The dice are the same as a fresh table's
(the first game of a table is seeded ``tests-1``). A timed opening (``clock=FakeClock()``) is
played on a fake clock from its fixed start, so its deadlines are those of a fresh table with
that clock; each test's table then runs on the test's own fake clock."""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.clock import FakeClock
from bot.local import Component, LocalTable, Output
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade

S12 = {"rome": "alice", "dacia": "bob"}
"""Scenario 12's seats and the person at each (the usual two players)."""
DB = "praetor.db"


def opening_lines(scenario: str = "s12", seats: dict[str, str] | None = None, options: str = "") -> list[str]:
    """The lines of an opening as a person types them at the local table (the README's, for
    scenario 12): ``/game new`` by the first person, each seat joined by its person (``as
    <user>`` when the person changes), ``/game start`` by the first person."""
    seats = seats or S12
    first = next(iter(seats.values()))
    lines = ["/game new game:imperium_romanum scenario:" + scenario + (f" options:{options}" if options else "")]
    user = first
    for seat, person in [*seats.items(), ("", first)]:
        if person != user:
            lines.append(f"as {person}")
            user = person
        lines.append(f"/game join seat:{seat}" if seat else "/game start")
    return lines


async def open_game(table: LocalTable, scenario: str = "s12", seats: dict[str, str] | None = None,
                    options: str = "") -> None:
    """:func:`opening_lines` played: each must be accepted."""
    table.user = next(iter((seats or S12).values()))
    for line in opening_lines(scenario, seats, options):
        if line.startswith("as "):
            table.user = line.removeprefix("as ")
        else:
            await ok(table, line)


async def ok(table: LocalTable, line: str) -> None:
    """Type ``line``; it must be accepted (as ``conftest.ok``)."""
    await table.run_slash(line)
    assert not table.outputs[-1].refusal, (line, table.outputs[-1].text)


async def end_until(table: LocalTable, segment: str, seats: dict[str, str] | None = None, most: int = 12) -> None:
    """Each first seat to move types ``/end`` until the game reaches ``segment``."""
    seats = seats or S12
    for _step in range(most):
        row = await table.moderator.channel_game(table.channel_id)
        assert row is not None
        game = await table.moderator.load(row)
        if game.state.segment == segment:
            return
        table.user = seats[game.to_move()[0]]
        await ok(table, "/end")
    raise AssertionError(f"{segment} not reached in {most} /end")


@dataclass
class Opening:
    """A stored opening: the database files and what the table showed after it."""

    folder: Path
    outputs: list[Output]
    public_components: list[Component]
    last_components: dict[str, list[Component]]
    image_count: int
    user: str
    extra: dict[str, Any] = field(default_factory=dict)
    clock_at: Any = None
    """When the opening was played on a fake clock: that clock's time at its end."""

    async def table(self, folder: Path, locale: str = "en-US", clock: FakeClock | None = None) -> LocalTable:
        """A new local table on a copy of the opening's database, showing what it showed; a
        timed opening's table runs on ``clock``, which must stand where the opening's stopped."""
        assert (clock is None) == (self.clock_at is None), "a timed opening needs a fake clock, and only it"
        assert clock is None or clock.now() == self.clock_at, (clock.now() if clock else None, self.clock_at)
        folder.mkdir(parents=True, exist_ok=True)
        for path in self.folder.iterdir():
            if path.name.startswith(DB):
                shutil.copy(path, folder / path.name)
        table = LocalTable(Moderator(make_engine(f"sqlite:///{folder / DB}"), clock=clock), folder / "images",
                           locale=locale)
        await table.setup()
        table.outputs = list(self.outputs)
        table.public_components = fresh(self.public_components)
        table.last_components = {k: fresh(v) for k, v in self.last_components.items()}
        table.image_count = self.image_count
        table.user = self.user
        return table


def fresh(components: list[Component]) -> list[Component]:
    """The components as a restarted table has them (``LocalTable``'s components file): found
    by their custom ids, each test with its own options list."""
    return [Component(c.kind, c.label, c.custom_id, list(c.options)) for c in components]


Then = Callable[[LocalTable], Awaitable[None]]
IROpener = Callable[..., Awaitable[LocalTable]]
"""``conftest.ir_table``: ``await ir_table(scenario=, seats=, options=, then=, locale=, clock=)``."""
_OPENINGS: dict[tuple[Any, ...], Opening] = {}


async def opened(folder: Path, scenario: str = "s12", seats: dict[str, str] | None = None, options: str = "",
                 then: Then | None = None, timed: bool = False) -> Opening:
    """The opening of these arguments, played the first time it is asked for (``then``, a
    module-level function, plays what follows the start: some ``/end``, a repositioning);
    ``timed``: on a fake clock from its fixed start (deadline tests)."""
    seats = seats or S12
    key = (scenario, tuple(seats.items()), options, f"{then.__module__}.{then.__qualname__}" if then else "", timed)
    if key not in _OPENINGS:
        folder.mkdir(parents=True, exist_ok=True)
        engine = make_engine(f"sqlite:///{folder / DB}")
        await upgrade(engine)
        clock = FakeClock() if timed else None
        table = LocalTable(Moderator(engine, clock=clock), folder / "images")
        await table.setup()
        await open_game(table, scenario, seats, options)
        if then is not None:
            await then(table)
        await engine.dispose()
        _OPENINGS[key] = Opening(folder, list(table.outputs), list(table.public_components),
                                 {k: list(v) for k, v in table.last_components.items()}, table.image_count, table.user,
                                 clock_at=clock.now() if clock else None)
    return _OPENINGS[key]
