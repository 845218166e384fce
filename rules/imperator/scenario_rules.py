"""A scenario's special rules, read from its data (``[[scenario.rules]]``) and applied here.

Nothing scenario-specific lives in code: the set-up copies each rule into
``st.rules["scenario_rules"]`` (see ``rules.imperator.data_model.SCENARIO_RULE_KINDS``) and the
engine calls the hooks below at the moments the rules name:

- ``setup``: absent leaders, legions held for a usurper (at the end of the set-up);
- ``on_leader_death``: sudden deaths and VP for a death (``politics.kill_leader``);
- ``held``: a leaderless unit kept by its usurper (``politics.normalize``, §4.3);
- ``war_barred``: "may not go to war before" (the war cup, §2.C, and rising stratagems, §6.2);
- ``phase_a`` / ``phase_c``: scheduled usurpations and wars;
- ``end_of_turn``: "wins at once holding ..." (after phase F's adjustments).

Every line posted cites the scenario, so players can check it in ``docs/imperator-data.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.command import Outcome
from rules.core.i18n import _, _n, join
from rules.imperator.model import ROMAN, ImperatorState

ROLE = {"roman": "R", "enemy": "E"}


def rules_of(st: ImperatorState, kind: str) -> list[dict[str, Any]]:
    """The scenario's rules of one kind, in data order."""
    return [r for r in st.rules.get("scenario_rules", []) if r.get("kind") == kind]


def _name(st: ImperatorState, cid: str) -> str:
    """``politics.name`` (imported here, as politics imports this module)."""
    from rules.imperator.politics import name

    return name(st, cid)


# --------------------------------------------------------------------------------------------
# Set-up
# --------------------------------------------------------------------------------------------


def setup(st: ImperatorState) -> None:
    """Absent leaders are dead before the start; rebel generals serve the usurper their scenario
    names; held legions belong to their usurper."""
    for r in rules_of(st, "absent"):
        for lid in r["leaders"]:
            ls = st.leaders[lid]
            ls.status, ls.loc, ls.title = "dead", None, None
    for r in rules_of(st, "generals_of"):
        for lid in r["leaders"]:
            serve_usurper(st, lid, r["usurper"])
    held_zones: dict[str, str] = st.rules.setdefault("held", {})
    for r in rules_of(st, "held_for_usurper"):
        for uid in r["units"]:
            us = st.units[uid]
            if us.status == "map" and us.owner == "E" and us.loc:
                us.usurper = r["usurper"]
                held_zones[uid] = us.loc


def serve_usurper(st: ImperatorState, lid: str, usurper: str) -> None:
    """A scenario's rebel general serves ``usurper`` (§4.5: he goes back to Rome if that usurper
    falls), and so do the units that stand with him and no usurper."""
    ls = st.leaders[lid]
    before, ls.follows = ls.follows, usurper
    if any(o.title == "usurper" and o.loc == ls.loc for o in st.leaders.values()):
        return  # units beside a usurper are his
    for us in st.units.values():
        if us.status == "map" and us.loc == ls.loc and us.owner == "E" and us.usurper == before:
            us.usurper = usurper


def held(st: ImperatorState, uid: str) -> bool:
    """A scenario's held legion: alone in the zone it holds for a usurper still standing, it
    stays his (§4.3 turns it loyal once it has left that zone, or when he falls)."""
    zone = st.rules.get("held", {}).get(uid)
    if zone is None:
        return False
    us = st.units[uid]
    if us.loc != zone or us.usurper is None:
        return False
    ls = st.leaders[us.usurper]
    return ls.status == "map" and ls.title == "usurper"


# --------------------------------------------------------------------------------------------
# Deaths
# --------------------------------------------------------------------------------------------


def on_leader_death(st: ImperatorState, out: Outcome, lid: str) -> bool:
    """After ``lid`` died: VP for his death, then sudden death. True when the game is over."""
    from rules.imperator import politics

    for r in rules_of(st, "vp_on_death"):
        if r["leader"] == lid and st.year < int(r["before"]):
            role = ROLE[r["side"]]
            st.add_vp(role, int(r["vp"]))
            out.say(_n("Scenario: {leader} died before {year}: {n} VP to {seat}.",
                       "Scenario: {leader} died before {year}: {n} VP to {seat}.", int(r["vp"]),
                       leader=_name(st, lid), year=r["before"], seat=st.seat_of(role)))
    for r in rules_of(st, "sudden_death"):
        names = list(r["leaders"])
        if lid in names and all(st.leaders[x].status == "dead" for x in names):
            role = ROLE[r["winner"]]
            who = join(", ", [_name(st, x) for x in names])
            politics.end_game(st, out, role, _("Scenario: {leaders} dead, the game ends; {seat} wins.",
                                               leaders=who, seat=st.seat_of(role)))
            return True
    return False


