"""Issue 10 item 6 / issue 14: a menu select Discord delivers twice (one interaction id) lands
once, and the second delivery gets the first one's answer, as a doubled typed command does, not
"out of date". On SQLite and, when ``PRAETOR_TEST_DATABASE_URL`` is set, on PostgreSQL (the
``engine`` fixture runs both)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.local import LocalInteraction, LocalTable
from bot.moderator import Moderator
from rules.core.registry import register_module


@pytest.fixture
async def table(engine: AsyncEngine, tmp_path: Path) -> AsyncIterator[LocalTable]:
    register_module("tinygame")
    opened = LocalTable(Moderator(engine, clock=FakeClock()), tmp_path / "images")
    await opened.setup()
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
        ("alice", "/play steps:2"),  # blue may block: a decision
    ]:
        opened.user = user
        await opened.run_slash(line)
    opened.user = "bob"
    await opened.click("Respond")
    yield opened
    await opened.close()


def twin_selects(table: LocalTable, label: str) -> tuple[LocalInteraction, LocalInteraction]:
    component = table.find_component("select", "")
    value = next(v for lbl, v in component.options if lbl == label)
    data = {"custom_id": component.custom_id, "component_type": 3, "values": [value]}
    one, two = table.interaction(data=data), table.interaction(data=data)
    two.id = one.id  # the same interaction, delivered twice
    return one, two


async def seq_of(table: LocalTable) -> int:
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    return row.seq


async def test_a_select_delivered_again_later_gets_the_first_answer(table: LocalTable) -> None:
    component = table.find_component("select", "")
    one, two = twin_selects(table, "Let it stand")
    await asyncio.create_task(table._dispatch(component, one))  # each delivery: its own task
    assert await seq_of(table) == 2
    start = len(table.outputs)
    await asyncio.create_task(table._dispatch(component, two))
    assert await seq_of(table) == 2  # nothing applied again
    [again] = table.outputs[start:]
    assert again.audience == "bob" and not again.refusal
    assert "blue lets the run stand." in again.text and "out of date" not in again.text
    public = [o for o in table.outputs if o.audience == "public" and "lets the run" in o.text]
    assert len(public) == 1


async def test_simultaneous_deliveries_of_a_select_land_once_and_both_are_answered(
    table: LocalTable,
) -> None:
    component = table.find_component("select", "")
    one, two = twin_selects(table, "Block the run")
    start = len(table.outputs)
    await asyncio.gather(table._dispatch(component, one), table._dispatch(component, two))
    assert await seq_of(table) == 2
    shown = table.outputs[start:]
    assert not [o.text for o in shown if o.refusal]
    assert len([o for o in shown if o.audience == "public" and "blocks" in o.text]) == 1
    assert one.response.is_done() and two.response.is_done()
