"""The turn sequence (§2 A-F) and the phase-level commands: Reserve Fronts (§3.2), vexillations
(§3.4), nominations (§3.6), reinforcements (§9.1), decisions, and the end of the game (§10)."""

from __future__ import annotations

from typing import Any

from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.core.i18n import _, _n, data_name
from rules.imperator import adjust, combat, fate, politics, scenario_rules, stratagems
from rules.imperator.model import FRONTS, ROMAN, ImperatorState, other
from rules.imperator.politics import name

# --------------------------------------------------------------------------------------------
# Flow
# --------------------------------------------------------------------------------------------


def start_turn(st: ImperatorState, out: Outcome) -> None:
    """Phases A and B, then into C."""
    st.phase = "A"
    st.pax_turn = False
    st.event = 0
    st.agitation = None
    st.reserve_fronts = []
    st.reserve_max = 0
    st.rolled_c = {}
    for ls in st.leaders.values():
        ls.ill = False
    if st.usurpation_success:
        politics.role_swap(st, out)
    out.say(_("Year {year}: phase A.", year=st.year))
    scenario_rules.phase_a(st, out)
    if st.rules.get("stratagems"):
        stratagems.draw(st, out)
    # B - initiative
    st.phase = "B"
    fixed = st.rules.get("initiative", {}).get(str(st.year))
    if fixed:
        st.initiative = fixed
        out.say(_("§2.B: the scenario gives the initiative to {seat} in {year}.", seat=st.seat_of(fixed), year=st.year))
    else:
        cp = max([st.ldef(a).cp for a in st.augusti()], default=0)
        roll = st.dice.d6(_("§2.B initiative (Rome needs less than {cp})", cp=cp))
        st.initiative = "R" if roll.result < cp else "E"
        out.say(_("§2.B: {seat} has the initiative.", seat=st.seat_of(st.initiative)))
        if st.rules.get("stratagems"):
            out.cite("§2.B")
            st.step = "B-wait"
            st.active = other(st.initiative)
            stratagems.open_initiative_window(st, other(st.initiative))
            return
    out.cite("§2.B")
    phase_c(st, out)


def phase_c(st: ImperatorState, out: Outcome) -> None:
    if st.step == "B-wait":
        out.say(_("§2.B: {seat} has the initiative.", seat=st.seat_of(st.initiative)))
    # C - geostrategy
    st.phase = "C"
    scenario_rules.phase_c(st, out, declare_war)
    for pid in sorted(st.board.peoples):
        units = [u for u in st.units if st.udef(u).people == pid]
        if pid in st.at_war and any(st.units[u].status == "locked" and st.units[u].back_year <= st.year for u in units):
            stratagems.deploy_people(st, out, pid)
    for lid, ls in st.leaders.items():
        if ls.status == "returning":
            _return_generic(st, out, lid)
    if st.rules.get("death_table"):
        fate.arrivals(st, out)
    for fid, fs in st.fleets.items():
        if fs.status == "lost" and fs.back_year <= st.year:
            fs.status, fs.at = "map", "port"
            out.say(_("§9.2.1: the {fleet} is back in its port.", fleet=data_name(st.board.fleets[fid].name)))
    vexillation_reinforcements(st, out)
    _enter_c_step(st, out, 0)


def vexillation_reinforcements(st: ImperatorState, out: Outcome) -> None:
    """§9.1: a vexillation raised this year is not put on the map; it joins the pool of counters
    Rome may use from phase C of its year on (§3.4)."""
    for uid, us in sorted(st.units.items()):
        d = st.udef(uid)
        if us.status == "out" and d.kind == "vexillation" and d.people == ROMAN and d.enters and d.enters <= st.year:
            us.status = "pool"
            out.say(_("§9.1: {name} may be formed from this phase C on.", name=d.name))


def _order(st: ImperatorState) -> list[str]:
    return [st.initiative, other(st.initiative)]


