"""Events (§2.D, Events table) and the Leader Arrival and Death table (§2.C, §2.D, §3.5, §4.1).

Both are switched on by the scenario (``rules["events"]``, ``rules["death_table"]``).
"""

from __future__ import annotations

import heapq

from rules.core.command import Outcome
from rules.core.i18n import _, data_name
from rules.imperator import politics, tables
from rules.imperator.model import ROMAN, ImperatorState, other
from rules.imperator.politics import name

EAST_PEOPLES = ("armenia", "parthians", "adiabene", "osrhoene")


# --------------------------------------------------------------------------------------------
# Events
# --------------------------------------------------------------------------------------------


def roll_event(st: ImperatorState, out: Outcome) -> None:
    d6 = st.dice.d6(_("Events table (d6)"))
    d10 = st.dice.d10(_("Events table (d10)"))
    apply_event(st, out, d6.result + d10.result)


def apply_event(st: ImperatorState, out: Outcome, number: int) -> None:
    st.event = number
    try:
        ev = tables.event(number)
        label = data_name(ev.name)  # French from the catalogue (the data's name_fr)
    except (KeyError, ValueError):
        label = _("event {number}", number=number)
    out.say(_("Events table: {number}, {event}.", number=number, event=label))
    out.cite("Events table")
    rome = st.board.rome
    if number == 1:
        for u in st.units_in(rome):
            reduce_unit(st, out, u, 1)
        in_rome = [a for a in st.augusti() if st.leaders[a].loc == rome]
        if len(in_rome) == 1:
            fall_ill(st, out, in_rome[0], 1)
        elif in_rome:  # event 4's note: with two Augusti the player picks (ruling "Event 1 ...")
            politics.open_decision(
                st, "R", "ill", _("Event 1: choose which Augustus in Rome falls ill."),
                [(a, name(st, a)) for a in in_rome], in_rome[0], "Events table", {"event": 1},
            )
    elif number == 4:
        augs = st.augusti()
        if len(augs) == 1:
            fall_ill(st, out, augs[0], 4)
        elif len(augs) == 2:
            politics.open_decision(
                st, "R", "ill", _("Event 4: choose which Augustus falls ill."),
                [(a, name(st, a)) for a in augs], augs[0], "Events table",
            )
    elif number == 6:
        _agitation_choice(st)
    elif number == 7:
        st.smc_total = max(0, st.smc_total - 1)
    elif number == 8:
        st.smc_total = 2
    elif number == 13:
        from rules.imperator import stratagems

        for uid, us in sorted(st.units.items()):
            if us.status != "map" or us.loc is None:
                continue
            z = st.board.zones[us.loc]
            if st.front_of(us.loc) == "orient" or any(p in EAST_PEOPLES for p in z.peoples):
                if us.reduced:
                    out.say(_("Event 13: {unit}, already reduced, leaves the map from {zone}.",
                              unit=name(st, uid), zone=name(st, us.loc)))
                    us.status, us.loc, us.reduced = "removed", None, False
                    stratagems.leave_mutiny(st, out, uid)  # §6.3: the marker goes with its last unit
                else:
                    reduce_unit(st, out, uid, 13)
        out.map_changed = True
    elif number == 14:
        flip_armenia(st, out)
    elif number == 15:
        for uid, us in sorted(st.units.items()):
            p = st.board.peoples.get(st.udef(uid).people)
            if us.status == "map" and p is not None and p.nationality == "german":
                reduce_unit(st, out, uid, 15)
        out.map_changed = True


def reduce_unit(st: ImperatorState, out: Outcome, uid: str, event: int) -> None:
    """Events 1, 13 and 15: ``uid`` turns to its reduced side, with its own line (a unit already
    reduced stays as it is, without one)."""
    us = st.units[uid]
    if us.reduced:
        return
    us.reduced = True
    out.say(_("Event {number}: {unit} turns to its reduced side in {zone}.",
              number=event, unit=name(st, uid), zone=name(st, str(us.loc))))


def fall_ill(st: ImperatorState, out: Outcome, augustus: str, event: int) -> None:
    """Events 1 and 4: ``augustus`` is ill for the year (he may not leave his zone, his BT does
    not count, he dies if a lost battle forces him out)."""
    st.leaders[augustus].ill = True
    if event == 1:
        out.say(_("Event 1: {leader} falls ill in Rome.", leader=name(st, augustus)))
    else:
        out.say(_("Event 4: {leader} is ill this year.", leader=name(st, augustus)))


def flip_armenia(st: ImperatorState, out: Outcome) -> None:
    st.armenia = "parthian" if st.armenia == "roman" else "roman"
    for uid, us in st.units.items():
        if st.udef(uid).people == "armenia":
            us.owner = "R" if st.armenia == "roman" else "E"
    out.say(_("Armenia is now Roman.") if st.armenia == "roman" else _("Armenia is now Parthian."))
    out.map_changed = True


