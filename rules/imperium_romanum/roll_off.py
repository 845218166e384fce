"""Roll-offs (§5.3, §20.2, §20.3): a tie broken by a d6 for each tied contestant, high wins, and
the contestants still tied roll again.

A contestant is a seat (5.3) or a power (20.2, 20.3); its die is thrown by the seat that moves
it, through ``deity.roll``, so an armed appeal of optional rule 42 is spent on that seat's die,
a high roll helping (IR-ENG-152). A seat rolling for two or more of the tied contestants keeps
its appeal: the gods' favour cannot help one of its own against another.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import deity
from rules.imperium_romanum.state import IRState


def roller(st: IRState, contestant: str) -> str:
    """The seat that throws the contestant's die: the seat itself, or the seat moving a power."""
    return contestant if contestant in st.seats else B.seat_of(st, contestant)


def roll_off(st: IRState, tied: list[str], purpose: Callable[[str], Text], lines: list[Text]) -> str:
    """The winner among ``tied``; ``purpose`` labels each contestant's die."""
    while len(tied) > 1:
        seats = [roller(st, c) for c in tied]
        rolls = []
        for contestant, seat in zip(tied, seats, strict=True):
            appellant = seat if seats.count(seat) == 1 else ""  # IR-ENG-152: one seat, several contestants
            rolls.append((deity.roll(st, appellant, "roll_off", 1, purpose(contestant), [], lines).result, contestant))
        top = max(r for r, _c in rolls)
        tied = [c for r, c in rolls if r == top]
    return tied[0]
