"""Combat (§8): evasion, the battle, losses, retreat, leader deaths, battle VP (§10)."""

from __future__ import annotations

from typing import Any

from rules.core.command import Outcome
from rules.core.dice import DiceRoll
from rules.core.errors import RuleError
from rules.core.i18n import _n
from rules.imperator import movement, politics, stratagems, tables
from rules.imperator.model import INTERIOR, MUTINEERS, ROMAN, ImperatorState, other
from rules.imperator.politics import name

FRACTIONS = {"1/4": (1, 4), "1/2": (1, 2), "3/4": (3, 4)}


def contested(st: ImperatorState, role: str) -> list[str]:
    """Zones where ``role``'s units share the zone with enemy units (AMB-54: all must be fought)."""
    zones = sorted({s.loc for s in st.units.values() if s.status == "map" and s.owner == role and s.loc and not s.fleet})
    return [z for z in zones if st.hostile_units(z, role) and z not in st.fought]


def force(st: ImperatorState, zone: str, role: str) -> tuple[list[str], list[str]]:
    return st.units_in(zone, role), st.leaders_in(zone, role)


def average(values: list[int]) -> int:
    return tables.average_rating(values) if values else 0


def force_bt(st: ImperatorState, units: list[str], leaders: list[str]) -> int:
    lbt = [st.ldef(x).bt for x in leaders if not st.leaders[x].ill]
    if lbt:
        return max(lbt)
    return average([st.unit_values(u)[2] for u in units])


def is_roman_force(st: ImperatorState, units: list[str]) -> bool:
    return all(st.udef(u).people in (ROMAN,) for u in units)


def evasion_zones(st: ImperatorState, zone: str, role: str, leader: str, units: list[str]) -> list[str]:
    """§8.1 / AMB-24: an adjacent zone free of enemy units, not where the attackers came from."""
    came = set(st.entered_from.get(zone, []))
    res = []
    for n in st.board.land_neighbours(zone):
        if n in came or st.hostile_units(n, role):
            continue
        if movement.step_error(st, role, leader, units, zone, n) and not _relaxed_ok(st, role, leader, units, zone, n):
            continue
        res.append(n)
    return sorted(res)


def _relaxed_ok(st: ImperatorState, role: str, leader: str | None, units: list[str], frm: str, to: str) -> bool:
    return False


def retreat_zones(st: ImperatorState, zone: str, role: str, units: list[str], leaders: list[str], attacker: bool) -> list[str]:
    came = set(st.entered_from.get(zone, []))
    lead = leaders[0] if leaders else None
    res = []
    for n in st.board.land_neighbours(zone):
        if st.hostile_units(n, role):
            continue
        if not attacker and n in came:
            continue
        err = movement.step_error(st, role, lead, units, zone, n)
        if err and "§3.3" in err:
            err = None  # AMB-24: a retreat is forced, Reserve Front limits do not bar it
        if err and "leader of its People" in err:
            err = None if lead else err
        if err:
            continue
        # stacking categories (§4.2) hold in retreat too
        if role == "E":
            cats = {st.people_category(st.udef(u).people) for u in units if st.udef(u).people != "armenia"}
            for u in st.units_in(n, "E"):
                if st.udef(u).people != "armenia":
                    cats.add(st.people_category(st.udef(u).people))
            if len(cats) > 1:
                continue
        res.append(n)
    return sorted(res)


def attack(st: ImperatorState, out: Outcome, role: str, zone: str) -> None:
    if zone not in contested(st, role):
        raise RuleError("§8", f"there is no battle to fight in {name(st, zone)}")
    st.fought.append(zone)
    defender = st.defender_in(zone, role)
    d_units, d_leaders = force(st, zone, defender)
    mobile = [u for u in d_units if st.udef(u).people != "armenia"]
    if d_leaders:
        best = max(d_leaders, key=lambda x: (st.ldef(x).vs, st.ldef(x).cc))
        cc = st.ldef(best).cc
        taking = sorted(mobile, key=lambda u: -st.unit_values(u)[0])[:cc]
        vs = max(st.ldef(x).vs for x in d_leaders)
        if vs <= 1:
            # §8.1 needs a d6 strictly under the best VS: with VS 1 no face can succeed (not even
            # one chosen with Faveur divine), so the attempt is not offered (ruling E-8.1).
            out.say(f"§8.1: {name(st, best)} (VS {vs}) cannot evade; the battle is fought.")
        elif evasion_zones(st, zone, defender, best, taking):
            politics.open_decision(
                st,
                defender,
                "evade",
                f"§8.1: {name(st, zone)} is attacked. Try to evade with {name(st, best)}?",
                [("fight", "stand and fight"), ("evade", "try to evade")],
                "fight",
                "§8.1",
                {"zone": zone, "leader": best, "units": taking},
            )
            return
    battle(st, out, role, zone)


