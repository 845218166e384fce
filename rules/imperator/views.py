"""Views (public and per seat, in the format of ``render/imperator_scene.py``) and JSON."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rules.core.dice import Dice, DiceRoll
from rules.core.errors import NotYetSupported
from rules.core.i18n import Text, _, _n, join
from rules.core.plain_copy import record_to_json
from rules.imperator import combat_math as cm
from rules.imperator.model import (
    Board,
    FleetState,
    ImperatorState,
    LeaderState,
    PeopleDef,
    UnitDef,
    UnitState,
)

PHASE_NAMES = {  # marked: the map's header is drawn in the game's language (issue 13)
    "A": _("Stratagems"),
    "B": _("Initiative"),
    "C": _("Geostrategy"),
    "D": _("Administration"),
    "E": _("Movements and combats"),
    "F": _("Campaign result"),
    "over": _("Game over"),
}


def _unit_counter(st: ImperatorState, uid: str) -> dict[str, Any]:
    """The counter of unit ``uid`` as the views show it. It depends only on the board's data
    and the side the counter shows (full or reduced), so each side is built once per board
    (``Board.counter_faces``) and copied for each view: every command's public view shows some
    sixty counters (issue 14)."""
    d = st.udef(uid)
    reduced = st.units[uid].reduced
    people = st.board.peoples.get(d.people)
    faces = st.board.counter_faces
    face = faces.get((uid, reduced))
    if face is None or face[0] is not d or face[1] is not people:  # the board's data changed
        face = faces[(uid, reduced)] = (d, people, _unit_face(uid, d, people, reduced))
    return dict(face[2])


def _unit_face(uid: str, d: UnitDef, people: PeopleDef | None, reduced: bool) -> dict[str, Any]:
    pf, qu, bt = (d.pf_r, d.qu_r, d.bt_r) if reduced else (d.pf, d.qu, d.bt)
    kind = "armenia" if d.people == "armenia" else d.kind
    c: dict[str, Any] = {
        "id": uid,
        "kind": kind,
        "label": d.name,
        "strength": pf,
        "values": f"{pf}-{qu}-{bt}",  # PF-QU-BT as printed on the counter
        "reduced": reduced,
        "people": d.people,
    }
    if d.front:
        c["front"] = d.front
    if people is not None:
        c["nationality"] = people.nationality
    return c


def _leader_counter(st: ImperatorState, lid: str) -> dict[str, Any]:
    d = st.ldef(lid)
    ls = st.leaders[lid]
    markers = [ls.title] if ls.title else []
    if st.custodes == lid:
        markers.append("corporis_custodes")
    return {
        "id": lid,
        "kind": "leader",
        "label": d.name,
        "markers": markers,
        "people": d.people,
        "rebel": ls.rebel,
        "pax": ls.pax,
        "ratings": {"cc": d.cc, "vs": d.vs, "bt": d.bt, "cp": d.cp},
        "values": f"{d.cc}-{d.vs}-{d.bt}-{d.cp}",  # CC-VS-BT-CP as printed on the counter
    }


def public_view(st: ImperatorState) -> dict[str, Any]:
    zones: dict[str, Any] = {}
    units, leaders = st.units, st.leaders
    for uid in sorted(units):
        us = units[uid]
        if us.status != "map" or us.loc is None or us.fleet:
            continue
        _stack(zones, us.loc, us.mutineer_of or us.owner if us.mutiny else us.owner)["counters"].append(_unit_counter(st, uid))
    for lid in sorted(leaders):
        ls = leaders[lid]
        if ls.status != "map" or ls.loc is None or ls.fleet:
            continue
        _stack(zones, ls.loc, ls.owner)["counters"].insert(0, _leader_counter(st, lid))
    fleets = []
    for fid, fs in st.fleets.items():
        fd = st.board.fleets[fid]
        if fs.status != "map":
            continue
        cargo = [_unit_counter(st, u) for u, s in st.units.items() if s.fleet == fid]
        cargo += [_leader_counter(st, x) for x, s in st.leaders.items() if s.fleet == fid]
        fleets.append(
            {
                "id": fid,
                "name": fd.name,
                "zone": fd.home if fs.at == "port" else fs.at,
                "at_sea": fs.at != "port",
                "side": "R",
                "counters": cargo,
            }
        )
    peoples = {}
    # a scenario without Peoples (scenario 1) shows none, nor any Armenia marker
    for pid, p in st.board.peoples.items() if st.rules.get("peoples", True) else ():
        status = "war" if pid in st.at_war else "pax"
        peoples[pid] = {
            "name": p.name,
            "status": status,
            "zones": list(st.board.people_zones.get(pid, ())),
        }
    turn = ""
    if st.phase == "E" and st.smc_order:
        turn = _("SMC {number} of {total} ({step})", number=min(st.smc_index + 1, len(st.smc_order)),
                 total=len(st.smc_order), step=st.sub)
    pend = None
    if st.pending:
        d = st.pending[0]
        pend = {"id": d["id"], "seat": st.seat_of(d["role"]), "kind": "decision", "section": d["section"]}
    return {
        "game": "imperator",
        "scenario": _title(st.scenario),
        "scenario_id": st.scenario,
        "year": st.year,
        "end_year": st.end_year,
        "phase": st.phase,
        "phase_name": PHASE_NAMES.get(st.phase, ""),
        "step": st.step,
        "turn_label": turn,
        "initiative": st.initiative,
        "active_side": st.active,
        "smc_left": dict(st.smc_left),
        "smc_total": st.smc_total,
        "smc_max": max(4, max(st.smc_left.values(), default=0)),
        "vp": {"R": st.vp_of_role("R"), "E": st.vp_of_role("E")},
        "vp_by_seat": dict(st.vp),
        "roles": dict(st.roles),
        "pax_romana": st.pax_turn,
        "active_event": event_view(st.event),
        "zones": zones,
        "peoples": peoples,
        "armenia": {"status": "roman" if st.armenia == "roman" else "parthian"} if st.rules.get("armenia", True) else {},
        "fleets": fleets,
        "reserve_fronts": list(st.reserve_fronts),
        "reserve_max": st.reserve_max,
        "civil_war": bool(st.usurpers()),
        "usurpation_success": st.usurpation_success,
        "eliminated": sorted(u for u, s in st.units.items() if s.status == "eliminated"),
        "dead_leaders": sorted(x for x, s in st.leaders.items() if s.status == "dead"),
        "battle_zones": list(st.fought),
        "last_battle": dict(st.last_battle),
        "pending": pend,
        "stratagem_counts": {r: len(st.hands.get(st.seat_of(r), [])) for r in ("R", "E")},
        "stratagem_cup": len(st.cup),
        "stratagems_on_map": [{"type": c.split("#")[0], "zone": z} for c, z in sorted(st.chits_on_map.items())],
        "map_stratagems": map_stratagems(st),
        "last_moves": [dict(m) for m in st.last_moves],
        "plague": dict(st.plague),
        "result": st.result,
        "log": list(st.history[-20:]),
    }


# --------------------------------------------------------------------------------------------
# Battles in words (§8.2, §8.3) and the battle card
# --------------------------------------------------------------------------------------------

SIDE_WORDS = {"R": _("Rome"), "E": _("the Enemies of Rome"), "M": _("the mutineers")}
LOSS_WORDS = {
    "E": _("all its units are eliminated"),
    "A": _("each of its units takes a step loss"),
    "1/4": _("step losses on a quarter as many units as the enemy lost"),
    "1/2": _("step losses on half as many units as the enemy lost"),
    "3/4": _("step losses on three quarters as many units as the enemy lost"),
    "R": _("no loss"),
}


def side_words(role: str) -> str:
    return SIDE_WORDS.get(role, role)


def battle_record(
    st: ImperatorState,
    *,
    zone: str,
    attacker: str,
    defender: str,
    forces: dict[str, tuple[list[str], list[str]]],
    pf: dict[str, int],
    odds: str,
    qu: dict[str, int],
    shift: int,
    roll: DiceRoll | None,
    forced_row: int | None,
    result: Any,
) -> dict[str, Any]:
    """What a battle was, as public data: the words of the report and the battle card.

    ``forces`` maps each role to its (units, leaders) before the losses; ``result`` is the
    Battle table's cell (``tables.BattleResult``)."""
    from rules.imperator.politics import name

    sides = {}
    for key, role in (("attacker", attacker), ("defender", defender)):
        units, leaders = forces[role]
        sides[key] = {
            "side": "R" if role == "R" else "E",
            "role": role,
            "name": side_words(role),
            "leaders": [name(st, x) for x in leaders],
            "units": len(units),
            "strength": pf[role],
            "quality": qu[role],
            "counters": [_leader_counter(st, x) for x in leaders]
            + [_unit_counter(st, u) for u in units],
        }
    winner = {"attacker": attacker, "defender": defender}.get(str(result.winner or ""))
    mods = [join(" ", [label, f"{value:+d}"]) for label, value in (roll.modifiers if roll else ())]
    return {
        "zone": name(st, zone),
        "zone_id": zone,
        "year": st.year,
        "smc": st.smc_index + 1,
        "attacker": sides["attacker"],
        "defender": sides["defender"],
        "odds": odds,
        "column": result.column,
        "shift": shift,
        "shifts": ([_("§8.2 column {letter}) quality {a} against {d}: {shift}", letter=cm.column_modifier_letter(shift),
                      a=qu[attacker], d=qu[defender], shift=f"{shift:+d}")]
                   if shift else [])
        + mods,
        "roll": roll.natural if roll else None,
        "modifier": sum(v for _, v in roll.modifiers) if roll else 0,
        "total": result.row if forced_row is None else forced_row,
        "row": result.row,
        "result": {
            "attacker": result.attacker,
            "defender": result.defender,
            "winner": "A" if winner == attacker else "D" if winner == defender else "",
        },
        "winner": winner or "",
    }


