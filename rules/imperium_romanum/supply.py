"""Supply (§13): ports, baggage trains and foraging; the Supply Segment and replenishment.

A group of units is checked once a month: when it is activated in Land Movement (an
unsupplied unit stays put, a foraging one loses 2 MP) or, failing that, in its player's Supply
Segment, where unsupplied units are eliminated (13.0).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import blockade
from rules.imperium_romanum import board as B
from rules.imperium_romanum.chart_book import SupplyRules
from rules.imperium_romanum.charts import SUPPLY_MAX_LE, supply_required
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance, world


def chart() -> SupplyRules:
    """The LE Supply Chart and the printed supply modifiers (``charts_supply.toml``, 13.2-13.4)."""
    book = data().tables
    assert book is not None, "load_data sets the charts"
    return book.supply


def forage_max_halves() -> int:
    """13.3: at most 10 LE forage in one hex (in half LE)."""
    return 2 * chart().modifiers["forage_max_le_per_hex"]


def bt_reach() -> int:
    """13.4.2: a baggage train supplies units up to 2 hexes away."""
    return chart().modifiers["baggage_train_reach_hexes"]


def needs_supply(unit: dict[str, object]) -> bool:
    """Baggage trains carry their own supply; fleets and the troops aboard are supplied (13.5)."""
    kind = str(unit["type"])
    return kind != B.BT and not kind.startswith("fleet")


def group_le_halves(st: IRState, uids: list[str]) -> int:
    """13.2: the LE of a group, in halves, less the auxiliaries the LE Supply Chart carries free:
    one light or missile infantry per heavy infantry, one light cavalry or horse archer per heavy
    cavalry (``charts_supply.toml``)."""
    recs = [st.units[u] for u in uids if needs_supply(st.units[u])]
    total = sum(B.le_halves(r) for r in recs)
    for rule in chart().free:
        carriers = sum(1 for r in recs if r["type"] in rule.per)
        riders = sorted(B.le_halves(r) for r in recs if r["type"] in rule.free)
        total -= sum(riders[:carriers])
    return total


def supply_roll(st: IRState, halves: int, modifiers: list[tuple[str, int]], purpose: str, seat: str = "",
                lines: list[Text] | None = None) -> int:
    """13.2: SP (or forage requirement) for a group of ``halves`` half-LE: one modified 2d6 on
    the Supply Table for each 10 LE or part of 10, the results added. A half LE counts as a
    whole LE row (3.0: never below one). The seat's armed appeal (42, IR-ENG-97) goes on the
    first roll, in its favour: a higher roll needs fewer SP."""
    from rules.imperium_romanum import deity

    charts = data().charts
    le = -(-halves // 2)
    total = 0
    while le > 0:
        chunk = min(SUPPLY_MAX_LE, le)
        first = st.dice.d6(_("{purpose} (2d6, first die)", purpose=purpose))
        second = deity.roll(st, seat, "supply", 1, _("{purpose} (2d6, second die)", purpose=purpose), modifiers,
                            lines if lines is not None else [])  # fmt: skip
        total += supply_required(charts, chunk, first.natural + second.result)
        le -= chunk
    return total


def supply_modifiers(st: IRState, seat: str, hex_id: str) -> list[tuple[str, int]]:
    """13.2 example: a leader of +2 or better with the group gives +1 to every supply roll."""
    best = max((B.leader_value(lid) for lid in B.leaders_at(st, hex_id)
                if B.seat_of(st, st.leaders[lid]["power"]) == seat), default=0)  # fmt: skip
    return [(_("§13.2 leader +2 or better"), chart().modifiers["leader_plus_2"])] if best >= 2 else []


def port_supplies(st: IRState, seat: str, hex_id: str, besieged: bool) -> bool:
    """13.1: a friendly port supplies the units in its hex when its province is friendly, or
    (13.1 e) when a friendly fleet lies in a port of a friendly province on the same sea area;
    a besieged port city supplies the besieged unless it is blockaded (13.4.3, 17.2.1)."""
    if not B.is_port(st, hex_id):
        return False
    owner = B.port_owner(st, hex_id)  # a city's, or a non-city port's (2.3, IR-ENG-53)
    if not owner or B.seat_of(st, owner) != seat:
        return False
    if hex_id in st.sieges and (not besieged or blockade.blockaded(st, hex_id)):
        return False
    province_owner = st.province_owner.get(_port_province(st, hex_id), "")
    if province_owner and B.seat_of(st, province_owner) == seat:
        return True
    return bool(fleet_anchorage(st, seat, hex_id))


def _port_province(st: IRState, hex_id: str) -> str:
    """The province of the port on ``hex_id``: its city's, or the hex's for a non-city port."""
    city = B.city_at(st, hex_id)
    return data().cities[city].province if city else data().hexes[hex_id].province


def fleet_anchorage(st: IRState, seat: str, hex_id: str) -> str:
    """13.1 e: the hex of a port in a province friendly to ``seat``, on a sea area of the port on
    ``hex_id``, where a fleet of ``seat`` lies, neither besieged nor in a port under siege (so
    never blockaded, 17.2); "" when there is none. Such a fleet lets a port outside the friendly
    provinces supply."""
    w = world(st.scenario)
    areas = set(w.port_sea_areas(hex_id))
    if not areas:
        return ""
    for uid in sorted(st.units):
        rec = st.units[uid]
        there = rec["hex"]
        if not B.is_fleet(rec) or rec["besieged"] or B.seat_of(st, rec["power"]) != seat or there == hex_id:
            continue
        if there in st.sieges or not B.is_port(st, there) or not areas & set(w.port_sea_areas(there)):
            continue  # a city port or a non-city port (IR-ENG-53)
        owner = st.province_owner.get(_port_province(st, there), "")
        if owner and B.seat_of(st, owner) == seat:
            return str(there)
    return ""


RIVER_PORT_REACH = 2
"""13.1: a port on a river supplies units next to the same river up to 2 hexes away."""


def river_port_supplies(st: IRState, seat: str, hex_id: str) -> bool:
    """13.1: a qualifying port whose hex touches a river supplies the units of a hex touching the
    same river within 2 hexes."""
    w = world(st.scenario)
    mine = set(w.rivers_at.get(hex_id, ()))
    if not mine:
        return False
    for port_hex in sorted(w.city_at):
        if port_hex == hex_id or hex_distance(port_hex, hex_id) > RIVER_PORT_REACH:
            continue
        if mine & set(w.rivers_at.get(port_hex, ())) and port_supplies(st, seat, port_hex, False):
            return True
    return False


def nearest_bt(st: IRState, seat: str, hex_id: str, besieged: bool) -> tuple[str, int]:
    """The seat's baggage train with SP nearest to ``hex_id`` (within 2 hexes, 13.4.2), and its
    distance; inside and outside a siege do not share (13.4.3)."""
    best: tuple[int, str] | None = None
    for uid, rec in st.units.items():
        if rec["type"] != B.BT or rec["sp"] <= 0 or B.seat_of(st, rec["power"]) != seat:
            continue
        if rec["besieged"] != besieged:
            continue
        gap = 0 if rec["hex"] == hex_id else hex_distance(rec["hex"], hex_id)
        if gap > bt_reach() or (besieged and gap):
            continue
        if best is None or (gap, uid) < best:
            best = (gap, uid)
    return ("", 0) if best is None else (best[1], best[0])


def forage_value(st: IRState, seat: str, hex_id: str, besieged: bool) -> int:
    """13.3, 13.3.1: the terrain's forage value by season and cultivation, plus a friendly
    city's (IR-ENG-10: a city forages for its tax value). The besieged use the city alone."""
    w = world(st.scenario)
    city = B.city_at(st, hex_id)
    city_bonus = 0
    if city and st.city_owner.get(city, "") and B.seat_of(st, st.city_owner[city]) == seat:
        if besieged or hex_id not in st.sieges:
            city_bonus = w.city_value[city].tax
    from rules.imperium_romanum import forts

    if not city and forts.level_of(st, hex_id, seat) >= forts.A_LEVEL:
        city_bonus = 1  # 13.3.1: a maximum-level fort without a city
    if besieged:
        return city_bonus  # the besieged forage their city, or their fort's bonus (IR-ENG-77)
    cultivated = w.cultivated.get(w.province(hex_id), False)
    winter = st.season == "winter" and not w.always_summer(hex_id)  # 9.1: the sun provinces
    column = (2 if winter else 0) + (0 if cultivated else 1)
    value = data().charts.forage[w.terrain(hex_id)][column] + city_bonus
    from rules.imperium_romanum import random_events

    if random_events.famine_in(st, w.province(hex_id)):
        value //= 2  # 39.2 F: famine halves forage
    return value // 2 if w.province(hex_id) in st.plunder else value  # 24.4: plundered land forages half