def evade(st: ImperatorState, out: Outcome, data: dict[str, Any], choice: str) -> None:
    zone = data["zone"]
    attacker = st.active
    defender = st.defender_in(zone, attacker)
    if choice == "evade":
        leader = data["leader"]
        units = [u for u in data["units"] if st.units[u].status == "map" and st.units[u].loc == zone]
        vs = max(st.ldef(x).vs for x in st.leaders_in(zone, defender))
        if stratagems.favour_window(st, defender, "evade", data, "d6", [f < vs for f in range(1, 7)]):
            return
        roll = stratagems.favour_roll(st, "d6", f"§8.1 evasion (needs less than {vs})", [], data)
        if roll.result < vs:
            zones = evasion_zones(st, zone, defender, leader, units)
            if zones:
                dest = str(data.get("to")) if data.get("to") in zones else zones[0]
                out.say(f"§8.1: the evasion succeeds; {name(st, leader)} slips away to {name(st, dest)}.")
                out.cite("§8.1")
                for lid in st.leaders_in(zone, defender):
                    st.leaders[lid].loc = dest
                for u in units:
                    st.units[u].loc = dest
                out.map_changed = True
                movement.after_move(st, out, defender, [zone, dest])
                if st.units_in(zone, defender) and st.units_in(zone, attacker) and not st.game_over:
                    battle(st, out, attacker, zone)
                return
        out.say("§8.1: the evasion fails; the battle is fought.")
    battle(st, out, attacker, zone)