def _force_words(side: dict[str, Any]) -> Text:
    units = _n("{n} unit", "{n} units", int(side["units"]))
    if side["leaders"]:
        return _(
            "{side} under {leaders} ({units}, {pf} PF)",
            side=side["name"],
            leaders=", ".join(side["leaders"]),
            units=units,
            pf=side["strength"],
        )
    return _("{side} ({units}, {pf} PF)", side=side["name"], units=units, pf=side["strength"])


def battle_headline(zone: str, attacker: str, defender: str) -> Text:
    """The first line of a battle report (§8.2): where, who attacks, who defends (worded so that
    a plural side, "the Enemies of Rome", needs no verb to agree with)."""
    return _("§8.2: battle in {zone}; attacking: {attacker}; defending: {defender}.",
             zone=zone, attacker=attacker, defender=defender)


#: the message id of :func:`battle_headline`, by which the bot recognises a battle report
BATTLE_HEADLINE = battle_headline("", "", "").msgid


def battle_report(record: dict[str, Any]) -> list[Text]:
    """The battle in words: who attacked whom where, forces and odds, shifts and why, the roll,
    the table's result, who won and what each side loses (§8.2, §8.3)."""
    att, dfd = record["attacker"], record["defender"]
    lines = [
        battle_headline(record["zone"], _force_words(att), _force_words(dfd)),
        _(
            "Odds: {a} PF against {d} PF, column {odds}.",
            a=att["strength"],
            d=dfd["strength"],
            odds=record["odds"],
        ),
    ]
    shift = int(record["shift"])
    if shift:
        lines.append(
            _n(
                "Quality {a} against {d}: the column moves {n} step {way}, to {column}.",
                "Quality {a} against {d}: the column moves {n} steps {way}, to {column}.",
                abs(shift),
                a=att["quality"],
                d=dfd["quality"],
                way=_("right") if shift > 0 else _("left"),
                column=record["column"],
            )
        )
    else:
        lines.append(
            _("Quality {a} against {d}: no shift.", a=att["quality"], d=dfd["quality"])
        )
    mods = record["shifts"][1:] if shift else record["shifts"]  # the die modifiers, after the column's
    if record["roll"] is None:
        lines.append(_("No die is rolled: row {row}.", row=record["row"]))
    elif mods:
        lines.append(
            _(
                "Roll: {die}, modified by {mods}: row {row}.",
                die=record["roll"],
                mods=join(", ", mods),
                row=record["row"],
            )
        )
    else:
        lines.append(_("Roll: {die}, no modifier: row {row}.", die=record["roll"], row=record["row"]))
    res = record["result"]
    lines.append(
        _(
            "Battle table, column {column}, row {row}: {code}. Attacker {a}, defender {d}.",
            column=record["column"],
            row=record["row"],
            code=f"{res['attacker']}/{res['defender']}",
            a=res["attacker"],
            d=res["defender"],
        )
    )
    winner = record["winner"]
    if winner:
        won = att if winner == att["role"] else dfd
        lines.append(_("🏆 Winner: {side}.", side=won["name"]))
    else:
        lines.append(_("Nobody wins the battle: both sides stay (AMB-01)."))
    lines.append(
        _(
            "Losses: {a_side}: {a}; {d_side}: {d}.",
            a_side=att["name"],
            a=LOSS_WORDS.get(res["attacker"], res["attacker"]),
            d_side=dfd["name"],
            d=LOSS_WORDS.get(res["defender"], res["defender"]),
        )
    )
    return lines


