"""Roman civil wars (§28): when a scenario has two or more Roman factions, the Imperator and his
successors (18.3, 28.1) and the imperial capitals held at the end of a player turn (28.1).

IR-ENG-48: rule 28 is named by scenarios with a single Roman faction too (s1, s2, s12); it acts
only where at least two Roman major powers start the scenario.
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

CAPITAL_MORALE = 2
"""28.1: morale a player earns for each imperial capital he holds at the end of his player turn."""


def is_civil_war(scenario: str) -> bool:
    """28.0: the scenario names rule 28 and sets up at least two Roman major powers (IR-ENG-48)."""
    scen = data().scenarios[scenario]
    romans = [p for p in scen.powers if p.kind == "roman" and p.major]
    return "28" in scen.special_rules and len(romans) >= 2


def imperial_capitals(scenario: str) -> tuple[str, ...]:
    """The imperial capitals of the scenario's powers (22.1), in data order, each once."""
    out: list[str] = []
    for power in data().scenarios[scenario].powers:
        if power.capital and power.capital not in out:
            out.append(power.capital)
    return tuple(out)


def end_of_player_turn(st: IRState, seat: str, lines: list[Text]) -> None:
    """28.1: at the end of his player turn, each imperial capital a player's power holds earns
    that power 2 morale."""
    if not is_civil_war(st.scenario):
        return
    for city in imperial_capitals(st.scenario):
        owner = st.city_owner.get(city, "")
        if owner in st.powers and not st.powers[owner]["dissolved"] and B.seat_of(st, owner) == seat:
            st.stat("capital_morale_gains")
            B.change_morale(st, owner, CAPITAL_MORALE,
                            _("holds the imperial capital {city} (28.1)", city=data().cities[city].name), lines)  # fmt: skip


def successor(st: IRState, power: str) -> str:
    """18.3: the first successor the scenario lists who is still on the map with the power."""
    scen_power = next((p for p in data().scenarios[st.scenario].powers if p.id == power), None)
    for lid in scen_power.successors if scen_power is not None else ():
        rec = st.leaders.get(lid)
        if rec is not None and rec["status"] == "map" and rec["power"] == power:
            return lid
    return ""


def chief_lost(st: IRState, power: str, lines: list[Text], by: str = "", in_combat: bool = False) -> None:
    """18.3, 28.1: the Emperor or Rex was killed or captured (after 18.3.1 split his treasury):
    the next successor takes his place; with none left, a Roman faction of a civil war dissolves
    at once (20.0) and the half of the treasury it kept goes to the enemy who eliminated him in
    land combat, else is lost (18.3.1); the last player left wins (25.0). Elsewhere the power
    goes on without an Emperor or Rex."""
    rec = st.powers[power]
    heir = successor(st, power)
    if heir:
        rec["chief"] = heir
        st.stat("successions")
        lines.append(_("{leader} becomes the Emperor or Rex of {power} (18.3).", leader=data().leaders[heir].name,
                       power=rec["name"]))  # fmt: skip
        return
    if rec["kind"] != "roman" or not rec["major"] or rec["dissolved"] or not is_civil_war(st.scenario):
        return
    kept, rec["treasury"] = rec["treasury"], 0
    if kept and by and in_combat and by in st.powers:
        st.powers[by]["treasury"] = st.powers[by].get("treasury", 0) + kept
        lines.append(_("{taker} takes the {kept} talents {power} had left (18.3.1).", taker=st.powers[by]["name"],
                       kept=kept, power=rec["name"]))  # fmt: skip
    V.fall(st, power, _("{power} dissolves: its Imperator and every successor are gone (28.1).", power=rec["name"]),
           lines, at_once_with_others=in_combat)  # IR-ENG-142: a battle's losses are settled together