def battle(st: ImperatorState, out: Outcome, attacker: str, zone: str) -> None:
    defender = st.defender_in(zone, attacker)
    a_units, a_leaders = force(st, zone, attacker)
    d_units, d_leaders = force(st, zone, defender)
    if not a_units or not d_units:
        return
    if stratagems.battle_window_needed(st, zone, attacker):
        return
    plays = dict(st.battle.get("plays", {})) if st.battle else {}
    out.cite("§8.2")
    a_pf = sum(st.unit_values(u)[0] for u in a_units)
    d_pf = sum(st.unit_values(u)[0] for u in d_units)
    column = tables.odds_column(a_pf, d_pf)
    a_qu = average([st.unit_values(u)[1] for u in a_units])
    d_qu = average([st.unit_values(u)[1] for u in d_units])
    shift = 0
    if d_qu > 0 and a_qu >= 2 * d_qu or d_qu == 0 and a_qu >= 1:
        shift = 2
    elif a_qu > 0 and d_qu >= 2 * a_qu or a_qu == 0 and d_qu >= 1:
        shift = -2
    elif a_qu > d_qu:
        shift = 1
    elif a_qu < d_qu:
        shift = -1
    mods: list[tuple[str, int]] = []
    a_bt = force_bt(st, a_units, a_leaders)
    d_bt = force_bt(st, d_units, d_leaders)
    if a_bt:
        mods.append(("attacker BT", a_bt))
    if d_bt:
        mods.append(("defender BT", -d_bt))
    d_side = st.real_side(defender, d_units)  # mutineers count as their owner's troops here
    outside = not st.in_empire(zone)
    nonroman = [u for u in a_units + d_units if st.udef(u).people not in (ROMAN, "armenia")]
    if outside and d_side == "E" and d_units and all(st.udef(u).people != ROMAN for u in d_units):
        mods.append(("EoR defends outside the Empire", -1))
    if outside and attacker == "E" and all(st.udef(u).people != ROMAN for u in a_units):
        mods.append(("EoR attacks outside the Empire", 1))
    civil = is_roman_force(st, a_units) and is_roman_force(st, d_units)
    if civil:
        a_cp = max([st.ldef(x).cp for x in a_leaders], default=0)
        d_cp = max([st.ldef(x).cp for x in d_leaders], default=0)
        if a_cp > d_cp:
            mods.append(("attacker's better CP", 1))
        elif a_cp < d_cp:
            mods.append(("defender's better CP", -1))
    sign_r = 1 if attacker == "R" else -1
    if st.event == 3:
        mods.append(("Event 3: legions discouraged", -sign_r))
    if st.event == 12:
        mods.append(("Event 12: donative to the legions", sign_r))
    if st.event == 11:
        pr = [u for u, s in st.units.items() if st.udef(u).praetorian and s.status == "map"]
        rome_units = a_units if attacker == "R" else d_units if d_side == "R" else []
        if pr and all(p in rome_units for p in pr):
            mods.append(("Event 11: donative to the Praetorians", sign_r))
    germans = any(st.board.peoples.get(st.udef(u).people) and st.board.peoples[st.udef(u).people].nationality == "german" for u in nonroman)
    if germans and st.event == 5:
        mods.append(("Event 5: German vigour", 2 if attacker == "E" else -2))
    if germans and st.event == 15:
        mods.append(("Event 15: famine in Germania", -1 if attacker == "E" else 1))
    purpose = f"§8.2 battle in {name(st, zone)} ({a_pf} PF vs {d_pf} PF, {column}, shift {shift:+d})"
    forced = plays.get("forced")
    roll: DiceRoll | None = None
    if forced:
        row = 9 if forced == attacker else -2
        out.say(f"§6: no die is rolled; the row is {'9 and more' if row == 9 else '-2 and less'}.")
    elif plays.get("face"):
        face = int(plays["face"])
        roll = DiceRoll(purpose + " (Faveur divine)", "d6", face, tuple(mods), face + sum(v for _, v in mods))
        st.dice.rolls.append(roll)
        row = roll.result
    else:
        roll = st.dice.d6(purpose, mods)
        row = roll.result
    rr = st.options.get("rr_result", "defender")
    res = tables.battle_result(column, row, shift, rr_result="stalemate" if rr == "stalemate" else "defender")
    st.persian_battle = stratagems.battle_facts(st, zone, attacker)["persian"]
    # The report in words and the battle card's data (rules/imperator/views.py).
    from rules.imperator import views

    st.last_battle = views.battle_record(
        st,
        zone=zone,
        attacker=attacker,
        defender=defender,
        forces={attacker: (a_units, a_leaders), defender: (d_units, d_leaders)},
        pf={attacker: a_pf, defender: d_pf},
        odds=column,
        qu={attacker: a_qu, defender: d_qu},
        shift=shift,
        roll=roll,
        forced_row=row if forced else None,
        result=res,
    )
    for line in views.battle_report(st.last_battle):
        out.say(line)
    out.highlight = True  # a big event: spectators who asked are mentioned
    total_pf = a_pf + d_pf
    a_before = list(a_units)
    d_before = list(d_units)
    # Loser's losses first (they set the winner's fractional losses).
    hit_a = _apply_result(st, out, res.attacker, a_units, len(d_before), attacker, zone)
    hit_d = _apply_result(st, out, res.defender, d_units, len(a_before), defender, zone)
    # fractional results depend on the enemy's units hit (AMB-03); the owner picks the units
    todo: list[list[Any]] = []
    if res.attacker in FRACTIONS:
        todo.append([attacker, res.attacker, hit_d, _fraction_count(res.attacker, a_units, hit_d), []])
    if res.defender in FRACTIONS:
        todo.append([defender, res.defender, hit_a, _fraction_count(res.defender, d_units, hit_a), []])
    winner = attacker if res.winner == "attacker" else defender if res.winner == "defender" else None
    data = {
        "zone": zone,
        "attacker": attacker,
        "defender": defender,
        "codes": [res.attacker, res.defender],
        "a_leaders": a_leaders,
        "d_leaders": d_leaders,
        "civil": civil,
        "total_pf": total_pf,
        "winner": winner,
        "todo": todo,
    }
    _losses(st, out, data)