def battle_card(record: dict[str, Any], st: ImperatorState | None = None) -> dict[str, Any]:
    """The dict ``render.battle_card`` draws, from a battle record; with the state after the
    battle ``st``, what each side lost, who retreated where and who died (§8.3, §8.4, §8.5)."""
    card = {k: v for k, v in record.items() if k not in ("zone_id", "winner")}
    for key in ("attacker", "defender"):
        side = dict(record[key])
        side["name"] = ", ".join(side["leaders"]) or side["name"]
        code = str(record["result"][key])
        side["loss_code"] = join(": ", [code, LOSS_WORDS.get(code, code)])
        if st is not None:
            side.update(battle_aftermath(st, record[key]["counters"], str(record.get("zone_id", ""))))
        card[key] = side
    if st is not None and st.pending:
        card["waiting"] = _("{seat} still chooses ({kind})", seat=st.seat_of(st.pending[0]["role"]),
                            kind=st.pending[0]["kind"])
    winner = record["winner"]
    won = record["attacker"] if winner == record["attacker"]["role"] else record["defender"]
    card["result"] = dict(record["result"])
    card["result"]["winner"] = _("{side} wins", side=won["name"]) if winner else _("nobody wins")
    return card


def battle_aftermath(st: ImperatorState, counters: list[dict[str, Any]], zone: str) -> dict[str, list[str]]:
    """For the counters a side brought to the battle in ``zone``: the units that took a step
    loss or were eliminated, the counters now in another zone (a retreat, §8.5) and the leaders
    who died (§8.4), read from the state after the battle."""
    from rules.imperator.politics import name

    losses: list[str] = []
    retreats: list[str] = []
    deaths: list[str] = []
    for c in counters:
        cid = str(c.get("id", ""))
        if c.get("kind") == "leader" and cid in st.leaders:
            ls = st.leaders[cid]
            if ls.status == "dead":
                deaths.append(name(st, cid))
            elif ls.status == "map" and ls.loc and ls.loc != zone:
                retreats.append(f"{name(st, cid)} → {name(st, ls.loc)}")
        elif cid in st.units:
            us = st.units[cid]
            if us.status != "map":
                losses.append(_("{unit} (eliminated)", unit=name(st, cid)))
            elif us.reduced and not c.get("reduced"):
                losses.append(_("{unit} (reduced)", unit=name(st, cid)))
            if us.status == "map" and us.loc and us.loc != zone:
                retreats.append(f"{name(st, cid)} → {name(st, us.loc)}")
    return {"losses": losses, "retreats": retreats, "deaths": deaths}


