"""Fuzz: random and malformed interactions across every game and phase (issue 14).

Slash commands with random, malformed or plausible options (plausible ones taken from the
command's own autocomplete), autocompletes with odd prefixes, clicks and selects on the
components shown, and forged custom ids, sent by seated players, spectators, an admin and a
stranger, while random players move the games on. Holds when: no internal error (the error
handler's "Something went wrong", an error logged, a cog breaking Discord's rules), no state
change when an interaction was refused, every refusal private, and at the end cache =
snapshot = replay for every game.
"""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path
from typing import Any

from discord import AppCommandOptionType, app_commands
from sqlmodel import select

from bot.local import DiscordRuleViolation, LocalUser
from bot.moderator import Moderator
from db.models import GameRow, SnapshotRow

from .harness import ADMIN, STRANGER, Findings, Harness
from .players import (
    SETUPS,
    USERS,
    Setup,
    canonical,
    consistency_problems,
    deterministic_seeds,
    open_game,
    play_one,
)

JUNK = (
    "", " ", "0", "-1", "1.5", "1e309", "NaN", "99999999999999999999", str(2**63),
    str(-(2**63) - 1), "¹²³", "٣٤", "1d6+99999999999999999999", "0d0", "1000d1000", "d",
    "<@123456789012345678>", "@everyone", "@here", "<@&1>", "\x00", "\u202e", "🎲",
    "'; DROP TABLE games; --", "../../etc/passwd", "{name}", "%s", "None", "null", "true",
    ",,,", "a,b,,c", ":", "x:y", "decision_seconds=¹²³", "decision_seconds=1000000000000",
    "reminder_seconds=-5", "mode=solo, mode=coop", "rounds=99", "=", "a" * 100,
)
MAX_STRING = 6000


def string_value(rng: random.Random, longest: int) -> str:
    roll = rng.random()
    if roll < 0.75:
        text = rng.choice(JUNK)
    elif roll < 0.9:
        text = "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 40)))
    else:
        text = rng.choice("xé,🎲") * rng.randint(100, min(longest, MAX_STRING))
    return text[:longest]


async def option_values(
    harness: Harness, command: app_commands.Command[Any, Any, Any], rng: random.Random
) -> dict[str, Any]:
    """Values for ``command`` as Discord could send them: of the option's type, within its
    lengths and choices, but otherwise anything; often one the autocomplete offers."""
    values: dict[str, Any] = {}
    for param in command.parameters:
        if not param.required and rng.random() < 0.4:
            continue
        if param.choices:
            values[param.name] = rng.choice(param.choices).value
            continue
        kind = param.type
        if kind is AppCommandOptionType.boolean:
            values[param.name] = rng.random() < 0.5
        elif kind is AppCommandOptionType.user:
            values[param.name] = LocalUser(*(2 * [rng.choice([*USERS, STRANGER, ADMIN])]))
        elif kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
            low = param.min_value if param.min_value is not None else -(2**53)
            high = param.max_value if param.max_value is not None else 2**53
            values[param.name] = rng.choice([low, high, 0, rng.randint(int(low), int(high))])
        else:
            longest = int(param.max_value) if param.max_value is not None else MAX_STRING
            shortest = int(param.min_value) if param.min_value is not None else 0
            text = string_value(rng, longest)
            if param.autocomplete and rng.random() < 0.65:
                offered = await harness.autocomplete(command, param.name, "", values)
                offered = [c for c in offered if not str(c.name).startswith("…")]
                if offered:
                    text = str(rng.choice(offered).value)
            values[param.name] = text.ljust(shortest, "x")
    return values


GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def forged_id(pattern: str, rng: random.Random, games: list[int], seq: int) -> str:
    """A custom id matching one of the persistent templates, with made-up parts."""

    def part(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "game":
            return str(rng.choice([*games, 0, 1, 2**63, 2**64 + 7, 10**30]))
        if name == "seq":
            return str(rng.choice([seq, seq + 1, max(seq - 1, 0), 0, 2**63, 10**25]))
        if name == "page":
            return str(rng.choice([0, 1, 2, 7, 2**63, 10**20]))
        if name == "mask":
            return rng.choice(["0", "1", "ff", "f" * 40, "deadbeef"])
        return rng.choice(["x", "card-1", "marcus_aurelius", "a" * 30, "0", "-", "é"])

    text = GROUP.sub(part, pattern).replace("\\", "")
    return text[:100]


def real_words(game: Any) -> list[str]:
    """Every string the game offers now in any seat's legal commands (leader, card, zone,
    verb names...): the parts a forger with a real game in front of them would use."""
    words: set[str] = set()
    for seat in game.to_move() or []:
        for action in game.actions(seat):
            words.add(str(action.name))
            for arg in action.args:
                words.update(str(choice.value) for choice in arg.choices or ())
    return sorted(words)


def real_forgery(
    pattern: str, rng: random.Random, game_id: int, seq: int, seats: list[str], words: list[str]
) -> str | None:
    """A custom id of ``pattern`` with the real game, its real seq, a real seat and (for the
    other parts) a real word of the game that fits; None when no such id fits the template."""
    compiled = re.compile(pattern)

    def part(match: re.Match[str]) -> str:
        name, allowed = match.group(1), re.compile(match.group(0).split(">", 1)[1][:-1])
        if name == "game":
            return str(game_id)
        if name == "seq":
            return str(seq)
        if name == "page":
            return rng.choice(["0", "0", "1", "3"])
        if name == "mask":
            return rng.choice(["1", "3", "7", "ff"])
        if name == "seat" and seats:
            return rng.choice(seats)
        fitting = [w for w in words if allowed.fullmatch(w)]
        return rng.choice(fitting) if fitting else "x"

    custom_id = GROUP.sub(part, pattern).replace("\\", "")
    return custom_id if compiled.fullmatch(custom_id) and len(custom_id) <= 100 else None


def forged_values(rng: random.Random, words: list[str]) -> list[str]:
    """A select's values no menu offered: real words of the game in the wrong place, several
    at once, junk, the empty string."""
    roll = rng.random()
    if roll < 0.45 and words:
        return [rng.choice(words)[:100]]
    if roll < 0.6 and words:
        return [w[:100] for w in rng.sample(words, min(len(words), rng.randint(2, 4)))]
    if roll < 0.9:
        return [string_value(rng, 100)]
    return [""]


async def state_key(moderator: Moderator, channel: str, game_id: int | None) -> str:
    """Everything a refusal must leave as it was: the game row and its snapshot (or, for a
    channel without a game, which game it has now)."""
    async with moderator.sessions() as session:
        if game_id is None:
            rows = (await session.exec(select(GameRow).where(GameRow.channel_id == channel))).all()
            return canonical(sorted((r.id, r.status) for r in rows))
        row = await session.get(GameRow, game_id)
        snapshot = await session.get(SnapshotRow, game_id)
    assert row is not None
    return canonical(
        [row.seq, row.status, row.seats, row.meta, row.options, snapshot.state if snapshot else None]
    )


async def forge_every_component(
    harness: Harness, moderator: Moderator, channel: str, game_id: int, rng: random.Random,
    findings: Findings,
) -> None:
    """Press every persistent template once per real seat (as the person holding it) with
    the real game, its real seq and real words of the game in its other parts, sending values
    no menu offered (issue 14: a forged value once built an invalid custom id). Holds when:
    no internal error, every refusal private and changing nothing."""
    from cogs.common import DYNAMIC_ITEMS

    # In one order whatever order the cogs were imported in, a concession last (a press that
    # ends the game cuts the round short: the count must not depend on the run).
    def order(cls: type) -> tuple[bool, str]:
        pattern = cls.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
        return "concede" in pattern, pattern

    for cls in sorted(DYNAMIC_ITEMS, key=order):
        pattern = cls.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
        row = await moderator.get(game_id)
        for seat, user in sorted(row.seats.items()):
            row = await moderator.get(game_id)  # an accepted press moved the game on
            if row.status != "active":
                return
            words = real_words(await moderator.load(row))
            custom_id = real_forgery(pattern, rng, game_id, row.seq, [seat], words)
            if custom_id is None:
                continue
            values = forged_values(rng, words)
            what = f"{channel} {user} forged real {custom_id} {values}"
            harness.at(channel, user)
            before = await state_key(moderator, channel, game_id)
            start = len(harness.table.outputs)
            try:
                answered = await harness.press(custom_id, values)
                if answered is None:
                    findings.fail(f"{what}: no component listens", kind=f"{pattern}: no component listens")
            except DiscordRuleViolation as error:
                findings.fail(f"{what}: breaks Discord's rules: {error}",
                              kind=f"forged real: breaks Discord's rules: {error}")
            except Exception as error:  # escaped every handler
                findings.fail(f"{what}: {type(error).__name__}: {error}",
                              kind=f"forged real {pattern}: {type(error).__name__}: {error}")
            findings.counts["forged real presses"] += 1
            for problem in harness.problems_since(start):
                findings.fail(f"{what}: {problem}", kind=f"forged real {pattern}: {problem}")
            if any(o.refusal for o in harness.table.outputs[start:]):
                findings.counts["refused"] += 1
                if await state_key(moderator, channel, game_id) != before:
                    findings.fail(f"{what}: refused, yet the game changed",
                                  kind=f"forged real {pattern}: refused, yet the game changed")


async def fuzz(
    moderator: Moderator, images: Path, count: int, seed: int = 14,
    setups: tuple[Setup, ...] = SETUPS, backend: str = "sqlite",
) -> Findings:
    findings = Findings("fuzz", backend)
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    channels: dict[str, Setup | None] = {}
    async with Harness(moderator, images) as harness:
        if harness.recorder is not None:
            harness.recorder.keep = False  # nobody reads them here
        for number, setup in enumerate(setups):
            channel = f"fuzz-{number}"
            await open_game(moderator, channel, setup)
            channels[channel] = setup
        await moderator.create("probe-guild", "fuzz-lobby", "alice", "imperator", "campaign")
        channels["fuzz-lobby"] = None
        channels["fuzz-empty"] = None
        commands = harness.commands()
        from cogs.common import DYNAMIC_ITEMS

        patterns = [cls.__discord_ui_compiled_template__.pattern for cls in DYNAMIC_ITEMS]  # type: ignore[attr-defined]
        done = 0
        trail = hashlib.sha256()
        while done < count:
            channel = rng.choice(list(channels))
            row = await moderator.channel_game(channel)
            setup = channels[channel]
            if row is None and setup is not None:  # its game ended: a new one, same setup
                await open_game(moderator, channel, setup)
                findings.counts["games"] += 1
                continue
            if row is not None and row.status == "active" and rng.random() < 0.25:
                await play_one(moderator, row.id or 0, rng)  # the game moves on (phases)
                findings.counts["moves by the random players"] += 1
                continue
            people = [*USERS, STRANGER, ADMIN]
            user = rng.choice(people)
            if row is not None and row.status == "active" and rng.random() < 0.5:
                game = await moderator.load(row)
                movers = game.to_move()
                if movers and row.seats.get(movers[0]):
                    user = row.seats[movers[0]]
            harness.at(channel, user)
            game_id = row.id if row is not None else None
            before = await state_key(moderator, channel, game_id)
            start = len(harness.table.outputs)
            kind = rng.choices(
                ["slash", "autocomplete", "click", "forged", "forged real"], [40, 13, 22, 13, 12]
            )[0]
            if kind == "forged real" and (row is None or row.status != "active"):
                kind = "forged"
            what = sort = kind  # sort: the kind of interaction, without its values
            try:
                if kind == "slash":
                    command = rng.choice(commands)
                    values = await option_values(harness, command, rng)
                    what = f"/{command.qualified_name} {values!r}"[:300]
                    sort = f"/{command.qualified_name}"
                    await harness.slash(command, values)
                elif kind == "autocomplete":
                    command = rng.choice([c for c in commands if any(p.autocomplete for p in c.parameters)])
                    param = rng.choice([p for p in command.parameters if p.autocomplete])
                    current = string_value(rng, 100)
                    what = f"autocomplete /{command.qualified_name} {param.name}={current!r}"
                    sort = f"autocomplete /{command.qualified_name} {param.name}"
                    offered = await harness.autocomplete(command, param.name, current)
                    if len(offered) > 25 or any(
                        len(str(c.name)) > 100 or len(str(c.value)) > 100 or not str(c.name)
                        for c in offered
                    ):
                        findings.fail(f"{what}: choices beyond Discord's limits",
                                      kind=f"{sort}: choices beyond Discord's limits")
                elif kind == "click":
                    shown = harness.shown_components(user)
                    if not shown:
                        continue
                    component = rng.choice(shown)
                    values = None
                    if component.kind == "select":
                        offered = [v for _, v in component.options] or ["-"]
                        values = [rng.choice(offered) if rng.random() < 0.8 else string_value(rng, 100) or "-"]
                    what = f"click {component.custom_id} {values}"
                    if await harness.press(component.custom_id, values) is None:
                        continue
                elif kind == "forged real":  # real game, seq and seat; values never offered
                    assert row is not None
                    game = await moderator.load(row)
                    words = real_words(game)
                    found = real_forgery(
                        rng.choice(patterns), rng, row.id or 0, row.seq, sorted(row.seats), words
                    )
                    if found is None:
                        continue
                    values = forged_values(rng, words) if rng.random() < 0.8 else None
                    what = f"forged real {found} {values}"
                    if await harness.press(found, values) is None:
                        continue
                else:
                    ids = [i for i in [game_id] if i] or [1]
                    custom_id = forged_id(rng.choice(patterns), rng, ids, row.seq if row else 0)
                    values = [string_value(rng, 100) or "-"] if rng.random() < 0.5 else None
                    what = f"forged {custom_id} {values}"
                    if await harness.press(custom_id, values) is None:
                        continue
            except DiscordRuleViolation as error:
                findings.fail(f"{channel} {user} {what}: breaks Discord's rules: {error}",
                              kind=f"{sort}: breaks Discord's rules: {error}")
            except Exception as error:  # escaped every handler: Discord would show a failure
                findings.fail(f"{channel} {user} {what}: {type(error).__name__}: {error}",
                              kind=f"{sort}: {type(error).__name__}: {error}")
            done += 1
            findings.counts[f"{kind} interactions"] += 1
            after = await moderator.channel_game(channel)
            trail.update(f"{channel} {user} {what} -> {after.seq if after else '-'}\n".encode())
            for problem in harness.problems_since(start):
                findings.fail(f"{channel} {user} {what}: {problem}", kind=f"{sort}: {problem}")
            outputs = harness.table.outputs[start:]
            if any(o.refusal for o in outputs):
                findings.counts["refused"] += 1
                if await state_key(moderator, channel, game_id) != before:
                    findings.fail(f"{channel} {user} {what}: refused, yet the game changed",
                                  kind=f"{sort}: refused, yet the game changed")
            if len(harness.table.outputs) > 2000:
                del harness.table.outputs[:1000]
        async with moderator.sessions() as session:
            ids = list((await session.exec(select(GameRow.id))).all())
        for game_id in ids:
            for problem in await consistency_problems(moderator, game_id or 0):
                findings.fail(problem)
        findings.counts["games checked (cache = snapshot = replay)"] = len(ids)
        findings.trail = trail.hexdigest()
    return findings