def _enter_c_step(st: ImperatorState, out: Outcome, idx: int) -> None:
    order = _order(st)
    while idx < 2:
        role = order[idx]
        st.active = role
        st.step = f"C{idx}"
        if role == "R":
            roll = st.dice.d10(_("§3.2 Reserve Fronts"))
            vs = max([st.ldef(a).vs for a in st.augusti()], default=0)
            st.reserve_max = (roll.result + vs) // 4
            out.say(
                _n(
                    "§3.2: ({roll} + VS {vs}) / 4 = at most {n} Reserve Front this turn.",
                    "§3.2: ({roll} + VS {vs}) / 4 = at most {n} Reserve Fronts this turn.",
                    st.reserve_max,
                    roll=roll.result,
                    vs=vs,
                )
            )
            out.cite("§3.2")
            return
        if st.rules.get("peoples"):
            declaration_draw(st, out)
        if st.rules.get("stratagems"):
            # §2.C: after the draw, the Enemies of Rome may play rising and usurpation chits.
            # The step is offered every year whatever the hand holds (AMB-11), ended with ``end``.
            out.say(_("§2.C: {seat} may now play rising or usurpation stratagems, then end the step.", seat=st.seat_of('E')))
            return
        idx += 1
    _after_c(st, out)


DUMMIES = ("dummy-1", "dummy-2", "dummy-3")


def war_cup(st: ImperatorState) -> list[str]:
    """§2.C: the 5 Major People markers not locked out (§9.2.4) plus 3 dummies."""
    cup = [
        p for p, d in sorted(st.board.peoples.items())
        if d.major and p != "armenia" and st.locked.get(p, 0) <= st.year and not scenario_rules.war_barred(st, p)
    ]
    return cup + list(DUMMIES)


def declaration_draw(st: ImperatorState, out: Outcome, forced: int | None = None) -> str:
    cup = war_cup(st)
    pick = cup[forced if forced is not None else st.dice.randint(0, len(cup) - 1)]
    out.commit_point = True
    out.cite("§2.C")
    if pick in DUMMIES:
        out.say(_("§2.C: a dummy is drawn from the cup; no People goes to war."))
    elif pick in st.at_war:
        out.say(_("§2.C: the {people} marker is drawn; they are already at war.", people=st.board.peoples[pick].name))
    else:
        declare_war(st, out, pick)
    return pick


def declare_war(st: ImperatorState, out: Outcome, people: str) -> None:
    """§4.4: the People goes to war; its leaders turn to their normal side, its units come in."""
    st.at_war.append(people)
    for lid, ls in st.leaders.items():
        if st.ldef(lid).people == people:
            ls.pax = False
            ls.owner = "E"
    out.say(_("§4.4: the {people} go to war against Rome.", people=st.board.peoples[people].name))
    stratagems.deploy_people(st, out, people)
    out.map_changed = True


def end_c(st: ImperatorState, out: Outcome) -> None:
    idx = int(st.step[1:])
    _enter_c_step(st, out, idx + 1)


def _after_c(st: ImperatorState, out: Outcome) -> None:
    if not st.at_war and not st.usurpers():
        st.pax_turn = True
        out.say(_("§2.C: no People at war and no usurpation: Pax Romana this year."))
        if st.rules.get("death_table"):
            sole = st.augusti()
            dead = fate.death_checks(st, out)
            if st.game_over:
                return
            if len(sole) == 1 and sole[0] in dead:
                st.pax_turn = False
                out.say(_("§2.C: the death of the only Augustus ends the Pax Romana; back to phase D."))
                phase_d(st, out, deaths_done=True)
                return
        phase_f(st, out)
        return
    phase_d(st, out)


