"""Secrets: whole random games of every game, scanned for hidden items wherever others look.

The games are played through the cogs (typed commands, the decision select), and after each
step the probe asks what others may ask: ``/game status``, ``/game log``, the game's own
tables and views, as a spectator, a stranger and the other seats. Hidden items: The Barracks
Emperors' hands (which holds the card a Frumentarii keeps) and its deck (which holds the order
of the cards a Frumentarii puts back), Imperator's stratagem chits in hand, and what an
Imperium Romanum stack holds (each unit by its id, §3.2: others see a stack's top unit type and
its size only). Rome, IInc. has
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
    "chronicle", "map", "imperium map", "record", "stack",
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
    elif game.KIND == "imperium_romanum":
        found.extend(imperium_stacks(state, seats, seen))
    return found


def imperium_stacks(state: Any, seats: dict[str, str], seen: set[str]) -> list[Hidden]:
    """Imperium Romanum's units in stacks no other side shares a hex with (§3.2: a seat sees
    its own stacks whole and an enemy stack in a hex where it has a unit; everyone else sees
    the top unit's type and the size). A unit is named by its id (``rome.legion_20_10.1``); a
    side that is not a seat (an uncontrolled neutral) shows its stacks to nobody."""
    from rules.imperium_romanum.views import side_of

    sides_at: dict[str, set[str]] = {}
    for record in state.units.values():
        sides_at.setdefault(record["hex"], set()).add(side_of(state, record["power"]))
    for record in state.leaders.values():
        if record["status"] == "map":
            sides_at.setdefault(record["hex"], set()).add(side_of(state, record["power"]))
    found = []
    for unit in sorted(state.units):
        record = state.units[unit]
        side = side_of(state, record["power"])
        if unit in seen or len(sides_at[record["hex"]]) > 1:
            continue
        found.append(Hidden(seats.get(side), (unit,), f"{side}'s stacks"))
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


Seen = tuple[str, str, int | None]
"""(audience, text, seq): ``seq`` is the event a part of an exported log is about (None for
what is said now: a message, a status, a view)."""
LOG_BLOCK = re.compile(r"^(?:#(\d+) |\[(\d+)\] )")
"""The first line of an event's block in a text log (``#12 ...``, Imperator's ``[12] ...``)."""


def log_parts(audience: str, path: Path) -> list[Seen]:
    """An attached file as the parts the probe checks: an exported log (JSON, or text) event by
    event, anything else whole."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except ValueError:
            return [(audience, text, None)]
        if isinstance(data, dict) and isinstance(data.get("events"), list):
            head = {k: v for k, v in data.items() if k != "events"}
            parts: list[Seen] = [(audience, json.dumps(head, ensure_ascii=False), None)]
            for entry in data["events"]:
                parts.append((audience, json.dumps(entry, ensure_ascii=False), int(entry["seq"])))
            return parts
        return [(audience, text, None)]
    parts = []
    block: list[str] = []
    seq: int | None = None
    for line in [*text.splitlines(), "#0 "]:  # the sentinel closes the last block
        found = LOG_BLOCK.match(line)
        if found:
            parts.append((audience, "\n".join(block), seq))
            block, seq = [], int(found.group(1) or found.group(2))
        block.append(line)
    return parts


def texts_seen(harness: Harness, start: int, views_start: int) -> list[Seen]:
    """Everything shown since ``start``: messages, attached files (logs event by event),
    pinned statuses and the views handed to renderers (audience: that of the first message
    with a picture shown after the view was drawn, "public" when none)."""
    seen: list[Seen] = []
    for output in harness.table.outputs[start:]:
        seen.append((output.audience, output.text, None))
        seen.extend(
            (output.audience, f"{c.label} {c.custom_id} {c.options}", None)
            for c in output.components
        )
        for path in [*([output.image] if output.image is not None else []), *output.more_images]:
            if path.suffix in (".json", ".txt"):
                seen.extend(log_parts(output.audience, path))
    seen.extend(("public", text, None) for text in harness.table.pinned.values())
    if harness.recorder is not None:
        outputs = harness.table.outputs
        for _kind, view, position in harness.recorder.views[views_start:]:
            carrier = next((o for o in outputs[position:] if o.image is not None), None)
            audience = carrier.audience if carrier is not None else "public"
            seen.append((audience, json.dumps(view, ensure_ascii=False, default=str), None))
    return seen


