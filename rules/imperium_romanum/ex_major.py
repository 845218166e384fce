"""A dissolved non-Roman major power woken again (§20.2 #1-#5, with §20.1 and §23.0).

20.2 makes such a power an inactive neutral minor. Like any inactive minor it is reactivated
when enemy units are still in one of its provinces once its pieces are placed back, or when its
provinces are invaded later (20.1, 23.1); it is then an active neutral handed to the farthest
player (5.3). Woken, it starts (20.2):

1. with its units left on the board, no new ones rolled;
2. with the replacement rate the scenario lists for it (8.1); a power the scenario lists none
   for accrues nothing (IR-ENG-146);
3. with no treasury;
4. as a minor power, so civilized recruitment (26) no longer applies;
5. conquered again (20.1.1), it becomes the client of the conqueror (``clients.py``).

Readings: IR-ENG-146. Its record keeps ``ex_major``; while asleep it stays ``dissolved`` (so no
seat moves it and 37.6's rolls and 23.6's return leave it alone: it wakes only by 20.1).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

KEY = "ex_major"


def mark(st: IRState, power: str) -> None:
    """20.2: a non-Roman major that dissolved is from now on an ex-major, asleep."""
    st.powers[power][KEY] = True


def asleep(rec: dict[str, Any]) -> bool:
    """An ex-major still inactive since its dissolution (20.2)."""
    return bool(rec.get(KEY)) and bool(rec["dissolved"]) and rec["status"] == "inactive neutral"


def wake(st: IRState, power: str) -> None:
    """20.2 #1-#4: the ex-major becomes a live minor power with its units on the board, no
    treasury and no points; called by ``neutrals.activate`` before it is handed out (5.3)."""
    st.powers[power].update(dissolved=False, major=False, treasury=0, points_halves=0)


def invaders(st: IRState, power: str) -> list[str]:
    """The seats whose units stand in one of ``power``'s provinces, in seat order."""
    lands = {p for p, owner in st.province_owner.items() if owner == power}
    found = {B.seat_of(st, u["power"]) for u in st.units.values()
             if u["power"] != power and data().hexes[u["hex"]].province in lands}  # fmt: skip
    return [s for s in st.seats if s in found]


def wake_if_invaded(st: IRState, power: str, lines: list[Text]) -> None:
    """20.1: enemy units still in one of its provinces once it has dissolved wake it at once."""
    from rules.imperium_romanum import neutrals

    seats = invaders(st, power)
    if seats and asleep(st.powers[power]):
        lines.append(_("Enemy units stand in the provinces of {power}: it is reactivated at once (20.1).",
                       power=st.powers[power]["name"]))  # fmt: skip
        neutrals.activate(st, power, seats[0], lines)
