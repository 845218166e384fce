"""Random players of every game through the Moderator, and the checks the probe repeats.

One random legal player per game (Imperator, The Barracks Emperors, Rome, IInc.), driving
``Moderator.act_in`` as the cogs do; the consistency check (cache = snapshot = replay, event
seqs without holes) of issue 14. Used by ``scripts/soak``, ``tests/reliability`` and
``benchmarks/bench_memory.py``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from bot.moderator import Moderator, seats_of
from db.models import EventRow, SnapshotRow
from rules.core import Command, RuleError

USERS = ("alice", "bob", "carol", "dave")


@dataclass(frozen=True)
class Setup:
    """A game as the probe opens it: kind, scenario, options, and who takes which seat."""

    kind: str
    scenario: str
    options: tuple[tuple[str, str], ...] = ()
    solo: bool = False  # one person holds every seat (Rome, IInc. solo)

    @property
    def label(self) -> str:
        return f"{self.kind}/{self.scenario}"


SETUPS = (
    Setup("imperator", "avidius_cassius"),
    Setup("imperator", "campaign"),
    Setup("barracks", "standard-4p"),
    Setup("barracks", "standard-2p"),
    Setup("barracks", "solo"),
    Setup("rome_iinc", "286", (("mode", "solo"),), solo=True),
    Setup("rome_iinc", "363", (("mode", "coop"),)),
    Setup("imperium_romanum", "s12"),
)
"""Every game, and of each the scenarios that differ in seats or hidden information."""


def deterministic_seeds(moderator: Moderator, seed: int) -> None:
    """Make the secret seeds of the games ``moderator`` starts follow ``seed``, so that a probe
    run is the same for its seed in any process (the dice of a game come from its secret seed;
    the Moderator draws it from ``secrets`` unless told otherwise)."""
    rng = random.Random(f"praetor-probe-{seed}")
    moderator.new_seed = lambda: f"{rng.getrandbits(128):032x}"


def seat_holders(seats: list[str], setup: Setup) -> dict[str, str]:
    if setup.solo:
        return {seat: USERS[0] for seat in seats}
    return {seat: USERS[number % len(USERS)] for number, seat in enumerate(seats)}


async def open_game(
    moderator: Moderator, channel: str, setup: Setup, guild: str = "probe-guild"
) -> int:
    """Create, seat and start a game in ``channel``; its id."""
    from rules.core.registry import get_game

    await moderator.create(guild, channel, USERS[0], setup.kind, setup.scenario, dict(setup.options))
    seats = list(get_game(setup.kind).scenario(setup.scenario).seats)
    for seat, user in seat_holders(seats, setup).items():
        await moderator.join(channel, user, seat)
    row, _game = await moderator.start(channel, USERS[0])
    return row.id or 0


def candidates(game: Any, seat: str, rng: random.Random) -> list[Command]:
    """Commands worth trying for ``seat``, most wanted first (the engine says which are legal)."""
    kind = game.KIND
    if kind == "imperator":
        from rules.imperator.random_player import candidates as imperator_candidates

        found = imperator_candidates(game, seat, rng)
        return found[:12] + [c for c in found if c.name in ("end", "decide", "attack")]
    if kind == "rome_iinc":
        from rules.rome_iinc.game import legal_commands

        commands = legal_commands(game.state, seat)
        ends = [c for c in commands if c.name == "end"]
        rng.shuffle(commands)
        if ends and rng.random() < 0.3:
            return ends + commands
        return commands
    commands = list(game.legal_commands(seat))
    rng.shuffle(commands)
    return commands


class Stuck(AssertionError):
    """No candidate command was accepted: the random player cannot go on."""


async def play_one(moderator: Moderator, game_id: int, rng: random.Random) -> bool:
    """One accepted command in game ``game_id`` by whoever must act; False once it is over."""
    row = await moderator.get(game_id)
    if row.status != "active":
        return False
    game = await moderator.load(row)
    movers = game.to_move()
    if not movers:
        return False
    seat = movers[0]
    user = row.seats[seat]
    several = len(seats_of(row, user)) > 1
    for command in candidates(game, seat, rng):
        try:
            await moderator.act_in(game_id, user, command, seat=seat if several else None)
        except RuleError:
            continue
        return True
    raise Stuck(f"game {game_id} ({row.kind}): no command accepted for {seat}")


async def play_to_end(
    moderator: Moderator, game_id: int, rng: random.Random, limit: int = 3000
) -> int:
    """Play until the game is over (or ``limit`` commands); the number of commands played."""
    played = 0
    while played < limit and await play_one(moderator, game_id, rng):
        played += 1
    return played


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, default=str)


async def consistency_problems(moderator: Moderator, game_id: int) -> list[str]:
    """cache = snapshot = replay, and the event log has no hole (issue 14); ``[]`` when sound."""
    problems: list[str] = []
    row = await moderator.get(game_id)
    if row.status == "lobby":
        return problems
    async with moderator.sessions() as session:
        snapshot = await session.get(SnapshotRow, game_id)
        seqs = list(
            (
                await session.exec(
                    select(EventRow.seq)
                    .where(col(EventRow.game_id) == game_id)
                    .order_by(col(EventRow.seq))
                )
            ).all()
        )
    if seqs != list(range(1, row.seq + 1)):
        problems.append(f"game {game_id}: event seqs {seqs[-3:]} for row seq {row.seq}")
    if snapshot is None:
        if row.status == "abandoned" and not seqs:  # abandoned in the lobby: never started
            return problems
        return [*problems, f"game {game_id}: started without a snapshot"]
    if snapshot.seq > row.seq:
        problems.append(f"game {game_id}: snapshot at seq {snapshot.seq}, game row at {row.seq}")
    # the stored game: the snapshot (written every few events) and the events after it
    from rules.core.registry import get_game

    stored = get_game(row.kind).from_json(snapshot.state)
    for event in await moderator.events(game_id):
        if event.seq > snapshot.seq:
            stored.apply(event.seat, Command.from_json(event.command))
    replayed = canonical((await moderator.rebuild(game_id)).to_json())
    if canonical(stored.to_json()) != replayed:
        problems.append(f"game {game_id} ({row.kind}): snapshot and events differ from the replay")
    cached = moderator._cache.get(game_id)
    if cached is not None and cached[0] == row.seq and canonical(cached[1].to_json()) != replayed:
        problems.append(f"game {game_id} ({row.kind}): cached game differs from the replay")
    return problems