def adjustment_lines(
    st: ImperatorState,
    before: dict[str, tuple[str, bool, str | None]],
    leaders_before: dict[str, tuple[str, str | None]] | None = None,
    section: str = "§9.2",
) -> list[Text]:
    """§9.2 (or §6.1's redeployment of a pacified People) in words: the counters rebuilt (back on
    the map), sent back to another zone (home, a camp, with their leader), restored (to full
    strength) and reduced, comparing each unit with its (status, reduced, zone) ``before``; and
    the leaders moved or back on the map, comparing each with its (status, zone)
    ``leaders_before``: no counter changes silently (rulings AMB-78, AMB-94). A leader leaving the
    map is told where he dies (``politics.kill_leaders``)."""
    from rules.imperator.politics import name

    rebuilt: list[Text] = []
    restored: list[Text] = []
    moved: list[Text] = []
    worn: list[Text] = []
    for uid, (status, reduced, loc) in sorted(before.items()):
        us = st.units[uid]
        if us.status != "map" or not us.loc:
            continue
        where = name(st, us.loc)
        if status in ("eliminated", "removed"):
            side = _("reduced") if us.reduced else _("full")
            rebuilt.append(join("", [name(st, uid), " (", where, ", ", side, ")"]))
            continue
        if status != "map":
            continue
        if loc and loc != us.loc:
            moved.append(join("", [name(st, uid), " (", name(st, loc), " → ", where, ")"]))
        if reduced and not us.reduced:
            restored.append(join("", [name(st, uid), " (", where, ")"]))
        elif us.reduced and not reduced:
            worn.append(join("", [name(st, uid), " (", where, ")"]))
    led: list[Text] = []
    back: list[Text] = []
    for lid, (status, loc) in sorted((leaders_before or {}).items()):
        ls = st.leaders[lid]
        if ls.status != "map" or not ls.loc:
            continue
        if status != "map":
            back.append(join("", [name(st, lid), " (", name(st, ls.loc), ")"]))
        elif loc and loc != ls.loc:
            led.append(join("", [name(st, lid), " (", name(st, loc), " → ", name(st, ls.loc), ")"]))
    lines = []
    if moved:
        lines.append(_n("{section}: {n} counter goes back: {names}.", "{section}: {n} counters go back: {names}.",
                        len(moved), section=section, names=join(", ", moved)))
    if led:
        lines.append(_n("{section}: {n} leader goes back: {names}.", "{section}: {n} leaders go back: {names}.",
                        len(led), section=section, names=join(", ", led)))
    if rebuilt:
        lines.append(_n("{section}: {n} counter rebuilt: {names}.", "{section}: {n} counters rebuilt: {names}.",
                        len(rebuilt), section=section, names=join(", ", rebuilt)))
    if back:
        lines.append(_n("{section}: {n} leader comes back on the map: {names}.",
                        "{section}: {n} leaders come back on the map: {names}.",
                        len(back), section=section, names=join(", ", back)))
    if restored:
        lines.append(_n("{section}: {n} counter restored to full strength: {names}.",
                        "{section}: {n} counters restored to full strength: {names}.",
                        len(restored), section=section, names=join(", ", restored)))
    if worn:
        lines.append(_n("{section}: {n} counter turns to its reduced side: {names}.",
                        "{section}: {n} counters turn to their reduced side: {names}.",
                        len(worn), section=section, names=join(", ", worn)))
    return lines


