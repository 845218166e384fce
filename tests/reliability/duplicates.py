"""Duplicates: one interaction delivered twice at the same moment, and answers racing timeouts.

Discord may deliver an interaction twice (a retry, a doubled gateway event). For each kind —
a typed command, a select that plays, a button that acts, a decision answered through its
select — the probe sends two deliveries with one interaction id at once, alternately to the
same process and to two processes (two Moderators, caches and locks on one database). Holds
when each lands exactly once: the game moves by one event at most, the second delivery of an
event gets the first one's answer (not a refusal), nothing fails. Answer-versus-timeout: a
decision's deadline passes while its answer arrives; exactly one of them lands.

Every game takes part: Imperator (typed commands, decision answers), The Barracks Emperors
(its space select), Rome, IInc. and Imperium Romanum (typed ``/rome`` and ``/imperium``
commands, the select of legal commands shared by both, their decisions and windows), and the
concession's button in a game of each kind in turn. Each landing is also counted by game.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlmodel import select

from bot.clock import FakeClock
from bot.local import DiscordRuleViolation, LocalInteraction
from bot.moderator import Moderator
from db.models import GameRow
from rules.core import Command

from .harness import Findings, Harness
from .players import (
    Setup,
    candidates,
    consistency_problems,
    deterministic_seeds,
    open_game,
    play_one,
)

KINDS = ("typed command", "select", "button", "decision answer")
RACES = "answer v. timeout races"
APPLICABLE = {
    "typed command": ("imperator", "rome_iinc", "imperium_romanum"),
    "select": ("barracks", "rome_iinc", "imperium_romanum"),
    "decision answer": ("imperator", "rome_iinc", "imperium_romanum"),
    "button": ("barracks", "rome_iinc", "imperium_romanum", "imperator"),
    RACES: ("imperator", "rome_iinc", "imperium_romanum"),
}
"""The games in which each kind is sent (and must land at least a tenth of the count)."""
DUPLICATE_IDS = itertools.count(7 * 10**17)
IMPERATOR = Setup("imperator", "campaign")
BARRACKS = Setup("barracks", "standard-2p")
ROME = Setup("rome_iinc", "363", (("mode", "coop"),))
IMPERIUM = Setup("imperium_romanum", "s12")
QUICK = Setup("barracks", "solo")
CONCEDED = (
    QUICK, Setup("rome_iinc", "286", (("mode", "solo"),), solo=True), IMPERIUM,
    Setup("imperator", "avidius_cassius"),
)
"""The games whose concession button is pressed twice, in turn."""


def typed(command: Command) -> tuple[str, dict[str, Any]] | None:
    """The slash command (name, option values) a person types for ``command``, if simple."""
    args = command.args
    if command.name == "end":
        return "end", {}
    if command.name == "attack":
        return "attack", {"zone": args["zone"]}
    if command.name == "play" and set(args) == {"card", "space"}:
        return "play", {"card": str(args["card"]), "space": str(args["space"])}
    if command.name == "move" and set(args) == {"card", "from", "to"}:
        return "move", {"card": str(args["card"]), "from_": str(args["from"]), "to": str(args["to"])}
    return None


class Duplicates:
    def __init__(self, one: Harness, other: Harness, findings: Findings, rng: random.Random) -> None:
        self.one, self.other = one, other
        self.moderator = one.moderator
        self.findings = findings
        self.rng = rng
        self.channels = itertools.count()
        self.conceded = itertools.cycle(CONCEDED)

    async def new_game(self, setup: Setup) -> tuple[str, int]:
        channel = f"dup-{next(self.channels)}"
        return channel, await open_game(self.moderator, channel, setup)

    async def deliver_twice(
        self, kind: str, channel: str, user: str, game_id: int,
        send: Any,  # (harness, interaction) -> awaitable
        event_expected: bool = True,
    ) -> bool:
        """Two deliveries of one interaction at once; True when the game moved (once)."""
        first, second = self.one, self.rng.choice([self.one, self.other])
        before = await self.moderator.get(game_id)
        marks = []
        interactions: list[LocalInteraction] = []
        for harness in (first, second):
            harness.at(channel, user)
            marks.append(len(harness.table.outputs))
            interaction = harness.table.interaction()
            interactions.append(interaction)
        interactions[1].id = interactions[0].id = next(DUPLICATE_IDS)
        results = await asyncio.gather(
            send(first, interactions[0]), send(second, interactions[1]), return_exceptions=True
        )
        for result in results:
            if isinstance(result, DiscordRuleViolation):
                self.findings.fail(f"{kind}: breaks Discord's rules: {result}")
            elif isinstance(result, BaseException):
                self.findings.fail(f"{kind}: {type(result).__name__}: {result}")
        after = await self.moderator.get(game_id)
        self.findings.counts[f"{kind}: duplicate pairs"] += 1
        moved = after.seq - before.seq
        if moved > 1:
            self.findings.fail(f"{kind} in game {game_id}: landed {moved} times")
        outputs = [o for h, m in zip((first, second), marks, strict=True) for o in h.table.outputs[m:]]
        for harness, mark in zip((first, second), marks, strict=True):
            for problem in harness.problems_since(mark):
                self.findings.fail(f"{kind} in game {game_id}: {problem}", kind=f"{kind}: {problem}")
        landed = moved == 1 or (not event_expected and after.status != before.status)
        if landed:
            self.findings.counts[f"{kind}: landed once"] += 1
            self.findings.counts[f"{kind}: landed once in {after.kind}"] += 1
            refused = [o.text for o in outputs if o.refusal]
            if refused and event_expected:
                self.findings.fail(
                    f"{kind} in game {game_id}: the second delivery was refused "
                    f"({refused[0][:120]}) instead of getting the first answer",
                    kind=f"{kind}: the second delivery was refused ({refused[0][:120]})",
                )
            elif refused:
                self.findings.counts[f"{kind}: second delivery told it is out of date"] += 1
        return landed

    # -- the kinds -------------------------------------------------------------------------
    async def typed_command(self, channel: str, game_id: int) -> bool:
        row = await self.moderator.get(game_id)
        game = await self.moderator.load(row)
        movers = game.to_move()
        if row.status != "active" or not movers or game.pending_decision() is not None:
            return False
        seat = movers[0]
        for command in candidates(game, seat, self.rng)[:6]:
            wanted = typed(command)
            if wanted is None:
                continue
            name, values = wanted
            if not await self.legal(game_id, seat, command):
                continue

            async def send(
                harness: Harness, interaction: LocalInteraction,
                name: str = name, values: dict[str, Any] = values,
            ) -> None:
                interaction.namespace.__dict__.update(values)
                await harness.slash(harness.command(name), values, interaction)

            return await self.deliver_twice("typed command", channel, row.seats[seat], game_id, send)
        return False

    async def legal(self, game_id: int, seat: str, command: Command) -> bool:
        """Whether the engine would accept ``command`` now (tried on a copy)."""
        from rules.core import RuleError
        from rules.core.registry import get_game

        row = await self.moderator.get(game_id)
        game = await self.moderator.load(row)
        trial = get_game(row.kind).from_json(game.to_json())
        try:
            trial.apply(seat, command)
        except RuleError:
            return False
        return True

    async def space_select(self, channel: str, game_id: int) -> bool:
        row = await self.moderator.get(game_id)
        game = await self.moderator.load(row)
        movers = game.to_move()
        if row.status != "active" or not movers or game.pending_decision() is not None:
            return False
        plays = [c for c in game.legal_commands(movers[0]) if c.name in ("play", "move")]
        if not plays:
            return False
        command = self.rng.choice(plays)
        args = command.args
        value = f"{args['from']}>{args['to']}" if command.name == "move" else str(args["space"])
        custom_id = f"praetor:bspace:{game_id}:{row.seq}:0:{args['card']}"

        async def send(harness: Harness, interaction: LocalInteraction) -> None:
            await harness.press(custom_id, [value], interaction)

        return await self.deliver_twice("select", channel, row.seats[movers[0]], game_id, send)

    async def concede_button(self) -> bool:
        channel, game_id = await self.new_game(next(self.conceded))
        row = await self.moderator.get(game_id)
        custom_id = f"praetor:concede:{game_id}:{row.seq}"

        async def send(harness: Harness, interaction: LocalInteraction) -> None:
            await harness.press(custom_id, None, interaction)

        return await self.deliver_twice(
            "button", channel, next(iter(row.seats.values())), game_id, send, event_expected=False
        )

    async def menu_game_step(self, channel: str, game_id: int, landed: dict[str, int],
                             kind: str) -> bool:
        """Rome, IInc. or Imperium Romanum: a typed command (``kind`` "typed command") or a
        pick in the select of legal commands (``praetor:rcmd``), delivered twice; True when it
        landed (``landed`` counts it)."""
        row = await self.moderator.get(game_id)
        game = await self.moderator.load(row)
        movers = game.to_move()
        if row.status != "active" or not movers or game.pending_decision() is not None:
            return False
        seat = movers[0]
        user = row.seats[seat]
        several = len([s for s, u in row.seats.items() if u == user]) > 1
        commands = list(game.legal_commands(seat))
        if kind == "typed command" and not several:
            from .secrets_probe import slash_for

            for command in candidates(game, seat, self.rng)[:8]:
                found = slash_for(self.one, command)
                if found is None or not await self.legal(game_id, seat, command):
                    continue
                name, values = found[0].qualified_name, found[1]

                async def send_typed(
                    harness: Harness, interaction: LocalInteraction,
                    name: str = name, values: dict[str, Any] = values,
                ) -> None:
                    interaction.namespace.__dict__.update(values)
                    await harness.slash(harness.command(name), values, interaction)

                moved = await self.deliver_twice("typed command", channel, user, game_id, send_typed)
                landed["typed command"] += moved
                return moved
        if not commands or kind != "select":
            return False
        command = self.rng.choice(commands)
        same_verb = [c for c in commands if c.name == command.name]
        index = same_verb.index(command)
        custom_id = f"praetor:rcmd:{game_id}:{row.seq}:{seat}:{command.name}:{index // 25}"

        async def send_select(harness: Harness, interaction: LocalInteraction) -> None:
            await harness.press(custom_id, [str(index)], interaction)

        moved = await self.deliver_twice("select", channel, user, game_id, send_select)
        landed["select"] += moved
        return moved

    async def decision(self, channel: str, game_id: int, race_timeout: bool) -> bool:
        row = await self.moderator.get(game_id)
        game = await self.moderator.load(row)
        pending = game.pending_decision()
        if row.status != "active" or pending is None:
            return False
        choice = self.rng.choice(pending.choices).value
        custom_id = f"praetor:decide:{game_id}:{row.seq}"
        user = row.seats[pending.seat]
        if not race_timeout:

            async def send(harness: Harness, interaction: LocalInteraction) -> None:
                await harness.press(custom_id, [choice], interaction)

            return await self.deliver_twice("decision answer", channel, user, game_id, send)
        # the answer arrives as the deadline passes: one of the two lands, once
        clock = self.moderator.clock
        assert isinstance(clock, FakeClock)
        clock.advance(timedelta(days=2))
        self.one.at(channel, user)
        mark = len(self.one.table.outputs)
        results = await asyncio.gather(
            self.one.press(custom_id, [choice]), self.other.moderator.process_due(),
            return_exceptions=True,
        )
        for result in results:
            if isinstance(result, BaseException):
                self.findings.fail(f"answer v. timeout: {type(result).__name__}: {result}")
        after = await self.moderator.get(game_id)
        self.findings.counts[RACES] += 1
        self.findings.counts[f"{RACES}: landed once in {after.kind}"] += after.seq - row.seq == 1
        if after.seq - row.seq != 1:
            self.findings.fail(
                f"answer v. timeout in game {game_id}: {after.seq - row.seq} events, not 1"
            )
        for problem in self.one.problems_since(mark):
            self.findings.fail(f"answer v. timeout in game {game_id}: {problem}",
                               kind=f"answer v. timeout: {problem}")
        return True


async def duplicates(
    moderator: Moderator, other: Moderator, images: Path, count: int, races: int,
    seed: int = 14, backend: str = "sqlite", kinds: tuple[str, ...] | None = None,
) -> Findings:
    """``count`` landed duplicate pairs of each kind, ``races`` answer-v.-timeout races.
    ``moderator`` and ``other`` share one database (two processes) and one FakeClock.
    ``kinds``: the games that take part (every game when None); each kind of delivery must
    land in each of those games that has it."""
    findings = Findings("duplicates", backend)
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    playing = tuple(
        setup for setup in (IMPERATOR, BARRACKS, ROME, IMPERIUM) if kinds is None or setup.kind in kinds
    )
    applicable = {
        kind: tuple(game for game in games if kinds is None or game in kinds)
        for kind, games in APPLICABLE.items()
    }
    async with Harness(moderator, images / "one") as one, Harness(other, images / "two") as two:
        for harness in (one, two):
            if harness.recorder is not None:
                harness.recorder.keep = False
        run = Duplicates(one, two, findings, rng)
        if kinds is not None:
            run.conceded = itertools.cycle([s for s in CONCEDED if s.kind in kinds])
        games = {setup: await run.new_game(setup) for setup in playing}
        landed = dict.fromkeys(KINDS, 0)
        steps = 0
        floor = max(1, count // 10)  # landings of each kind in each game that has it

        def want(kind: str, game_kind: str) -> bool:
            if kind == RACES:
                done, total, least = findings.counts[RACES], races, max(1, races // 10)
            else:
                done, total, least = landed[kind], count, floor
            return done < total or findings.counts[f"{kind}: landed once in {game_kind}"] < least

        def wanted() -> bool:
            return any(want(kind, game) for kind, games in applicable.items() for game in games)

        while wanted():
            steps += 1
            if steps > 60 * (count + races) + 500:
                findings.fail(f"duplicates: could not land enough ({findings.summary()})")
                break
            for setup, (_channel, game_id) in list(games.items()):
                if (await moderator.get(game_id)).status != "active":
                    games[setup] = await run.new_game(setup)
            for setup in (IMPERATOR, ROME, IMPERIUM):  # typed commands and decisions
                if setup not in games:
                    continue
                channel, game_id = games[setup]
                game = await moderator.load(await moderator.get(game_id))
                kind = setup.kind
                if game.pending_decision() is not None:
                    if want(RACES, kind) and rng.random() < 0.3:
                        await run.decision(channel, game_id, race_timeout=True)
                        continue
                    if want("decision answer", kind) and rng.random() < 0.7:
                        landed["decision answer"] += await run.decision(channel, game_id, False)
                        continue
                elif setup is IMPERATOR:
                    if want("typed command", kind) and rng.random() < 0.5:
                        if await run.typed_command(channel, game_id):
                            landed["typed command"] += 1
                            continue
                elif rng.random() < 0.5:
                    kinds = [k for k in ("typed command", "select") if want(k, kind)]
                    if kinds and await run.menu_game_step(channel, game_id, landed, rng.choice(kinds)):
                        continue
                await play_one(moderator, game_id, rng)
            if BARRACKS in games and want("select", "barracks"):
                channel, game_id = games[BARRACKS]
                if await run.space_select(channel, game_id):
                    landed["select"] += 1
                else:
                    await play_one(moderator, game_id, rng)
            if any(want("button", game) for game in applicable["button"]):
                landed["button"] += await run.concede_button()
        async with moderator.sessions() as session:
            ids = list((await session.exec(select(GameRow.id))).all())
        for game_id in ids:
            for problem in await consistency_problems(moderator, game_id or 0):
                findings.fail(problem)
        findings.counts["games checked (cache = snapshot = replay)"] = len(ids)
    return findings
