"""``/game status`` of an Imperium Romanum game in play answers what a ``/game info`` would
(issue 18): the scenario, the month and segment, every major power with its treasury and
morale, which seat plays which powers, the optional rules chosen with their sections, and whose
turn it is, in the reader's language. There is no separate ``/game info`` (one surface)."""

from __future__ import annotations

from pathlib import Path

from conftest import ok
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import LocalTable
from bot.moderator import Moderator


async def started(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12 options:plague=yes")
    await ok(table, "/game join seat:rome")
    table.user = "bob"
    await ok(table, "/game join seat:dacia")
    table.user = "alice"
    await ok(table, "/game start")


async def test_status_names_scenario_month_seats_options_and_turn(table: LocalTable) -> None:
    await started(table)
    await ok(table, "/game status")
    lines = table.outputs[-1].text.splitlines()
    assert lines[0] == "Game #1: imperium_romanum (s12), move 0.", lines
    assert lines[1].startswith("March AD 101") and lines[1].endswith("segment."), lines
    assert "rome plays Rome (Trajan)." in lines and "To move: rome, dacia." in lines, lines
    dacia = next(line for line in lines if line.startswith("dacia plays "))
    assert dacia == "dacia plays Dacia (Decebalus), Roxolani.", dacia  # with the client it runs (5.2)
    assert "Options: Optional rule: plague (45.0): plague=yes." in lines, lines
    # Taxation & Mobilization is simultaneous: the status names every power still giving orders
    # (the engine's segment deadline waits on all of them, PendingDecision.seats), then only
    # those not yet done; never "Waiting for rome to respond" while dacia also gives orders
    waiting = [line for line in lines if line.startswith("Waiting for")]
    assert [w.split(" (default")[0] for w in waiting] == ["Waiting for the orders of rome <@alice>, dacia <@bob>"], lines
    await ok(table, "/end")
    await ok(table, "/game status")
    lines = table.outputs[-1].text.splitlines()
    waiting = [line.split(" (default")[0] for line in lines if line.startswith("Waiting for")]
    assert waiting == ["Waiting for the orders of dacia <@bob>"], lines
    assert "To move: dacia." in lines, lines


async def test_status_in_french(sqlite_engine: AsyncEngine, tmp_path: Path) -> None:
    table = LocalTable(Moderator(sqlite_engine), tmp_path / "images", locale="fr")
    await table.setup()
    await started(table)
    await ok(table, "/game status")
    text = table.outputs[-1].text
    assert "rome joue Rome (Trajan)." in text and "plays" not in text, text
    assert "Mars" in text and "(45.0)" in text, text
    assert "En attente des ordres de rome <@alice>, dacia <@bob> (défaut" in text, text
