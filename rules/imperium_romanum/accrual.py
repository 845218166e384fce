"""Replacement points (§8 recruiting by accrual for minor powers, §26.1 for civilized major
powers) and the rebuilding of a minor power's eliminated units (§8.2, §8.3).

A rate is in legion-sized units a Taxation & Mobilization Phase (8.1); the engine keeps points
in halves (``points_halves`` on the power's record), a half-LE unit costing one (8.2, 26.2).
The rate comes from the scenario (``Power.replacement``, docs/imperium-romanum-data.md) or, for
a power the Inactive Power Table raised, from that table's row (23.3, ``replacement`` on the
power's record).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import NotYetSupported, RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import counters
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

CITY_LIMIT = 2
"""8.3: at most two units placed in one city (IR-ENG-39: in one hex, for a power without cities)."""
ACTIVE = ("active client", "active neutral")
"""23.x: an inactive client or neutral accrues nothing until it is activated."""


def rate(st: IRState, power: str) -> float | None:
    """The power's replacement rate (8.1, 26.1), or None when no source gives one."""
    rec = st.powers[power]
    if rec.get("replacement") is not None:
        return float(rec["replacement"])
    scenario_power = next((p for p in data().scenarios[st.scenario].powers if p.id == power), None)
    if scenario_power is None or scenario_power.replacement is None:
        return None
    return float(scenario_power.replacement)


def rate_halves(st: IRState, power: str) -> int:
    value = rate(st, power)
    return int(round(2 * value)) if value is not None else 0


def civilized_major(st: IRState, power: str) -> bool:
    """26: a civilized non-Roman major power, in a scenario that names rule 26."""
    rec = st.powers[power]
    return rec["major"] and rec["kind"] == "civilized" and "26" in data().scenarios[st.scenario].special_rules


def rebuildable(st: IRState, power: str) -> list[str]:
    """8.0: the minor power's eliminated units that may come back (a fleet turned into a legion,
    rule 34, is gone for good), in id order."""
    return sorted(u for u, rec in st.eliminated.items() if rec["power"] == power and not rec.get("converted"))


def accrues(st: IRState, power: str) -> bool:
    """8.1: an active minor power that holds a province and has lost a unit; 8.3: none with no
    province left."""
    rec = st.powers[power]
    if rec["major"] or rec["dissolved"] or rec["status"] not in ACTIVE:
        return False
    holds = any(owner == power for owner in st.province_owner.values())
    return holds and bool(rebuildable(st, power))


def accrue(st: IRState, lines: list[Text]) -> None:
    """The start of a Taxation & Mobilization Phase: civilized major powers add their rate to
    what they hold, without limit (26.1); minor powers that may accrue get their rate (8.1)."""
    from rules.imperium_romanum import random_events

    for power in sorted(st.powers):
        rec = st.powers[power]
        if civilized_major(st, power) and not rec["dissolved"] and rate(st, power) is not None:
            rec["points_halves"] = rec.get("points_halves", 0) + rate_halves(st, power) * random_events.accrual_factor(st, power)  # 39.2 X, Y
            lines.append(_("{power} accrues replacement points (26.1): {points} in hand.", power=rec["name"],
                           points=rec["points_halves"] / 2))  # fmt: skip
        elif not rec["major"] and accrues(st, power) and rate_halves(st, power) > 0:
            rec["points_halves"] = rate_halves(st, power)
            lines.append(_("{power} accrues {points} replacement points (8.1).", power=rec["name"],
                           points=rec["points_halves"] / 2))  # fmt: skip


def lapse(st: IRState) -> None:
    """8.1: whatever a minor power did not spend is gone once the phase closes."""
    for rec in st.powers.values():
        if not rec["major"]:
            rec["points_halves"] = 0


def start_cities(st: IRState, power: str) -> list[str]:
    """The scenario's cities in the provinces the power held at the start (8.3)."""
    start = st.powers[power].get("start_provinces", [])
    return sorted(c for c in world(st.scenario).city_value if data().cities[c].province in start)


