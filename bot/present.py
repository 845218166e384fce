"""Turn Moderator results into message text. Presentation only: nothing here decides a rule.

Each function takes the ``language`` to write in (``bot.i18n``): the game's language for
public posts, the reader's for ephemeral replies; English by default.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.i18n import localise
from bot.moderator import ActResult, stored_summary
from db.models import GameRow
from rules.core import DiceRoll, Outcome
from rules.core.i18n import _, text_from_json

DISCORD_MESSAGE_LIMIT = 2000


def timestamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def mention(user_id: str | None, language: str = "en") -> str:
    return f"<@{user_id}>" if user_id else localise(_("(empty seat)"), language)


def describe_roll(roll: DiceRoll, language: str = "en") -> str:
    return "🎲 " + localise(roll.describe(), language)


def outcome_lines(outcome: Outcome, language: str = "en", citations: bool = False) -> list[str]:
    """The public lines of an outcome with its dice. The rules it cites are not a line after
    every action: refusals name their rule, and ``/game log`` lists the citations of each
    move (``citations=True``)."""
    lines = [localise(line, language) for line in outcome.public]
    if not outcome.rolls_in_lines:  # else each roll is already in the line it explains
        lines.extend(describe_roll(r, language) for r in outcome.rolls)
    if citations and outcome.citations:
        sections = ", ".join(outcome.citations)
        lines.append(localise(_("Rules: {sections}", sections=sections), language))
    return lines


def private_lines(lines: list[str], language: str = "en") -> list[str]:
    """A seat's private lines, marked 🔒, in the reader's language."""
    return ["🔒 " + localise(line, language) for line in lines]


def chunk(lines: list[str], limit: int = DISCORD_MESSAGE_LIMIT) -> list[str]:
    """Split lines into messages that fit Discord's length limit."""
    messages: list[str] = []
    current = ""
    expanded: list[str] = []
    for line in lines:  # a block too long for one message breaks between its own lines
        expanded.extend(line.split("\n") if len(line) > limit and "\n" in line else [line])
    for line in expanded:
        while len(line) > limit:
            if current:
                messages.append(current)
                current = ""
            messages.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            messages.append(current)
            current = line
        else:
            current = candidate
    if current:
        messages.append(current)
    return messages


def seat_label(row: GameRow, seat: str, language: str = "en") -> str:
    return f"{seat} ({mention(row.seats.get(seat), language)})"


def act_lines(result: ActResult, language: str = "en") -> list[str]:
    """Everything public about an accepted command."""
    row = result.game
    lines = outcome_lines(result.outcome, language)
    for seat in result.outcome.private:
        if seat != result.seat or result.by_timeout:  # nobody of that seat asked: tell them
            line = _(
                "{seat} has new private information: use /game mine.",
                seat=seat_label(row, seat, language),
            )
            lines.append(localise(line, language))
    if result.result is not None:
        lines.append(result_line(row, language))
        line = _(
            "Dice check: the seed was `{seed}` (hash `{hash}…`).",
            seed=row.secret_seed,
            hash=row.seed_hash[:16],
        )
        lines.append(localise(line, language))
    elif result.pending is None and result.to_move:
        seats = ", ".join(seat_label(row, s, language) for s in result.to_move)
        lines.append(localise(_("To move: {seats}", seats=seats), language))
    return lines


LEVELS = {
    "definitive": _("definitive"),
    "decisive": _("decisive"),
    "plain": _("plain"),
    "marginal": _("marginal"),
    "sudden death": _("sudden death"),
    "concession": _("concession"),
}
"""The levels of a result (``GameResult.level``) in words."""


def level_words(level: str) -> str:
    """A result's level in words (marked for translation; an unknown level as it is)."""
    return LEVELS.get(level, level)


def result_line(row: GameRow, language: str = "en") -> str:
    """The end of a game in one line, in ``language``: the winners, the level and the game's
    own summary (stored with its message id, so it is translated too)."""
    result = row.result or {}
    winners = result.get("winners") or []
    level = f" ({localise(level_words(result['level']), language)})" if result.get("level") else ""
    who = (
        ", ".join(seat_label(row, s, language) for s in winners)
        if winners
        else localise(_("nobody"), language)
    )
    line = _("🏁 Game over. Winner: {who}{level}.", who=who, level=level)
    return f"{localise(line, language)} {localise(stored_summary(result), language)}".strip()


def respond_ping(user_ids: list[str | None], deadline: datetime | None, language: str = "en") -> str:
    """The public call to the seats that have a decision to make (the Respond button follows):
    one seat, or every seat a simultaneous segment's deadline waits on."""
    who = ", ".join(mention(user_id, language) for user_id in user_ids)
    if deadline is not None:
        line = _(
            "{who}, you may respond before {time}. If you do not, the default applies.",
            who=who,
            time=timestamp(deadline),
        )
    else:
        line = _(
            "{who}, you may respond. If you do not, the default applies.",
            who=who,
        )
    return localise(line, language)


def decision_ping(result: ActResult, language: str = "en") -> str:
    pending = result.pending
    assert pending is not None
    seats = result.game.seats
    return respond_ping([seats.get(seat) for seat in pending.waiting_on()], result.deadline, language)


def event_lines(
    entry: dict[str, Any], language: str = "en"
) -> tuple[list[str], dict[str, list[str]]]:
    """An exported event's public and private lines in ``language``: its ``texts`` (the lines
    with their message ids) when it has them, else the stored English."""
    texts = entry.get("texts") or {}
    public = [localise(text_from_json(x), language) for x in texts.get("public", entry["public"])]
    own = texts.get("private", {})
    private = {
        seat: [localise(text_from_json(x), language) for x in own.get(seat, lines)]
        for seat, lines in entry["private"].items()
    }
    return public, private


def log_text(data: dict[str, Any], language: str = "en") -> str:
    """A game log (``Moderator.export_log``) as plain text, one block per event, in
    ``language`` (the reader's)."""
    head = [
        _(
            "Game #{id}: {kind} ({scenario}), {status}",
            id=data["game"],
            kind=data["kind"],
            scenario=data["scenario"],
            status=data["status"],
        ),
        _(
            "Rules version {version}; data hash {hash}",
            version=data["rules_version"],
            hash=data["data_hash"] or "-",
        ),
        _("Seed hash {hash}; seed {seed}", hash=data["seed_hash"], seed=data["seed"])
        if data["seed"]
        else _("Seed hash {hash}", hash=data["seed_hash"]),
    ]
    lines = [localise(line, language) for line in head] + [""]
    for event in data["events"]:
        args = ", ".join(f"{k}={v}" for k, v in event["command"].get("args", {}).items())
        lines.append(
            f"#{event['seq']} {event['time']} {event['seat'] or '-'}: "
            f"{event['command']['name']} {args}".rstrip()
        )
        public, private = event_lines(event, language)
        lines.extend(f"    {line}" for line in public)
        lines.extend(f"    {describe_roll(DiceRoll.from_json(r), language)}" for r in event["rolls"])
        if event.get("citations"):
            rules = localise(_("Rules: {sections}", sections=", ".join(event["citations"])), language)
            lines.append(f"    {rules}")
        for seat, seat_lines in private.items():
            only = localise(_("[{seat} only]", seat=seat), language)
            lines.extend(f"    {only} {line}" for line in seat_lines)
    if data.get("result"):
        lines += ["", localise(_("Result: {result}", result=data["result"]), language)]
    return "\n".join(lines) + "\n"
