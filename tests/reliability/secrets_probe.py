"""Secrets: whole random games of every game, scanned for hidden items wherever others look.

The games are played through the cogs (typed commands, the decision select), and after each
step the probe asks what others may ask: ``/game status``, ``/game log``, the game's own
tables and views, as a spectator, a stranger and the other seats. Hidden items: The Barracks
Emperors' hands (which holds the card a Frumentarii keeps) and its deck (which holds the order
of the cards a Frumentarii puts back), Imperator's stratagem chits in hand. Rome, IInc. has
none (both Empires' holdings are public, docs/rome-iinc.md). Every message not addressed to
the item's owner, every pinned status and every view handed to a renderer is scanned; an
item counts as leaked when it was hidden both before and after the step that showed it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.local import DiscordRuleViolation
from bot.moderator import Moderator
from rules.core import Command, RuleError

from .harness import ADMIN, STRANGER, Findings, Harness
from .players import SETUPS, Setup, candidates, deterministic_seeds, open_game

SPECTATOR = "sam"
LOOKS = (
    "game status", "game log", "game mine", "table", "hand", "stratagems", "standing",
    "chronicle", "map",
)
"""Commands that show something of the game; each is asked by others after random steps."""


@dataclass(frozen=True)
class Hidden:
    owner: str | None  # the user who may see it; None: nobody
    words: tuple[str, ...]  # how it would read in a message or a view
    what: str


def hidden_items(game: Any, seats: dict[str, str], seen: set[str]) -> list[Hidden]:
    """What ``game`` hides now and has hidden since it began (``seen`` gathers every card or
    chit that has been in view: one taken from the Forum into a hand is known to all), each
    with the words that would name it: its id, and its name where that name is its own (eight
    Barbarians share theirs; the copies of a chit share one)."""
    state = game.state
    found: list[Hidden] = []
    if game.KIND == "barracks":
        from rules.barracks.data import CARDS
        from rules.barracks.engine import card_label

        hidden = {card for hand in state.hands.values() for card in hand} | set(state.deck)
        seen.update(card for card in CARDS if card not in hidden)
        seen.update(card for shown in state.revealed.values() for card in shown)  # §5.0
        named = Counter(str(card_label(card)) for card in CARDS)

        def words(card: str) -> tuple[str, ...]:
            label = str(card_label(card))
            return (card, label) if named[label] == 1 else (card,)

        for seat, hand in state.hands.items():
            found.extend(
                Hidden(seats.get(seat), words(c), f"{seat}'s hand") for c in hand if c not in seen
            )
        found.extend(Hidden(None, words(c), "the deck") for c in state.deck if c not in seen)
    elif game.KIND == "imperator":
        from rules.imperator.stratagems import label

        seen.update([*state.chits_on_map, *state.gone_chits])
        held = [chit for chits in state.hands.values() for chit in chits]
        copies = Counter(str(label(chit)) for chit in [*seen, *held])
        for seat, chits in state.hands.items():
            for chit in chits:
                if chit in seen:
                    continue
                name = str(label(chit))  # one word ("Initiative") is too common to tell
                words = (chit, name) if copies[name] == 1 and " " in name else (chit,)
                found.append(Hidden(seats.get(seat), words, f"{seat}'s chits"))
    return found


def names(word: str, text: str) -> bool:
    """``word`` in ``text`` as a whole (``barbarian-1`` is not in ``barbarian-10``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def around(word: str, text: str, width: int = 300) -> str:
    """The part of ``text`` around the first ``word`` (what a failure quotes)."""
    at = max(text.find(word), 0)
    return text[max(at - width, 0) : at + len(word) + 60]


def still_hidden(before: list[Hidden], after: list[Hidden]) -> list[Hidden]:
    """Items hidden before and after a step, less the words of any item that moved in it
    (a copy of a chit played in public is named, another copy still held is not leaked)."""
    kept = set(before) & set(after)
    moved = {word for item in set(before) ^ set(after) for word in item.words}
    return [
        Hidden(item.owner, tuple(w for w in item.words if w not in moved), item.what)
        for item in kept
        if any(w not in moved for w in item.words)
    ]


def texts_seen(harness: Harness, start: int, views_start: int) -> list[tuple[str, str]]:
    """(audience, text) of everything shown since ``start``: messages, attached logs, pinned
    statuses and the views handed to renderers (audience "public")."""
    seen: list[tuple[str, str]] = []
    for output in harness.table.outputs[start:]:
        seen.append((output.audience, output.text))
        seen.extend((output.audience, f"{c.label} {c.custom_id} {c.options}") for c in output.components)
        if output.image is not None and output.image.suffix == ".json":
            seen.append((output.audience, output.image.read_text(encoding="utf-8")))
    seen.extend(("public", text) for text in harness.table.pinned.values())
    if harness.recorder is not None:
        for _kind, view in harness.recorder.views[views_start:]:
            seen.append(("public", json.dumps(view, ensure_ascii=False, default=str)))
    return seen


def slash_for(harness: Harness, command: Command) -> tuple[Any, dict[str, Any]] | None:
    """The slash command and option values a person types for ``command``, if there is one."""
    from discord import app_commands

    subcommands = {"give_gold": "gold", "extra_taxes": "taxes", "civil_war": "civilwar"}
    names = [command.name, f"rome {subcommands.get(command.name, command.name)}"]
    for name in names:
        try:
            target = harness.command(name)
        except (AssertionError, AttributeError):
            continue
        if not isinstance(target, app_commands.Command):
            continue
        params = {p.name for p in target.parameters}
        values: dict[str, Any] = {}
        for key, value in command.args.items():
            param = key if key in params else f"{key}_" if f"{key}_" in params else None
            if param is None:
                break
            text = ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            if text:
                values[param] = text
        else:
            if all(p.name in values for p in target.parameters if p.required):
                return target, values
    return None


async def step_through_cogs(
    harness: Harness, moderator: Moderator, channel: str, game_id: int, rng: random.Random
) -> bool:
    """One accepted command, entered through the cogs where a person could; False at the end."""
    from cogs.outbox import drain

    row = await moderator.get(game_id)
    if row.status != "active":
        return False
    game = await moderator.load(row)
    movers = game.to_move()
    if not movers:
        return False
    seat = movers[0]
    user = row.seats[seat]
    harness.at(channel, user)
    pending = game.pending_decision()
    for command in candidates(game, seat, rng):
        if pending is not None and command.name == "decide":
            await harness.press(f"praetor:decide:{game_id}:{row.seq}", [command.args["choice"]])
        else:
            typed = slash_for(harness, command)
            if typed is not None:
                await harness.slash(*typed)
            else:
                try:
                    await moderator.act_in(game_id, user, command, seat=seat)
                except RuleError:
                    continue
                await drain(harness.table.bot)  # what it owes, as the sender posts it
        if (await moderator.get(game_id)).seq != row.seq:
            return True
    return False


async def secrets(
    moderator: Moderator, images: Path, games_each: int, seed: int = 14,
    setups: tuple[Setup, ...] = SETUPS, backend: str = "sqlite", max_steps: int = 2500,
) -> Findings:
    findings = Findings("secrets", backend)
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    async with Harness(moderator, images) as harness:
        number = 0
        for setup in setups:
            for _ in range(games_each):
                number += 1
                channel = f"secret-{number}"
                game_id = await open_game(moderator, channel, setup)
                harness.at(channel, SPECTATOR)
                await harness.slash(harness.command("game follow"), {})
                findings.counts["games"] += 1
                seen: set[str] = set()
                steps = 0
                while steps < max_steps:
                    row = await moderator.get(game_id)
                    game = await moderator.load(row) if row.status == "active" else None
                    before = hidden_items(game, row.seats, seen) if game is not None else []
                    row_seq = row.seq
                    start, views = len(harness.table.outputs), len(harness.recorder.views)  # type: ignore[union-attr]
                    try:
                        moved = await step_through_cogs(harness, moderator, channel, game_id, rng)
                        if rng.random() < 0.3:  # others look
                            watcher = rng.choice([SPECTATOR, STRANGER, ADMIN, *row.seats.values()])
                            harness.at(channel, watcher)
                            look = rng.choice([n for n in LOOKS if _exists(harness, n)])
                            await harness.slash(harness.command(look), {})
                            findings.counts["looks by others"] += 1
                    except DiscordRuleViolation as error:
                        findings.fail(f"{setup.label}: breaks Discord's rules: {error}")
                        moved = True
                    row = await moderator.get(game_id)
                    game = await moderator.load(row) if row.status == "active" else None
                    after = hidden_items(game, row.seats, seen) if game is not None else []
                    for problem in harness.problems_since(start):
                        findings.fail(f"{setup.label}: {problem}")
                    announced = await public_lines_since(moderator, game_id, row_seq)
                    secret = [
                        item for item in still_hidden(before, after)
                        if not any(names(word, announced) for word in item.words)
                    ]  # the rules' own reveals (§5.0 a hand shown, a deck card turned up)
                    seen.update(
                        item.words[0] for item in before
                        if any(names(word, announced) for word in item.words)
                    )
                    findings.counts["hidden items checked"] += len(secret)
                    for audience, text in texts_seen(harness, start, views):
                        findings.counts["messages and views scanned"] += 1
                        for item in secret:
                            if audience == item.owner and audience != "public":
                                continue
                            for word in item.words:
                                if word and names(word, text):
                                    findings.fail(
                                        f"{setup.label} game {game_id}: {item.what} item "
                                        f"{word!r} shown to {audience}: {around(word, text)!r}"
                                    )
                    steps += 1
                    del harness.recorder.views[:]  # type: ignore[union-attr]  # scanned
                    if not moved:
                        break
                    if len(harness.table.outputs) > 500:
                        del harness.table.outputs[:250]
                findings.counts["steps"] += steps
                if (await moderator.get(game_id)).status == "active":
                    findings.counts["games stopped before their end"] += 1
    return findings


async def public_lines_since(moderator: Moderator, game_id: int, seq: int) -> str:
    """The public lines of the events after ``seq``: what the rules announced."""
    from sqlmodel import col, select

    from db.models import EventRow

    async with moderator.sessions() as session:
        events = (
            await session.exec(
                select(EventRow).where(col(EventRow.game_id) == game_id).where(col(EventRow.seq) > seq)
            )
        ).all()
    return json.dumps([e.outcome.get("public", []) for e in events], ensure_ascii=False)


def _exists(harness: Harness, name: str) -> bool:
    try:
        harness.command(name)
    except (AssertionError, AttributeError):
        return False
    return True