def check_rebuild(st: IRState, seat: str, unit_type: str, place: str) -> tuple[str, str, str, int]:
    """Every condition of a rebuild (8.0-8.3), changing nothing: (power, unit to bring back, hex,
    points in halves). ``place`` is a city id, or a hex for a power that began without a city."""
    city = place if place in world(st.scenario).city_value else ""
    hex_id = data().cities[city].hex if city else place
    if hex_id not in data().hexes:
        raise RuleError("§8.3", _("{place} is neither a city of this period nor a hex", place=place or "?"))
    province = world(st.scenario).province(hex_id)
    power = st.city_owner.get(city, "") if city else st.province_owner.get(province, "")
    if not power or st.powers[power]["major"] or B.seat_of(st, power) != seat:
        raise RuleError("§8.3", _("no minor power of yours rebuilds at {place}", place=place))
    name = st.powers[power]["name"]
    if st.powers[power]["status"] not in ACTIVE or st.powers[power]["dissolved"]:
        raise RuleError("§8.1", _("{power} is not active and rebuilds nothing", power=name))
    if rate(st, power) is None:
        raise NotYetSupported("§8.1", _("the replacement rate of {power}, which the scenario does not give", power=name))
    if province not in st.powers[power].get("start_provinces", []) or st.province_owner.get(province) != power:
        raise RuleError("§8.3", _("{power} rebuilds only in provinces it holds and held at the start", power=name))
    if start_cities(st, power):
        if not city:
            raise RuleError("§8.3", _("{power} rebuilds in a city", power=name))
        if hex_id in st.sieges:
            raise RuleError("§8.3", _("{city} is besieged", city=data().cities[city].name))
    elif city or B.hostile_land_at(st, seat, hex_id, None):
        raise RuleError("§8.3", _("{power} began without a city: it rebuilds on a hex of its provinces free of enemies",
                                  power=name))  # fmt: skip
    if st.phase_builds.get(city or hex_id, 0) >= CITY_LIMIT:
        raise RuleError("§8.3", _("two units have already been placed at {place} this phase", place=place))
    uid = next((u for u in rebuildable(st, power) if st.eliminated[u]["type"] == unit_type), "")
    if not uid:
        raise RuleError("§8.0", _("{power} has no eliminated {type} to rebuild", power=name, type=unit_type or "?"))
    if B.is_fleet(st.eliminated[uid]) and not B.is_port(st, hex_id):
        raise RuleError("§7.8", _("fleets are built in ports: {place} is not one", place=place))
    points = B.le_halves(st.eliminated[uid])
    held = st.powers[power].get("points_halves", 0)
    if held < points:
        raise RuleError("§8.2", _("{power} needs {points} replacement points and holds {held}", power=name,
                                  points=points / 2, held=held / 2))  # fmt: skip
    return power, uid, hex_id, points


def rebuild(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """``build {type, city}`` (or ``{type, hex}``) for a minor power: points, no talents (8.0,
    8.2); the unit comes back unseasoned (8.3); a fleet three months later (7.8)."""
    unit_type = str(args.get("type", ""))
    place = str(args.get("city") or args.get("hex") or "")
    power, uid, hex_id, points = check_rebuild(st, seat, unit_type, place)
    st.powers[power]["points_halves"] -= points
    st.phase_builds[place] = st.phase_builds.get(place, 0) + 1
    st.stat("rebuilds")
    if B.is_fleet(st.eliminated[uid]):
        from rules.imperium_romanum import mobilization

        mobilization.start_fleet(st, power, place, 0, lines, rebuilt=uid)
        return
    revive(st, uid, hex_id)
    st.held_raises.append(uid)  # IR-ENG-60: only its seat sees it until the phase closes
    lines.append(B.secret(_("{power} rebuilds a {type} at {place} (8.3).", power=st.powers[power]["name"],
                            type=B.name_of_type(st.units[uid]), place=_place_name(place)), seat))  # fmt: skip


def revive(st: IRState, uid: str, hex_id: str) -> None:
    """An eliminated unit returns to the map, unseasoned (8.3, 7.4) and fresh; a baggage train
    full (7.7); a fleet has one side (7.8)."""
    rec = st.eliminated.pop(uid)
    st.seq += 1
    fleet = B.is_fleet(rec)
    rec.update(hex=hex_id, order=st.seq, vet=fleet or rec["type"] == B.BT, sp=6 if rec["type"] == B.BT else 0,
               besieged=False, mp=0, activated=False, moved=False, supplied=False, spent=False, crossing="",
               must_attack=False, foraged=False, aboard="", in_port=False, at_sea=0, nmp=0, mmp=0)  # fmt: skip
    rec["from"] = ""
    counters.hand_out(st, rec["power"], rec)  # 5.7: its own counter, kept for it while it was out
    st.units[uid] = rec


def rebuild_commands(st: IRState, seat: str) -> list[dict[str, str]]:
    """Every rebuild ``seat`` could order now for its minor powers."""
    out = []
    for power in sorted(st.powers):
        rec = st.powers[power]
        if rec["major"] or B.seat_of(st, power) != seat or rec.get("points_halves", 0) <= 0:
            continue
        types = sorted({st.eliminated[u]["type"] for u in rebuildable(st, power)})
        cities = start_cities(st, power)
        places = cities or sorted(h for h, cell in data().hexes.items() if cell.province in rec.get("start_provinces", []))
        key = "city" if cities else "hex"
        for place in places:
            out += [{"type": t, key: place} for t in types if passes(check_rebuild, st, seat, t, place)]
    return out


def _place_name(place: str) -> str:
    return data().cities[place].name if place in data().cities else place