def _keep(st: IRState, uids: list[str], budget_halves: int) -> tuple[list[str], list[str]]:
    """Choose which units a partial supply keeps (the owner's choice, 13.2; IR-ENG-11 default:
    the strongest first)."""
    ranked = sorted(uids, key=lambda u: (-B.strength(st.units[u]), u))
    kept, dropped = [], []
    for uid in ranked:
        cost = B.le_halves(st.units[uid])
        if cost <= budget_halves:
            kept.append(uid)
            budget_halves -= cost
        else:
            dropped.append(uid)
    return kept, dropped


def check_group(
    st: IRState, seat: str, hex_id: str, uids: list[str], lines: list[Text], on_bt: list[str] | None = None,
    shortfalls: list[dict[str, Any]] | None = None,
) -> tuple[list[str], list[str]]:
    """Check supply for ``uids`` (units of ``seat`` in one hex, all inside or all outside a
    siege). ``on_bt`` declares which units use the baggage train (13.2); by default all do
    when one can reach, the others forage. Returns (supplied, unsupplied); marks the supplied.
    With ``shortfalls`` (the Supply Segment), a roll that supplies only part of a group leaves
    that group out of both lists and appends it there, for its owner to choose (IR-ENG-62);
    otherwise IR-ENG-11's default picks."""
    todo = [u for u in uids if not st.units[u]["supplied"]]
    if not todo:
        return [], []
    besieged = bool(st.units[todo[0]]["besieged"])
    supplied: list[str] = []
    unsupplied: list[str] = []
    free = [u for u in todo if not needs_supply(st.units[u])]
    todo = [u for u in todo if needs_supply(st.units[u])]
    supplied += free
    if todo and (port_supplies(st, seat, hex_id, besieged) or (not besieged and river_port_supplies(st, seat, hex_id))):
        lines.append(B.secret(_n("{n} unit supplied by the port of {hex} (13.1).", "{n} units supplied by the port of {hex} (13.1).",
                                     len(todo), hex=hex_id), seat))
        supplied += todo
        todo = []
    mods = supply_modifiers(st, seat, hex_id)
    bt, gap = nearest_bt(st, seat, hex_id, besieged)
    if todo and bt:
        group = [u for u in todo if on_bt is None or u in on_bt]
        todo = [u for u in todo if u not in group]
        if group:
            halves = group_le_halves(st, group)
            penalty: list[tuple[str, int]] = (
                [(_("§13.4.2 baggage train distance"), gap * chart().modifiers["per_hex_to_baggage_train"])] if gap else []
            )
            need = supply_roll(st, halves, mods + penalty, _("§13.2 supply from a baggage train"), seat, lines)
            rec = st.units[bt]
            if need <= rec["sp"]:
                rec["sp"] -= need
                supplied += group
            else:
                budget = halves * rec["sp"] // need if need else halves
                rec["sp"] = 0
                if shortfalls is not None:
                    shortfalls.append({"units": group, "budget": budget, "forage": False})
                else:
                    kept, dropped = _keep(st, group, budget)
                    supplied += kept
                    unsupplied += dropped
            if need:
                rec["spent"] = True
            lines.append(B.secret(_("Baggage train at {hex}: {need} SP needed, {left} left (13.2).", hex=st.units[bt]["hex"],
                                    need=need, left=rec["sp"]), seat))  # fmt: skip
    if todo:
        halves = group_le_halves(st, todo)
        most = forage_max_halves()
        capped, over = _keep(st, todo, most) if halves > most else (todo, [])
        unsupplied += over
        halves = group_le_halves(st, capped)
        in_hex = chart().modifiers["baggage_train_in_hex_forage"]
        forage_mods = mods + ([(_("§13.3 baggage train in the hex"), in_hex)] if bt and gap == 0 else [])
        need = supply_roll(st, halves, forage_mods, _("§13.3 forage"), seat, lines)
        value = forage_value(st, seat, hex_id, besieged)
        budget = forage_budget(halves, value, need)
        if shortfalls is not None and budget < halves:
            shortfalls.append({"units": capped, "budget": budget, "forage": True})
            lines.append(B.secret(_("Forage at {hex}: value {value}, requirement {need}; supplies {budget} of {total} "
                                    "half-LE (13.3).", hex=hex_id, value=value, need=need, budget=budget, total=halves), seat))  # fmt: skip
        else:
            kept, dropped = _keep(st, capped, budget)
            for uid in kept:
                st.units[uid]["foraged"] = True
            supplied += kept
            unsupplied += dropped
            lines.append(B.secret(_n("Forage at {hex}: value {value}, requirement {need}; {kept} of {n} unit supplied (13.3).",
                                     "Forage at {hex}: value {value}, requirement {need}; {kept} of {n} units supplied (13.3).",
                                     len(capped), hex=hex_id, value=value, need=need, kept=len(kept)), seat))  # fmt: skip
    for uid in supplied:
        st.units[uid]["supplied"] = True
    return supplied, unsupplied


