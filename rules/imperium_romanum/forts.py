"""Field fortifications (§21) and the conquest of provinces without cities (§5.6.1)."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.engine_data import (
    LEVEL_NAMES,
    fort_cost_per_level,
    fort_max_level,
    fort_strength,
)
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

A_LEVEL, B_LEVEL = 4, 3


def period(st: IRState) -> str:
    return data().scenarios[st.scenario].period


def side_of(st: IRState, power: str) -> str:
    return B.seat_of(st, power) or power


def level_of(st: IRState, hex_id: str, side: str) -> int:
    """The best fort level a side holds in a hex (0 when none)."""
    return max((lvl for p, lvl in st.forts.get(hex_id, {}).items() if side_of(st, p) == side), default=0)


def is_maximum(st: IRState, hex_id: str, side: str) -> bool:
    """21.4: the side holds a fort of the period's maximum level in the hex (21.2), which acts in
    many ways like a city."""
    return level_of(st, hex_id, side) >= fort_max_level(period(st))


def strength_of(st: IRState, hex_id: str, side: str) -> int:
    """21.4: the fort's strength, added to its side's defenders or defending alone."""
    return fort_strength(period(st), level_of(st, hex_id, side))


def is_builder(st: IRState, uid: str) -> bool:
    return any(uid in rec["units"] for rec in st.building.values())


def fortify(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``fortify`` command (21.1): infantry that began the segment in the hex and has not
    moved builds one level per legion-sized unit (two half-LE units make one), paid in talents;
    the builders stay put, and the fort appears next month's Fortification Phase."""
    ids, hex_id, power, levels, cost, marching = check_fortify(st, seat, args)
    recs = [st.units[u] for u in ids]
    st.powers[power]["treasury"] -= cost
    if not marching:
        for rec in recs:
            rec.update(activated=True, mp=0)
    # IR-ENG-44: the Roman D builder is not pinned, so its work does not wait for it to stay
    st.building[f"{hex_id}|{power}"] = {"hex": hex_id, "power": power, "levels": levels,
                                        "units": [] if marching else list(ids)}  # fmt: skip
    st.stat("forts_begun")
    lines.append(_("{power} fortifies {hex}: {levels} levels under construction for {cost} talents (21.1).",
                   power=st.powers[power]["name"], hex=hex_id, levels=levels, cost=cost))  # fmt: skip


def check_fortify(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], str, str, int, int, bool]:
    """Every condition of 21.1-21.2, changing nothing: builders, hex, power, levels, cost and
    whether it is a Roman marching camp."""
    ids = B.ids_of(args.get("units"))
    if not ids or any(u not in st.units for u in ids):
        raise RuleError("§21.1", _("name the infantry units that build"))
    recs = [st.units[u] for u in ids]
    hexes = {r["hex"] for r in recs}
    powers = {r["power"] for r in recs}
    if len(hexes) != 1 or len(powers) != 1:
        raise RuleError("§21.1", _("the builders are units of one power in one hex"))
    hex_id, power = hexes.pop(), powers.pop()
    if B.seat_of(st, power) != seat or not B.can_act(st, power):
        raise RuleError("§5.1", _("{power} is not yours to move", power=st.powers[power]["name"]))
    marching = roman_camp(st, ids)
    for uid, rec in zip(ids, recs, strict=True):
        if B.is_cavalry(rec) or not B.is_combat(rec):
            raise RuleError("§21.1", _("only infantry builds fortifications"))
        if (rec["activated"] and not marching) or rec["besieged"] or is_builder(st, uid):
            raise RuleError("§21.1", _("{unit} must begin the segment in the hex and not move", unit=uid))
    if B.hostile_land_at(st, seat, hex_id):
        raise RuleError("§21.1", _("builders may not share their hex with the enemy"))
    if not siege_works_allowed_here(st, seat, hex_id, power):
        raise RuleError("§21.1", _("only a Roman besieger with a +2 or +3 leader fortifies around a besieged place"))
    if f"{hex_id}|{power}" in st.building:
        raise RuleError("§21.1", _("{power} already has fortification work under way in {hex}",
                                   power=st.powers[power]["name"], hex=hex_id))  # fmt: skip
    levels = sum(B.le_halves(r) for r in recs) // 2
    if levels < 1:
        raise RuleError("§21.1", _("one legion-sized unit of infantry builds one level"))
    top = fort_max_level(period(st))
    current = st.forts.get(hex_id, {}).get(power, 0)
    if marching and (current or levels != 1):
        raise RuleError("§21.1", _("a legion that has moved builds only a level D fort, where there is none"))
    if current + levels > top:
        raise RuleError("§21.2", _("the fort would pass the period's maximum level {level}", level=LEVEL_NAMES[top]))
    cost = levels * fort_cost_per_level(period(st))
    if not st.powers[power]["major"] or st.powers[power]["treasury"] < cost:
        raise RuleError("§21.1", _("building {levels} levels costs {cost} talents, more than the treasury holds",
                                   levels=levels, cost=cost))  # fmt: skip
    return ids, hex_id, power, levels, cost, marching


