"""Raising units of a colour gained by defection (§20.4, last point): the Roman faction that
gained a dissolved faction's colour (``colours`` on its record, defection.py) may raise units of
that colour in later Taxation & Mobilization Phases.

``build {type, city, colour}`` names the dissolved faction whose colour the new unit takes; the
raise is the faction's own in everything else (its city, treasury, area limits, 7.4-7.5).
Reading (docs/rulings.md, IR-ENG-125): the unit is one of that colour's counters, so it counts
against that colour's counter mix (5.7) and carries that colour's CER (20.4: the CER stays).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import _
from rules.imperium_romanum.state import IRState


def acquired(st: IRState, power: str) -> list[str]:
    """The dissolved factions whose colours ``power`` gained (20.4), in the order gained."""
    return list(st.powers.get(power, {}).get("colours", []))


def chosen(st: IRState, power: str, colour: str) -> str:
    """The power whose counters a raise of ``power`` uses: its own, or a colour it gained; a
    colour it did not gain is refused (20.4)."""
    if not colour or colour == power:
        return power
    if colour not in acquired(st, power):
        raise RuleError("§20.4", _("{power} has not gained the colour of {colour}", power=st.powers[power]["name"],
                                   colour=st.powers[colour]["name"] if colour in st.powers else colour))  # fmt: skip
    return colour


def mark(unit: dict[str, Any], power: str, colour_power: str) -> None:
    """A unit raised in a gained colour wears that colour's counter (its CER, 20.4)."""
    if colour_power != power:
        unit["counter"] = colour_power