class Told:
    """What each reader of one game has been told legitimately, from the stored events (not
    from what the bot shows): the public lines, and for each seat's holder that seat's private
    lines and own commands, event by event and in all; and the items each one held. The probe
    flags a word only while it is secret from its reader: not in what that reader was told
    (in that event, for a part of an exported log; so far, for what is said now)."""

    def __init__(self, seats: dict[str, str]) -> None:
        self.seats = seats
        self.events: dict[int, dict[str, str]] = {}  # seq -> reader -> what they were told
        self.so_far: dict[str, list[str]] = {}  # reader -> every text they were told
        self.held: dict[str, set[str]] = {}

    def add_event(self, seq: int, seat: str | None, command: Any, outcome: dict[str, Any]) -> None:
        public = json.dumps(
            [outcome.get("public", []), (outcome.get("texts") or {}).get("public", [])],
            ensure_ascii=False,
        )
        told = {"public": public}
        for reader in {*self.seats.values()}:
            mine = [s for s, user in self.seats.items() if user == reader]
            private = outcome.get("private", {})
            texts = (outcome.get("texts") or {}).get("private") or {}
            own = [command] if seat in mine else []
            told[reader] = public + json.dumps(
                [[private.get(s, []), texts.get(s, [])] for s in mine] + own, ensure_ascii=False
            )
        self.events[seq] = told
        for reader, text in told.items():
            self.so_far.setdefault(reader, []).append(text)

    def hold(self, items: list[Hidden]) -> None:
        for item in items:
            if item.owner is not None:
                self.held.setdefault(item.owner, set()).update(item.words)

    def knows(self, reader: str, word: str, seq: int | None) -> bool:
        """Whether ``reader`` was told ``word`` (in event ``seq``; so far when None)."""
        key = reader if reader in self.seats.values() else "public"
        if seq is not None:
            return names(word, self.events.get(seq, {}).get(key, ""))
        if word in self.held.get(key, ()):
            return True
        told = self.so_far.get(key, [])
        if len(told) > 1:  # one text: the next look joins nothing again
            told[:] = ["\n".join(told)]
        return bool(told) and names(word, told[0])


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
    echo: bool = False,
) -> Findings:
    findings = Findings("secrets", backend)
    rng = random.Random(seed)
    looks = random.Random(f"{seed}-looks")  # its own: the looks never change a game's course
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
                told = Told((await moderator.get(game_id)).seats)
                once_hidden: set[str] = set()  # ids of every item hidden at some point
                await public_lines_since(moderator, game_id, -1, told)  # the opening
                steps = 0
                while steps < max_steps:
                    row = await moderator.get(game_id)
                    game = await moderator.load(row) if row.status == "active" else None
                    before = hidden_items(game, row.seats, seen) if game is not None else []
                    row_seq = row.seq
                    start, views = len(harness.table.outputs), len(harness.recorder.views)  # type: ignore[union-attr]
                    try:
                        moved = await step_through_cogs(harness, moderator, channel, game_id, rng)
                        if looks.random() < 0.3:  # others look
                            watcher = looks.choice([SPECTATOR, STRANGER, ADMIN, *row.seats.values()])
                            harness.at(channel, watcher)
                            look = looks.choice([n for n in LOOKS if _exists(harness, n)])
                            looked = await moderator.get(game_id)
                            shown = await moderator.load(looked) if looked.status == "active" else None
                            await harness.slash(harness.command(look), look_values(look, shown, looks))
                            findings.counts["looks by others"] += 1
                    except DiscordRuleViolation as error:
                        findings.fail(f"{setup.label}: breaks Discord's rules: {error}")
                        moved = True
                    row = await moderator.get(game_id)
                    game = await moderator.load(row) if row.status == "active" else None
                    after = hidden_items(game, row.seats, seen) if game is not None else []
                    for problem in harness.problems_since(start):
                        findings.fail(f"{setup.label}: {problem}")
                    told.hold(before)
                    newly = {item.words[0] for item in after} - {item.words[0] for item in before}
                    findings.counts["items hidden anew (draws)"] += len(newly)
                    findings.counts["items hidden again after being out of a hand"] += len(
                        newly & once_hidden
                    )
                    once_hidden.update(item.words[0] for item in after)
                    announced = await public_lines_since(moderator, game_id, row_seq, told)
                    secret = [
                        item for item in still_hidden(before, after)
                        if not any(names(word, announced) for word in item.words)
                    ]  # the rules' own reveals (§5.0 a hand shown, a deck card turned up)
                    seen.update(
                        item.words[0] for item in before
                        if any(names(word, announced) for word in item.words)
                    )
                    findings.counts["hidden items checked"] += len(secret)
                    for audience, text, about in texts_seen(harness, start, views):
                        findings.counts["messages and views scanned"] += 1
                        for item in secret:
                            if audience == item.owner and audience != "public":
                                continue
                            for word in item.words:
                                if word and names(word, text) and not told.knows(audience, word, about):
                                    findings.fail(
                                        f"{setup.label} game {game_id}: {item.what} item "
                                        f"{word!r} shown to {audience}: {around(word, text)!r}",
                                        kind=f"{setup.label}: {item.what} item shown to another reader",
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
                if echo:  # a long run shows how far it got
                    print(f"  secrets: game {number} ({setup.label}) {steps} steps; "
                          f"{findings.summary()}", flush=True)
    return findings


async def public_lines_since(
    moderator: Moderator, game_id: int, seq: int, told: Told | None = None
) -> str:
    """The public lines of the events after ``seq``: what the rules announced (each event is
    also noted in ``told``)."""
    from sqlmodel import col, select

    from db.models import EventRow

    async with moderator.sessions() as session:
        events = (
            await session.exec(
                select(EventRow).where(col(EventRow.game_id) == game_id).where(col(EventRow.seq) > seq)
            )
        ).all()
    if told is not None:
        for event in events:
            told.add_event(event.seq, event.seat, event.command, event.outcome or {})
    return json.dumps([e.outcome.get("public", []) for e in events], ensure_ascii=False)


def look_values(look: str, game: Any, rng: random.Random) -> dict[str, Any]:
    """The options of a look that needs some: Imperium Romanum's ``/stack`` in a hex where a
    stack stands (any side's), ``/record`` of any power, ``/imperium map`` public or ``mine``."""
    ours = game is not None and game.KIND == "imperium_romanum"
    state = game.state if ours else None
    units = state.units if state is not None else {}
    if look == "stack":
        hexes = sorted({record["hex"] for record in units.values()}) or ["B4415"]
        return {"hex": rng.choice(hexes)}
    if look == "record":
        return {"power": rng.choice(sorted(state.powers) if state is not None else ["rome"])}
    if look == "imperium map":
        return {"mine": rng.random() < 0.5}
    return {}


def _exists(harness: Harness, name: str) -> bool:
    try:
        harness.command(name)
    except (AssertionError, AttributeError):
        return False
    return True
