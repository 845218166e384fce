"""Combat (§8): evasion, the battle, losses, retreat, leader deaths, battle VP (§10)."""

from __future__ import annotations

from typing import Any, Literal

from rules.core.command import Outcome
from rules.core.dice import DiceRoll
from rules.core.errors import RuleError
from rules.core.i18n import _, _n, data_name
from rules.imperator import combat_math as cm
from rules.imperator import movement, politics, stratagems, tables
from rules.imperator.model import INTERIOR, MUTINEERS, ROMAN, ImperatorState, other
from rules.imperator.politics import name, piece_name


def contested(st: ImperatorState, role: str) -> list[str]:
    """Zones where ``role``'s units share the zone with enemy units (AMB-54: all must be fought)."""
    zones = sorted({s.loc for s in st.units.values() if s.status == "map" and s.owner == role and s.loc and not s.fleet})
    return [z for z in zones if st.hostile_units(z, role) and z not in st.fought]


def force(st: ImperatorState, zone: str, role: str) -> tuple[list[str], list[str]]:
    return st.units_in(zone, role), st.leaders_in(zone, role)


def force_bt(st: ImperatorState, units: list[str], leaders: list[str]) -> int:
    """§8.5: the force's BT (:func:`combat_math.force_bt`); an ill Augustus's BT does not count."""
    return cm.force_bt(
        [st.ldef(x).bt for x in leaders if not st.leaders[x].ill], [st.unit_values(u)[2] for u in units]
    )


def is_roman_force(st: ImperatorState, units: list[str]) -> bool:
    return all(st.udef(u).people in (ROMAN,) for u in units)


def withdrawal_zones(
    st: ImperatorState, zone: str, role: str, units: list[str], leaders: list[str], *, away_from_attackers: bool
) -> list[str]:
    """§8.1 / §8.3 (AMB-24): where a force may evade or retreat: one adjacent land zone, whatever
    its PM cost, free of enemy combat units, where stacking with the friendly forces already
    there is allowed (§4.2), obeying every movement constraint of the units and leaders (§3.3
    Fronts and Reserve Fronts included, §4.3). ``away_from_attackers`` bars the zones the
    attackers came from (an evading or beaten defender)."""
    came = set(st.entered_from.get(zone, [])) if away_from_attackers else set()
    res = []
    for n in st.board.land_neighbours(zone):
        if n in came or st.hostile_units(n, role):
            continue
        if _step_blocked(st, units, leaders, zone, n):
            continue
        if role == "E" and _mixed_stack(st, units, leaders, n):
            continue
        res.append(n)
    return sorted(res)


def _step_blocked(st: ImperatorState, units: list[str], leaders: list[str], frm: str, to: str) -> bool:
    """The movement rules of §3.3, §3.5, §4.3 and §7 for the whole force: every unit with one of
    the force's leaders (any of them may lead it), and every leader."""
    if not leaders:
        return movement.step_error(st, None, units, frm, to) is not None
    for u in units:
        if all(movement.step_error(st, x, [u], frm, to) for x in leaders):
            return True
    for x in leaders:
        mates = [u for u in units if st.udef(u).people == st.ldef(x).people]
        if movement.step_error(st, x, mates, frm, to) is not None:
            return True
    return False


def _mixed_stack(st: ImperatorState, units: list[str], leaders: list[str], zone: str) -> bool:
    """§4.2: the Enemies of Rome never stack Romans, Western and Eastern Peoples together."""
    cats = {st.people_category(st.udef(u).people) for u in units if st.udef(u).people != "armenia"}
    cats |= {st.people_category(st.ldef(x).people) for x in leaders}
    cats |= {st.people_category(st.udef(u).people) for u in st.units_in(zone, "E") if st.udef(u).people != "armenia"}
    cats |= {st.people_category(st.ldef(x).people) for x in st.leaders_in(zone, "E")}
    return len(cats) > 1