def phase_d(st: ImperatorState, out: Outcome, deaths_done: bool = False) -> None:
    st.phase = "D"
    st.rules["deaths_done"] = deaths_done
    vs_r = max([st.ldef(a).vs for a in st.augusti()], default=0)
    e_leaders = [x for x, s in st.leaders.items() if s.status == "map" and s.owner == "E" and not s.pax and s.loc]
    vs_e = max([st.ldef(x).vs for x in e_leaders], default=0)
    st.smc_total = vs_r + vs_e
    out.say(_("§2.D: {vs_r} + {vs_e} = {smc_total} SMC this year.", vs_r=vs_r, vs_e=vs_e, smc_total=st.smc_total))
    out.cite("§2.D")
    if st.rules.get("events"):
        fate.roll_event(st, out)
    _split_smc(st)
    if st.event == 10:
        st.smc_order.append("E")
        st.smc_left["E"] += 1
    _reinforcements(st, out)
    if _can_designate(st):
        st.active = "R"
        st.step = "D-designate"
        return
    _after_designate(st, out)


def _split_smc(st: ImperatorState) -> None:
    first, second = st.initiative, other(st.initiative)
    st.smc_left = {first: (st.smc_total + 1) // 2, second: st.smc_total // 2}
    order: list[str] = []
    left = dict(st.smc_left)
    turn = first
    while left[first] + left[second] > 0:
        if left[turn] > 0:
            order.append(turn)
            left[turn] -= 1
        turn = other(turn)
    st.smc_order = order
    st.smc_index = 0


def _after_designate(st: ImperatorState, out: Outcome) -> None:
    if st.rules.get("death_table") and not st.rules.get("deaths_done"):
        fate.death_checks(st, out)
        if st.game_over:
            return
    st.rules["deaths_done"] = False
    if st.pending:
        st.step = "D-wait"
        return
    phase_e(st, out)


def _reinforcements(st: ImperatorState, out: Outcome) -> None:
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.status == "out" and d.enters and d.enters <= st.year and d.people == ROMAN:
            if d.kind == "vexillation":  # already in the pool since phase C (§9.1)
                us.status = "pool"
                continue
            # its home if free, else where §9.2.2 sends a unit going home (AMB-9.1-CAMPS), full;
            # a counter with no home (none in the data) takes the camps nearest Rome
            if d.home:
                options = adjust.home_options(st, uid)[0]
            else:
                options = adjust.nearest_free_camps(st, st.board.rome) or adjust.interior_zones(st, False, st.board.rome)
            if not options:  # the enemy holds every zone it may enter: it waits (AMB-76)
                out.say(_("§9.1: {name} cannot arrive: the enemy holds every zone open to it; it waits for the next phase D.",
                          name=d.name))
                continue
            us.status, us.loc, us.reduced, us.owner = "map", None, False, "R"
            dest = adjust.place(st, "R", [uid], options, "§9.1")
            out.say(_("§9.1: {name} arrives in {zone}.", name=d.name, zone=name(st, str(dest))))
            out.map_changed = True


def phase_e(st: ImperatorState, out: Outcome) -> None:
    st.phase = "E"
    _start_smc(st, out)


def _start_smc(st: ImperatorState, out: Outcome) -> None:
    if st.smc_index >= len(st.smc_order):
        phase_f(st, out)
        return
    role = st.smc_order[st.smc_index]
    st.active = role
    st.sub = "move"
    st.step = "E-move"
    st.moved = {}
    st.entered_from = {}
    st.fought = []
    st.last_moves = []
    for fs in st.fleets.values():
        fs.moved = False
    out.say(_("§2.E: SMC {smc} of {count}: {seat} moves.", smc=st.smc_index + 1, count=len(st.smc_order), seat=st.seat_of(role)))


def end_move(st: ImperatorState, out: Outcome) -> None:
    if st.active == "R":
        err = fate.agitation_idle_error(st)
        if err is not None:
            raise RuleError("Event 6", err)
    st.sub = "combat"
    st.step = "E-combat"
    if combat.contested(st, st.active):  # an empty combat step announces no fight
        out.say(_("§2.E.2: {seat} fights.", seat=st.seat_of(st.active)))
    maybe_finish_smc(st, out)


def maybe_finish_smc(st: ImperatorState, out: Outcome) -> None:
    if st.game_over or st.pending or st.phase != "E" or st.sub != "combat":
        return
    if combat.contested(st, st.active):
        return
    st.smc_left[st.active] -= 1
    st.smc_index += 1
    _start_smc(st, out)


def phase_f(st: ImperatorState, out: Outcome) -> None:
    if st.rules.get("stratagems"):
        stratagems.end_phase_e(st, out)
    st.phase = "F"
    st.step = "F"
    st.sub = ""
    out.say(_("§2.F: campaign result for {year}.", year=st.year))
    adjust.armenia_conquest(st, out)
    adjust.positional_vp(st, out)
    if st.rules.get("stratagems"):
        stratagems.phase_f_vp(st, out)
        stratagems.return_unusable(st, out)
    adjust.adjustments(st, out)
    reassign_custodes(st, out)
    if st.pending:
        st.step = "F-wait"  # the players' choices (§9.2, §3.6) come before the year ends
        return
    finish_f(st, out)


def finish_f(st: ImperatorState, out: Outcome) -> None:
    """The end of phase F once every adjustment is placed: next year."""
    st.step = "F"
    if scenario_rules.end_of_turn(st, out):
        return
    st.year += 1
    if st.year > st.end_year:
        final_result(st, out)
        return
    if st.game_over:
        return
    start_turn(st, out)


_VICTORY = {"definitive": _("definitive"), "decisive": _("decisive"), "plain": _("plain")}


def final_result(st: ImperatorState, out: Outcome) -> None:
    st.game_over = True
    st.phase = "over"
    a, b = st.vp["rome"], st.vp["enemies"]
    if a == b:
        st.result = {"winners": [], "summary": _n("Draw, {n} VP each.", "Draw, {n} VP each.", a), "level": ""}
    else:
        win, lose = ("rome", "enemies") if a > b else ("enemies", "rome")
        w, v = st.vp[win], st.vp[lose]
        if w <= 0:  # AMB-47: both at zero or below, the higher total wins plainly
            level = "plain"
        elif v <= 0 or w > 5 * v:
            level = "definitive"
        elif w > 2 * v:
            level = "decisive"
        else:
            level = "plain"
        summary = _("{seat} wins ({won} VP to {lost}), a {level} victory.", seat=win, won=w, lost=v, level=_VICTORY[level])
        st.result = {"winners": [win], "summary": summary, "level": level}
    out.say(_("§10: the game ends. {summary}", summary=st.result['summary']))
    out.cite("§10")
    out.game_over = True


def advance(st: ImperatorState, out: Outcome) -> None:
    """Continue automatic steps after a decision or a battle."""
    if st.game_over or st.pending:
        return
    if st.phase == "E" and st.sub == "combat":
        maybe_finish_smc(st, out)
    elif st.phase == "D" and st.step == "D-wait":
        phase_e(st, out)
    elif st.phase == "B" and st.step == "B-wait":
        phase_c(st, out)
    elif st.phase == "F" and st.step == "F-wait":
        finish_f(st, out)


# --------------------------------------------------------------------------------------------
# Phase C/D commands
# --------------------------------------------------------------------------------------------


def reserve(st: ImperatorState, out: Outcome, fronts: list[str]) -> None:
    if not (st.phase == "C" and st.active == "R"):
        raise RuleError("§3.2", _("Reserve Fronts are chosen by Rome in phase C"))
    if len(set(fronts)) > st.reserve_max:
        raise RuleError("§3.2", _("at most {reserve_max} Reserve Front(s) this turn", reserve_max=st.reserve_max))
    for f in fronts:
        if f not in FRONTS:
            raise RuleError("§3.2", _("unknown Front {front}", front=repr(f)))
    st.reserve_fronts = sorted(set(fronts))
    out.say(_("§3.2: Reserve Fronts: {fronts}.", fronts=politics.names(st, st.reserve_fronts) or _("none")))


def vexillation(st: ImperatorState, out: Outcome, args: dict[str, Any]) -> None:
    if not (st.phase == "C" and st.active == "R"):
        raise RuleError("§3.4", _("vexillations are created or dissolved by Rome in phase C"))
    action = args.get("action", "create")
    if action == "create":
        create_vexillation(st, out, list(args.get("units") or []), args.get("zone"))
    elif action == "dissolve":
        dissolve_vexillation(st, out, str(args.get("vexillation")), list(args.get("units") or []))
    else:
        raise RuleError("§3.4", _("action is create or dissolve"))


def vex_on_map(st: ImperatorState) -> int:
    return sum(1 for u, s in st.units.items() if st.udef(u).kind == "vexillation" and s.status == "map")


def create_vexillation(st: ImperatorState, out: Outcome, units: list[str], zone: str | None) -> None:
    if len(set(units)) != 3:
        raise RuleError("§3.4", _("a vexillation needs exactly three legions"))
    fronts = {st.udef(u).front for u in units if u in st.units}
    if len(fronts) != 1 or any(u not in st.units for u in units):
        raise RuleError("§3.4", _("the three legions must share a Front stripe"))
    front = fronts.pop()
    for u in units:
        us, d = st.units[u], st.udef(u)
        if d.kind != "legion" or us.status != "map" or us.owner != "R":
            raise RuleError("§3.4", _("{name} is not a legion of the Roman player on the map", name=d.name))
        if us.reduced:
            raise RuleError("§3.4", _("{name} is already reduced", name=d.name))
        if us.loc is None or st.front_of(us.loc) != front:
            raise RuleError("§3.4", _("{name} must stand in its own Front", name=d.name))
    if vex_on_map(st) >= 6 and not st.usurpers():
        raise RuleError("§3.4", _("at most 6 vexillations on the map (no usurpation in progress)"))
    pool = sorted(u for u, s in st.units.items() if st.udef(u).kind == "vexillation" and st.udef(u).front == front and s.status == "pool")
    if not pool:
        raise RuleError("§3.4", _("no vexillation counter of the {front} is available", front=name(st, str(front))))
    zone = zone or st.units[units[0]].loc
    if zone not in {st.units[u].loc for u in units}:
        raise RuleError("§3.4", _("the vexillation is placed with one of the three legions"))
    for u in units:
        st.units[u].reduced = True
    v = st.units[pool[0]]
    v.status, v.loc, v.reduced, v.owner = "map", zone, False, "R"
    out.say(_("§3.4: {vexillation} formed in {zone}.", vexillation=name(st, pool[0]), zone=name(st, zone or '')))
    out.map_changed = True


def reduced_legions(st: ImperatorState, front: str | None) -> list[str]:
    """§3.4: the reduced legions of ``front`` standing in it (those a dissolution may restore)."""
    return sorted(
        u
        for u, s in st.units.items()
        if st.udef(u).kind == "legion" and st.udef(u).front == front and s.status == "map" and s.owner == "R"
        and s.reduced and s.loc is not None and st.front_of(s.loc) == front
    )


def dissolve_vexillation(st: ImperatorState, out: Outcome, vid: str, units: list[str]) -> None:
    """``vexillation`` dissolve (§3.4): the legions restored are Rome's pick (AMB-99): named in
    the command, else asked one by one when more of them could be restored than are needed."""
    if vid not in st.units or st.udef(vid).kind != "vexillation":
        raise RuleError("§3.4", _("{vid} is not a vexillation", vid=politics.typed(st, vid)))
    vs = st.units[vid]
    front = st.udef(vid).front
    if vs.status != "map" or vs.owner != "R" or vs.loc is None or st.front_of(vs.loc) != front:
        raise RuleError("§3.4", _("the vexillation must stand in its own Front"))
    n = 2 if vs.reduced else 3
    cands = reduced_legions(st, front)
    here = [u for u in cands if st.units[u].loc == vs.loc]
    if not here:
        raise RuleError("§3.4", _("a reduced legion of its Front must share the vexillation's zone"))
    if not units and len(cands) > n:  # AMB-99: a real choice, asked legion by legion
        zone = vs.loc
        vs.status, vs.loc, vs.reduced = "pool", None, False
        out.say(_("§3.4: {vexillation} dissolved; Rome picks the legions it restores.", vexillation=name(st, vid)))
        out.map_changed = True
        restore_legions(st, out, front, zone, n, here_done=False)
        return
    units = units or [here[0]] + [u for u in cands if u != here[0]]
    if len(set(units)) != n or any(u not in cands for u in units):
        raise RuleError("§3.4", _("choose {n} reduced legions of the {front} standing in it", n=n, front=name(st, str(front))))
    if not any(u in here for u in units):
        raise RuleError("§3.4", _("the legion in the vexillation's zone must be one of them"))
    for u in units:
        st.units[u].reduced = False
    vs.status, vs.loc, vs.reduced = "pool", None, False
    out.say(_("§3.4: {vexillation} dissolved; {units} restored.", vexillation=name(st, vid), units=politics.names(st, units)))
    out.map_changed = True


def restore_legions(st: ImperatorState, out: Outcome, front: str | None, zone: str, need: int, here_done: bool) -> None:
    """§3.4 (AMB-99): a dissolved vexillation restores ``need`` more reduced legions of ``front``
    standing in it, the first one in ``zone`` (until ``here_done``); Rome picks each one (a
    ``restore_legion`` decision) unless one only may be taken. Called with more candidates than
    ``need`` (``dissolve_vexillation`` restores them all at once otherwise), which each pick keeps
    true."""
    while need > 0:
        cands = reduced_legions(st, front)
        options = cands if here_done else [u for u in cands if st.units[u].loc == zone]
        if not options:
            return
        if len(options) > 1:
            politics.open_decision(
                st, "R", "restore_legion",
                _n("§3.4: {n} reduced legion of the {front} is restored; choose it.",
                   "§3.4: {n} reduced legions of the {front} are restored; choose one.", need, front=name(st, str(front))),
                politics.piece_choices(st, options), options[0], "§3.4",
                {"front": front, "zone": zone, "need": need},
            )
            return
        restore_legion(st, out, options[0])
        need, here_done = need - 1, True


def restore_legion(st: ImperatorState, out: Outcome, uid: str) -> None:
    """§3.4: one legion picked for a dissolution turns back to its full side."""
    st.units[uid].reduced = False
    out.say(_("§3.4: {legion} restored.", legion=name(st, uid)))


def custodes_holders(st: ImperatorState) -> list[str]:
    """§3.6: the leaders who may hold the Corporis Custodes: Rome's Augusti and Caesars in play."""
    return [x for x in st.augusti() + st.caesars() if st.leaders[x].owner == "R"]


def order_custodes(st: ImperatorState, out: Outcome, role: str, leader: str) -> None:
    """``custodes`` {leader}: Rome names who gets the Corporis Custodes in the next phase F (§3.6)."""
    if role != "R":
        raise RuleError("§3.6", _("the Corporis Custodes belong to Rome"))
    if st.phase == "F":  # pragma: no cover - phase F never waits for a command
        raise RuleError("§3.6", _("phase F is under way"))
    if leader not in custodes_holders(st):
        raise RuleError("§3.6", _("{leader} is not an Augustus or Caesar of Rome in play", leader=repr(name(st, leader) if leader in st.leaders else leader)))
    st.custodes_order = leader
    if leader == st.custodes:
        out.say(_("§3.6: the Corporis Custodes will stay with {leader} in phase F.", leader=name(st, leader)))
    else:
        out.say(_("§3.6: the Corporis Custodes will go to {leader} in phase F.", leader=name(st, leader)))


def reassign_custodes(st: ImperatorState, out: Outcome) -> None:
    """§3.6, AMB-37 step 4: in phase F the marker goes where Rome ordered (if that leader still
    holds a title), else stays, else (holder dead) goes to the first Augustus or Caesar."""
    holders = custodes_holders(st)
    order, st.custodes_order = st.custodes_order, None
    if order in holders and order != st.custodes:
        st.custodes = order
        out.say(_("§3.6: the Corporis Custodes go to {leader}.", leader=name(st, order)))
        out.map_changed = True
    elif st.custodes not in holders:
        # the holder died or lost his title: the marker goes to another Augustus or Caesar, the
        # Roman player's pick when there are several (§3.6)
        gone, st.custodes = st.custodes, holders[0] if holders else None
        if st.custodes:
            out.say(_("§3.6: the Corporis Custodes go to {leader}.", leader=name(st, st.custodes)))
        elif gone and st.leaders[gone].status == "map":  # AMB-94: it leaves a living holder with a line
            out.say(_("§3.6: the Corporis Custodes leave {leader}: Rome has no Augustus or Caesar to hold them.",
                      leader=name(st, gone)))
        if len(holders) > 1:
            politics.open_decision(
                st, "R", "custodes_to", _("§3.6: choose the Augustus or Caesar who gets the Corporis Custodes."),
                [(x, name(st, x)) for x in holders], holders[0], "§3.6",
            )


def _can_designate(st: ImperatorState) -> bool:
    return not st.usurpers() and bool(designations(st))


def designations(st: ImperatorState) -> list[tuple[str, str]]:
    """(leader, title) pairs Rome may name now (§3.6)."""
    if st.usurpers():
        return []
    augs = st.augusti()
    if not augs:
        return []
    ids = set(augs)
    res: list[tuple[str, str]] = []
    rule = st.rules.get("nominations", {})
    cands = [x for x, s in st.leaders.items() if s.status == "map" and s.owner == "R" and st.ldef(x).people == ROMAN and s.title is None]
    for x in cands:
        for title in ("augustus", "caesar"):
            if title == "augustus" and len(augs) >= 2 or title == "caesar" and len(st.caesars()) >= 2:
                continue
            ok = True
            for a in ids:
                if a in ("commode", "caracalla"):
                    ok = False
                elif a in rule:
                    allowed = rule[a]
                    if x not in allowed.get(title, []) and "*" not in allowed.get(title, []):
                        ok = False
            if ok:
                res.append((x, title))
    return res


def designate(st: ImperatorState, out: Outcome, leader: str, title: str) -> None:
    if st.phase != "D" or st.step != "D-designate":
        raise RuleError("§3.6", _("Augusti and Caesars are named in phase D"))
    if st.usurpers():
        raise RuleError("§3.6", _("no nominations during a civil war"))
    if (leader, title) not in designations(st):
        raise RuleError("§3.6", _("{leader} may not be named {title} now", leader=name(st, leader), title=title))
    st.leaders[leader].title = title
    out.say(_("§3.6: {leader} is named {title}.", leader=name(st, leader), title=title.capitalize()))


def end_designate(st: ImperatorState, out: Outcome) -> None:
    _after_designate(st, out)


def _return_generic(st: ImperatorState, out: Outcome, lid: str) -> None:
    """§4.1: a generic leader comes back in phase C on any unit of his People, the pick of the
    Enemies of Rome who control him."""
    d = st.ldef(lid)
    zones = sorted({str(s.loc) for u, s in st.units.items() if st.udef(u).people == d.people and s.status == "map" and s.loc})
    ls = st.leaders[lid]
    if zones:
        ls.status = "map"
        ls.pax = d.people not in st.at_war
        dest = adjust.place(st, "E", [lid], zones, "§4.1")
        out.say(_("§4.1: {name} returns in {zone}.", name=d.name, zone=name(st, str(dest))))


# --------------------------------------------------------------------------------------------
# Decisions
# --------------------------------------------------------------------------------------------


def decide(st: ImperatorState, out: Outcome, role: str, did: str, choice: str) -> None:
    if not st.pending:
        raise RuleError("", _("no decision is waiting"))
    dec = st.pending[0]
    if did and did != dec["id"]:
        raise RuleError("", _("decision {id} is not the one waiting ({waiting})", id=repr(did), waiting=dec['id']))
    if dec["role"] != role:
        raise RuleError("", _("that decision is not yours"))
    if choice not in [c[0] for c in dec["choices"]]:
        chit_error = stratagems.battle_choice_refusal(st, role, dec["data"], choice) if dec["kind"] == "bstrat" else None
        if chit_error is not None:
            raise chit_error
        raise RuleError(dec["section"], _("{choice} is not one of the choices", choice=repr(choice)))
    st.pending.pop(0)
    kind, data = dec["kind"], dec["data"]
    side = str(data.get("side") or role)  # AMB-43: the mutineers' decisions, answered for them
    if kind == "evade":
        combat.evade(st, out, data, choice)
    elif kind == "evade_to":
        combat.evade_to(st, out, data, choice)
    elif kind == "evade_unit":
        combat.evade_unit(st, out, data, choice)
    elif kind == "losses":
        combat.choose_loss(st, out, data, choice)
    elif kind == "retreat" and choice == "split":
        combat.split_retreat(st, out, data, side)
    elif kind == "retreat":
        combat.do_retreat(st, out, data["zone"], side, choice)
    elif kind == "retreat_part":
        combat.retreat_part(st, out, data, side, choice)
    elif kind == "escape":
        lid = data["leader"]
        if st.leaders[lid].status == "map":
            st.leaders[lid].loc = choice
            out.say(_("§7: {leader} escapes to {zone}.", leader=name(st, lid), zone=name(st, choice)))
    elif kind == "successor":
        politics.assign_successor(st, out, choice, didius=bool(data.get("didius")))
    elif kind == "usurper":
        if choice != "none":
            politics.validate_usurpation(st, out, choice, bonus=0)
    elif kind == "spread":
        if choice != "none":
            politics.spread(st, out, data["usurper"], choice)
    elif kind == "ill":
        fate.fall_ill(st, out, choice, int(data.get("event", 4)))
    elif kind == "agitation":
        fate.send_to_rome(st, out, choice)
    elif kind == "place":
        st.leaders[data["leader"]].loc = choice
        out.say(_("§2.C: {leader} is placed in {zone}.", leader=name(st, data["leader"]), zone=name(st, choice)))
    elif kind == "place_pieces":
        adjust.move_pieces(st, list(data["pieces"]), choice, bool(data.get("shelter")))
        out.say(_("{section}: {pieces} placed in {zone}.", section=dec['section'], pieces=', '.join(name(st, x) for x in data['pieces']), zone=name(st, choice)))
    elif kind in ("follow_unit", "withdraw_vex", "reduce_legion"):
        before = adjust.snapshot(st)  # AMB-94: each leader and legion these answers change is told
        if kind == "follow_unit":
            adjust.move_pieces(st, list(data["pieces"]), str(st.units[choice].loc))
        elif kind == "withdraw_vex":
            adjust.withdraw_vexillation(st, out, choice)
            adjust.vexillation_check(st, out, data["front"])
        else:
            st.units[choice].reduced = True
            adjust.reduce_legions(st, data["front"], int(data["need"]) - 1)
        adjust.tell(st, out, before, dec["section"])
    elif kind == "restore_legion":
        restore_legion(st, out, choice)
        restore_legions(st, out, data["front"], data["zone"], int(data["need"]) - 1, True)
    elif kind == "custodes_to":
        st.custodes = choice
        out.say(_("§3.6: the Corporis Custodes go to {leader}.", leader=name(st, choice)))
    elif kind == "crown":
        politics.crown_usurper(st, out, choice, data["why"])
    elif kind == "initiative":
        stratagems.initiative_choice(st, out, role, choice)
    elif kind == "bstrat":
        stratagems.battle_choice(st, out, role, data, choice)
    elif kind == "favour":
        stratagems.favour_choice(st, out, role, data, choice)
    else:  # pragma: no cover - unknown kinds never get stored
        raise RuleError("", _("unknown decision {kind}", kind=kind))
    out.map_changed = True
    advance(st, out)
