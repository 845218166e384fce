"""Roman mobilization (§7): raising units and baggage trains in the Taxation & Mobilization
Phase, within each area's yearly limits, at the period's costs."""

from __future__ import annotations

from typing import Any

from rules.core.errors import NotYetSupported, RuleError
from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import accrual, counters
from rules.imperium_romanum import acquired_colours as AC
from rules.imperium_romanum import board as B
from rules.imperium_romanum.engine_data import period_chart
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.naval_charts import naval_charts
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

CITY_LIMIT = 2
CAPITAL_LIMIT = 4
"""7.4: at most 2 new units per city and 4 per provincial capital in one phase."""
DOUBLE_COST_MONTHS = (6, 9, 12)
"""7.4: only March is at list price (the scenario's first phase excepted)."""
SUBSTITUTES = {"legion_16_10": "legion_20_10"}
"""7.5: a lesser unit of the same type and symbol may use a better one's limit."""
NO_AREA_EXTRA = ("light_infantry_4_12", "light_cavalry_6_16")
"""7.2: outside every area, one 4-12 per city a year and one more 4-12 or 6-16 per province."""
BT_MAX = 16
"""7.7: never more than 16 baggage trains in play per major power."""
TRAINED = ("legion_16_10", "legion_20_10", "heavy_infantry_20_8", "heavy_cavalry_30_16")
"""35: new Roman and civilized heavy infantry and heavy cavalry need a trainer (barbarian 20-8s
are exempt, checked by the power's kind)."""
BRACKETED = {"missile_infantry_4_12": "(4)-12", "horse_archers_6_16": "(6)-16"}
HEAVY_COLUMNS = ("16-10", "20-10", "16-9", "20-9", "20-8")
"""7.8: the heavy-infantry columns a fleet also ticks, in the order the engine uses them."""


def period(st: IRState) -> str:
    return data().scenarios[st.scenario].period


def area_of(st: IRState, province: str) -> tuple[str, dict[str, Any]]:
    """The mobilization area of a province in this period (7.2) and its chart line: limits and
    costs by chart column, from the period's Mobilization Chart (``charts_mobilization.toml``),
    whose cost line serves provinces outside every area too (7.3); "" for the area outside
    every area."""
    chart_of_period = period_chart(period(st))
    costs = {_short(k): int(v) for k, v in chart_of_period.costs(data().scenarios[st.scenario].number).items()}
    for area in sorted(chart_of_period.areas, key=lambda a: a.id):
        if province in area.provinces:
            return area.id, {"limits": {_short(k): int(v) for k, v in area.limits.items()}, "costs": costs}
    return "", {"costs": costs}


def raisable_types(st: IRState) -> tuple[str, ...]:
    """The land unit types the period's chart prices for this scenario (7.3) and the baggage
    train (7.7), in id order; the elite 24-10 is never raised (15.2). Fleets are built by 7.8."""
    priced = period_chart(period(st)).costs(data().scenarios[st.scenario].number)
    return tuple(sorted({t for t in priced if t != "legion_24_10" and not t.startswith("fleet")} | {"baggage_train"}))


def form_lines(st: IRState, power: str) -> list[str]:
    """7.3: the Mobilization Form copies the line of every area where the power holds a
    province; provinces outside every area mobilize by the rule of 7.2."""
    names = {area_of(st, p)[0] for p, owner in st.province_owner.items() if owner == power}
    return sorted(n for n in names if n)


def unit_cost(st: IRState, unit_type: str, chart: dict[str, Any]) -> int:
    """7.4: the chart's cost, doubled in June, September and December except in the scenario's
    first Taxation & Mobilization Phase. A baggage train costs the period's price (7.7); a fleet
    the chart's 18-30 price, or where it prints none, the one of charts_naval.toml (7.8)."""
    if unit_type == "baggage_train":
        base = period_chart(period(st)).baggage_train_cost
    elif unit_type.startswith("fleet"):
        base = int(chart.get("costs", {}).get(_short(unit_type), naval_charts().build["cost"]))
    else:
        base = int(chart["costs"][_short(unit_type)])
    return base * 2 if st.month in DOUBLE_COST_MONTHS and st.tm_seen > 1 else base


