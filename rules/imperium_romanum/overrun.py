"""Overruns (§32): a stack with heavy cavalry sweeps away a much weaker enemy during movement.

Where the scenario names rule 32, a moving group (or an intercepting force, 12.4) whose heavy
cavalry (the 30-16, 15-16 on its back) alone has at least five times the strength of the
non-besieged enemy in the hex it enters removes that enemy from play at no MP cost and goes on.
Cities, ports and fortifications are never overrun (IR-ENG-49).
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

OVERRUN_RATIO = 5
"""32.0: the heavy cavalry needs at least five times the enemy's strength."""
LEADER_ALONE = 1
"""18.1: a leader alone defends with a strength of 1."""


def in_play(scenario: str) -> bool:
    return "32" in data().scenarios[scenario].special_rules


def heavy_cavalry_strength(st: IRState, uids: list[str]) -> int:
    """32.0: only the heavy cavalry of the moving stack counts."""
    return sum(B.strength(st.units[u]) for u in uids if u in st.units and st.units[u]["type"] in B.HEAVY_CAVALRY)


def enemy_strength(st: IRState, seat: str, hex_id: str) -> int:
    """The strength an overrun must beat: the enemy's non-besieged land units, their militia
    where rule 29 gives them one (29.3), or 1 for leaders alone (18.1)."""
    from rules.imperium_romanum import militia

    enemy = B.hostile_land_at(st, seat, hex_id)
    total = sum(B.strength(st.units[u]) for u in enemy if B.is_combat(st.units[u]))
    owners = sorted({st.units[u]["power"] for u in enemy})
    total += sum(militia.available(st, power, hex_id) for power in owners)
    if not total and any(B.seat_hostile_to(st, seat, st.leaders[lid]["power"]) for lid in B.leaders_at(st, hex_id)):
        total = LEADER_ALONE
    return total


def protected(st: IRState, seat: str, hex_id: str) -> bool:
    """32.0: a hex with a city, a port or an enemy fortification cannot be overrun."""
    w = world(st.scenario)
    if w.cities_at.get(hex_id) or w.is_port(hex_id):
        return True
    return any(level > 0 and B.seat_hostile_to(st, seat, power) for power, level in st.forts.get(hex_id, {}).items())


def can_overrun(st: IRState, seat: str, uids: list[str], hex_id: str) -> bool:
    """32.0: the rule is in play, enemy land units stand unbesieged in the hex, no city, port or
    fort protects them, and the group's heavy cavalry has five times their strength."""
    if not in_play(st.scenario) or not B.hostile_land_at(st, seat, hex_id) or protected(st, seat, hex_id):
        return False
    cavalry = heavy_cavalry_strength(st, uids)
    return cavalry > 0 and cavalry >= OVERRUN_RATIO * enemy_strength(st, seat, hex_id)


def overrun(st: IRState, seat: str, uids: list[str], hex_id: str, lines: list[Text]) -> bool:
    """Overrun the enemy in ``hex_id`` when the group may (32.0): its units are removed from play
    (morale as for units destroyed in combat, 19.1), its leaders there captured (18.2 c,
    IR-ENG-21), its militia there lost; the group keeps its MP. Returns whether it happened."""
    from rules.imperium_romanum import militia, victory

    if not can_overrun(st, seat, uids, hex_id):
        return False
    taker = next(st.units[u]["power"] for u in uids if u in st.units and st.units[u]["type"] in B.HEAVY_CAVALRY)
    victims = B.hostile_land_at(st, seat, hex_id)
    st.stat("overruns")
    lines.append(_("{power}'s heavy cavalry overruns the enemy at {hex}: {cav} SP against {enemy} (32.0).",
                   power=st.powers[taker]["name"], hex=hex_id, cav=heavy_cavalry_strength(st, uids),
                   enemy=enemy_strength(st, seat, hex_id)))  # fmt: skip
    for power in sorted({st.units[u]["power"] for u in victims}):
        militia.lose(st, power, hex_id, militia.available(st, power, hex_id), lines)
    for uid in victims:
        B.eliminate_unit(st, uid, lines, _("overrun (32.0)"), by=taker)
    for lid in B.leaders_at(st, hex_id):
        if B.seat_hostile_to(st, seat, st.leaders[lid]["power"]):
            B.lose_leader(st, lid, "captured", lines, by=taker, in_combat=True)
    victory.check_dissolution(st, lines)
    return True