def forage_budget(halves: int, value: int, need: int) -> int:
    """13.3: the half-LE a forage supplies: all when the value covers the requirement, else the
    fraction value / requirement; with a value of 0 the thirds of the text (``charts_supply.toml``)."""
    if need <= 0 or value >= need:
        return halves
    if value > 0:
        return halves * value // need
    return halves * chart().forage_at_zero_thirds.get(need, 0) // 3


def supply_segment(st: IRState, seat: str, lines: list[Text]) -> bool:
    """13.0: every unit of the player not yet supplied this month is checked; the unsupplied
    are eliminated (the owner chooses which, IR-ENG-11). A force that could either draw on a
    baggage train or forage first declares which (13.2, IR-ENG-45): the segment pauses on that
    window and returns False; it returns True once every force is done."""
    hexes = sorted({(rec["hex"], rec["besieged"]) for rec in st.units.values()
                    if B.seat_of(st, rec["power"]) == seat and not rec["supplied"]})  # fmt: skip
    for hex_id, besieged in hexes:
        uids = _force(st, seat, hex_id, besieged)
        if not uids:
            continue
        if _declaration(st, seat, hex_id, besieged, uids):
            return False
        if not _supply_force(st, seat, hex_id, uids, lines, None):
            return False
    from rules.imperium_romanum import victory

    victory.check_dissolution(st, lines)
    return True


