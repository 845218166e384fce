"""One Praetor process of the multi-process test (``test_scale_processes.py``), without Discord.

``play URL SHARD_IDS SHARD_COUNT GAMES COMMANDS``: the process owns the Discord shards
``SHARD_IDS`` of ``SHARD_COUNT`` (a game's guild id picks its shard as Discord does:
``(guild_id >> 22) % shard_count``). For each game of its shards it seats two players, starts
the game and delivers ``COMMANDS`` interactions, each with its own interaction id, through the
real Moderator (``handling`` + ``act``/``decide``, as the cogs do), several games at a time.
A replacement started with the same shards after a ``kill -9`` delivers every interaction of
those games again, as Discord and impatient players do: what landed gets its first answer,
the rest lands now. Prints ``done N`` every 100 interactions (more often for a small share: at least 20 times)
and ``finished N`` at the end.

``due URL OFFSET_SECONDS OUT_FILE``: the scheduler and the outbox sender of one process, on a
clock ``OFFSET_SECONDS`` ahead: applies due timeouts, owes due reminders and "sends" every
outbox row it claims (appends its id to ``OUT_FILE``, then marks it sent), until nothing is due.
``OFFSET_SECONDS`` may list several clocks (``86400,259200``): after each but the last the
process prints ``phase N finished`` and waits for a line on its standard input before it moves
its clock on (the test lets every scheduler finish a clock before any takes the next one).

``wait MODE ...``: the same process, started early (its imports take a second or more of a
loaded machine), that waits for a line on its standard input before it touches the database,
and exits without doing anything when its input closes first (test speed, session 10).

``KIND`` (the last argument of both modes, default ``tiny``) is the game played:

- ``tiny``: the tiny race of ``tests/tinygame.py`` with a one-line composer, light enough for
  hundreds of games in the suite. Odd games begin with ``end``, so their last command is a ``play``
  and they end waiting on a block decision (a timeout to apply).
- ``imperator``: the real Imperator campaign (161-217) with the bot's real composer
  (``cogs.outbox.compose``: the map's view, status, private lines). Each interaction is one
  legal command found by the random player on a copy of the game (so exactly one command is
  sent under each interaction id), or an answer to the decision the game waits on. Every
  third game receives none: it waits on its opening decision, a timeout to apply.
- ``others``: the three other games in turn (game ``g`` plays ``OTHERS[g % 3]``): The Barracks
  Emperors (2 players), Rome, IInc. (scenario 363, cooperative) and Imperium Romanum (scenario
  12), with the bot's real composer and each game's hooks; each interaction is the answer to
  the decision the game waits on, else one legal command of the random player of
  ``tests/reliability/players.py`` that a copy of the game accepts.
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from tinygame import TinyGame  # noqa: E402

from bot.clock import Clock  # noqa: E402
from bot.config import parse_shards  # noqa: E402
from bot.moderator import ActResult, Moderator, handling  # noqa: E402
from bot.outbox import Post  # noqa: E402
from db.engine import make_engine  # noqa: E402
from rules.core import Command, Game  # noqa: E402
from rules.core.registry import register  # noqa: E402

IN_FLIGHT = 12
"""Games played at once by one process (each game's interactions in order)."""


def guild_of(game: int) -> int:
    """A guild id whose Discord shard is ``game % shard_count``."""
    return game << 22


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def channel_of(game: int) -> str:
    return f"scale-{game}"


def users_of(game: int) -> tuple[str, str]:
    return f"u{game}r", f"u{game}b"


KINDS = {"tiny": ("tiny", "race", ("red", "blue")), "imperator": ("imperator", "campaign", ("rome", "enemies")),
         "barracks": ("barracks", "standard-2p", ("p1", "p2")),
         "rome_iinc": ("rome_iinc", "363", ("east", "west")),
         "imperium_romanum": ("imperium_romanum", "s12", ("rome", "dacia"))}
"""Per ``KIND``: the game, its scenario and its two seats."""
OPTIONS = {"rome_iinc": {"mode": "coop"}}
OTHERS = ("barracks", "rome_iinc", "imperium_romanum")
"""``others``: game ``g`` plays ``OTHERS[g % 3]``."""


def kind_of(game: int, kind: str) -> str:
    return OTHERS[game % len(OTHERS)] if kind == "others" else kind


def compose(result: ActResult, game: Game[Any], followers: list[str]) -> list[Post]:
    """One public post per accepted command (what the bot's composer does, in short)."""
    return [Post("post", result.game.channel_id, f"game {result.game.id} move {result.seq}")]


def composer_for(kind: str) -> Any:
    if kind == "others":
        import cogs.barracks  # noqa: F401  (each game's hooks, as the bot loads them)
        import cogs.imperium_romanum  # noqa: F401
        import cogs.rome_iinc  # noqa: F401
        from cogs.outbox import compose as bot_compose

        return bot_compose
    if kind == "imperator":
        import cogs.imperator_operations  # noqa: F401  (Imperator's hooks, as the bot loads them)
        from cogs.outbox import compose as bot_compose

        return bot_compose
    return compose


class ShiftedClock(Clock):
    def __init__(self, seconds: float) -> None:
        self.offset = timedelta(seconds=seconds)

    def now(self) -> datetime:
        return super().now() + self.offset


async def seat_and_start(moderator: Moderator, game: int, kind: str = "tiny") -> int:
    """The game of ``game``'s channel, created, seated and started if a killed process left
    any of it undone."""
    channel = channel_of(game)
    kind = kind_of(game, kind)
    name, scenario, seats = KINDS[kind]
    users = users_of(game)
    row = await moderator.channel_game(channel)
    if row is None:
        row = await moderator.create(
            str(guild_of(game)), channel, users[0], name, scenario, dict(OPTIONS.get(kind, {}))
        )
    if row.status == "lobby":
        for seat, user in zip(seats, users, strict=True):
            if row.seats.get(seat) is None:
                row, _ = await moderator.join(channel, user, seat)
        row, _ = await moderator.start(channel, users[0])
    return row.id or 0


async def deliver(moderator: Moderator, game: int, number: int) -> ActResult:
    """Interaction ``number`` of ``game``: the command its player would send now."""
    handling(f"scale-{game}-{number}")  # the interaction id: a second delivery lands once
    channel = channel_of(game)
    row, state = await moderator.game_for(channel)
    pending = state.pending_decision()
    if pending is not None:
        user = str(row.seats[pending.seat])
        return await moderator.decide(row.id or 0, user, pending.id, "pass", row.seq)
    seat = state.to_move()[0]
    name = "end" if number == 0 and game % 2 else "play"
    args = {"steps": 1} if name == "play" else {}
    return await moderator.act(channel, str(row.seats[seat]), Command(name, args))


def imperator_command(game: Any, seat: str, rng: random.Random) -> Command:
    """One legal command of ``seat``: the random player's first candidate that a copy of the
    game accepts (the game itself is left as it is)."""
    from rules.core import RuleError
    from rules.imperator.game import ImperatorGame
    from rules.imperator.random_player import candidates

    found = candidates(game, seat, rng)
    for command in found[:12] + [c for c in found if c.name in ("end", "decide", "attack")]:
        try:
            ImperatorGame(game.copy_state(game.state)).apply(seat, command)
        except RuleError:
            continue
        return command
    raise AssertionError(f"no legal command for {seat} in {game.state.phase}/{game.state.step}")


async def deliver_imperator(moderator: Moderator, game: int, number: int) -> ActResult:
    """Interaction ``number`` of an Imperator game: the answer to the decision it waits on
    (its first choice), else one legal command of the seat to move."""
    handling(f"scale-{game}-{number}")
    channel = channel_of(game)
    row, state = await moderator.game_for(channel)
    pending = state.pending_decision()
    if pending is not None:
        user = str(row.seats[pending.seat])
        choice = pending.choices[0].value
        return await moderator.decide(row.id or 0, user, pending.id, choice, row.seq)
    seat = state.to_move()[0]
    command = imperator_command(state, seat, random.Random(f"{game}:{number}"))
    return await moderator.act(channel, str(row.seats[seat]), command)


async def deliver_other(moderator: Moderator, game: int, number: int) -> ActResult:
    """Interaction ``number`` of a game of ``others``: the answer to the decision it waits on
    (its first choice), else one legal command of the seat to move that a copy accepts."""
    from reliability.players import candidates

    from rules.core import RuleError
    from rules.core.registry import get_game

    handling(f"scale-{game}-{number}")
    channel = channel_of(game)
    row, state = await moderator.game_for(channel)
    pending = state.pending_decision()
    if pending is not None:
        user = str(row.seats[pending.seat])
        return await moderator.decide(row.id or 0, user, pending.id, pending.choices[0].value, row.seq)
    seat = state.to_move()[0]
    for command in candidates(state, seat, random.Random(f"{game}:{number}")):
        try:
            get_game(row.kind).from_json(state.to_json()).apply(seat, command)
        except RuleError:
            continue
        return await moderator.act(channel, str(row.seats[seat]), command)
    raise AssertionError(f"no legal command for {seat} in game {game} ({row.kind})")


def interactions_of(game: int, commands: int, kind: str) -> int:
    """How many interactions ``game`` receives: ``commands``, but every third Imperator game
    none (it waits on its opening decision, the §5 initiative, for a timeout to apply)."""
    return 0 if kind == "imperator" and game % 3 == 2 else commands


async def play(
    url: str, shard_ids: str, shard_count: str, games: int, commands: int, kind: str = "tiny"
) -> None:
    ids, count = parse_shards(shard_ids, shard_count)
    assert ids is not None and count is not None
    mine = [g for g in range(games) if shard_of(guild_of(g), count) in ids]
    engine = make_engine(url)
    moderator = Moderator(engine, clock=Clock())
    moderator.composer = composer_for(kind)
    send = {"imperator": deliver_imperator, "others": deliver_other}.get(kind, deliver)
    done = 0
    share = sum(interactions_of(game, commands, kind) for game in mine)
    every = max(1, min(100, share // 20))  # at least 20 reports in a share
    slots = asyncio.Semaphore(IN_FLIGHT)

    async def one_game(game: int) -> None:
        nonlocal done
        async with slots:
            await seat_and_start(moderator, game, kind)
            for number in range(interactions_of(game, commands, kind)):
                await asyncio.create_task(send(moderator, game, number))  # own context
                done += 1
                if done % every == 0:
                    print(f"done {done}", flush=True)

    await asyncio.gather(*(one_game(game) for game in mine))
    print(f"finished {done}", flush=True)
    await engine.dispose()


async def due(url: str, offsets: list[float], out_file: Path, kind: str = "tiny") -> None:
    for phase, offset in enumerate(offsets):
        if phase:  # the previous clock is done here; the test says when every process is done
            print(f"phase {phase - 1} finished", flush=True)
            wait_for_go()
        engine = make_engine(url)  # a new engine and Moderator per clock, as a new process has
        moderator = Moderator(engine, clock=ShiftedClock(offset))
        moderator.composer = composer_for(kind)
        idle = 0
        with out_file.open("a") as out:
            while idle < 3:  # three quiet rounds in a row: nothing due is left for this process
                work = await moderator.process_due()
                rows = await moderator.outbox.claim(limit=200)
                for row in rows:
                    out.write(f"{row.id}\n")
                    out.flush()
                    await moderator.outbox.mark_sent(row, message_id=f"m{row.id}", in_channel=True)
                busy = work.timeouts or work.reminders or rows
                idle = 0 if busy else idle + 1
                if not busy:  # nothing this round: look again shortly
                    await asyncio.sleep(0.05)
        await engine.dispose()
    print("finished", flush=True)


def wait_for_go() -> None:
    """Block until the test writes a line; exit quietly if it closed our input instead."""
    if not sys.stdin.readline():
        raise SystemExit(1)


def main(argv: list[str]) -> None:
    register(TinyGame)
    if argv[0] == "wait":
        wait_for_go()
        argv = argv[1:]
    mode, url, *rest = argv
    if mode == "play":
        asyncio.run(play(url, rest[0], rest[1], int(rest[2]), int(rest[3]), *rest[4:5]))
    elif mode == "due":
        offsets = [float(offset) for offset in rest[0].split(",")]
        asyncio.run(due(url, offsets, Path(rest[1]), *rest[2:3]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