# --------------------------------------------------------------------------------------------
# Wars
# --------------------------------------------------------------------------------------------


def war_barred(st: ImperatorState, people: str) -> str | None:
    """Why ``people`` may not go to war this year under the scenario, or None."""
    for r in rules_of(st, "no_war_before"):
        if people in r["peoples"] and st.year < int(r["year"]):
            return _("Scenario: the {people} may not go to war before {year}", people=_name(st, people),
                     year=r["year"])
    return None


def phase_c(st: ImperatorState, out: Outcome, declare: Callable[[ImperatorState, Outcome, str], None]) -> None:
    """Scheduled wars: the named Peoples go to war at the start of phase C of their year."""
    for r in rules_of(st, "war_at"):
        if int(r["year"]) != st.year:
            continue
        for pid in r["peoples"]:
            if pid not in st.at_war:
                out.say(_("Scenario: the {people} go to war in {year}.", people=_name(st, pid), year=st.year))
                declare(st, out, pid)


# --------------------------------------------------------------------------------------------
# Usurpations
# --------------------------------------------------------------------------------------------


def phase_a(st: ImperatorState, out: Outcome) -> None:
    """Scheduled usurpations, in phase A of their year (or, while two usurpers already stand
    (§3.6), of the first later year with room for a third; AMB ruling in docs/rulings.md)."""
    from rules.imperator import politics

    done: list[int] = st.rules.setdefault("scenario_done", [])
    for i, r in enumerate(st.rules.get("scenario_rules", [])):
        if r.get("kind") != "usurpation_at" or i in done or st.year < int(r["year"]):
            continue
        lid = r["leader"]
        ls = st.leaders[lid]
        if ls.status != "map" or ls.title == "usurper" or ls.rebel:
            done.append(i)
            continue
        if len(st.usurpers()) >= 2:
            out.say(_("Scenario: {leader} cannot rise while two usurpers stand (§3.6); he waits.",
                      leader=_name(st, lid)))
            continue
        done.append(i)
        politics.validate_usurpation(st, out, lid, bonus=0, spread=False)
        held_zones: dict[str, str] = st.rules.setdefault("held", {})
        for uid in sorted(st.units):
            us = st.units[uid]
            d = st.udef(uid)
            if us.status != "map" or us.owner != "R" or d.people != ROMAN or not us.loc or us.fleet or us.mutiny:
                continue
            if st.front_of(us.loc) in r["fronts"]:
                us.owner, us.usurper = "E", lid
                held_zones[uid] = us.loc
                if d.front and d.front not in st.defected_fronts and d.kind != "vexillation":
                    st.defected_fronts.append(d.front)
        out.say(_n("Scenario: {leader} is proclaimed in {year}; the {fronts} goes over to him.",
                   "Scenario: {leader} is proclaimed in {year}; the {fronts} go over to him.",
                   len(r["fronts"]), leader=_name(st, lid), year=st.year,
                   fronts=politics.names(st, r["fronts"])))
        out.map_changed = True


# --------------------------------------------------------------------------------------------
# Instant victories
# --------------------------------------------------------------------------------------------


def _holds(st: ImperatorState, role: str, zone: str, min_units: int, with_leader: bool) -> bool:
    mine = [u for u in st.units_in(zone, role) if not st.units[u].mutiny]
    theirs = [u for u in st.units_in(zone) if st.units[u].owner != role]
    if len(mine) < min_units or theirs:
        return False
    if with_leader:
        return any(not st.leaders[x].pax for x in st.leaders_in(zone, role))
    return True


def end_of_turn(st: ImperatorState, out: Outcome) -> bool:
    """At the end of a turn: a side holding every zone a ``hold_zones`` rule names wins at once."""
    from rules.imperator import politics

    for r in rules_of(st, "hold_zones"):
        role = ROLE[r["side"]]
        zones = list(r["zones"])
        if all(_holds(st, role, z, int(r["min_units"]), bool(r["with_leader"])) for z in zones):
            held_names = join(", ", [_name(st, z) for z in zones])
            politics.end_game(st, out, role, _("Scenario: {seat} holds {zones} at the end of {year} and wins at once.",
                                               seat=st.seat_of(role), zones=held_names, year=st.year))
            return True
    return False


__all__ = ["end_of_turn", "held", "on_leader_death", "phase_a", "phase_c", "rules_of", "setup", "war_barred"]