def after_segment(st: IRState, seat: str, lines: list[Text]) -> None:
    """The end of the Supply Segment: the conquest rolls of 5.6.1 and an early victory (25)."""
    from rules.imperium_romanum import forts
    from rules.imperium_romanum import victory as V

    forts.conquest_checks(st, seat, lines)
    V.check_early(st, lines)


def _force(st: IRState, seat: str, hex_id: str, besieged: bool) -> list[str]:
    return [u for u in B.units_at(st, hex_id, besieged) if B.seat_of(st, st.units[u]["power"]) == seat
            and not st.units[u]["supplied"]]  # fmt: skip


def _supply_force(st: IRState, seat: str, hex_id: str, uids: list[str], lines: list[Text], on_bt: list[str] | None) -> bool:
    """Supply one force in the Supply Segment; False when a shortfall window opened."""
    shortfalls: list[dict[str, Any]] = []
    _ok, lost = check_group(st, seat, hex_id, uids, lines, on_bt, shortfalls)
    if shortfalls:
        st.stat("supply_shortfalls", len(shortfalls))
    _starve(st, lost, lines)
    return settle_shortfalls(st, seat, hex_id, shortfalls, lines)


def _starve(st: IRState, uids: list[str], lines: list[Text]) -> None:
    for uid in uids:
        st.stat("supply_losses")
        B.eliminate_unit(st, uid, lines, _("out of supply (13.0)"))