def roman_camp(st: IRState, ids: list[str]) -> bool:
    """21.1: one Roman legion that has moved this segment and can still spend half its MA, in
    supply, may build a level D fort (the marching camp); it is not pinned by the work."""
    if len(ids) != 1:
        return False
    rec = st.units[ids[0]]
    return (rec["activated"] and st.powers[rec["power"]]["kind"] == "roman" and rec["type"].startswith("legion")
            and bool(rec["supplied"]) and 2 * int(rec["mp"]) >= B.utype(rec).ma)  # fmt: skip


def siege_works_allowed(st: IRState, power: str, hex_id: str) -> bool:
    """21.1: a Roman besieger fortifies around the place it besieges only with a +2 or +3 leader
    in the hex."""
    seat = B.seat_of(st, power)
    return st.powers[power]["kind"] == "roman" and any(
        B.leader_value(lid) >= 2 for lid in B.leaders_at(st, hex_id) if B.seat_of(st, st.leaders[lid]["power"]) == seat)


def siege_works_allowed_here(st: IRState, seat: str, hex_id: str, power: str) -> bool:
    siege = st.sieges.get(hex_id)
    return siege is None or siege["besieger"] != seat or siege_works_allowed(st, power, hex_id)


def cancel_builders(st: IRState, uids: list[str], lines: list[Text]) -> None:
    """21.1: builders that attack or lose a combat lose the work and the talents."""
    for key in sorted(st.building):
        if any(u in st.building[key]["units"] for u in uids):
            rec = st.building.pop(key)
            lines.append(_("The fortification work at {hex} is lost (21.1).", hex=rec["hex"]))


def complete_construction(st: IRState, lines: list[Text]) -> None:
    """The Fortification Phase (4.0, 21.1): work whose builders all stayed becomes a fort."""
    for key in sorted(st.building):
        rec = st.building.pop(key)
        if all(u in st.units and st.units[u]["hex"] == rec["hex"] for u in rec["units"]):
            forts = st.forts.setdefault(rec["hex"], {})
            forts[rec["power"]] = forts.get(rec["power"], 0) + rec["levels"]
            lines.append(_("{power} completes a level {level} fort at {hex} (21.1).", power=st.powers[rec["power"]]["name"],
                           level=LEVEL_NAMES[forts[rec["power"]]], hex=rec["hex"]))  # fmt: skip
        else:
            lines.append(_("The fortification work at {hex} is lost (21.1).", hex=rec["hex"]))


def remove_forts(st: IRState, hex_id: str, side: str, lines: list[Text]) -> None:
    """21.3: an enemy taking the hex removes the side's forts there; they are never captured."""
    forts = st.forts.get(hex_id, {})
    for power in sorted(forts):
        if side_of(st, power) == side:
            del forts[power]
            lines.append(_("The fort of {power} at {hex} is razed (21.3).", power=st.powers[power]["name"], hex=hex_id))
    if not forts:
        st.forts.pop(hex_id, None)


def is_heavy_infantry(unit: dict[str, Any]) -> bool:
    """Legions and the other heavy infantry: combat units that are neither cavalry nor light."""
    return B.is_combat(unit) and not B.is_cavalry(unit) and unit["type"] not in B.LIGHT_INFANTRY