def evasion_zones(st: ImperatorState, zone: str, role: str, leader: str | list[str], units: list[str]) -> list[str]:
    """§8.1: where the evading force may go (:func:`withdrawal_zones`, away from the attackers)."""
    leaders = [leader] if isinstance(leader, str) else list(leader)
    return withdrawal_zones(st, zone, role, units, leaders, away_from_attackers=True)


def retreat_zones(st: ImperatorState, zone: str, role: str, units: list[str], leaders: list[str], attacker: bool) -> list[str]:
    """§8.3: the same constraints as an evasion; a beaten attacker may go back where it came from."""
    return withdrawal_zones(st, zone, role, units, leaders, away_from_attackers=not attacker)


def _mobile(st: ImperatorState, units: list[str]) -> list[str]:
    """The units that can leave with a leader (the Armenia unit and mutineers stay), strongest first."""
    return sorted((u for u in units if st.udef(u).people != "armenia" and st.units[u].mutiny is None),
                  key=lambda u: (-st.unit_values(u)[0], u))


def evasion_force(st: ImperatorState, zone: str, role: str) -> tuple[list[str], list[str]]:
    """§8.1: the leaders who evade and, by default, the units they take: each leader takes at
    most his own CC of units, so the force carries the sum of their CCs (strongest first until
    the evading player picks them, :func:`evade_unit`)."""
    units, leaders = force(st, zone, role)
    movers = [x for x in leaders if not st.leaders[x].ill]  # Event 4: an ill Augustus stays put
    capacity = sum(st.ldef(x).cc for x in movers)
    return _mobile(st, units)[:capacity], movers


def attack(st: ImperatorState, out: Outcome, role: str, zone: str) -> None:
    if zone not in contested(st, role):
        raise RuleError("§8", _("there is no battle to fight in {zone}", zone=name(st, zone)))
    st.fought.append(zone)
    defender = st.defender_in(zone, role)
    d_units, d_leaders = force(st, zone, defender)
    if d_leaders:
        best = max(d_leaders, key=lambda x: (st.ldef(x).vs, st.ldef(x).cc, x))
        vs = st.ldef(best).vs
        taking, movers = evasion_force(st, zone, defender)
        if vs <= 1:
            # §8.1 needs a d6 strictly under the best VS: with VS 1 no face can succeed (not even
            # one chosen with Faveur divine), so the attempt is not offered (ruling E-8.1).
            out.say(_("§8.1: {leader} (VS {vs}) cannot evade; the battle is fought.", leader=name(st, best), vs=vs))
        elif movers and evasion_zones(st, zone, defender, movers, taking):
            politics.open_decision(
                st,
                defender,
                "evade",
                _("§8.1: {zone} is attacked. Try to evade with {leader}?", zone=name(st, zone), leader=name(st, best)),
                [("fight", _("stand and fight")), ("evade", _("try to evade"))],
                "fight",
                "§8.1",
                {"zone": zone, "leader": best, "leaders": movers, "units": taking},
            )
            return
    battle(st, out, role, zone)


def evade(st: ImperatorState, out: Outcome, data: dict[str, Any], choice: str) -> None:
    zone = data["zone"]
    attacker = st.active
    defender = st.defender_in(zone, attacker)
    if choice == "evade":
        vs = max(st.ldef(x).vs for x in st.leaders_in(zone, defender))
        if stratagems.favour_window(st, defender, "evade", data, "d6", [cm.evasion_succeeds(vs, f) for f in range(1, 7)]):
            return
        roll = stratagems.favour_roll(st, "d6", _("§8.1 evasion (needs less than {vs})", vs=vs), [], data)
        if cm.evasion_succeeds(vs, roll.result):
            _pick_evaders(st, out, dict(data, picked=[]))
            return
        out.say(_("§8.1: the evasion fails; the battle is fought."))
    battle(st, out, attacker, zone)