def event_view(number: int) -> dict[str, Any] | None:
    """The event in force (drawn in phase D) by number, short name and summary, or None."""
    if not number:
        return None
    from rules.imperator import tables

    ev = tables.event(number)
    return {"id": number, "name": ev.name, "text": ev.description}


def map_stratagems(st: ImperatorState) -> list[dict[str, Any]]:
    """Chits lying face up on the map (Intrigue au Sénat, Coup d'état parthe, Mutinerie, plague)
    for the renderer: id, name, zone and the side that placed it."""
    from rules.imperator import stratagems

    res = []
    for chit, zone in sorted(st.chits_on_map.items()):
        t = stratagems.ctype(chit)
        side = st.map_chit_side.get(chit) or {"rome": "R", "eor": "E"}.get(t.side)
        res.append({"id": t.id, "name": t.name_fr, "zone": zone, "side": side})
    return res


def _title(scenario: str) -> str:
    """The scenario's title (its id without data): read from the data, not from the sorted
    list of ``scenario_infos`` that every view used to rebuild (issue 14)."""
    from rules.imperator import adapter

    try:
        found = adapter._load().scenarios.get(scenario)
    except (ImportError, NotYetSupported):  # pragma: no cover - without data
        return scenario
    return str(found.title) if found is not None else scenario


def _stack(zones: dict[str, Any], zone: str, side: str) -> dict[str, Any]:
    z = zones.get(zone)
    if z is None:  # (not ``setdefault``: it built a new zone at every counter, issue 14)
        z = zones[zone] = {"stacks": [], "markers": []}
    for s in z["stacks"]:
        if s["side"] == side:
            return s
    s = {"side": side, "counters": []}
    z["stacks"].append(s)
    return s


def seat_view(st: ImperatorState, seat: str) -> dict[str, Any]:
    view = public_view(st)
    view["seat"] = seat
    view["role"] = st.roles.get(seat)
    if st.hands:
        from rules.imperator import stratagems

        view["hand"] = stratagems.hand_view(st, seat)
    if st.pending and st.seat_of(st.pending[0]["role"]) == seat:
        d = st.pending[0]
        view["decision"] = {"id": d["id"], "prompt": d["prompt"], "choices": d["choices"], "default": d["default"]}
    return view


# --------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------

_BOARD_CACHE: dict[str, Board] = {}


def state_to_json(st: ImperatorState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(st):
        v = getattr(st, f.name)
        if f.name == "board":
            if st.board.source.startswith("data:"):
                data["board"] = {"source": st.board.source}
            else:
                data["board"] = st.board.to_json()
        elif f.name == "dice":
            data["dice"] = v.to_json()
        elif f.name in ("units", "leaders", "fleets"):
            data[f.name] = {k: record_to_json(x) for k, x in v.items()}  # flat records
        else:
            data[f.name] = v
    return data


def state_from_json(data: dict[str, Any]) -> ImperatorState:
    import copy

    d = copy.deepcopy(data)
    b = d.pop("board")
    if "zones" in b:
        board = Board.from_json(b)
    else:
        from rules.imperator import scenarios

        board = scenarios.board_for_source(b["source"])
    dice = Dice.from_json(d.pop("dice"))
    units = {k: UnitState(**v) for k, v in d.pop("units").items()}
    leaders = {k: LeaderState(**v) for k, v in d.pop("leaders").items()}
    fleets = {k: FleetState(**v) for k, v in d.pop("fleets").items()}
    return ImperatorState(board=board, dice=dice, units=units, leaders=leaders, fleets=fleets, **d)
