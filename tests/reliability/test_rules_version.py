"""A stored game recorded under other rules (issue 14; DESIGN: each game records its rules
version and data hash so an upgrade never silently changes a game in progress).

The recorded log is real: 55 events of an Imperium Romanum game that a probe played with the
engine of version 1 (``data/imperium_romanum_recorded_by_version_1.json``); the engine of now
refuses one of them. Such a game is refused with a sentence naming both versions, not with a
rule error from deep inside the replay; a game whose log still gives the same game goes on.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col

from bot.clock import FakeClock
from bot.local import LOCAL_CHANNEL, LocalTable
from bot.moderator import Moderator, RecordedUnderOtherRules
from db.models import EventRow, GameRow, SnapshotRow
from rules.core import Command, RuleError
from rules.core.registry import get_game

RECORDED = Path(__file__).parent / "data" / "imperium_romanum_recorded_by_version_1.json"
CHANNEL = LOCAL_CHANNEL


def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return data


async def store_recorded_game(engine: AsyncEngine, data: dict[str, Any]) -> int:
    """The game as the older engine left it in the database: its row (seed, version, data
    hash, seq), its snapshot at the start and its recorded events after it."""
    moderator = Moderator(engine, clock=FakeClock(datetime.now(UTC)), seed_source=lambda: data["secret_seed"])
    await moderator.create("guild", CHANNEL, "alice", data["kind"], data["scenario"], dict(data["options"]))
    for seat, user in data["seats"].items():
        await moderator.join(CHANNEL, user, seat)
    row, _game = await moderator.start(CHANNEL, "alice")
    events = data["events"]
    async with moderator.sessions() as session:
        for event in events:
            session.add(EventRow(
                game_id=row.id or 0, seq=event["seq"], seat=event["seat"], user_id=event["user_id"],
                command=event["command"], outcome={}, name=event["command"]["name"],
            ))
        await session.exec(  # type: ignore[call-overload]
            update(GameRow).where(col(GameRow.id) == row.id).values(
                seq=events[-1]["seq"], rules_version=data["rules_version"], data_hash=data["data_hash"],
            )
        )
        await session.commit()
    return row.id or 0


def assert_refused_clearly(error: RecordedUnderOtherRules, data: dict[str, Any]) -> None:
    message = str(error)
    current = get_game(data["kind"]).RULES_VERSION
    assert current != data["rules_version"]
    assert f"rules version {data['rules_version']} (data {data['data_hash'][:12]})" in message
    assert f"this bot plays version {current}" in message
    cause = error.__cause__  # the rules' own refusal, whichever rule it is (they keep changing)
    assert isinstance(cause, RuleError) and str(cause)
    seqs = [str(event["seq"]) for event in data["events"]]
    assert any(f"(event {seq}: {cause}" in message for seq in seqs), message


async def test_a_game_recorded_by_an_older_rules_version_is_refused_clearly(engine: AsyncEngine) -> None:
    data = recorded()
    game_id = await store_recorded_game(engine, data)
    moderator = Moderator(engine, clock=FakeClock(datetime.now(UTC)))  # a new process: no cache
    row = await moderator.get(game_id)
    with pytest.raises(RecordedUnderOtherRules) as loading:
        await moderator.load(row)
    assert_refused_clearly(loading.value, data)
    with pytest.raises(RecordedUnderOtherRules) as replaying:
        await moderator.rebuild(game_id)
    assert_refused_clearly(replaying.value, data)
    with pytest.raises(RecordedUnderOtherRules):  # a command: refused, nothing written
        await moderator.act(CHANNEL, "alice", Command("end"))
    after = await moderator.get(game_id)
    assert (after.seq, after.rules_version) == (len(data["events"]), data["rules_version"])
    assert len(await moderator.events(game_id)) == len(data["events"])


async def test_in_discord_the_refusal_goes_to_its_author_only(sqlite_engine: AsyncEngine, tmp_path: Path) -> None:
    data = recorded()
    game_id = await store_recorded_game(sqlite_engine, data)
    table = LocalTable(Moderator(sqlite_engine, clock=FakeClock(datetime.now(UTC))), tmp_path / "images")
    await table.setup()
    try:
        table.user = "alice"
        await table.run_slash("/end")
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == "alice", shown
        assert f"was recorded by Imperium Romanum rules version {data['rules_version']}" in shown.text, shown.text
        assert "Something went wrong" not in shown.text
    finally:
        await table.close()
    assert len(await table.moderator.events(game_id)) == len(data["events"])


def test_the_recorded_log_is_refused_by_the_rules_of_now() -> None:
    """Why the game above is refused: replayed without the check, a rule refuses one of its
    recorded commands (it was accepted by version 1)."""
    data = recorded()
    game = get_game(data["kind"]).new(data["scenario"], list(data["seats"]), data["secret_seed"], data["options"])
    with pytest.raises(RuleError) as refused:
        for event in data["events"]:
            game.apply(event["seat"], Command.from_json(event["command"]))
    assert str(refused.value)  # e.g. "§13.2: waiting for rome to answer a decision" at event 55


async def started_tiny_game(moderator: Moderator) -> int:
    await moderator.create("guild", "chan-tiny", "alice", "tiny", "race")
    await moderator.join("chan-tiny", "alice")
    await moderator.join("chan-tiny", "bob")
    row, _game = await moderator.start("chan-tiny", "alice")
    await moderator.act("chan-tiny", "alice", Command("attack"))
    await moderator.act("chan-tiny", "bob", Command("attack"))
    return row.id or 0


async def set_version(moderator: Moderator, game_id: int, version: str) -> None:
    async with moderator.sessions() as session:
        await session.exec(  # type: ignore[call-overload]
            update(GameRow).where(col(GameRow.id) == game_id).values(rules_version=version)
        )
        await session.commit()


async def test_a_game_of_another_version_whose_log_gives_the_same_game_goes_on(
    engine: AsyncEngine,
) -> None:
    game_id = await started_tiny_game(Moderator(engine, clock=FakeClock()))
    moderator = Moderator(engine, clock=FakeClock())
    await set_version(moderator, game_id, "0")
    row = await moderator.get(game_id)
    stored = await moderator.load(row)
    assert stored.to_json() == (await moderator.rebuild(game_id)).to_json()
    await moderator.act("chan-tiny", "alice", Command("attack"))
    after = await moderator.get(game_id)
    assert (after.seq, after.rules_version) == (row.seq + 1, "0")  # the version it began with


async def test_a_game_of_another_version_whose_replay_differs_is_refused(engine: AsyncEngine) -> None:
    game_id = await started_tiny_game(Moderator(engine, clock=FakeClock()))
    moderator = Moderator(engine, clock=FakeClock())
    async with moderator.sessions() as session:  # the stored game differs from its replay
        snapshot = await session.get(SnapshotRow, game_id)
        assert snapshot is not None
        state = json.loads(json.dumps(snapshot.state))
        state["state"]["positions"]["red"] += 1
        snapshot.state = state
        session.add(snapshot)
        await session.commit()
    row = await moderator.get(game_id)
    loaded, replayed = (await moderator.load(row)).to_json(), (await moderator.rebuild(game_id)).to_json()
    assert loaded["state"]["positions"]["red"] == replayed["state"]["positions"]["red"] + 1  # same version: loads
    await set_version(moderator, game_id, "0")
    fresh = Moderator(engine, clock=FakeClock())
    with pytest.raises(RecordedUnderOtherRules, match=r"rules version 0 .*this bot plays version 1 .*its replay differs"):
        await fresh.load(await fresh.get(game_id))
