"""The deadline of a simultaneous segment (§4.0; issue 18): Taxation & Mobilization and
Diplomacy collect every power's orders, each told only to its own seat, and close when every
power has ended its part OR when the game's deadline passes; one public summary follows.

The deadline goes through the shared decision machinery (the bot stores a pending decision's
deadline, reminds, and applies its default when time runs out): while a simultaneous segment
waits and no response window is open, :func:`deadline_decision` is the game's pending
decision, addressed to the first power still giving orders and waiting on all of them
(``PendingDecision.seats``: ``/game status`` names every one). Its one choice, ``end``, ends that
power's part (as ``/end`` does); its default, ``close``, is applied only by the scheduler at
the deadline and ends the part of every power still giving orders (IR-DIS-2). The decision's
id names the month and the segment, so its deadline runs from the segment's start however
many powers end meanwhile; diplomacy offers and their answers are no response windows
(diplomacy.py, IR-DIS-3), so they never restart it.
"""

from __future__ import annotations

from typing import Any

from rules.core.command import Choice, PendingDecision
from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

KIND = "segment"
END = "end"
CLOSE = "close"


def segment_name(st: IRState) -> Text:
    """The current segment's name, from the one table of ``sequence.SEGMENT_NAMES``."""
    from rules.imperium_romanum import sequence as SEQ

    return SEQ.SEGMENT_NAMES[st.segment]


def decision_id(st: IRState) -> str:
    """One id per month and segment: ``segment-<month played>-<segment>``."""
    return f"{KIND}-{st.turn}-{st.segment}"


def waiting_seats(st: IRState) -> list[str]:
    """The powers still giving orders in the current simultaneous segment (none elsewhere)."""
    from rules.imperium_romanum import sequence as SEQ

    if st.result or st.pending or st.segment not in SEQ.SIMULTANEOUS:
        return []
    return SEQ.waiting(st)


def deadline_decision(st: IRState) -> PendingDecision | None:
    """The segment's deadline as a pending decision, or None when no simultaneous segment
    waits (or a response window is open: its own deadline runs then)."""
    seats = waiting_seats(st)
    if not seats:
        return None
    segment = segment_name(st)
    return PendingDecision(
        id=decision_id(st), seat=seats[0], kind=KIND,
        prompt=_("The {segment} segment waits for your orders; when its time runs out, every power "
                 "still giving orders is done (4.0).", segment=segment),
        choices=(Choice(END, _("My orders are given")),), default=CLOSE, section="§4.0",
        default_label=_("end the segment for every power still giving orders"), seats=tuple(seats),
    )  # fmt: skip


def is_deadline(st: IRState, args: dict[str, Any]) -> bool:
    """Does a ``decide`` command answer the segment's deadline?"""
    return bool(waiting_seats(st)) and str(args.get("id", "")) == decision_id(st)


def answer(st: IRState, seat: str, choice: str, lines: list[Text]) -> None:
    """``end``: ``seat`` ends its part; ``close`` (the default, at the deadline): every power
    still giving orders ends its part."""
    seats = waiting_seats(st)
    segment = segment_name(st)
    if choice == END:
        if seat not in seats:
            raise RuleError("§4.0", _("you have already ended your part of the {segment} segment", segment=segment))
        st.ended.append(seat)
        lines.append(B.secret(_("You have ended your part of the {segment} segment.", segment=segment), seat))
        return
    if choice != CLOSE:
        raise RuleError("§4.0", _("{choice} is not one of the choices", choice=choice or "?"))
    st.ended.extend(seats)
    lines.append(_("Time is up for the {segment} segment: {seats} give no more orders (4.0).",
                   segment=segment, seats=", ".join(seats)))  # fmt: skip


def record(st: IRState, kind: str, *parties: str, amount: int | str = 0) -> None:
    """Note an agreement of this month's Diplomacy Phase for its public summary (``amount``:
    talents, a number of units, or the city or hex given)."""
    st.agreements.append([kind, *parties, str(amount)])


def diplomacy_summary(st: IRState, lines: list[Text]) -> None:
    """4.3: once the Diplomacy Phase closes, the month's agreements in one public line (the
    offers and answers were told only to the two parties until then). Gifts of units, cities
    and forts were told publicly at once (IR-ENG-123); the line names them again, units
    counted, so that it holds every agreement of the month (IR-ENG-144)."""
    said: list[str] = []
    for kind, first, second, amount in st.agreements:
        if kind == "alliance":
            said.append(_("{a} and {b} are allied (5.8)", a=first, b=second))
        elif kind == "gift":
            said.append(_("{a} gave {amount} talents to {b} (6.0)", a=first, b=second, amount=amount))
        elif kind == "ransom":
            said.append(_("{a} freed a prisoner of {b} for {amount} talents (18.2.1)", a=first, b=second,
                          amount=amount))  # fmt: skip
        elif kind == "give_units":
            said.append(_n("{a} gave {n} unit to {b} (5.8)", "{a} gave {n} units to {b} (5.8)", int(amount), a=first,
                           b=second))  # fmt: skip
        elif kind == "give_city":
            said.append(_("{a} gave {city} to {b} (5.8)", a=first, city=data().cities[amount].name, b=second))
        elif kind == "give_fort":
            said.append(_("{a} gave the fortification at {hex} to {b} (5.8)", a=first, hex=amount, b=second))
    if said:
        lines.append(_("Diplomacy this month: {agreements}.", agreements="; ".join(said)))
    else:
        lines.append(_("Diplomacy this month: no agreement (4.3)."))
    from rules.imperium_romanum import pirate_grain

    pirate_grain.summary(st, lines)  # 27.1.4, IR-DIS-6