def _pick_evaders(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§8.1: the evading player picks the units his leaders take, one at a time, up to the sum
    of their CCs (an ``evade_unit`` decision, the strongest left by default); with no choice to
    make they all go. Then the destination (:func:`_evasion_destination`). §6.3 Fuite opportune
    (``data["fuite"]``, its zone already chosen) picks its units the same way, among those that
    may enter that zone, then goes (:func:`_fuite_go`)."""
    zone = data["zone"]
    defender = str(data.get("by") or st.defender_in(zone, st.active))
    leaders, _units = _evaders(st, data, zone, defender)
    capacity = sum(st.ldef(x).cc for x in leaders)
    picked = [u for u in data["picked"] if st.units[u].status == "map" and st.units[u].loc == zone]
    left = [u for u in _mobile(st, force(st, zone, defender)[0]) if u not in picked]
    dest = data.get("fuite")
    if dest:
        left = [u for u in left if dest in withdrawal_zones(st, zone, defender, [*picked, u], leaders,
                                                            away_from_attackers=False)]
    if left and len(picked) < capacity < len(picked) + len(left):
        prompt = (_("§6.3: Fuite opportune; pick a unit to go with the leaders ({taken} of {cc} taken).",
                    taken=len(picked), cc=capacity) if dest else
                  _("§8.1: the evasion succeeds; pick a unit to go with the leaders ({taken} of {cc} taken).",
                    taken=len(picked), cc=capacity))
        politics.open_decision(
            st, defender, "evade_unit", prompt,
            politics.piece_choices(st, left), left[0], "§6.3" if dest else "§8.1", dict(data, picked=picked),
        )
        return
    taken = picked + left[: max(0, capacity - len(picked))]
    if dest:
        _fuite_go(st, out, zone, defender, str(dest), taken, leaders)
        return
    _evasion_destination(st, out, dict(data, units=taken, picked=taken))


def evade_unit(st: ImperatorState, out: Outcome, data: dict[str, Any], unit: str) -> None:
    """§8.1: ``unit`` goes with the evading leaders (the answer to an ``evade_unit`` decision)."""
    _pick_evaders(st, out, dict(data, picked=[*data["picked"], unit]))


def _evasion_destination(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§8.1: the zone the evading force goes to, the evading player's pick when there are several."""
    zone = data["zone"]
    defender = st.defender_in(zone, st.active)
    leaders, units = _evaders(st, data, zone, defender)
    zones = evasion_zones(st, zone, defender, leaders, units)
    if len(zones) > 1:
        politics.open_decision(
            st, defender, "evade_to", _("§8.1: the evasion succeeds; where does the force in {zone} go?", zone=name(st, zone)),
            [(z, name(st, z)) for z in zones], zones[0], "§8.1", dict(data),
        )
        return
    if zones:
        evade_to(st, out, data, zones[0])
        return
    out.say(_("§8.1: the evasion fails; the battle is fought."))
    battle(st, out, st.active, zone)


def _evaders(st: ImperatorState, data: dict[str, Any], zone: str, defender: str) -> tuple[list[str], list[str]]:
    leaders = [x for x in data.get("leaders") or [data["leader"]] if st.leaders[x].status == "map" and st.leaders[x].loc == zone]
    units = [u for u in data["units"] if st.units[u].status == "map" and st.units[u].loc == zone]
    return leaders, units


def evade_to(st: ImperatorState, out: Outcome, data: dict[str, Any], dest: str) -> None:
    """§8.1: the evading leaders, each with the units his CC allows, go to ``dest`` (the evading
    player's pick); whatever stays behind is fought."""
    zone = data["zone"]
    attacker = st.active
    defender = st.defender_in(zone, attacker)
    leaders, units = _evaders(st, data, zone, defender)
    if dest not in evasion_zones(st, zone, defender, leaders, units):
        raise RuleError("§8.1", _("the force may not evade to {zone}", zone=name(st, dest)))
    out.say(_("§8.1: the evasion succeeds; {leader} slips away to {zone}.",
              leader=name(st, data["leader"]), zone=name(st, dest)))
    out.cite("§8.1")
    withdraw_pieces(st, out, "§8.1", [*leaders, *units], zone, dest)
    movement.after_move(st, out, defender, [zone, dest])
    if st.units_in(zone, defender) and st.units_in(zone, attacker) and not st.game_over:
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
    a_qu = tables.average_rating([st.unit_values(u)[1] for u in a_units])
    d_qu = tables.average_rating([st.unit_values(u)[1] for u in d_units])
    d_side = st.real_side(defender, d_units)  # mutineers count as their owner's troops here
    outside = not st.in_empire(zone)
    civil = is_roman_force(st, a_units) and is_roman_force(st, d_units)
    mods = cm.battle_modifiers(
        attacker_bt=force_bt(st, a_units, a_leaders),
        defender_bt=force_bt(st, d_units, d_leaders),
        eor_defends_outside_empire=outside and d_side == "E" and all(st.udef(u).people != ROMAN for u in d_units),
        eor_attacks_outside_empire=outside and attacker == "E" and all(st.udef(u).people != ROMAN for u in a_units),
        civil_war=civil,
        attacker_cp=cm.force_cp(st.ldef(x).cp for x in a_leaders),
        defender_cp=cm.force_cp(st.ldef(x).cp for x in d_leaders),
    )
    if st.event:
        mods += _event_modifier(st, attacker, a_units, d_units, d_side)
    column = tables.odds_column(a_pf, d_pf)
    shift = cm.quality_column_shift(a_qu, d_qu)
    purpose = _("§8.2 battle in {zone} ({a} PF vs {d} PF, {column}, shift {shift})", zone=name(st, zone),
                a=a_pf, d=d_pf, column=column, shift=f"{shift:+d}")
    forced = plays.get("forced")
    natural: int | None = None
    forced_row: int | None = None
    roll: DiceRoll | None = None  # the recorded die, for the battle report
    if forced:
        forced_row = cm.stratagem_row(user_attacks=forced == attacker)
        out.say(_("§6: no die is rolled; the row is 9 and more.") if forced_row == 9
                else _("§6: no die is rolled; the row is -2 and less."))
    elif plays.get("face"):
        natural = int(plays["face"])
        total = natural + sum(v for _, v in mods)
        roll = DiceRoll(_("{purpose} (Faveur divine)", purpose=purpose), "d6", natural, tuple(mods), total)
        st.dice.rolls.append(roll)
    else:
        roll = st.dice.d6(purpose, mods)
        natural = roll.natural
    rr: Literal["defender", "stalemate"] = "stalemate" if st.options.get("rr_result") == "stalemate" else "defender"
    res = cm.resolve_battle(
        attacker_pf=a_pf,
        defender_pf=d_pf,
        attacker_quality=a_qu,
        defender_quality=d_qu,
        roll=natural,
        die_modifier=sum(v for _, v in mods),
        forced_row=forced_row,
        rr_result=rr,
    )
    st.persian_battle = stratagems.battle_facts(st, zone)["persian"]
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
        forced_row=forced_row,
        result=res,
    )
    for line in views.battle_report(st.last_battle):
        out.say(line)
    out.highlight = True  # a big event: spectators who asked are mentioned
    # §8.3: A and E hit every unit; a fraction is taken of the units the other side lost (AMB-03)
    a_loss, d_loss = cm.battle_losses(res, len(a_units), len(d_units))
    _apply_flat_loss(st, out, a_loss, a_units, attacker, zone)
    _apply_flat_loss(st, out, d_loss, d_units, defender, zone)
    todo: list[list[Any]] = [
        [role, loss.result, enemy.steps, loss.steps, []]
        for role, loss, enemy in ((attacker, a_loss, d_loss), (defender, d_loss, a_loss))
        if loss.kind == "choose"
    ]
    winner = attacker if res.winner == "attacker" else defender if res.winner == "defender" else None
    data = {
        "zone": zone,
        "attacker": attacker,
        "defender": defender,
        "codes": [res.attacker, res.defender],
        "a_leaders": a_leaders,
        "d_leaders": d_leaders,
        "civil": civil,
        "vp": cm.battle_gives_vp(a_pf, d_pf),
        "total_pf": a_pf + d_pf,
        "winner": winner,
        "todo": todo,
    }
    _losses(st, out, data)


