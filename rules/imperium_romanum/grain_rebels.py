"""The grain rebels' new master (§22.2.3): a capital that rose against its owner stays with its
rebels, uncontrolled, until a player other than that owner has units in its hex; then the rebels
and the capital pass to the player the Farthest Power rule names (5.3), who gains the capital's
morale (19.2) and checks its grain from the next Diplomacy Phase on (22.2.2).

Reading (docs/rulings.md, IR-ENG-124): the "Farthest Faction" is the Farthest Power rule of 5.3
measured from the capital's hex among every player but the one the city rose against (rule 22
plays in scenarios with one Roman faction too); it is applied once, when another player's units
first stand in the hex, checked after every command (``claim``). The rebels keep their CER B
counters (``counter``) and the capital its defence of 2 until its old owner retakes it.
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum.grain import REBELS
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def _entered_by(st: IRState, hex_id: str, victim_seat: str) -> list[str]:
    """The seats other than the rebels' victim with units on land in ``hex_id``."""
    return sorted({B.seat_of(st, st.units[u]["power"]) for u in B.units_at(st, hex_id)} - {victim_seat, ""})


def claim(st: IRState, lines: list[Text]) -> None:
    """22.2.3: every rebel capital another player has entered passes, with its rebels, to the
    farthest player (5.3) but the one it rose against."""
    for capital in sorted(st.rebel_capitals):
        if st.city_owner.get(capital, "") != REBELS:
            continue
        hex_id = data().cities[capital].hex
        victim = B.seat_of(st, st.rebel_capitals[capital])
        if not _entered_by(st, hex_id, victim):
            continue
        seat = N.farthest_seat(st, REBELS, lines, exclude=(victim,))
        power = next((p for p in B.powers_of(st, seat) if st.powers[p]["major"]), "")
        if not power:
            continue
        for uid in [u for u, rec in sorted(st.units.items()) if rec["power"] == REBELS and rec["hex"] == hex_id]:
            st.units[uid].update(power=power, counter=REBELS)  # their CER B counters stay (22.2.3)
        lines.append(_("The rebels of {city} and their capital pass to {seat}, the farthest player (22.2.3, 5.3).",
                       city=data().cities[capital].name, seat=seat))  # fmt: skip
        B.take_city(st, capital, power, lines)  # 19.2: the new owner gains the capital's morale
