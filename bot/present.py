"""Turn Moderator results into message text. Presentation only: nothing here decides a rule."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.moderator import ActResult
from db.models import GameRow
from rules.core import DiceRoll, Outcome

DISCORD_MESSAGE_LIMIT = 2000


def timestamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def mention(user_id: str | None) -> str:
    return f"<@{user_id}>" if user_id else "(empty seat)"


def describe_roll(roll: DiceRoll) -> str:
    return "🎲 " + roll.describe()


def outcome_lines(outcome: Outcome, citations: bool = False) -> list[str]:
    """The public lines of an outcome with its dice. The rules it cites are not a line after
    every action: refusals name their rule, and ``/game log`` lists the citations of each
    move (``citations=True``)."""
    lines = list(outcome.public)
    lines.extend(describe_roll(r) for r in outcome.rolls)
    if citations and outcome.citations:
        lines.append("Rules: " + ", ".join(outcome.citations))
    return lines


def chunk(lines: list[str], limit: int = DISCORD_MESSAGE_LIMIT) -> list[str]:
    """Split lines into messages that fit Discord's length limit."""
    messages: list[str] = []
    current = ""
    for line in lines:
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


def seat_label(row: GameRow, seat: str) -> str:
    return f"{seat} ({mention(row.seats.get(seat))})"


def act_lines(result: ActResult) -> list[str]:
    """Everything public about an accepted command."""
    row = result.game
    lines = outcome_lines(result.outcome)
    for seat in result.outcome.private:
        if seat != result.seat:
            lines.append(f"{seat_label(row, seat)} has new private information: use /game mine.")
    if result.result is not None:
        lines.append(result_line(row))
        lines.append(
            f"Dice check: the seed was `{row.secret_seed}` (hash `{row.seed_hash[:16]}…`)."
        )
    elif result.pending is None and result.to_move:
        lines.append("To move: " + ", ".join(seat_label(row, s) for s in result.to_move))
    return lines


def result_line(row: GameRow) -> str:
    result = row.result or {}
    winners = result.get("winners") or []
    level = f" ({result['level']})" if result.get("level") else ""
    who = ", ".join(seat_label(row, s) for s in winners) if winners else "nobody"
    return f"🏁 Game over. Winner: {who}{level}. {result.get('summary', '')}".strip()


def decision_ping(result: ActResult) -> str:
    pending = result.pending
    assert pending is not None
    row = result.game
    deadline = f" before {timestamp(result.deadline)}" if result.deadline else ""
    return (
        f"{mention(row.seats.get(pending.seat))}, you may respond{deadline}. "
        f"If you do not, the default applies."
    )


def log_text(data: dict[str, Any]) -> str:
    """A game log (``Moderator.export_log``) as plain text, one block per event."""
    lines = [
        f"Game #{data['game']}: {data['kind']} ({data['scenario']}), {data['status']}",
        f"Rules version {data['rules_version']}; data hash {data['data_hash'] or '-'}",
        f"Seed hash {data['seed_hash']}" + (f"; seed {data['seed']}" if data["seed"] else ""),
        "",
    ]
    for event in data["events"]:
        args = ", ".join(f"{k}={v}" for k, v in event["command"].get("args", {}).items())
        lines.append(
            f"#{event['seq']} {event['time']} {event['seat'] or '-'}: "
            f"{event['command']['name']} {args}".rstrip()
        )
        lines.extend(f"    {line}" for line in event["public"])
        lines.extend(f"    🎲 {DiceRoll.from_json(r).describe()}" for r in event["rolls"])
        if event.get("citations"):
            lines.append("    Rules: " + ", ".join(event["citations"]))
        for seat, private in event["private"].items():
            lines.extend(f"    [{seat} only] {line}" for line in private)
    if data.get("result"):
        lines += ["", f"Result: {data['result']}"]
    return "\n".join(lines) + "\n"