def _event_modifier(st: ImperatorState, attacker: str, a_units: list[str], d_units: list[str], d_side: str) -> list[tuple[str, int]]:
    """Events table: the die modifier of the event in force (:func:`combat_math.event_die_modifier`)."""
    ev = tables.event(st.event)
    german = any(
        st.udef(u).people in st.board.peoples and st.board.peoples[st.udef(u).people].nationality == "german"
        for u in a_units + d_units
    )
    praetorians = [u for u, s in st.units.items() if st.udef(u).praetorian and s.status == "map"]
    rome_units = a_units if attacker == "R" else d_units if d_side == "R" else []
    mod = cm.event_die_modifier(
        ev,
        attacker_side="rome" if attacker == "R" else "eor",
        german_unit_in_battle=german,
        all_praetoriae_in_battle=bool(praetorians) and all(u in rome_units for u in praetorians),
    )
    return [(_("Events table, event {number}: {name}", number=ev.number, name=data_name(ev.name)), mod)] if mod else []


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
                choices = [(u, _("{unit} (reduced: eliminated)", unit=piece_name(st, u)) if st.units[u].reduced
                            else piece_name(st, u)) for u in reps.values()]
                politics.open_decision(
                    st,
                    role,
                    "losses",
                    _n("§8.3: {zone}: {n} of your units must take a step loss; choose it.",
                       "§8.3: {zone}: {n} of your units must take a step loss; choose one.", left, zone=name(st, zone)),
                    choices,
                    cands[0],
                    "§8.3",
                    data,
                )
                return
        take = cands[:left]
        for u in take:
            lose_step(st, out, u, "§8.3")
        total = len(done) + len(take)
        if total:  # a fraction always faces an A or E (battle table): _apply_flat_loss redrew the map
            if role == MUTINEERS:
                out.say(_n("§8.3: the mutineers take {n} step loss ({code} of {hit}).",
                           "§8.3: the mutineers take {n} step losses ({code} of {hit}).", total, code=code, hit=enemy_hit))
            else:
                out.say(_n("§8.3: {seat} takes {n} step loss ({code} of {hit}).",
                           "§8.3: {seat} takes {n} step losses ({code} of {hit}).",
                           total, seat=st.seat_of(role), code=code, hit=enemy_hit))
        data["todo"].pop(0)
    _after_losses(st, out, data)