def famine_cost(st: IRState, cost: int, province: str) -> int:
    """39.2 F: raising in a province in famine costs double."""
    from rules.imperium_romanum import random_events

    return cost * 2 if random_events.famine_in(st, province) else cost


def _short(unit_type: str) -> str:
    """The chart's column name of a unit type ("legion_20_10" -> "20-10"; the missile and horse
    archer versions of a light unit print in brackets, "(4)-12")."""
    if unit_type in BRACKETED:
        return BRACKETED[unit_type]
    parts = unit_type.split("_")
    return f"{parts[-2]}-{parts[-1]}" if len(parts) >= 2 and parts[-1].isdigit() else unit_type


def build(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``build`` command (7.4): ``type`` of unit and ``city`` where it appears."""
    unit_type, city = str(args.get("type", "")), str(args.get("city", ""))
    if "hex" in args or not st.powers.get(st.city_owner.get(city, ""), {"major": True})["major"]:
        accrual.rebuild(st, seat, args, lines)  # 8.0: a minor power rebuilds with points
        return
    colour = str(args.get("colour", ""))
    power, pool, cost = check_build(st, seat, unit_type, city, colour)
    st.powers[power]["treasury"] -= cost
    if accrual.civilized_major(st, power):
        st.powers[power]["points_halves"] -= data().units[unit_type].le_halves  # 26.2
    for key, column in pool:
        used = st.mobilized.setdefault(key, {})
        used[column] = used.get(column, 0) + 1
    st.phase_builds[city] = st.phase_builds.get(city, 0) + 1
    if unit_type.startswith("fleet"):
        start_fleet(st, power, city, cost, lines, colour=AC.chosen(st, power, colour))  # 20.4: in a gained colour too
        return
    uid = _place(st, power, unit_type, data().cities[city].hex, AC.chosen(st, power, colour))
    AC.mark(st.units[uid], power, AC.chosen(st, power, colour))  # 20.4: a gained colour's counter
    st.held_raises.append(uid)  # IR-ENG-60: only its seat sees it until the phase closes
    st.stat("units_raised")
    if needs_training(st, power, unit_type):
        train(st, power, uid, lines)
    # 3.2 and 4.0: a raise is the raising seat's secret until every power has ended the phase;
    # then phase_summary tells everyone how many units each power raised where (issue 18)
    lines.append(B.secret(_("{power} raises a {type} at {city} for {cost} talents (7.4).", power=st.powers[power]["name"],
                            type=B.name_of_type(st.units[uid]), city=data().cities[city].name, cost=cost), seat))  # fmt: skip


def check_build(st: IRState, seat: str, unit_type: str, city: str, colour: str = "") -> tuple[str, list[tuple[str, str]], int]:
    """Every condition of a raise (7.2-7.7), without changing anything: the power, the yearly
    tick to make and the cost; a RuleError names the rule that forbids it. ``colour``: a
    dissolved faction whose colour the power gained (20.4, acquired_colours.py)."""
    w = world(st.scenario)
    if city not in w.city_value:
        raise RuleError("§7.4", _("{city} is not a city of this period", city=city or "?"))
    power = st.city_owner.get(city, "")
    province = data().cities[city].province
    if not power or B.seat_of(st, power) != seat:
        raise RuleError("§7.4", _("you do not hold {city}", city=data().cities[city].name))
    if not st.powers[power]["major"]:
        raise RuleError("§8.0", _("a minor power never mobilizes; it rebuilds its losses with points"))
    civilized = accrual.civilized_major(st, power)
    if civilized:
        if accrual.rate(st, power) is None:
            raise NotYetSupported("§26", _("the replacement rate of {power}, which the scenario does not give",
                                           power=st.powers[power]["name"]))  # fmt: skip
        if unit_type not in starting_types(st, power):
            raise RuleError("§26.2", _("a civilized power builds only the unit types it began with"))
    from rules.imperium_romanum import city_centric, plunder

    if st.province_owner.get(province, "") != power and not city_centric.raises_by_city(st):  # 41.3: the city suffices
        raise RuleError("§7.4", _("units are raised only in provinces you control"))

    if plunder.no_recruiting(st, province, power):
        raise RuleError("§24.1", _("no recruiting in a plundered province"))
    from rules.imperium_romanum import plague, random_events

    if city in st.destroyed:
        raise RuleError("§39.2", _("{city} was destroyed", city=data().cities[city].name))
    if random_events.in_revolt(st, province):
        raise RuleError("§39.2", _("no mobilization in a province in revolt until its rebels are destroyed"))
    if plague.in_plague(st, province):
        raise RuleError("§45.2", _("no recruiting in a province in plague"))
    if plunder.no_recruiting_city(st, city, power):
        raise RuleError("§24.1", _("no recruiting in a plundered city"))
    hex_id = data().cities[city].hex
    if hex_id in st.sieges:
        raise RuleError("§7.4", _("{city} is besieged", city=data().cities[city].name))
    fleet = unit_type.startswith("fleet")
    if fleet:
        if not B.is_port(st, hex_id):
            raise RuleError("§7.8", _("fleets are built in ports: {city} is not one", city=data().cities[city].name))
        begun = sum(1 for y in st.shipyards if y["city"] == city and y["begun"] == st.tm_seen)
        if begun >= naval_charts().build["per_city"]:
            raise RuleError("§7.8", _("{city} has begun its {limit} fleets this phase", city=data().cities[city].name,
                                      limit=naval_charts().build["per_city"]))  # fmt: skip
    if unit_type == "legion_24_10":
        raise RuleError("§15.2", _("elite legions are never mobilized; they are converted after a victory"))
    if unit_type not in raisable_types(st) and not fleet:
        raise RuleError("§7.2", _("{type} is not a unit that can be raised", type=unit_type or "?"))
    counters.check_free(st, AC.chosen(st, power, colour), unit_type, _short(unit_type))  # 20.4: the chosen colour
    limit = CAPITAL_LIMIT if w.capital_of.get(province) == city else CITY_LIMIT
    if st.phase_builds.get(city, 0) >= limit:
        raise RuleError("§7.4", _("{city} has raised its {limit} new units this phase", city=data().cities[city].name,
                                  limit=limit))  # fmt: skip
    area, chart = area_of(st, province)
    if civilized:
        pool: list[tuple[str, str]] = []  # 26.2: area limits are ignored
        points = data().units[unit_type].le_halves
        if st.powers[power].get("points_halves", 0) < points:
            raise RuleError("§26.2", _("{type} needs {points} replacement points; {power} has {held}", type=_short(unit_type),
                                       points=points / 2, power=st.powers[power]["name"],
                                       held=st.powers[power].get("points_halves", 0) / 2))  # fmt: skip
    else:
        pool = _fleet_pool(st, area, chart) if fleet else _pool(st, unit_type, province, area, chart, power)
    cost = famine_cost(st, unit_cost(st, unit_type, chart), province)
    if st.powers[power]["treasury"] < cost:
        raise RuleError("§7.4", _("{type} costs {cost} talents; the treasury holds {treasury}", type=_short(unit_type),
                                  cost=cost, treasury=st.powers[power]["treasury"]))  # fmt: skip
    return power, pool, cost


def needs_training(st: IRState, power: str, unit_type: str) -> bool:
    """35 (scenarios that name it): new Roman and civilized heavy infantry and heavy cavalry."""
    from rules.imperium_romanum import random_events

    return ("35" in data().scenarios[st.scenario].special_rules and unit_type in TRAINED
            and st.powers[power]["kind"] in ("roman", "civilized") and not random_events.no_training(st, power))  # fmt: skip  # 39.2 Z


def train(st: IRState, power: str, uid: str, lines: list[Text]) -> None:
    """35: a veteran of the same type in the city trains the new unit, and both stay in the
    city this month; without one, the new unit may not leave its city for two months. Both take
    their power's CER (IR-ENG-38), so training never costs the extra talent of a CER step."""
    rec = st.units[uid]
    trainer = next((u for u in B.units_at(st, rec["hex"], False) if u != uid and st.units[u]["type"] == rec["type"]
                    and st.units[u]["vet"] and st.units[u]["power"] == power), "")  # fmt: skip
    seat = B.seat_of(st, power)
    if trainer:
        rec["held_until"] = st.turn
        st.units[trainer]["held_until"] = max(st.turn, int(st.units[trainer].get("held_until", 0)))
        lines.append(B.secret(_("{unit} is trained by {trainer}; both stay in the city this month (35).", unit=uid,
                                trainer=trainer), seat))  # fmt: skip
    else:
        rec["held_until"] = st.turn + 1
        lines.append(B.secret(_("{unit} has no trainer and stays in its city for two months (35).", unit=uid), seat))


def _fleet_pool(st: IRState, area: str, chart: dict[str, Any]) -> list[tuple[str, str]]:
    """7.8: a fleet takes an 18-30 tick and a heavy-infantry tick of its area; with no heavy
    infantry left (or outside every area, IR-ENG-28), no fleet can be begun."""
    limits = {str(k): int(v) for k, v in dict(chart.get("limits", {})).items()}
    key = f"area:{area}"
    used = st.mobilized.get(key, {})
    if not area or used.get("18-30", 0) >= limits.get("18-30", 0):
        raise RuleError("§7.8", _("no 18-30 is left to raise here this year"))
    heavy = [c for c in HEAVY_COLUMNS if used.get(c, 0) < limits.get(c, 0)]
    if not heavy:
        raise RuleError("§7.8", _("a fleet also needs a heavy infantry unit of the area's limit, and none is left"))
    return [(key, "18-30"), (key, heavy[0])]


def _pool(st: IRState, unit_type: str, province: str, area: str, chart: dict[str, Any], power: str) -> list[tuple[str, str]]:
    """Check the yearly limit (7.2, 7.5) and return the (key, column) ticks to make (none for
    baggage trains, 7.7)."""
    if unit_type == "baggage_train":
        w = world(st.scenario)
        if not w.cultivated.get(province, False):
            raise RuleError("§7.7", _("baggage trains are raised in cultivated provinces"))
        raised = sum(1 for u in st.units.values() if u["power"] == power and u["type"] == "baggage_train" and u.get("raised"))
        trains = sum(1 for u in st.units.values() if u["power"] == power and u["type"] == "baggage_train")
        leaders = sum(1 for rec in st.leaders.values() if rec["power"] == power and rec["status"] == "map")
        if raised >= leaders or trains >= BT_MAX:
            raise RuleError("§7.7", _("no more baggage trains than leaders on the map, and at most 16"))
        return []
    if area:
        from rules.imperium_romanum import random_events

        change = random_events.limit_change(st, power, area)  # 39.2 X, Y
        limits = {str(k): int(v) + change for k, v in dict(chart.get("limits", {})).items()}
        key = f"area:{area}"
        used = st.mobilized.get(key, {})
        column = _short(unit_type)
        if column in limits and used.get(column, 0) < limits[column]:
            return [(key, column)]
        better = _short(SUBSTITUTES.get(unit_type, ""))
        if better in limits and used.get(better, 0) < limits[better]:
            return [(key, better)]
        raise RuleError("§7.5", _("the {area} area has no {type} left to raise this year", area=area, type=column))
    key = f"province:{province}"
    used = st.mobilized.get(key, {})
    cities = len(B.cities_of(st, province))
    if unit_type == "light_infantry_4_12" and used.get("4-12", 0) < cities:
        return [(key, "4-12")]
    if unit_type in NO_AREA_EXTRA and used.get("extra", 0) < 1:
        return [(key, "extra")]
    raise RuleError("§7.2", _("outside the areas a province raises one 4-12 per city a year and one more 4-12 or "
                              "6-16"))  # fmt: skip


def _place(st: IRState, power: str, unit_type: str, hex_id: str, colour_power: str = "", counter_id: str = "") -> str:
    """7.4: a new unit appears unseasoned; a new baggage train is full (7.7). It takes a free
    counter of ``colour_power``'s colour (its own by default; 20.4), or ``counter_id`` reserved
    for it (a fleet begun, 7.8), ``counters.hand_out``."""
    n = 1 + sum(1 for u in (*st.units, *st.eliminated) if u.startswith(f"{power}.{unit_type}."))
    uid = f"{power}.{unit_type}.{n}"
    while uid in st.units or uid in st.eliminated:
        n += 1
        uid = f"{power}.{unit_type}.{n}"
    st.seq += 1
    rec: dict[str, Any] = {
        "type": unit_type, "power": power, "hex": hex_id, "order": st.seq, "vet": unit_type == "baggage_train",
        "sp": 6 if unit_type == "baggage_train" else 0, "besieged": False, "mp": 0, "activated": False,
        "moved": False, "supplied": False, "spent": False, "crossing": "", "from": "", "must_attack": False,
        "foraged": False, "raised": True,
    }  # fmt: skip
    if counter_id:
        rec["counter_id"] = counter_id
    counters.hand_out(st, colour_power or power, rec)
    st.units[uid] = rec
    return uid


def build_commands(st: IRState, seat: str) -> list[dict[str, str]]:
    """The raises ``seat`` could order now (every type at every city it may use)."""
    out = []
    w = world(st.scenario)
    for city in sorted(w.city_value):
        power = st.city_owner.get(city, "")
        if not power or B.seat_of(st, power) != seat or not st.powers[power]["major"]:
            continue
        for colour in ("", *AC.acquired(st, power)):  # 20.4: the colours it gained too
            out += [{"type": t, "city": city, **({"colour": colour} if colour else {})}
                    for t in (*raisable_types(st), "fleet_18_30")
                    if passes(check_build, st, seat, t, city, colour)]  # fmt: skip
    return out + accrual.rebuild_commands(st, seat)


# -- fleets under construction (7.8) -----------------------------------------------------------
def start_fleet(st: IRState, power: str, city: str, cost: int, lines: list[Text], rebuilt: str = "",
                colour: str = "") -> None:  # fmt: skip
    """7.8: the fleet is paid now and appears in its port three months later (8.3: a minor
    power's rebuilt fleet too, ``rebuilt`` naming the eliminated fleet that comes back). A fleet
    of a colour gained by defection (``colour``, 20.4) is one of that colour's counters from the
    start: the yard records it (``counter``), and the launched fleet wears it (IR-ENG-147)."""
    months = naval_charts().build["months"]
    yard = {"power": power, "city": city, "ready": st.turn + months, "begun": st.tm_seen}
    if rebuilt:
        yard["rebuilt"] = rebuilt
    else:  # 5.7: the new fleet's counter is set aside now, so that no other raise takes it
        reserved = counters.free_counter(st, colour or power, "fleet_18_30")
        if reserved:
            yard["counter_id"] = reserved
    if colour and colour != power:
        yard["counter"] = colour
    st.shipyards.append(yard)
    st.stat("fleets_begun")
    line = _("{power} begins a fleet at {city} for {cost} talents; it will be ready in {months} months (7.8).",
             power=st.powers[power]["name"], city=data().cities[city].name, cost=cost, months=months)  # fmt: skip
    # IR-ENG-60: begun in Taxation & Mobilization, a fleet is its seat's secret like any raise
    # until the phase closes; phase_summary then counts it with the power's other raises
    lines.append(B.secret(line, B.seat_of(st, power)) if st.segment == "taxation" else line)


def shipyards_month(st: IRState, lines: list[Text]) -> None:
    """At the start of each month (7.8): a fleet whose port has changed hands rolls d6, 1 it is
    destroyed; otherwise a second d6, 1-3 the captor's on schedule, 4-5 one month late, 6 two;
    then every fleet whose time has come is placed in its port."""
    kept = []
    for yard in st.shipyards:
        owner = st.city_owner.get(yard["city"], "")
        if owner and owner != yard["power"]:
            name = data().cities[yard["city"]].name
            from rules.imperium_romanum import deity

            captor = B.seat_of(st, owner)  # the captor throws both dice (IR-ENG-164)
            if deity.roll(st, captor, "shipyard_capture", +1, _("§7.8 port captured"), [], lines).result <= 1:
                lines.append(_("The fleet under construction at {city} is destroyed (7.8).", city=name))
                continue
            delay = deity.roll(st, captor, "shipyard_delay", -1, _("§7.8 captured fleet delay"), [], lines).result
            yard = dict(yard, power=owner, ready=yard["ready"] + (0 if delay <= 3 else 1 if delay <= 5 else 2))
            yard.pop("counter", None)  # the captor finishes it in its own colour, as any captured fleet
            yard.pop("counter_id", None)  # 5.7: the builder's counter set aside goes back to its pool
            lines.append(_("{power} takes over the fleet under construction at {city} (7.8).",
                           power=st.powers[owner]["name"], city=name))  # fmt: skip
        if st.turn >= yard["ready"] and owner == yard["power"] and data().cities[yard["city"]].hex not in st.sieges:
            hex_id = data().cities[yard["city"]].hex
            if yard.get("rebuilt") in st.eliminated and st.eliminated[yard["rebuilt"]]["power"] == yard["power"]:
                uid = str(yard["rebuilt"])
                accrual.revive(st, uid, hex_id)
            else:
                uid = _place(st, yard["power"], "fleet_18_30", hex_id, str(yard.get("counter", "")),
                             counter_id=str(yard.get("counter_id", "")))
                AC.mark(st.units[uid], yard["power"], str(yard.get("counter", yard["power"])))  # 20.4 (IR-ENG-147)
            lines.append(_("{power}: a new fleet is launched at {city} (7.8).", power=st.powers[yard["power"]]["name"],
                           city=data().cities[yard["city"]].name))  # fmt: skip
            st.units[uid]["vet"] = True  # fleets are never seasoned: one strength (7.8)
            continue
        kept.append(yard)
    st.shipyards = kept


# -- civilized recruitment (26) -----------------------------------------------------------------
def starting_types(st: IRState, power: str) -> tuple[str, ...]:
    """26.2: the unit types a civilized power began the scenario with."""
    return tuple(sorted({t for d in data().scenarios[st.scenario].deployments if d.power == power for t, _n in d.units}))


def reveal_raises(st: IRState) -> None:
    """4.0, 3.2 (IR-ENG-60): the phase is simultaneous, so the units raised or rebuilt in it stay
    out of every other seat's view and the public view until it closes; then all appear at once."""
    st.held_raises = []


def phase_summary(st: IRState, lines: list[Text]) -> None:
    """4.0, 7.4: once every power has ended the Taxation & Mobilization Phase, how many units
    (baggage trains included) each major power raised and in which cities; their types stay
    the owners' secret (3.2). Issue 18: the orders are told only to their seat until then."""
    for power in sorted(st.powers):
        rec = st.powers[power]
        if not rec["major"] or rec["dissolved"]:
            continue
        raised = {c: n for c, n in sorted(st.phase_builds.items()) if st.city_owner.get(c) == power}
        total = sum(raised.values())
        if not total:
            lines.append(_("{power} raises no unit this phase (7.4).", power=rec["name"]))
            continue
        where = ", ".join(f"{data().cities[c].name} ×{n}" if n > 1 else data().cities[c].name for c, n in raised.items())
        lines.append(_n("{power} raised {n} unit this phase: {cities} (7.4).",
                        "{power} raised {n} units this phase: {cities} (7.4).", total,
                        power=rec["name"], cities=where))  # fmt: skip

def counter_mix(st: IRState, power: str, unit_type: str) -> tuple[int, int]:
    """5.5, 5.7: the counters of the power's colour and type, and how many are taken
    (``counters.mix``, the one count)."""
    return counters.mix(st, power, unit_type)