def _fraction_count(code: str, units: list[str], enemy_hit: int) -> int:
    num, den = FRACTIONS[code]
    return min(enemy_hit * num // den, len(units))


def _loss_key(st: ImperatorState, uid: str) -> tuple[Any, ...]:
    """Units with the same key are interchangeable for a loss (same counter kind, values, state)."""
    d, us = st.udef(uid), st.units[uid]
    return (d.people, d.kind, d.front, d.home, d.praetorian, st.unit_values(uid), us.reduced, us.owner, us.usurper, us.mutiny)


def _loss_candidates(st: ImperatorState, zone: str, role: str, done: list[str]) -> list[str]:
    units = [u for u in st.units_in(zone, role) if u not in done]
    # Praetor's default order spares elimination: normal units first, strongest first
    return sorted(units, key=lambda u: (st.units[u].reduced, -st.unit_values(u)[0], u))


def _losses(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§8.3 / AMB-03: fractional step losses, one unit at a time, chosen by their owner.

    The choice is asked only when it matters: when the units left to pick from are not all alike
    and not all of them must take the loss."""
    zone = data["zone"]
    while data["todo"]:
        role, code, enemy_hit, left, done = data["todo"][0]
        cands = _loss_candidates(st, zone, role, done)
        if left > 0 and cands and left < len(cands):
            reps: dict[tuple[Any, ...], str] = {}
            for u in cands:
                reps.setdefault(_loss_key(st, u), u)
            if len(reps) > 1:
                choices = [(u, name(st, u) + (" (reduced: eliminated)" if st.units[u].reduced else "")) for u in reps.values()]
                politics.open_decision(
                    st,
                    role,
                    "losses",
                    f"§8.3: {name(st, zone)}: {left} of your units must take a step loss; choose one.",
                    choices,
                    cands[0],
                    "§8.3",
                    data,
                )
                return
        take = cands[:left]
        for u in take:
            step_loss(st, u)
        total = len(done) + len(take)
        if total:
            out.say(
                _n(
                    "§8.3: {seat} takes {n} step loss ({code} of {hit}).",
                    "§8.3: {seat} takes {n} step losses ({code} of {hit}).",
                    total,
                    seat=st.seat_of(role),
                    code=code,
                    hit=enemy_hit,
                )
            )
        data["todo"].pop(0)
    _after_losses(st, out, data)


def choose_loss(st: ImperatorState, out: Outcome, data: dict[str, Any], choice: str) -> None:
    """Answer of a ``losses`` decision: ``choice`` takes one step loss, then the battle goes on."""
    entry = data["todo"][0]
    step_loss(st, choice)
    entry[3] -= 1
    entry[4].append(choice)
    _losses(st, out, data)


def _after_losses(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    zone, attacker = data["zone"], data["attacker"]
    defender = str(data.get("defender") or other(attacker))
    code_a, code_d = data["codes"]
    a_leaders, d_leaders = data["a_leaders"], data["d_leaders"]
    civil, total_pf, winner = data["civil"], data["total_pf"], data["winner"]
    if winner is not None and total_pf >= 35:
        st.add_vp(winner, 1)
        out.say(f"§10: a battle of {total_pf} PF: 1 VP to {st.seat_of(winner)}.")
    # Leaders of a force hit by E die (§8.4).
    for foe, code, leaders in ((defender, code_a, a_leaders), (attacker, code_d, d_leaders)):
        if code == "E":
            for lid in leaders:
                politics.kill_leader(st, out, lid, "his force was destroyed", killer=foe)
    if st.game_over:
        return
    if winner is None:
        _lone_leaders(st, out, zone)
        return
    loser = defender if winner == attacker else attacker
    loser_leaders = [x for x in (a_leaders if loser == attacker else d_leaders) if st.leaders[x].status == "map"]
    augusti = [x for x in loser_leaders if st.leaders[x].title == "augustus"]
    if augusti:
        politics.augusti_defeated(st, out, augusti)
    if civil and st.civil_war and MUTINEERS not in (attacker, defender):
        for lid in loser_leaders:
            if st.leaders[lid].title in ("augustus", "caesar", "usurper") and st.leaders[lid].status == "map":
                politics.kill_leader(st, out, lid, "defeated in civil war", killer=winner, section="§8.4")
        if st.game_over:
            return
    _retreat(st, out, zone, loser, loser == attacker, winner)


def _apply_result(st: ImperatorState, out: Outcome, code: str, units: list[str], enemy_count: int, role: str, zone: str) -> int:
    """Apply E or A; return how many units were hit (reduced or eliminated)."""
    hit = 0
    if code == "E":
        for u in list(units):
            eliminate(st, u)
            hit += 1
        out.say(f"All {st.seat_of(role)} units in {name(st, zone)} are eliminated.")
    elif code == "A":
        for u in list(units):
            step_loss(st, u)
            hit += 1
        out.say(f"All {st.seat_of(role)} units in {name(st, zone)} take a loss.")
    return hit


def step_loss(st: ImperatorState, uid: str) -> None:
    us = st.units[uid]
    if us.reduced:
        eliminate(st, uid)
    else:
        us.reduced = True


def eliminate(st: ImperatorState, uid: str) -> None:
    us = st.units[uid]
    d = st.udef(uid)
    us.status = "eliminated"
    us.loc = None
    us.fleet = None
    us.reduced = False
    if us.mutiny:
        stratagems.leave_mutiny(st, None, uid)
    if d.people == ROMAN and us.owner == "E":
        us.owner = "E"  # returns to its usurper in phase F (§9.2.2)


def fuite_zones(st: ImperatorState, zone: str, role: str) -> list[str]:
    """§6.3 Fuite opportune (AMB-53): a normal step into a zone with no enemy units in it."""
    units, leaders = force(st, zone, role)
    units = [u for u in units if st.udef(u).people != "armenia" and st.units[u].mutiny is None]
    lead = max(leaders, key=lambda x: (st.ldef(x).cc, x)) if leaders else None
    if lead is not None:
        units = sorted(units, key=lambda u: -st.unit_values(u)[0])[: st.ldef(lead).cc]
    res = []
    for n in st.board.land_neighbours(zone):
        if st.hostile_units(n, role):
            continue
        err = movement.step_error(st, role, lead, units, zone, n)
        if err is None:
            res.append(n)
    return sorted(res)


def fuite(st: ImperatorState, out: Outcome, zone: str, role: str, dest: str) -> None:
    if dest not in fuite_zones(st, zone, role):
        raise RuleError("§6.3", f"the force may not withdraw to {name(st, dest)}")
    units, leaders = force(st, zone, role)
    units = [u for u in units if st.udef(u).people != "armenia" and st.units[u].mutiny is None]
    if leaders:
        lead = max(leaders, key=lambda x: (st.ldef(x).cc, x))
        units = sorted(units, key=lambda u: -st.unit_values(u)[0])[: st.ldef(lead).cc]
    for u in units:
        st.units[u].loc = dest
    for x in leaders:
        st.leaders[x].loc = dest
    out.say(f"§6.3: the force in {name(st, zone)} slips away to {name(st, dest)}; no battle.")
    out.map_changed = True
    movement.after_move(st, out, role, [zone, dest])


def _retreat(st: ImperatorState, out: Outcome, zone: str, loser: str, attacker: bool, winner: str) -> None:
    units, leaders = force(st, zone, loser)
    units = [u for u in units if True]
    armenia = [u for u in units if st.udef(u).people == "armenia"]
    for u in armenia:
        eliminate(st, u)  # §4.2 note: the Armenia unit never retreats
    units = [u for u in units if u not in armenia]
    if not units and not leaders:
        _lone_leaders(st, out, zone)
        return
    zones = retreat_zones(st, zone, loser, units, leaders, attacker)
    if not zones:
        out.say(f"§8.3: no retreat is possible from {name(st, zone)}; the beaten force is destroyed.")
        for u in units:
            eliminate(st, u)
        for lid in leaders:
            politics.kill_leader(st, out, lid, "no retreat possible", killer=winner)
        return
    if len(zones) == 1:
        do_retreat(st, out, zone, loser, zones[0])
        return
    choices = [(z, name(st, z)) for z in zones]
    if len(units) + len(leaders) > 1:
        choices.append(("split", "split the force: choose a zone for each unit and leader (AMB-24)"))
    politics.open_decision(
        st,
        loser,
        "retreat",
        f"§8.3: your force in {name(st, zone)} is beaten; choose where it retreats.",
        choices,
        zones[0],
        "§8.3",
        {"zone": zone, "attacker": attacker, "zones": zones},
    )


def split_retreat(st: ImperatorState, out: Outcome, data: dict[str, Any], loser: str) -> None:
    """AMB-24: the beaten force may split its retreat; each leader, then each unit, picks a zone."""
    zone = data["zone"]
    units, leaders = force(st, zone, loser)
    for x in [x for x in leaders if st.leaders[x].ill]:
        politics.kill_leader(st, out, x, "too ill to retreat (Event 4)", section="Event 4")
    for u in [u for u in units if st.udef(u).people == "armenia"]:
        eliminate(st, u)
    todo = [x for x in leaders if st.leaders[x].status == "map"] + [u for u in units if st.units[u].status == "map"]
    data = {**data, "todo": todo, "sent": {}}
    _split_next(st, out, data, loser)


def _piece_zones(st: ImperatorState, data: dict[str, Any], loser: str, piece: str) -> list[str]:
    zone, attacker = data["zone"], data["attacker"]
    if piece in st.leaders:
        zs = retreat_zones(st, zone, loser, [], [piece], attacker)
    else:
        found = set(retreat_zones(st, zone, loser, [piece], [], attacker))
        for lid, dest in data["sent"].items():
            if lid in st.leaders and dest in retreat_zones(st, zone, loser, [piece], [lid], attacker):
                found.add(dest)
        zs = sorted(found)
    return zs or list(data["zones"])


def _split_next(st: ImperatorState, out: Outcome, data: dict[str, Any], loser: str) -> None:
    zone = data["zone"]
    while data["todo"]:
        piece = data["todo"][0]
        zs = _piece_zones(st, data, loser, piece)
        if len(zs) > 1:
            politics.open_decision(
                st,
                loser,
                "retreat_part",
                f"§8.3: where does {name(st, piece)} retreat from {name(st, zone)}?",
                [(z, name(st, z)) for z in zs],
                zs[0] if data["zones"][0] not in zs else data["zones"][0],
                "§8.3",
                data,
            )
            return
        _send_piece(st, out, data, loser, zs[0])
    dests = sorted(set(data["sent"].values()))
    out.map_changed = True
    movement.after_move(st, out, loser, [zone, *dests])
    _lone_leaders(st, out, zone)


def _send_piece(st: ImperatorState, out: Outcome, data: dict[str, Any], loser: str, dest: str) -> None:
    piece = data["todo"].pop(0)
    data["sent"][piece] = dest
    if piece in st.leaders:
        if st.leaders[piece].status == "map":
            st.leaders[piece].loc = dest
    else:
        st.units[piece].loc = dest
        if st.udef(piece).people != ROMAN and movement.people_distance(st, st.udef(piece).people, dest) > 5:
            eliminate(st, piece)
    out.say(f"§8.3: {name(st, piece)} retreats to {name(st, dest)}.")


def retreat_part(st: ImperatorState, out: Outcome, data: dict[str, Any], loser: str, dest: str) -> None:
    _send_piece(st, out, data, loser, dest)
    _split_next(st, out, data, loser)


def do_retreat(st: ImperatorState, out: Outcome, zone: str, loser: str, dest: str) -> None:
    units, leaders = force(st, zone, loser)
    ill = [x for x in leaders if st.leaders[x].ill]
    for x in ill:
        politics.kill_leader(st, out, x, "too ill to retreat (Event 4)", section="Event 4")
    for u in units:
        if st.udef(u).people == "armenia":
            eliminate(st, u)
            continue
        st.units[u].loc = dest
        if st.udef(u).people != ROMAN and movement.people_distance(st, st.udef(u).people, dest) > 5:
            eliminate(st, u)
    for x in leaders:
        if st.leaders[x].status == "map":
            st.leaders[x].loc = dest
    out.say(f"§8.3: the beaten force retreats to {name(st, dest)}.")
    out.map_changed = True
    movement.after_move(st, out, loser, [zone, dest])
    _lone_leaders(st, out, zone)


def _lone_leaders(st: ImperatorState, out: Outcome, zone: str) -> None:
    for r in ("R", "E"):
        if st.units_in(zone, r) or not st.hostile_units(zone, r):
            continue
        for lid in st.leaders_in(zone, r):
            movement.lone_leader_escape(st, out, lid)


__all__ = ["INTERIOR", "attack", "battle", "contested", "do_retreat", "evade"]