def shortfall_options(st: IRState, uids: list[str], budget: int) -> list[str]:
    """One unit of each kind (type and seasoning) that still fits the budget, strongest first."""
    seen: dict[tuple[str, bool], str] = {}
    for uid in sorted(uids, key=lambda u: (-B.strength(st.units[u]), u)):
        if B.le_halves(st.units[uid]) <= budget:
            seen.setdefault((st.units[uid]["type"], bool(st.units[uid]["vet"])), uid)
    return list(seen.values())


def settle_shortfalls(st: IRState, seat: str, hex_id: str, queue: list[dict[str, Any]], lines: list[Text],
                      move: dict[str, Any] | None = None) -> bool:  # fmt: skip
    """13.2, 13.3 (IR-ENG-62): a roll that supplies only part of a group lets its owner choose
    which units it keeps, one at a time (the strongest that fits by default, IR-ENG-11; the
    standing order ``shortfall strongest`` never asks). A unit is kept only while the budget, in
    half-LE, still covers it; ``none`` leaves every unit not yet kept unsupplied: eliminated in
    the Supply Segment, staying put when the group was checked on its move (``move``, the move
    command, IR-ENG-76). Returns False when a window is open."""
    asks = seat in st.seats and st.standing.get(seat, {}).get("shortfall", "ask") == "ask"
    while queue:
        short = queue[0]
        left = [u for u in short["units"] if u in st.units and not st.units[u]["supplied"]]
        options = shortfall_options(st, left, int(short["budget"]))
        if len(options) > 1 and asks:
            st.seq += 1
            prompt = _("{hex}: supply covers only {budget} more half-LE of your force (13.2). Which unit is supplied?",
                       hex=hex_id, budget=short["budget"])  # fmt: skip
            choices = [[u, text_to_json(_("Supply {unit} ({halves} half-LE)", unit=B.name_of_type(st.units[u]),
                                          halves=B.le_halves(st.units[u])))] for u in options]  # fmt: skip
            choices.append(["none", text_to_json(_("No more: the others go unsupplied"))])
            st.pending = {"id": f"shortfall-{st.seq}", "seat": seat, "kind": "shortfall", "prompt": text_to_json(prompt),
                          "choices": choices, "default": options[0], "section": "§13.2", "hex": hex_id,
                          "queue": queue, "move": move or {}}  # fmt: skip
            return False
        if options:
            _feed(st, short, options[0])
            continue
        queue.pop(0)
        _unsupplied(st, seat, left, lines, move)
    return True


def _unsupplied(st: IRState, seat: str, uids: list[str], lines: list[Text], move: dict[str, Any] | None) -> None:
    """Units a shortfall leaves unsupplied: eliminated in the Supply Segment (13.0), staying put
    when found on a move (13.0)."""
    if move:
        from rules.imperium_romanum.movement import stay_put

        stay_put(st, seat, uids, lines)
    else:
        _starve(st, uids, lines)


def _feed(st: IRState, short: dict[str, Any], uid: str) -> None:
    st.units[uid]["supplied"] = True
    if short["forage"]:
        st.units[uid]["foraged"] = True
    short["budget"] = int(short["budget"]) - B.le_halves(st.units[uid])


def answer_shortfall(st: IRState, choice: str, lines: list[Text]) -> None:
    """The owner chose the next unit to supply, or ``none``; the Supply Segment goes on."""
    p, st.pending = st.pending, {}
    seat, hex_id, queue = str(p["seat"]), str(p["hex"]), [dict(s) for s in p["queue"]]
    move = dict(p.get("move") or {})
    if choice == "none":
        short = queue.pop(0)
        _unsupplied(st, seat, [u for u in short["units"] if u in st.units and not st.units[u]["supplied"]], lines, move)
    else:
        _feed(st, queue[0], choice)
    if not settle_shortfalls(st, seat, hex_id, queue, lines, move or None):
        return
    if move:
        from rules.imperium_romanum.movement import resume

        resume(st, seat, move, lines)  # IR-ENG-76: the move goes on with the units supplied
    elif supply_segment(st, seat, lines):
        after_segment(st, seat, lines)


