"""Persia (§37.5): each Diplomacy Phase of a scenario naming 37.5, an inactive Persia rolls 2d6
and wakes on 9 or less, +1 to the roll for every full 25 SP of Roman land units in Cappadocia,
Osrhoene and Syria; an unmodified 2 always wakes it (TC-68). Awake, it is an active neutral
handed out by the Farthest Power rule (5.3, 23.5).

Reading IR-ENG-72: Persia's pieces are those its scenario sets up (no playable scenario names
37.5 yet; its set-up belongs to the scenario data of issue 16).
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

POWER = "persia"
WAKES_AT_MOST = 9
"""37.5 note 1: Persia becomes active on a modified 2d6 of 9 or less."""
ROMAN_SP_STEP = 25
"""37.5 note 1: +1 to the roll for every 25 SP of Roman units in the watched provinces."""
WATCHED = ("cappadocia", "osrhoene", "syria")


def roman_sp(st: IRState) -> int:
    """The strength of the Roman land combat units in Cappadocia, Osrhoene and Syria (37.5)."""
    return sum(B.strength(u) for u in st.units.values() if B.is_combat(u) and not u.get("aboard")
               and st.powers[u["power"]]["kind"] == "roman" and data().hexes[u["hex"]].province in WATCHED)  # fmt: skip


def wakes(natural: int, modifier: int) -> bool:
    """37.5 note 1 (TC-68): an unmodified 2 always wakes Persia; else the modified roll must be
    9 or less."""
    return natural == 2 or natural + modifier <= WAKES_AT_MOST


def diplomacy_roll(st: IRState, lines: list[Text]) -> None:
    """37.5: the Diplomacy Phase's roll, in scenarios that name 37.5 and while Persia sleeps."""
    if "37.5" not in data().scenarios[st.scenario].special_rules:
        return
    roll_for(st, POWER, lines)


def roll_for(st: IRState, power: str, lines: list[Text]) -> None:
    """Roll 2d6 for the inactive Persian power ``power`` (37.5); on success it wakes as an
    active neutral controlled by the farthest player (5.3)."""
    from rules.imperium_romanum.neutrals import farthest_seat

    rec = st.powers.get(power)
    if rec is None or rec["status"] != "inactive neutral" or rec["dissolved"]:
        return
    modifier = roman_sp(st) // ROMAN_SP_STEP
    first = st.dice.d6(_("§37.5 Persia (2d6, first die)"))
    second = st.dice.d6(_("§37.5 Persia (2d6, second die)"))
    natural = first.result + second.result
    if not wakes(natural, modifier):
        lines.append(_("Persia sleeps: {natural} + {modifier} is over 9 (37.5).", natural=natural, modifier=modifier))
        return
    rec["status"] = "active neutral"
    rec["seat"] = farthest_seat(st, power, lines)
    st.stat("activations")
    lines.append(_("Persia wakes on {natural} + {modifier} (37.5); {seat} controls it (5.3).", natural=natural,
                   modifier=modifier, seat=rec["seat"] or "-"))  # fmt: skip
