"""The "Why?" button (issue 12): under the public post of an action that cited rules, anyone
may ask for those citations; the answer is private, changes nothing, and the button still
answers after a restart (a persistent component, played on the local table)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlmodel import func, select

from bot.transcript import TranscriptRunner, parse_transcript
from cogs.common import DYNAMIC_ITEMS, WhyButton
from db.models import EventRow

BATTLE = [
    "as alice", "/game new game:imperator scenario:avidius_cassius", "/game join seat:rome",
    "as bob", "/game join seat:enemies", "/game start",
    "as alice", "/reserve fronts:orient", "/end",
    "as bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus", "/end",
    "/attack zone:cyrrhus",
]


@pytest.fixture
async def runner(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    run = TranscriptRunner(tmp_path / "t.db", 1, tmp_path / "images", io.StringIO())
    await run.open()
    yield run
    await run.close()


async def do(runner: TranscriptRunner, *lines: str) -> list[tuple[str, str]]:
    """Play ``lines``; what was shown meanwhile, as (audience, text + the buttons' labels)."""
    assert runner.table is not None
    table, before = runner.table, len(runner.table.outputs)
    for step in parse_transcript("\n".join(lines)):
        await runner.run_step(step)
    assert runner.table is not None
    if runner.table is not table:  # a restart: a new table, its outputs from the start
        before = 0
    return [
        (o.audience, o.text + "".join(f" [{c.label}]" for c in o.components))
        for o in runner.table.outputs[before:]
    ]


async def event_count(runner: TranscriptRunner) -> int:
    assert runner.table is not None
    async with runner.table.moderator.sessions() as session:
        return int((await session.exec(select(func.count()).select_from(EventRow))).one())


async def test_why_gives_the_battles_rule_privately_and_changes_nothing(runner) -> None:  # type: ignore[no-untyped-def]
    shown = await do(runner, *BATTLE)
    buttons = [text for who, text in shown if who == "public" and "[Why?]" in text]
    assert buttons and buttons[-1].endswith("[Respond] [Why?]")  # the battle's post
    events = await event_count(runner)
    said = await do(runner, "as zoe", "click Why?")  # a spectator may ask
    assert said[0] == ("zoe", said[0][1])
    assert said[0][1].startswith("Rules behind move 5: §8.2.")
    assert "§8.2: battle in Cyrrhus" in said[0][1]
    assert all(who == "zoe" for who, _text in said)
    assert await event_count(runner) == events
    # The Respond button beside it still answers the decision.
    answered = await do(runner, "as alice", "click Respond", "select Melitene")
    assert any("retreats to Melitene" in text for _who, text in answered)


async def test_why_answers_after_a_restart(runner) -> None:  # type: ignore[no-untyped-def]
    await do(runner, *BATTLE)
    said = await do(runner, "restart", "as zoe", "click Why?")
    assert [text.splitlines()[0] for who, text in said if who == "zoe"] == [
        "Rules behind move 5: §8.2."
    ]


async def test_why_in_french_for_a_french_reader(runner) -> None:  # type: ignore[no-untyped-def]
    await do(runner, *BATTLE)
    said = await do(runner, "as zoe", "locale fr", "click Why?")
    assert said[-1][1].startswith("Règles appliquées au coup 5 : §8.2.")


def test_why_is_a_persistent_component_within_discords_limits() -> None:
    assert WhyButton in DYNAMIC_ITEMS
    button = WhyButton(123456789, 987654321)
    assert button.item.custom_id == "praetor:why:123456789:987654321"
    assert len(button.item.custom_id or "") <= 100
    assert button.item.label == "Why?"