def demolish(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``demolish {units, power?}`` command (21.3, IR-ENG-63): heavy infantry spends as many
    MP as the fort's level (D 1 .. A 4), pooled among the units named, and the fort of
    ``power`` (a power of the same seat; the units' own by default) in their hex is gone at once."""
    ids, hex_id, target, level = check_demolish(st, seat, args)
    from rules.imperium_romanum import movement

    movement.activate(st, seat, [u for u in ids if not st.units[u]["activated"]], [], "", lines)
    available = sum(int(st.units[uid]["mp"]) for uid in ids)
    if available < level:  # IR-ENG-130: the supply check stands, as for a move; the fort stays
        lines.append(_("After their supply check the units have {mp} MP among them; the level {name} fort at {hex} "
                       "needs {level} and stands (21.3).", mp=available, name=LEVEL_NAMES[level], hex=hex_id,
                       level=level))  # fmt: skip
        return
    due = level
    for uid in ids:
        spent = min(due, int(st.units[uid]["mp"]))
        st.units[uid]["mp"] -= spent
        due -= spent
    forts = st.forts[hex_id]
    del forts[target]
    if not forts:
        del st.forts[hex_id]
    st.stat("forts_demolished")
    lines.append(_("The level {level} fort of {power} at {hex} is demolished (21.3).", level=LEVEL_NAMES[level],
                   power=st.powers[target]["name"], hex=hex_id))  # fmt: skip


def check_demolish(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], str, str, int]:
    """Every condition of a demolition, changing nothing: the units, their hex, the fort's power
    and its level. A unit not yet activated counts its MA (its supply check comes first, 13.0)."""
    ids = B.ids_of(args.get("units"))
    if not ids or any(u not in st.units for u in ids):
        raise RuleError("§21.3", _("name the heavy infantry units that demolish the fort"))
    recs = [st.units[u] for u in ids]
    hexes, powers = {r["hex"] for r in recs}, {r["power"] for r in recs}
    if len(hexes) != 1 or len(powers) != 1:
        raise RuleError("§21.3", _("the demolishers are units of one power in one hex"))
    hex_id, power = hexes.pop(), powers.pop()
    if B.seat_of(st, power) != seat or not B.can_act(st, power):
        raise RuleError("§5.1", _("{power} is not yours to move", power=st.powers[power]["name"]))
    if any(not is_heavy_infantry(r) for r in recs):
        raise RuleError("§21.3", _("only heavy infantry demolishes fortifications"))
    if any(r["besieged"] or r.get("aboard") or is_builder(st, u) for u, r in zip(ids, recs, strict=True)):
        raise RuleError("§21.3", _("besieged units, troops aboard and fort builders demolish nothing"))
    target = str(args.get("power") or power)
    level = st.forts.get(hex_id, {}).get(target, 0)
    if not level:
        raise RuleError("§21.3", _("there is no fort of {power} at {hex}", power=st.powers.get(target, {}).get("name", target),
                                   hex=hex_id))  # fmt: skip
    if side_of(st, target) != seat:
        raise RuleError("§21.3", _("a player demolishes his own forts; an enemy fort goes when its hex is taken"))
    mp = sum(int(r["mp"]) if r["activated"] else B.utype(r).ma for r in recs)
    if mp < level:
        raise RuleError("§21.3", _("a level {name} fort takes {level} MP of heavy infantry; the units have {mp}",
                                   name=LEVEL_NAMES[level], level=level, mp=mp))  # fmt: skip
    return ids, hex_id, target, level


def upkeep(st: IRState, lines: list[Text]) -> None:
    """21.3: in each Taxation & Mobilization Phase an empty fort costs talents equal to its
    level, or is removed (IR-ENG-24: paid whenever the treasury allows)."""
    for hex_id in sorted(st.forts):
        forts = st.forts[hex_id]
        for power in sorted(forts):
            if any(u["power"] == power for u in st.units.values() if u["hex"] == hex_id):
                continue
            level = forts[power]
            if st.powers[power]["major"] and st.powers[power]["treasury"] >= level:
                st.powers[power]["treasury"] -= level
                lines.append(_("{power} pays {cost} talents to keep its empty fort at {hex} (21.3).",
                               power=st.powers[power]["name"], cost=level, hex=hex_id))  # fmt: skip
            else:
                del forts[power]
                lines.append(_("The empty fort of {power} at {hex} is removed (21.3).", power=st.powers[power]["name"], hex=hex_id))
        if not forts:
            del st.forts[hex_id]


def conquest_checks(st: IRState, seat: str, lines: list[Text]) -> None:
    """5.6.1: at the end of his turn (IR-ENG-23) a player with an A or B fort in a province without
    cities, and no hostile unit in it, rolls a d6 + 1 per A fort (a B fort counts a half, fractions
    dropped): above 6 conquers it; an unmodified 1 always fails."""
    w = world(st.scenario)
    with_city = {data().cities[c].province for c in w.city_value}
    by_province: dict[tuple[str, str], list[int]] = {}
    for hex_id, forts in sorted(st.forts.items()):
        province = w.province(hex_id)
        if not province or province in with_city:
            continue
        for power, level in sorted(forts.items()):
            if B.seat_of(st, power) == seat and level >= B_LEVEL and st.province_owner.get(province, "") != power:
                by_province.setdefault((province, power), []).append(level)
    for (province, power), levels in sorted(by_province.items()):
        if st.province_owner.get(province, "") and B.seat_of(st, st.province_owner[province]) == seat:
            continue
        hostile = any(w.province(u["hex"]) == province and B.is_combat(u) and B.seat_hostile_to(st, seat, u["power"])
                      for u in st.units.values())  # fmt: skip
        if hostile:
            continue
        bonus = sum(1 for lvl in levels if lvl == A_LEVEL) + sum(1 for lvl in levels if lvl == B_LEVEL) // 2
        from rules.imperium_romanum import deity

        roll = deity.roll(st, seat, "conquest", 1, _("§5.6.1 conquest of {province}", province=province),
                          [(_("§5.6.1 forts"), bonus)], lines)  # optional rule 42
        st.stat("conquest_rolls")
        if roll.natural != 1 and roll.result > 6:
            B.set_province(st, province, power, lines)
        else:
            lines.append(_("{power} fails to subdue {province}: {roll} (5.6.1).", power=st.powers[power]["name"],
                           province=data().provinces[province].name, roll=roll.result))  # fmt: skip
