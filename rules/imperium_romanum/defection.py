"""Roman defections (§20.3, §20.4): when a Roman faction dissolves while other Roman factions
play on, its Imperator leaves the game and its provinces, cities, units and leaders go over to
those factions, who gain morale for them.

Readings (docs/rulings.md): IR-ENG-69 (who receives what, the halving of each stack as the
printed example has it, TC-56), IR-ENG-70 (the colours and the counters of 20.4; the morale of
20.3.3, TC-57). Raising units of an acquired colour at Taxation: acquired_colours.py (IR-ENG-125).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import board as B
from rules.imperium_romanum import neutrals
from rules.imperium_romanum.charts import CER_GRADES
from rules.imperium_romanum.grid import global_colrow, neighbours, printed_id
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def heirs(st: IRState, power: str) -> list[str]:
    """20.3.1: the other Roman major factions still in play, by id."""
    return sorted(p for p, rec in st.powers.items() if p != power and rec["kind"] == "roman" and rec["major"]
                  and not rec["dissolved"])  # fmt: skip


def received(count: int) -> int:
    """20.3.2, IR-ENG-69 (TC-56): of ``count`` units of one type in a defecting stack the new
    owner receives half, rounded down, but never none (3 -> 1, 2 -> 1, 1 -> 1)."""
    return max(1, count // 2) if count else 0


def morale_worth(st: IRState, units: list[dict[str, Any]], leaders: list[str], provinces: list[str]) -> int:
    """20.3.3 (TC-57): a leader is worth 1 + his value, a unit 4 per LE, a province its tax."""
    return (sum(1 + B.leader_value(lid) for lid in leaders) + sum(2 * B.le_halves(u) for u in units)
            + sum(B.province_tax(st, p) for p in provinces))  # fmt: skip


@lru_cache(maxsize=128)
def province_border(province: str) -> tuple[str, ...]:
    """The hexes of ``province`` with a neighbour outside it (its border, 20.3.1), cached."""
    out = []
    for hex_id, cell in data().hexes.items():
        if cell.province != province:
            continue
        col, row = global_colrow(hex_id)
        if any(getattr(data().hexes.get(printed_id(c, r)), "province", "") != province for c, r in neighbours(col, row)):
            out.append(hex_id)
    return tuple(sorted(out))


def _tie_break(st: IRState, factions: list[str], why: str, lines: list[Text]) -> str:
    """20.3.1, 20.3.2: ties go to the higher morale, then to the higher of a die each."""
    top = max(st.powers[p]["morale"] for p in factions)
    tied = sorted(p for p in factions if st.powers[p]["morale"] == top)
    return neutrals.roll_off(st, tied, lambda p: _("§20.3 {why} roll-off {power}", why=why, power=p), lines)


def _nearest_owner(st: IRState, hexes: tuple[str, ...], factions: list[str], skip: list[str], why: str,
                   lines: list[Text]) -> str:
    """The faction holding the province nearest ``hexes`` (in hexes, border to border), leaving
    out the provinces in ``skip`` (gained by this defection, 20.3.1); "" when none holds any."""
    scored = []
    for province in sorted(p for p, owner in st.province_owner.items() if owner in factions and p not in skip):
        border = province_border(province)
        if border and hexes:
            scored.append((neutrals.nearest(hexes, border), st.province_owner[province]))
    if not scored:
        return ""
    best = min(d for d, _p in scored)
    return _tie_break(st, sorted({p for d, p in scored if d == best}), why, lines)


def _units_in(st: IRState, power: str, province: str) -> bool:
    return any(u["power"] == power and not u.get("aboard") and data().hexes[u["hex"]].province == province
               for u in st.units.values())  # fmt: skip


def _province_heir(st: IRState, province: str, factions: list[str], skip: list[str], lines: list[Text]) -> str:
    """20.3.1: the faction with units in the province (several: the higher morale), else the
    one holding the nearest province."""
    present = [p for p in factions if _units_in(st, p, province)]
    if present:
        return _tie_break(st, present, province, lines)
    return _nearest_owner(st, province_border(province), factions, skip, province, lines)


def _city_heir(st: IRState, city: str, factions: list[str], skip: list[str], lines: list[Text]) -> str:
    """20.3.1: a city held without its province goes to the holder of the province's capital,
    else the faction with most of its other cities, else the holder of the nearest province."""
    province = data().cities[city].province
    capital = _capital(st, province)
    if capital and st.city_owner.get(capital, "") in factions:
        return st.city_owner[capital]
    held = {p: sum(1 for c, owner in st.city_owner.items() if owner == p and c != city and data().cities[c].province == province)
            for p in factions}  # fmt: skip
    most = max(held.values(), default=0)
    if most:
        return _tie_break(st, [p for p in factions if held[p] == most], city, lines)
    return _nearest_owner(st, (data().cities[city].hex,), factions, skip, city, lines)


def _capital(st: IRState, province: str) -> str:
    from rules.imperium_romanum.world import world

    return world(st.scenario).capital_of.get(province, "")


def _stack_heir(st: IRState, hex_id: str, defected: dict[str, str], factions: list[str], skip: list[str],
                lines: list[Text]) -> str:
    """20.3.2: a stack follows its province when that defected; else the faction holding the
    province it stands in, else the holder of the nearest Roman province."""
    province = data().hexes[hex_id].province
    if province in defected:
        return defected[province]
    if st.province_owner.get(province, "") in factions:
        return st.province_owner[province]
    return _nearest_owner(st, (hex_id,), factions, skip, hex_id, lines)


def _cer_rank(grade: str) -> int:
    return CER_GRADES.index(grade) if grade in CER_GRADES else len(CER_GRADES)


def defect(st: IRState, power: str, lines: list[Text]) -> None:
    """20.3: the dissolving Roman faction ``power`` defects to the other Roman factions; does
    nothing when none is left."""
    factions = heirs(st, power)
    if not factions:
        return
    from rules.imperium_romanum.mobilization import counter_mix

    rec = st.powers[power]
    chief = rec.get("chief", "")
    if chief and st.leaders.get(chief, {}).get("status") == "map":
        st.leaders[chief]["status"] = "dead"  # 20.3: the Imperator is removed from play
        lines.append(_("{leader} is removed from play (20.3).", leader=data().leaders[chief].name))
    gained: dict[str, dict[str, list[Any]]] = {p: {"units": [], "leaders": [], "provinces": []} for p in factions}
    # 20.3.1: provinces, decided before any changes hands (one gained now claims nothing)
    own = sorted(p for p, owner in st.province_owner.items() if owner == power)
    defected = {province: _province_heir(st, province, factions, own, lines) for province in own}
    loose = {city: _city_heir(st, city, factions, own, lines) for city, owner in sorted(st.city_owner.items())
             if owner == power and data().cities[city].province not in defected}  # fmt: skip
    stacks: dict[str, list[str]] = {}
    for uid in sorted(st.units, key=lambda u: (st.units[u]["order"], u)):
        if st.units[uid]["power"] == power:
            stacks.setdefault(st.units[uid]["hex"], []).append(uid)
    alone = sorted({r["hex"] for r in st.leaders.values() if r["power"] == power and r["status"] == "map"} - set(stacks))
    stack_heir = {h: _stack_heir(st, h, defected, factions, own, lines) for h in sorted(stacks) + alone}
    for province, heir in defected.items():
        st.province_owner[province] = heir
        if heir:
            gained[heir]["provinces"].append(province)
            from rules.imperium_romanum import militia

            militia.province_changes_hands(st, province, heir)  # 29.2
    for city in sorted(st.city_owner):
        if st.city_owner[city] == power:
            st.city_owner[city] = defected.get(data().cities[city].province) or loose.get(city, "")
    _colours(st, power, stacks, stack_heir, lines)
    for hex_id in sorted(stacks):
        _defect_stack(st, power, stacks[hex_id], stack_heir[hex_id], gained, counter_mix, lines)
    for lid in sorted(st.leaders):
        lrec = st.leaders[lid]
        if lrec["power"] == power and lrec["status"] == "map" and stack_heir.get(lrec["hex"]):
            lrec["power"] = stack_heir[lrec["hex"]]
            gained[lrec["power"]]["leaders"].append(lid)
    _sieges_and_forts(st, power, B.seat_of(st, power), stack_heir)
    for heir in factions:
        got = gained[heir]
        worth = morale_worth(st, got["units"], got["leaders"], got["provinces"])
        if worth:
            B.change_morale(st, heir, worth, _("defections from {power} (20.3.3)", power=rec["name"]), lines)
        lines.append(_("{power} goes over to {heir} (20.3): provinces {provinces}, units {units}, leaders {leaders}.",
                       power=rec["name"], heir=st.powers[heir]["name"], provinces=len(got["provinces"]),
                       units=len(got["units"]), leaders=len(got["leaders"])))  # fmt: skip
    st.stat("defections")


def _colours(st: IRState, power: str, stacks: dict[str, list[str]], stack_heir: dict[str, str], lines: list[Text]) -> None:
    """20.4, IR-ENG-70: the faction to which most of the dissolving faction's units defect
    (before the halving) gains its colour: ``colours`` on its record lists the powers whose
    counters it now owns."""
    counts: dict[str, int] = {}
    for hex_id, uids in stacks.items():
        heir = stack_heir[hex_id]
        if heir:
            counts[heir] = counts.get(heir, 0) + len(uids)
    if not counts:
        return
    most = max(counts.values())
    winner = _tie_break(st, sorted(p for p, n in counts.items() if n == most), "colour", lines)
    st.powers[winner].setdefault("colours", [])
    st.powers[winner]["colours"] = [*st.powers[winner]["colours"], power]
    lines.append(_("{heir} gains the colour of {power} (20.4).", heir=st.powers[winner]["name"], power=st.powers[power]["name"]))


def _defect_stack(st: IRState, power: str, uids: list[str], heir: str, gained: dict[str, dict[str, list[Any]]],
                  counter_mix: Any, lines: list[Text]) -> None:  # fmt: skip
    """20.3.2: of each unit type (the counter's face) in the stack the heir receives half
    (IR-ENG-69); a unit
    beyond the heir's free counters, or one whose CER would rise, is removed; with the colour
    (20.4) the units keep their counters and CER."""
    by_type: dict[tuple[str, bool], list[str]] = {}  # a counter's face: a 10-10 is a 20-10 unseasoned
    for uid in uids:
        by_type.setdefault((st.units[uid]["type"], bool(st.units[uid]["vet"])), []).append(uid)
    keeps_colour = bool(heir) and power in st.powers[heir].get("colours", [])
    removed: list[str] = []
    for kind, vet in sorted(by_type):
        group = by_type[(kind, vet)]
        keep = received(len(group)) if heir else 0
        for n, uid in enumerate(group):
            urec = st.units[uid]
            if n >= keep:
                removed.append(uid)
                continue
            if not keeps_colour:
                cap, in_play = counter_mix(st, heir, kind)
                grade = st.powers[urec.get("counter") or power]["cer"]
                if (B.utype(urec).cer and _cer_rank(st.powers[heir]["cer"]) < _cer_rank(grade)) or in_play >= cap:
                    removed.append(uid)
                    continue
                urec.pop("counter", None)
                _swap_counter(st, heir, urec)
            else:
                urec["counter"] = urec.get("counter") or power
            urec["power"] = heir
            gained[heir]["units"].append(urec)
    for uid in uids:  # troops aboard a removed fleet go with it at sea, and stay ashore in a land hex
        cargo = st.units[uid]
        if cargo.get("aboard") in removed and data().hexes[cargo["hex"]].kind != "land":
            removed.append(uid)
        elif cargo.get("aboard") in removed:
            cargo["aboard"] = ""
    for uid in uids:
        if uid in removed and uid in st.units:
            gone = st.units.pop(uid)
            gone.update(hex="", aboard="")
            st.eliminated[uid] = gone
    if removed:
        lines.append(_n("{n} unit of {power} is removed on defecting (20.3.2).",
                        "{n} units of {power} are removed on defecting (20.3.2).", len(set(removed)),
                        power=st.powers[power]["name"]))  # fmt: skip


def _swap_counter(st: IRState, heir: str, urec: dict[str, Any]) -> None:
    """20.3.2: a unit swapped for the heir's colour takes a free counter of it (IR-ENG-129);
    the counter it leaves goes back to its colour's pool."""
    from rules.imperium_romanum import counters

    swapped = counters.free_counter(st, heir, urec["type"])
    urec.pop("counter_id", None)
    if swapped:
        urec["counter_id"] = swapped


def _sieges_and_forts(st: IRState, power: str, seat: str, stack_heir: dict[str, str]) -> None:
    """The dissolving faction's sieges and forts pass with its stacks; a siege whose two sides
    are now one player's ends (17.1)."""
    for hex_id in sorted(st.forts):
        if power in st.forts[hex_id]:
            level = st.forts[hex_id].pop(power)
            heir = stack_heir.get(hex_id, "")
            if heir:
                st.forts[hex_id][heir] = max(level, st.forts[hex_id].get(heir, 0))
    for key in sorted(st.building):
        if st.building[key]["power"] == power:
            del st.building[key]
    for hex_id in sorted(st.sieges):
        siege = st.sieges[hex_id]
        if siege["city"]:
            siege["power"] = st.city_owner.get(siege["city"], "")
        elif siege["power"] == power:  # a siege behind a fort (IR-ENG-77): the fort passed with the stack
            siege["power"] = stack_heir.get(hex_id, "")
        if siege["besieger"] in (power, seat):
            siege["besieger"] = B.seat_of(st, stack_heir.get(hex_id, "")) or ""
        if not siege["besieger"] or siege["besieger"] == B.seat_of(st, siege["power"]):
            del st.sieges[hex_id]
            for uid in B.units_at(st, hex_id, True):
                st.units[uid]["besieged"] = False