def step_cost(st: ImperatorState, frm: str, to: str) -> int:
    """PM to step from ``frm`` into the adjacent land zone ``to`` (§7.1: 1, plus a river or strait)."""
    return 1 + st.board.neighbours(frm).get(to, 0)


def rome_distance(st: ImperatorState, zone: str) -> int:
    """PM from ``zone`` to Rome by the cheapest land route on the map (Event 6; 99 when none)."""
    rome = st.board.rome
    best = {rome: 0}
    todo = [(0, rome)]
    while todo:
        cost, z = heapq.heappop(todo)
        if cost > best[z]:
            continue
        if z == zone:
            return cost
        for n in sorted(st.board.land_neighbours(z)):
            c = cost + step_cost(st, n, z)
            if c < best.get(n, 99):
                best[n] = c
                heapq.heappush(todo, (c, n))
    return 99


def _roman_augusti(st: ImperatorState) -> list[str]:
    """The Augusti of Rome on the map (at sea aboard a fleet included)."""
    return [a for a in st.augusti() if st.leaders[a].owner == "R"]


def _agitation_choice(st: ImperatorState) -> None:
    """Event 6 binds "the Augustus, or at least one of the two": with two Augusti of Rome and
    neither in Rome, the Roman player picks the one who goes (ruling "Event 6: at least one of
    the two Augusti"); the default is the one nearer Rome."""
    st.agitation = None
    augs = _roman_augusti(st)
    if len(augs) < 2 or any(st.leaders[a].loc == st.board.rome for a in augs):
        return
    nearest = min(augs, key=lambda a: (rome_distance(st, str(st.leaders[a].loc)), a))
    politics.open_decision(
        st, "R", "agitation", _("Event 6: choose which Augustus heads for Rome."),
        [(a, name(st, a)) for a in augs], nearest, "Events table",
    )


def send_to_rome(st: ImperatorState, out: Outcome, augustus: str) -> None:
    """Event 6: ``augustus`` is the one who must regain Rome; the other Augustus is free."""
    st.agitation = augustus
    out.say(_("Event 6: {leader} must head for Rome.", leader=name(st, augustus)))
    out.cite("Events table")


def bound_augusti(st: ImperatorState) -> list[str]:
    """Event 6: the Augusti of Rome the event binds now. One alone in Rome stays there; with both
    in Rome either may leave (the other then stays); with neither in Rome, the one the Roman
    player picked heads there, or every Augustus of Rome when no pick stands (the picked one
    died or lost his title during the year)."""
    if st.event != 6:
        return []
    augs = _roman_augusti(st)
    in_rome = [a for a in augs if st.leaders[a].loc == st.board.rome]
    if in_rome:
        return in_rome if len(in_rome) == 1 else []
    if st.agitation in augs:
        return [str(st.agitation)]
    return augs


def _heading(st: ImperatorState, leader: str) -> bool:
    """Event 6 binds this Augustus of Rome (:func:`bound_augusti`)."""
    return leader in bound_augusti(st)


def agitation_error(
    st: ImperatorState, leader: str, start: str, final: str, spent: int, pm_left: int, carried: list[str],
) -> str | None:
    """Event 6: an Augustus of Rome stays in Rome, or regains it at once, using up his PM along
    the most direct route (every PM spent brings him closer, and he stops short of Rome only
    when his PM or the way run out); one of two Augusti in Rome frees the other."""
    if not _heading(st, leader):
        return None
    if start == st.board.rome:
        return _("the Augustus must stay in Rome this year")
    if rome_distance(st, final) + spent != rome_distance(st, start):
        return _("the Augustus must head for Rome by the most direct route (each PM spent brings him "
                 "closer)")
    if final == st.board.rome:
        return None
    onward = direct_steps(st, leader, final, carried, pm_left)
    if onward:
        return _("the Augustus must spend all his PM heading for Rome; he can go on to {zone}",
                 zone=name(st, onward[0]))
    return None


def direct_steps(st: ImperatorState, leader: str, frm: str, carried: list[str], pm_left: int) -> list[str]:
    """Event 6: the zones next to ``frm`` on a most direct route to Rome that ``leader`` (with
    ``carried``) may still enter with ``pm_left`` PM."""
    from rules.imperator import movement

    if carried and movement.enemy_units(st, frm, st.leaders[leader].owner):
        return []  # §7: the force stopped on entering enemy units
    here = rome_distance(st, frm)
    return [
        n for n in sorted(st.board.land_neighbours(frm))
        if step_cost(st, frm, n) <= pm_left and rome_distance(st, n) + step_cost(st, frm, n) == here
        and movement.step_error(st, leader, carried, frm, n) is None
    ]


