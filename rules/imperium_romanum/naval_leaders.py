"""Naval leaders (§38.2, IR-ENG-68), in the scenarios that name rule 38: Pompey, Sextus
Pompeius, Agrippa and Belisarius add 1 in their side's favour to every naval combat roll and
every naval attrition roll of fleets carrying them, on top of their printed value (10.7.3).
Their factions' naval bonus of +2 (10.6) is the scenario's ``naval_bonus`` (data)."""

from __future__ import annotations

from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

NAVAL_LEADERS = ("pompey", "sextus_pompeius", "agrippa", "belisarius")
"""38.2: the four leaders the rule names (ids of leaders.toml; those a scenario lacks never appear)."""
EDGE = 1


def in_play(st: IRState) -> bool:
    """Rule 38 applies only in the scenarios that name it."""
    return any(r == "38" or r.startswith("38.") for r in data().scenarios[st.scenario].special_rules)


def edge(st: IRState, fleets: list[str]) -> int:
    """38.2: +1 when a naval leader is aboard one of ``fleets`` and the scenario names rule 38."""
    if not in_play(st):
        return 0
    aboard = {lid for f in fleets if f in st.units for lid in B.cargo_of(st, f)[1]}
    return EDGE if any(lid in aboard for lid in NAVAL_LEADERS) else 0
