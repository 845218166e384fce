"""Permissions: who may do what, for every command and component of every game (issue 14).

For each game, each person — the seat to move, another seat, a spectator who follows the
game, a server admin (Manage Channels, no seat), a stranger — sends every slash command
(options taken from its autocomplete, as the seat to move would see them) and presses every
persistent component (custom id naming the game at its current seq) and every component on
show. Holds when: nothing fails; every refusal is private; a spectator or a stranger never
changes anything; an admin changes a game only by abandoning it; every event recorded was
made by the holder of its seat (the engine decides which seat may act when). It counts what
each person sent in each game (``"<game>: slash sent by <role>"``, ``component``, ``shown``),
so a test can check that the matrix is whole.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from discord import AppCommandOptionType, app_commands
from sqlmodel import col, select

from bot.local import DiscordRuleViolation, LocalUser
from bot.moderator import Moderator
from db.models import EventRow

from .fuzz import GROUP, state_key
from .harness import ADMIN, STRANGER, Findings, Harness
from .players import SETUPS, Setup, open_game

SPECTATOR = "sam"
ROLES = ("seat to move", "other seat", "spectator", "admin", "stranger")
SHOWN = 4
"""Components on show (the game's public messages) pressed by each person, first ones first."""


async def plausible_values(
    harness: Harness, command: app_commands.Command[Any, Any, Any], mover: str
) -> dict[str, Any]:
    """Required options as the seat to move would fill them (its autocomplete's first offer)."""
    values: dict[str, Any] = {}
    table = harness.table
    for param in command.parameters:
        if not param.required:
            continue
        if param.choices:
            values[param.name] = param.choices[0].value
        elif param.type is AppCommandOptionType.user:
            values[param.name] = LocalUser(STRANGER, STRANGER)
        elif param.type is AppCommandOptionType.boolean:
            values[param.name] = False
        elif param.autocomplete:
            keep = table.user
            table.user = mover
            offered = await harness.autocomplete(command, param.name, "", values)
            table.user = keep
            real = [c for c in offered if not str(c.name).startswith("…")]
            values[param.name] = str(real[0].value) if real else "1"
        else:
            values[param.name] = "1"
    return values


async def roles_of(moderator: Moderator, game_id: int) -> dict[str, str]:
    row = await moderator.get(game_id)
    game = await moderator.load(row)
    movers = game.to_move()
    mover = row.seats[movers[0]] if movers else row.seats[next(iter(row.seats))]
    others = [u for u in row.seats.values() if u != mover]
    people = {"seat to move": mover, "spectator": SPECTATOR, "admin": ADMIN, "stranger": STRANGER}
    if others:
        people["other seat"] = others[0]
    return people


async def permissions(
    moderator: Moderator, images: Path, setups: tuple[Setup, ...] = SETUPS, backend: str = "sqlite",
) -> Findings:
    findings = Findings("permissions", backend)
    channels = itertools.count()
    async with Harness(moderator, images) as harness:
        if harness.recorder is not None:
            harness.recorder.keep = False
        from cogs.common import DYNAMIC_ITEMS

        patterns = [cls.__discord_ui_compiled_template__.pattern for cls in DYNAMIC_ITEMS]  # type: ignore[attr-defined]
        commands = harness.commands()  # every slash command of the bot, every game's
        findings.counts["slash commands"] = len(commands)
        findings.counts["components"] = len(patterns)  # every persistent template
        for setup in setups:
            channel, game_id = "", 0

            async def fresh(setup: Setup = setup) -> tuple[str, int]:
                name = f"perm-{next(channels)}"
                new_id = await open_game(moderator, name, setup)
                harness.at(name, SPECTATOR)
                await harness.slash(harness.command("game follow"), {})
                return name, new_id

            channel, game_id = await fresh()
            # (game id, its state key) read after the last action: the next action's "before"
            # when it is on the same game (test speed, session 10: half the state reads; the
            # reads in between, roles and autocompletion, change nothing, and if they did the
            # change would be charged to the next action, never missed)
            known: tuple[int, str] | None = None
            actions: list[tuple[str, Any]] = [("slash", c) for c in commands]
            actions += [("component", p) for p in patterns]
            actions += [("shown", n) for n in range(SHOWN)]
            for kind, action in actions:
                for role in ROLES:
                    if (await moderator.get(game_id)).status != "active":
                        channel, game_id = await fresh()
                    people = await roles_of(moderator, game_id)
                    if role not in people:
                        continue
                    user = people[role]
                    row = await moderator.get(game_id)
                    if known is not None and known[0] == game_id:
                        before = known[1]
                    else:
                        before = await state_key(moderator, channel, game_id)
                    known = None  # until the state is read again after this action
                    harness.at(channel, user)
                    start = len(harness.table.outputs)
                    what = ""
                    try:
                        if kind == "slash":
                            values = await plausible_values(harness, action, people["seat to move"])
                            what = f"/{action.qualified_name}"
                            harness.at(channel, user)
                            await harness.slash(action, values)
                        elif kind == "component":
                            fills = {"game": str(game_id), "seq": str(row.seq), "page": "0", "mask": "1"}
                            custom_id = GROUP.sub(
                                lambda m, f=fills: f.get(m.group(1), "x"), action
                            ).replace("\\", "")
                            what = custom_id
                            await harness.press(custom_id, ["0"])
                        else:
                            public = harness.table.public_components
                            if len(public) <= action:
                                continue
                            component = public[action]
                            what = f"shown {component.custom_id}"
                            values = [component.options[0][1]] if component.options else None
                            await harness.press(component.custom_id, values)
                    except DiscordRuleViolation as error:
                        findings.fail(f"{setup.label} {role} {what}: breaks Discord's rules: {error}",
                                      kind=f"{role}: breaks Discord's rules: {error}")
                        continue
                    findings.counts[f"{setup.label}: {kind} sent by {role}"] += 1
                    for problem in harness.problems_since(start):
                        findings.fail(f"{setup.label} {role} {what}: {problem}", kind=f"{role}: {problem}")
                    after_row = await moderator.get(game_id)
                    after = await state_key(moderator, channel, game_id)
                    known = (game_id, after)
                    changed = after != before
                    outputs = harness.table.outputs[start:]
                    if any(o.refusal for o in outputs):
                        findings.counts[f"{role}: refused"] += 1
                        if changed:
                            findings.fail(f"{setup.label} {role} {what}: refused, yet changed",
                                          kind=f"{role}: refused, yet changed")
                    elif changed:
                        findings.counts[f"{role}: changed the game"] += 1
                    else:
                        findings.counts[f"{role}: answered, nothing changed"] += 1
                    if changed and role in ("spectator", "stranger"):
                        findings.fail(f"{setup.label} {role} {what}: changed the game",
                                      kind=f"{role}: changed the game")
                    if changed and role == "admin" and after_row.status != "abandoned":
                        findings.fail(f"{setup.label} admin {what}: changed the game without abandoning it",
                                      kind="admin: changed the game without abandoning it")
                    await check_event_authors(moderator, game_id, row.seq, findings, f"{setup.label} {role} {what}")
    return findings


async def check_event_authors(
    moderator: Moderator, game_id: int, since: int, findings: Findings, what: str
) -> None:
    """Every event after ``since`` was made by the user who holds its seat (or the bot)."""
    row = await moderator.get(game_id)
    async with moderator.sessions() as session:
        events = (
            await session.exec(
                select(EventRow).where(col(EventRow.game_id) == game_id).where(col(EventRow.seq) > since)
            )
        ).all()
    for event in events:
        findings.counts["events checked"] += 1
        holder = row.seats.get(event.seat or "")
        if event.user_id not in (holder, "system"):
            findings.fail(f"{what}: event {event.seq} of seat {event.seat} made by {event.user_id}",
                          kind="an event made by someone other than its seat's holder")