# --------------------------------------------------------------------------------------------
# Leader Arrival and Death table
# --------------------------------------------------------------------------------------------


def _row(lid: str) -> tables.LeaderRow | None:
    try:
        return tables.leader_row(lid)
    except KeyError:
        return None


def arrivals(st: ImperatorState, out: Outcome) -> None:
    """Phase C: leaders whose entry year has come are placed with a unit of their side."""
    for lid in sorted(st.leaders):
        ls = st.leaders[lid]
        if ls.status != "out":
            continue
        row = _row(lid)
        if row is None:
            continue
        due = False
        if row.entry is not None:
            due = row.entry == st.year
        elif row.entry_rule and row.entry_rule.startswith("after:"):
            prev = row.entry_rule.split(":", 1)[1]
            pls = st.leaders.get(prev)
            due = pls is not None and pls.status == "dead" and st.rules.get("died", {}).get(prev) == st.year - 1
        if not due:
            continue
        if row.death is not None and row.death < st.year:
            continue  # AMB-31: his automatic death came first
        d = st.ldef(lid)
        role = "R" if d.people == ROMAN else "E"
        zones = sorted({s.loc for u, s in st.units.items() if s.status == "map" and s.loc and s.owner == role
                        and (d.people == ROMAN and st.udef(u).people == ROMAN or st.udef(u).people == d.people)})
        if not zones:
            continue
        ls.status, ls.owner, ls.loc = "map", role, zones[0]
        ls.pax = d.people != ROMAN and d.people not in st.at_war
        out.say(_("Leader table: {leader} enters play in {zone}.", leader=d.name, zone=name(st, zones[0])))
        out.map_changed = True
        if len(zones) > 1:
            politics.open_decision(
                st, role, "place", _("§2.C: where does {leader} enter (with a friendly unit)?", leader=d.name),
                [(z, name(st, z)) for z in zones], zones[0], "§2.C", {"leader": lid},
            )


def death_checks(st: ImperatorState, out: Outcome) -> list[str]:
    """Phase D: one d10 per leader on the map; all deaths are applied together (AMB-31)."""
    dying: list[str] = []
    for lid in sorted(st.leaders):
        ls = st.leaders[lid]
        if ls.status != "map":
            continue
        row = _row(lid)
        if row is None or row.threshold(st.year) is None:
            continue
        roll = st.dice.d10(_("Leader table: {leader} in {year}", leader=name(st, lid), year=st.year))
        if row.dies(st.year, roll.result):
            dying.append(lid)
    died = st.rules.setdefault("died", {})
    for lid in dying:
        died[lid] = st.year
    politics.kill_leaders(st, out, dying, _("natural death (leader table)"), section="Leader table")
    return dying


def agitation_idle_error(st: ImperatorState) -> str | None:
    """Event 6: while an Augustus bound by the event stands outside Rome, he must head there in
    each of Rome's SMCs ("au plus vite"); Rome may not end its movement before one has moved."""
    augs = [a for a in bound_augusti(st) if st.leaders[a].loc != st.board.rome]
    if not augs:
        return None
    if any(a in st.moved or st.leaders[a].fleet for a in augs):
        return None
    if not any(agitation_steps(st, a) for a in augs):
        return None  # no step towards Rome is open to any of them: nothing can be asked
    return _("an Augustus must head for Rome this SMC before Rome's movement ends")


def agitation_steps(st: ImperatorState, augustus: str) -> list[str]:
    """Event 6: the adjacent zones on a most direct route to Rome that ``augustus`` may enter."""
    from rules.imperator import movement

    ls = st.leaders[augustus]
    if ls.loc is None or ls.ill:
        return []
    return direct_steps(st, augustus, ls.loc, [], movement.base_pm(st, False))


def agitation_route(st: ImperatorState, augustus: str) -> list[str]:
    """Event 6: a path for ``augustus`` alone that obeys the event (the first open zone of a most
    direct route at each step, until Rome or his PM are reached); empty when no step is open."""
    from rules.imperator import movement

    ls = st.leaders[augustus]
    if ls.loc is None or ls.ill:
        return []
    path: list[str] = []
    here, pm = ls.loc, movement.base_pm(st, False)
    while here != st.board.rome:
        steps = direct_steps(st, augustus, here, [], pm)
        if not steps:
            break
        pm -= step_cost(st, here, steps[0])
        here = steps[0]
        path.append(here)
    return path


__all__ = ["agitation_error", "agitation_idle_error", "agitation_route", "agitation_steps", "bound_augusti", "direct_steps", "fall_ill", "send_to_rome", "apply_event", "arrivals", "death_checks", "flip_armenia", "other", "roll_event"]