def declaration_due(st: IRState, seat: str, hex_id: str, besieged: bool, uids: list[str]) -> bool:
    """13.2: the force has a real choice to declare: units that need supply, no port supplying
    them, a baggage train in reach and something to forage; and its owner asks to choose (no
    standing order ``supply bt``)."""
    needy = [u for u in uids if needs_supply(st.units[u])]
    if not needy or seat not in st.seats or st.standing.get(seat, {}).get("supply", "ask") != "ask":
        return False
    if port_supplies(st, seat, hex_id, besieged) or (not besieged and river_port_supplies(st, seat, hex_id)):
        return False
    bt, _gap = nearest_bt(st, seat, hex_id, besieged)
    return bool(bt) and forage_value(st, seat, hex_id, besieged) > 0


def _declaration(st: IRState, seat: str, hex_id: str, besieged: bool, uids: list[str]) -> bool:
    """13.2: open the declaration window when the force has a real choice. The default (and the
    standing order ``supply bt``) puts every unit on the baggage train."""
    if not declaration_due(st, seat, hex_id, besieged, uids):
        return False
    open_declaration(st, seat, hex_id, besieged)
    return True


def open_declaration(st: IRState, seat: str, hex_id: str, besieged: bool, move: dict[str, Any] | None = None) -> None:
    """The declaration window (13.2) of a force in the Supply Segment or, with ``move`` (the
    move command), of a group checked as it sets out (IR-ENG-76)."""
    bt, _gap = nearest_bt(st, seat, hex_id, besieged)
    st.seq += 1
    prompt = _("Supply of your force in {hex} (13.2): draw on the baggage train at {bt} or forage?", hex=hex_id,
               bt=st.units[bt]["hex"])  # fmt: skip
    st.pending = {"id": f"supply-{st.seq}", "seat": seat, "kind": "supply", "prompt": text_to_json(prompt),
                  "choices": [["bt", text_to_json(_("Every unit on the baggage train"))],
                              ["forage", text_to_json(_("Every unit forages"))]],
                  "default": "bt", "section": "§13.2", "hex": hex_id, "besieged": besieged, "move": move or {}}  # fmt: skip


def answer_declaration(st: IRState, choice: str, lines: list[Text]) -> None:
    """The force declared its supply (13.2); the Supply Segment goes on with the others, or the
    paused move sets out (IR-ENG-76)."""
    p, st.pending = st.pending, {}
    seat, hex_id, besieged = str(p["seat"]), str(p["hex"]), bool(p["besieged"])
    if p.get("move"):
        from rules.imperium_romanum.movement import move

        move(st, seat, dict(p["move"]["args"]), lines, choice)
        return
    uids = _force(st, seat, hex_id, besieged)
    if uids and not _supply_force(st, seat, hex_id, uids, lines, None if choice == "bt" else []):
        return
    if supply_segment(st, seat, lines):
        after_segment(st, seat, lines)


def replenish(st: IRState, lines: list[Text]) -> None:
    """13.4.1: a baggage train that neither moved nor spent SP this month, in a friendly
    non-besieged city, gains 1 SP (at most 6); a power without city provinces replenishes
    anywhere in its starting provinces. Plundered places are not yet modelled."""
    w = world(st.scenario)
    for uid in sorted(st.units):
        rec = st.units[uid]
        if rec["type"] != B.BT or rec["moved"] or rec["spent"] or rec["besieged"] or rec["sp"] >= B.BT_MAX_SP:
            continue
        if w.province(rec["hex"]) in st.plunder:
            continue  # 24.4: no SP in a plundered province
        power = rec["power"]
        city = B.city_at(st, rec["hex"])
        in_city = bool(city) and st.city_owner.get(city, "") == power and rec["hex"] not in st.sieges
        start = st.powers[power].get("start_provinces", [])
        cityless = not any(data().cities[c].province in start for c in w.city_value)
        if in_city or (cityless and w.province(rec["hex"]) in start):
            rec["sp"] += 1