def choose_loss(st: ImperatorState, out: Outcome, data: dict[str, Any], choice: str) -> None:
    """Answer of a ``losses`` decision: ``choice`` takes one step loss, then the battle goes on."""
    entry = data["todo"][0]
    lose_step(st, out, choice, "§8.3")
    entry[3] -= 1
    entry[4].append(choice)
    _losses(st, out, data)


def _after_losses(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    zone, attacker = data["zone"], data["attacker"]
    defender = str(data.get("defender") or other(attacker))
    code_a, code_d = data["codes"]
    a_leaders, d_leaders = data["a_leaders"], data["d_leaders"]
    civil, total_pf, winner = data["civil"], data["total_pf"], data["winner"]
    if winner is not None and data["vp"]:  # cm.battle_gives_vp, reckoned once in battle()
        st.add_vp(winner, 1)
        out.say(_("§10: a battle of {pf} PF: 1 VP to {seat}.", pf=total_pf, seat=st.seat_of(winner)))
    stratagems.check_markers(st, out)  # a Praetorian cohort lost may complete Rome's condition
    if winner is not None:  # §4.5 success B/: a beaten Augustus counts even if he dies below
        beaten = a_leaders if winner == defender else d_leaders
        augusti = [x for x in beaten if st.leaders[x].status == "map" and st.leaders[x].title == "augustus"]
        if augusti:
            politics.augusti_defeated(st, out, augusti)
    # Leaders of a force hit by E die (§8.4).
    for foe, code, leaders in ((defender, code_a, a_leaders), (attacker, code_d, d_leaders)):
        if code == "E":
            politics.kill_leaders(st, out, list(leaders), _("his force was destroyed"), killer=foe)
    if st.game_over:
        return
    if winner is None:
        _lone_leaders(st, out, zone)
        return
    loser = defender if winner == attacker else attacker
    loser_leaders = [x for x in (a_leaders if loser == attacker else d_leaders) if st.leaders[x].status == "map"]
    if civil and st.civil_war and MUTINEERS not in (attacker, defender):
        titled = [x for x in loser_leaders if st.leaders[x].title in ("augustus", "caesar", "usurper") and st.leaders[x].status == "map"]
        politics.kill_leaders(st, out, titled, _("defeated in civil war"), killer=winner, section="§8.4")
        if st.game_over:
            return
    _retreat(st, out, zone, loser, loser == attacker, winner)


def _apply_flat_loss(st: ImperatorState, out: Outcome, loss: cm.SideLoss, units: list[str], role: str, zone: str) -> None:
    """§8.3: an E result eliminates every unit of the force, an A result hits each with one step
    (counters flip or leave: the map is redrawn); a line for the force, then one for each unit
    (AMB-109)."""
    if units and loss.kind in ("all_eliminated", "all_step"):
        out.map_changed = True
    if loss.kind == "all_eliminated":
        out.say(_("All the mutineers' units in {zone} are eliminated.", zone=name(st, zone)) if role == MUTINEERS
                else _("Every unit of {seat} in {zone} is eliminated.", seat=st.seat_of(role), zone=name(st, zone)))
        for u in list(units):
            lose_unit(st, out, u, "§8.3")
    elif loss.kind == "all_step":
        out.say(_("All the mutineers' units in {zone} take a loss.", zone=name(st, zone)) if role == MUTINEERS
                else _("Every unit of {seat} in {zone} takes a loss.", seat=st.seat_of(role), zone=name(st, zone)))
        for u in list(units):
            lose_step(st, out, u, "§8.3")


def lose_step(st: ImperatorState, out: Outcome, uid: str, section: str) -> None:
    """``uid`` takes one step loss (:func:`step_loss`), told on its own line (AMB-109): it turns
    to its reduced side, or, already reduced, is eliminated."""
    zone = name(st, str(st.units[uid].loc))
    if st.units[uid].reduced:
        out.say(_("{section}: {unit} in {zone}, already reduced, is eliminated.",
                  section=section, unit=piece_name(st, uid), zone=zone))
    else:
        out.say(_("{section}: {unit} in {zone} turns to its reduced side.",
                  section=section, unit=piece_name(st, uid), zone=zone))
    step_loss(st, uid, out)


def lose_unit(st: ImperatorState, out: Outcome, uid: str, section: str) -> None:
    """``uid`` is eliminated (:func:`eliminate`), told on its own line (AMB-109)."""
    out.say(_("{section}: {unit} in {zone} is eliminated.",
              section=section, unit=piece_name(st, uid), zone=name(st, str(st.units[uid].loc))))
    eliminate(st, uid, out)


def withdraw_pieces(st: ImperatorState, out: Outcome, section: str, pieces: list[str], zone: str, dest: str) -> None:
    """A force (or one piece of it) leaves ``zone`` for ``dest`` as a whole: §8.1 evasion, §6.3
    Fuite opportune, §8.3 retreat; each leader and unit moved has its line (AMB-97, AMB-109)."""
    for piece in pieces:
        label = piece_name(st, piece)
        if section == "§8.1":
            out.say(_("§8.1: {piece} evades from {zone} to {dest}.", piece=label, zone=name(st, zone), dest=name(st, dest)))
        elif section == "§6.3":
            out.say(_("§6.3: {piece} slips away from {zone} to {dest}.", piece=label, zone=name(st, zone),
                      dest=name(st, dest)))
        elif section == "§8.3":
            out.say(_("§8.3: {piece} retreats from {zone} to {dest}.", piece=label, zone=name(st, zone), dest=name(st, dest)))
        else:
            raise ValueError(f"no withdrawal under {section!r}")
    for piece in pieces:
        if piece in st.leaders:
            st.leaders[piece].loc = dest
        else:
            st.units[piece].loc = dest
    out.map_changed = True


def step_loss(st: ImperatorState, uid: str, out: Outcome) -> None:
    us = st.units[uid]
    if us.reduced:
        eliminate(st, uid, out)
    else:
        us.reduced = True


def eliminate(st: ImperatorState, uid: str, out: Outcome) -> None:
    """``uid`` leaves the map; a Mutinerie marker whose last unit it was goes back to the cup
    with a public line (§6.3: the marker follows its units until they are eliminated)."""
    us = st.units[uid]
    d = st.udef(uid)
    us.status = "eliminated"
    us.loc = None
    us.fleet = None
    us.reduced = False
    if us.mutiny:
        stratagems.leave_mutiny(st, out, uid)
    if d.people == ROMAN and us.owner == "E":
        us.owner = "E"  # returns to its usurper in phase F (§9.2.2)


def fuite_zones(st: ImperatorState, zone: str, role: str) -> list[str]:
    """§6.3 Fuite opportune (AMB-53): a normal step, keeping the stacking and movement rules,
    into a zone with no enemy units in it (:func:`withdrawal_zones`)."""
    units, leaders = evasion_force(st, zone, role)
    if not leaders:
        units = [u for u in force(st, zone, role)[0] if st.udef(u).people != "armenia" and st.units[u].mutiny is None]
    return withdrawal_zones(st, zone, role, units, leaders, away_from_attackers=False)


def fuite(st: ImperatorState, out: Outcome, zone: str, role: str, dest: str) -> None:
    """§6.3 Fuite opportune to ``dest``: leaderless units all go; leaders take their CCs of
    units, which the player picks as for an evasion (:func:`_pick_evaders`)."""
    if dest not in fuite_zones(st, zone, role):
        raise RuleError("§6.3", _("the force may not withdraw to {zone}", zone=name(st, dest)))
    units, leaders = evasion_force(st, zone, role)
    if leaders:
        _pick_evaders(st, out, {"zone": zone, "leader": leaders[0], "leaders": leaders, "units": units,
                                "picked": [], "fuite": dest, "by": role})
        return
    units = [u for u in force(st, zone, role)[0] if st.udef(u).people != "armenia" and st.units[u].mutiny is None]
    _fuite_go(st, out, zone, role, dest, units, [])


def _fuite_go(st: ImperatorState, out: Outcome, zone: str, role: str, dest: str, units: list[str],
              leaders: list[str]) -> None:
    attacker = st.active
    # units of the force stay behind (the attackers are always in the zone: the chit answers their attack)
    if [u for u in st.units_in(zone, role) if u not in units]:
        out.say(_("§6.3: the force in {zone} slips away to {dest}; the units left behind fight.",
                  zone=name(st, zone), dest=name(st, dest)))
    else:
        out.say(_("§6.3: the force in {zone} slips away to {dest}; no battle.", zone=name(st, zone), dest=name(st, dest)))
    withdraw_pieces(st, out, "§6.3", [*leaders, *units], zone, dest)
    movement.after_move(st, out, role, [zone, dest])
    if st.units_in(zone, role) and st.units_in(zone, attacker) and not st.game_over:
        # ruling "§6.3 Fuite opportune: what stays behind fights": the chit moves the part of the
        # force that may go; combat stays compulsory (§8) for the units left with the attackers
        battle(st, out, attacker, zone)


def _retreat(st: ImperatorState, out: Outcome, zone: str, loser: str, attacker: bool, winner: str) -> None:
    units, leaders = force(st, zone, loser)
    armenia = [u for u in units if st.udef(u).people == "armenia"]
    for u in armenia:
        eliminate(st, u, out)  # §4.2 note: the Armenia unit never retreats
        out.say(_("§4.2: {unit} may not retreat and is eliminated; it comes back in the adjustments.", unit=name(st, u)))
    units = [u for u in units if u not in armenia]
    if not units and not leaders:
        _lone_leaders(st, out, zone)
        return
    zones = retreat_zones(st, zone, loser, units, leaders, attacker)
    if not zones:
        out.say(_("§8.3: no retreat is possible from {zone}; the beaten force is destroyed.", zone=name(st, zone)))
        for u in units:
            lose_unit(st, out, u, "§8.3")
        politics.kill_leaders(st, out, list(leaders), _("no retreat possible"), killer=winner)
        return
    if len(zones) == 1:
        do_retreat(st, out, zone, loser, zones[0])
        return
    choices = [(z, name(st, z)) for z in zones]
    if len(units) + len(leaders) > 1:
        choices.append(("split", _("split the force: choose a zone for each unit and leader (AMB-24)")))
    politics.open_decision(
        st,
        loser,
        "retreat",
        _("§8.3: your force in {zone} is beaten; choose where it retreats.", zone=name(st, zone)),
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
        politics.kill_leader(st, out, x, _("too ill to retreat (Event 4)"), section="Event 4")
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
                _("§8.3: where does {piece} retreat from {zone}?", piece=piece_name(st, piece), zone=name(st, zone)),
                [(z, name(st, z)) for z in zs],
                zs[0] if data["zones"][0] not in zs else data["zones"][0],
                "§8.3",
                data,
            )
            return
        _send_piece(st, out, data, zs[0])
    dests = sorted(set(data["sent"].values()))  # each piece sent redrew the map (withdraw_pieces)
    movement.after_move(st, out, loser, [zone, *dests])  # §7: lone leaders of either side in both zones


def _send_piece(st: ImperatorState, out: Outcome, data: dict[str, Any], dest: str) -> None:
    """AMB-24: the next piece of a split retreat goes to ``dest``, told."""
    piece = data["todo"].pop(0)
    data["sent"][piece] = dest
    if piece in st.units or st.leaders[piece].status == "map":
        withdraw_pieces(st, out, "§8.3", [piece], data["zone"], dest)
    if piece in st.units:
        too_far(st, out, piece, dest)


def too_far(st: ImperatorState, out: Outcome, uid: str, dest: str) -> None:
    """§4.3: a non-Roman unit forced back more than 5 zones from its People's home zones is
    eliminated, and the log says so (it once vanished under a line saying it had retreated)."""
    people = st.udef(uid).people
    if people != ROMAN and movement.people_distance(st, people, dest) > 5:
        eliminate(st, uid, out)
        out.say(_("§4.3: {unit} is eliminated: {zone} is more than 5 zones from its home.", unit=name(st, uid),
                  zone=name(st, dest)))


def retreat_part(st: ImperatorState, out: Outcome, data: dict[str, Any], loser: str, dest: str) -> None:
    _send_piece(st, out, data, dest)
    _split_next(st, out, data, loser)


def do_retreat(st: ImperatorState, out: Outcome, zone: str, loser: str, dest: str) -> None:
    units, leaders = force(st, zone, loser)
    ill = [x for x in leaders if st.leaders[x].ill]
    for x in ill:
        politics.kill_leader(st, out, x, _("too ill to retreat (Event 4)"), section="Event 4")
    out.say(_("§8.3: the beaten force retreats to {zone}.", zone=name(st, dest)))
    # the Armenia unit was eliminated before the question (_retreat)
    withdraw_pieces(st, out, "§8.3", [*[x for x in leaders if st.leaders[x].status == "map"], *units], zone, dest)
    for u in units:
        too_far(st, out, u, dest)
    out.map_changed = True
    movement.after_move(st, out, loser, [zone, dest])  # §7: lone leaders of either side in both zones


def _lone_leaders(st: ImperatorState, out: Outcome, zone: str) -> None:
    for r in ("R", "E"):
        if st.units_in(zone, r) or not st.hostile_units(zone, r):
            continue
        for lid in st.leaders_in(zone, r):
            movement.lone_leader_escape(st, out, lid)


__all__ = ["INTERIOR", "attack", "battle", "contested", "do_retreat", "evade"]
