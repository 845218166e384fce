"""What each person may see (§3.2 limited intelligence, §5.4 public forms).

Anyone sees the public forms (treasury, morale, provinces), city owners, sieges, and for every
stack only its top unit and its size. A seat also sees its own stacks whole, and the whole of
any enemy stack that shares a hex with one of its units (§3.2). While a simultaneous segment is
open, a treasury is shown to the others as it stood when the segment opened (IR-DIS-5).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import _, join
from rules.imperium_romanum import board as B
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.counters import colour_of, legion_name, unit_colour
from rules.imperium_romanum.record import shown_treasury, treasury_held
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def side_of(st: IRState, power: str) -> str:
    return B.seat_of(st, power) or power


def _stacks(st: IRState, viewer: str = "") -> dict[tuple[str, str, bool], dict[str, list[str]]]:
    """Pieces grouped by (hex, side, besieged), units in stack order, as ``viewer`` (a seat, or
    "" for the public) may know them: the raises of a Taxation & Mobilization Phase still open
    are left out except for their own seat (IR-ENG-60)."""
    groups: dict[tuple[str, str, bool], dict[str, list[str]]] = {}
    held = set(st.held_raises)
    for uid in sorted(st.units, key=lambda u: (st.units[u]["order"], u)):
        rec = st.units[uid]
        if uid in held and (not viewer or B.seat_of(st, rec["power"]) != viewer):
            continue
        groups.setdefault((rec["hex"], side_of(st, rec["power"]), bool(rec["besieged"])),
                          {"units": [], "leaders": []})["units"].append(uid)  # fmt: skip
    for lid in sorted(st.leaders):
        rec = st.leaders[lid]
        if rec["status"] != "map":
            continue
        key = (rec["hex"], side_of(st, rec["power"]), rec["hex"] in st.sieges and any(
            st.units[u]["besieged"] for u in B.units_at(st, rec["hex"]) if side_of(st, st.units[u]["power"]) == side_of(st, rec["power"])))  # fmt: skip
        groups.setdefault(key, {"units": [], "leaders": []})["leaders"].append(lid)
    return groups


def _public_stack(st: IRState, key: tuple[str, str, bool], pieces: dict[str, list[str]]) -> dict[str, Any]:
    hex_id, side, besieged = key
    top = st.units[pieces["units"][0]]["type"] if pieces["units"] else "leader"
    out = {"hex": hex_id, "side": side, "besieged": besieged, "top": top,
           "size": len(pieces["units"]) + len(pieces["leaders"]), "power": top_power(st, pieces),
           "colour": top_colour(st, pieces)}  # fmt: skip
    # IR-DIS-20: the top counter's legion name is printed on it, so public like its type (5.7)
    top_name = legion_name(st, st.units[pieces["units"][0]]) if pieces["units"] else ""
    if top_name:
        out["top_name"] = top_name
    return out


def top_power(st: IRState, pieces: dict[str, list[str]]) -> str:
    """The power of a stack's top counter (its first unit, else its first leader): the colour
    printed on a counter is as public as its type (§3.2, 5.7; IR-DIS-30). A seat's stack may
    hold pieces of several powers (a usurper's, 44.1; a neutral it moves, 5.3): only the top
    one's power is told."""
    if pieces["units"]:
        return str(st.units[pieces["units"][0]]["power"])
    return str(st.leaders[pieces["leaders"][0]]["power"]) if pieces["leaders"] else ""


def top_colour(st: IRState, pieces: dict[str, list[str]]) -> str:
    """The colour printed on a stack's top counter (5.7), public like its type (IR-DIS-30): its
    counter's colour, so a usurper's legion wears the red of the faction he rose against
    (IR-ENG-132, 133) and a unit gained by defection its old colour (20.4); a leader on top
    wears his power's colour; "" for a piece of no colour's mix (rebels, IR-ENG-134)."""
    if pieces["units"]:
        return unit_colour(st, st.units[pieces["units"][0]])
    return colour_of(st, str(st.leaders[pieces["leaders"][0]]["power"])) if pieces["leaders"] else ""


def _full_stack(st: IRState, key: tuple[str, str, bool], pieces: dict[str, list[str]]) -> dict[str, Any]:
    out = _public_stack(st, key, pieces)
    out["units"] = [_unit(st, u) for u in pieces["units"]]
    out["leaders"] = [{"id": lid, "name": data().leaders[lid].name, "value": data().leaders[lid].value,
                       "power": st.leaders[lid]["power"], "aboard": st.leaders[lid].get("aboard", "")}
                      for lid in pieces["leaders"]]  # fmt: skip
    return out


def _unit(st: IRState, uid: str) -> dict[str, Any]:
    """A unit as its own seat sees it; ``counter`` and ``name`` (the legion's) where it has
    them (5.7, IR-ENG-129)."""
    rec = st.units[uid]
    out = {"id": uid, "type": rec["type"], "power": rec["power"], "vet": rec["vet"], "strength": B.strength(rec),
           "sp": rec["sp"], "mp": rec["mp"], "aboard": rec.get("aboard", "")}  # fmt: skip
    if rec.get("counter_id"):
        out["counter"] = rec["counter_id"]
    name = legion_name(st, rec)
    if name:
        out["name"] = name
    return out


MAP_EVENTS = ("E", "F", "G", "H", "Q", "T")
"""Random events whose marker lies on a province or a city (39.2): plague, famine, bad and
bumper harvest, revolt, political crisis. The other markers have no place on the map (A is a
seat's secret)."""


def event_markers(st: IRState) -> list[dict[str, Any]]:
    """The public markers of the random events in force that sit on the map (39.2): code,
    power, the turn they lapse, and their province or city; in a fixed order."""
    out = [{"code": m["code"], "power": m["power"], "until": int(m["until"]),
            "province": str(m.get("province", "")), "city": str(m.get("city", ""))}
           for m in st.events if m["code"] in MAP_EVENTS]  # fmt: skip
    return sorted(out, key=lambda m: (m["code"], m["province"], m["city"], m["power"]))


def public_view(st: IRState) -> dict[str, Any]:
    powers = {}
    for pid in sorted(st.powers):
        rec = st.powers[pid]
        powers[pid] = {
            "name": rec["name"], "kind": rec["kind"], "status": rec["status"], "seat": rec["seat"],
            "major": rec["major"], "treasury": shown_treasury(st, pid), "treasury_held": treasury_held(st, pid),
            "morale": rec["morale"],
            "dissolved": rec["dissolved"], "cer": rec["cer"],
            "provinces": sorted(p for p, owner in st.province_owner.items() if owner == pid),
        }  # fmt: skip
    stacks = [_public_stack(st, key, pieces) for key, pieces in sorted(_stacks(st).items())]
    pending = {k: st.pending[k] for k in ("id", "seat", "kind", "section", "hex") if k in st.pending}
    return {
        "kind": "imperium_romanum", "scenario": st.scenario, "year": st.year, "month": st.month,
        "turn": st.turn, "season": st.season, "flooded": st.flooded, "segment": st.segment,
        "active": SEQ.active_seat(st), "seats": list(st.seats), "to_move": SEQ.waiting(st),
        "powers": powers, "cities": dict(sorted(st.city_owner.items())),
        "city_damage": dict(sorted(st.city_damage.items())),
        "sieges": {h: {"city": s["city"], "besieger": s["besieger"]} for h, s in sorted(st.sieges.items())},
        "forts": {h: dict(sorted(f.items())) for h, f in sorted(st.forts.items())},
        "building": sorted(rec["hex"] for rec in st.building.values()),
        "plunder": dict(sorted(st.plunder.items())),
        "plundered_cities": dict(sorted(st.plundered_cities.items())),
        "plague": sorted(st.plague),  # 45.1: a province's plague is noted for all to see
        "stacks": stacks,
        "leaders_lost": {lid: rec["status"] for lid, rec in sorted(st.leaders.items()) if rec["status"] != "map"},
        "alliances": [list(p) for p in st.alliances], "pending": pending,
        "last": list(st.last), "result": dict(st.result),
        "event_markers": event_markers(st),
    }  # fmt: skip


def seat_view(st: IRState, seat: str) -> dict[str, Any]:
    """The public view, with the seat's own stacks whole and the enemy stacks it shares a hex
    with whole too (3.2)."""
    view = public_view(st)
    groups = _stacks(st, seat)
    from rules.imperium_romanum import random_events

    mine = {key[0] for key in groups if key[1] == seat} | set(random_events.examined_hexes(st, seat))  # 39.2 A
    view["stacks"] = [
        _full_stack(st, key, pieces) if key[1] == seat or key[0] in mine else _public_stack(st, key, pieces)
        for key, pieces in sorted(groups.items())
    ]
    for pid, shown in view["powers"].items():
        shown["treasury"], shown["treasury_held"] = shown_treasury(st, pid, seat), treasury_held(st, pid, seat)
    view["seat"] = seat
    if st.pending.get("seat") == seat:
        view["pending"] = dict(st.pending)
    return view


def private_lines(st: IRState, seat: str) -> list[str]:
    """``/game mine``: what each of the seat's stacks holds (3.2: hidden from the others), in
    words, one line per hex."""
    lines: list[str] = []
    for (hex_id, side, besieged), pieces in sorted(_stacks(st).items()):
        if side != seat:
            continue
        names = [data().leaders[lid].name for lid in pieces["leaders"]]
        names += [B.name_of_type(st.units[uid]) for uid in pieces["units"]]
        shown = join(", ", names)
        lines.append(_("{hex} (besieged): {pieces}", hex=hex_id, pieces=shown) if besieged
                     else _("{hex}: {pieces}", hex=hex_id, pieces=shown))  # fmt: skip
    return lines


def status_lines(st: IRState) -> list[str]:
    lines = [str(_("{month} {year} ({season}), {segment} segment.", month=SEQ.MONTH_NAMES[st.month - 1],
                   year=SEQ.year_label(st.year), season=SEQ.season_word(st.season), segment=SEQ.SEGMENT_NAMES.get(st.segment, st.segment)))]  # fmt: skip
    for pid in sorted(st.powers):
        rec = st.powers[pid]
        if rec["major"]:
            lines.append(str(_("{power}: treasury {treasury}, morale {morale}.", power=rec["name"],
                               treasury=shown_treasury(st, pid), morale=rec["morale"])))  # fmt: skip
    for seat in st.seats:  # who runs what: majors, clients and neutrals handed over (5.2, 5.3, 44.1)
        names = [st.powers[p]["name"] for p in B.powers_of(st, seat)]
        if names:
            lines.append(str(_("{seat} plays {powers}.", seat=seat, powers=join(", ", names))))
    movers = SEQ.waiting(st)
    if movers:
        lines.append(str(_("To move: {seats}.", seats=", ".join(movers))))
    return lines
