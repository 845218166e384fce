"""Neutral barbarians going back to sleep (§23.6, §37.6 note 2): an active barbarian neutral
whose units are all gone becomes inactive at the end of the month; four months later the rolls
of 37.6 may wake it again, and its units listed in the scenario come back (23.6: they are not
removed for good where the scenario names 37.6). In scenario 24 the barbarians, once gone,
never return (23.6, the book's own example, TC-66).

Readings: IR-ENG-71. Barbarians the Inactive Power Table raises for provinces no scenario lists
(23.6's first case) do not occur: every neutral of the playable scenarios is listed.
"""

from __future__ import annotations

from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import counters
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

REACTIVATION_WAIT = 4
"""37.6 note 2: months (game turns) after going inactive before the rolls start again."""

NEVER_RETURN_SCENARIOS = (24,)
"""23.6, example: in scenario 24 the barbarians do not come back once eliminated."""


def end_of_month(st: IRState, lines: list[Text]) -> None:
    """37.6 note 2: an active barbarian neutral with no unit left on the map becomes inactive;
    in the scenarios of ``NEVER_RETURN_SCENARIOS`` for good."""
    never = data().scenarios[st.scenario].number in NEVER_RETURN_SCENARIOS
    for power in sorted(st.powers):
        rec = st.powers[power]
        if (rec["major"] or rec.get("ex_major") or rec["kind"] != "barbarian" or rec["status"] != "active neutral"
                or rec["dissolved"] or any(u["power"] == power for u in st.units.values())):  # fmt: skip
            continue
        rec.update(status="inactive neutral", seat="", inactive_since=st.turn, never_return=never)
        st.stat("reversions")
        lines.append(_("{power} have no unit left and go back to being an inactive neutral (37.6).", power=rec["name"])
                     if not never else
                     _("{power} have no unit left: they leave the game and never return (23.6).", power=rec["name"]))  # fmt: skip


def may_wake(st: IRState, power: str) -> bool:
    """37.6: rolls for an inactive barbarian power are made unless it left for good (23.6), or
    went inactive fewer than four months ago, or has no unit on the map or to bring back."""
    rec = st.powers[power]
    if rec.get("never_return"):
        return False
    if "inactive_since" in rec and st.turn - int(rec["inactive_since"]) < REACTIVATION_WAIT:
        return False
    return any(u["power"] == power for u in st.units.values()) or any(u["power"] == power for u in st.eliminated.values())


def bring_back(st: IRState, power: str, lines: list[Text]) -> None:
    """23.6 (37.6 named): the woken power's eliminated units come back at its set-up hex, or
    else at the first hex of its lands (by id) where no other power stands (IR-ENG-71)."""
    gone = sorted(u for u, rec in st.eliminated.items() if rec["power"] == power)
    if not gone:
        return
    scen = data().scenarios[st.scenario]
    homes = [d.hex for d in scen.deployments if d.power == power]
    lands = st.powers[power].get("start_provinces", [])
    homes += sorted(h for h, cell in data().hexes.items() if cell.kind == "land" and cell.province in lands)
    occupied = {rec["hex"] for rec in st.units.values() if rec["power"] != power}
    where = next((h for h in homes if h not in occupied), "")
    if not where:
        return
    for uid in gone:
        rec = st.eliminated.pop(uid)
        st.seq += 1
        rec.update(hex=where, order=st.seq, besieged=False, aboard="", mp=0, activated=False, moved=False,
                   supplied=False, spent=False, crossing="", must_attack=False, foraged=False)  # fmt: skip
        counters.hand_out(st, power, rec)  # 5.7: its own counter, kept for it while it was out
        st.units[uid] = rec
    lines.append(_n("{n} unit of {power} comes back in their lands (23.6).", "{n} units of {power} come back in their lands (23.6).",
                    len(gone), power=st.powers[power]["name"]))  # fmt: skip
