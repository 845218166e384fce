"""Sieges (§17): when a siege breaks, and siege attrition in the Siege Resolution Segment."""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.engine_data import (
    chart_book,
    fort_max_level,
    siege_attrition_value,
    siege_priority,
)
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def _side(st: IRState, power: str) -> str:
    return B.seat_of(st, power) or power


def fort_holder(st: IRState, hex_id: str, side: str) -> str:
    """The power of ``side`` whose fort stands in ``hex_id``, the best level first (21.4)."""
    from rules.imperium_romanum import forts

    held = [(-lvl, p) for p, lvl in st.forts.get(hex_id, {}).items() if forts.side_of(st, p) == side]
    return min(held)[1] if held else ""


def place_name(st: IRState, hex_id: str) -> str:
    """The besieged place: its city's name, or the fort's hex (IR-ENG-77)."""
    city = str(st.sieges[hex_id]["city"]) if hex_id in st.sieges else B.city_at(st, hex_id)
    return data().cities[city].name if city else str(_("the fort at {hex}", hex=hex_id))


def behind_a_fort(st: IRState, hex_id: str) -> bool:
    """A siege laid behind a top-level fort where the hex has no city (21.4 a, IR-ENG-77)."""
    return hex_id in st.sieges and not st.sieges[hex_id]["city"]


def besiegers(st: IRState, hex_id: str) -> list[str]:
    siege = st.sieges[hex_id]
    return [u for u in B.units_at(st, hex_id, False) if _side(st, st.units[u]["power"]) == siege["besieger"]
            and B.is_combat(st.units[u])]  # fmt: skip


def besieged(st: IRState, hex_id: str) -> list[str]:
    return [u for u in B.units_at(st, hex_id, True)]


def check_sieges(st: IRState, lines: list[Text]) -> None:
    """17.1: a siege breaks when the besiegers are gone, or when their unmodified strength falls
    below a quarter of the besieged units'; the city's lost defence returns (17.3.1)."""
    for hex_id in sorted(st.sieges):
        siege = st.sieges[hex_id]
        city = siege["city"]
        outside = besiegers(st, hex_id)
        inside = besieged(st, hex_id)
        strong = sum(B.strength(st.units[u]) for u in outside) * 4 >= sum(B.strength(st.units[u]) for u in inside)
        if not city:  # IR-ENG-77: behind a fort, the siege ends with the last besieged combat unit
            fallen = not any(B.is_combat(st.units[u]) for u in inside)
            if outside and strong and not fallen:
                continue
            name = place_name(st, hex_id)
            del st.sieges[hex_id]
            if fallen and outside:
                _fort_falls(st, hex_id, siege, outside, lines)
                continue
            for uid in inside:
                st.units[uid]["besieged"] = False
            lines.append(_("The siege of {city} is broken (17.1).", city=name))
            continue
        taken = st.city_owner.get(city, "") != siege["power"]
        if outside and strong and not taken:
            continue
        del st.sieges[hex_id]
        st.city_damage.pop(city, None)
        for uid in inside:
            st.units[uid]["besieged"] = False
        if not taken:
            lines.append(_("The siege of {city} is broken (17.1).", city=data().cities[city].name))


def _fort_falls(st: IRState, hex_id: str, siege: dict[str, object], outside: list[str], lines: list[Text]) -> None:
    """IR-ENG-77: no besieged combat unit is left behind the fort: the besiegers take the hex;
    the fort is razed (21.3), the leaders inside are captured (18.2) and a baggage train left
    alone is taken (13.4.5)."""
    from rules.imperium_romanum import forts

    by = st.units[outside[0]]["power"]
    for lid in B.leaders_at(st, hex_id):
        if _side(st, st.leaders[lid]["power"]) == siege["seat"]:
            B.lose_leader(st, lid, "captured", lines, by=by)
    for uid in B.units_at(st, hex_id, True):
        st.units[uid].update(besieged=False, power=by)  # only baggage trains are left inside
    forts.remove_forts(st, hex_id, str(siege["seat"]), lines)
    st.stat("forts_taken")


def imperial_capital(st: IRState, city: str) -> bool:
    """22.1: the city is the imperial capital of one of the scenario's powers."""
    return any(p.capital == city for p in data().scenarios[st.scenario].powers)


def attrition_modifiers(st: IRState, hex_id: str) -> list[tuple[Text, int]]:
    """17.3.1: the modifiers under the Siege Attrition Table (``charts_siege.toml``): a plunder
    marker in the province (24.5), a maximum-level fort of the besiegers around the city (21.1)
    and the granaries of an imperial capital (22.1)."""
    from rules.imperium_romanum import forts

    siege = st.sieges[hex_id]
    table = chart_book().siege.modifiers
    city = str(siege["city"])
    out: list[tuple[Text, int]] = []
    if (data().cities[city].province if city else data().hexes[hex_id].province) in st.plunder:
        out.append((_("§17.3.1 plundered province"), table["province_plundered"]))
    if forts.level_of(st, hex_id, str(siege["besieger"])) >= fort_max_level(forts.period(st)):
        out.append((_("§17.3.1 besiegers' maximum-level fort"), table["besieger_max_fort"]))
    if city and imperial_capital(st, city):
        out.append((_("§17.3.1 imperial capital"), table["imperial_capital"]))
    return out


def supplied_from_the_sea(st: IRState, hex_id: str) -> bool:
    """17.3, 17.2.1: besieged units an unblockaded port supplies take no siege attrition, when the
    chart says so (``port_supplied_exempt``)."""
    from rules.imperium_romanum import supply

    siege = st.sieges[hex_id]
    return chart_book().siege.port_supplied_exempt and supply.port_supplies(st, str(siege["seat"]), hex_id, True)


def siege_resolution(st: IRState, seat: str, lines: list[Text]) -> None:
    """17.3: in the besieging player's Siege Resolution Segment (IR-ENG-22), one roll per
    besieged city, from the month after the siege was laid and after the besieged baggage
    trains are empty: d6 at or under the attrition value costs the besieged one unit, in the
    Siege Priority order, or the city 1 defence when no unit is left; at 0 the city falls."""
    check_sieges(st, lines)
    for hex_id in sorted(st.sieges):
        siege = st.sieges[hex_id]
        if siege["besieger"] != seat or siege["since"] >= st.turn:
            continue
        inside = besieged(st, hex_id)
        if any(st.units[u]["type"] == B.BT and st.units[u]["sp"] > 0 for u in inside):
            continue  # 17.3: a baggage train inside delays the count
        if supplied_from_the_sea(st, hex_id):
            continue  # 17.3, 17.2.1: an unblockaded port feeds its besieged
        siege["rolls"] += 1
        mods = attrition_modifiers(st, hex_id)
        value = siege_attrition_value(siege["rolls"]) + sum(v for _m, v in mods)
        from rules.imperium_romanum import deity

        roll = deity.roll(st, seat, "siege_attrition", -1, _("§17.3.1 siege attrition at {hex}", hex=hex_id), [],
                          lines)  # optional rule 42: the besieger wants a low roll
        st.stat("siege_rolls")
        city = siege["city"]
        if roll.result > value:
            lines.append(_("Siege of {city}: roll {roll} against {value}, no attrition (17.3.1).",
                           city=place_name(st, hex_id), roll=roll.result, value=value))  # fmt: skip
            continue
        order = siege_priority()
        victims = [u for u in inside if st.units[u]["type"] != B.BT]
        victims.sort(key=lambda u: (order.index(st.units[u]["type"]) if st.units[u]["type"] in order else len(order), u))
        taker = besiegers(st, hex_id)
        by = st.units[taker[0]]["power"] if taker else ""
        if victims:
            st.stat("siege_losses")
            B.eliminate_unit(st, victims[0], lines, _("siege attrition (17.3.1)"), by=by)
            if not city:
                check_sieges(st, lines)  # IR-ENG-77: the last unit behind a fort gone, the hex falls
            continue
        if not city:
            continue
        st.city_damage[city] = st.city_damage.get(city, 0) + 1
        left = B.city_defence(st, city)
        lines.append(_("Siege of {city}: its defence falls to {left} (17.3.1).", city=data().cities[city].name, left=left))
        if left <= 0 and by:
            for lid in B.leaders_at(st, hex_id):
                if _side(st, st.leaders[lid]["power"]) == siege["seat"]:
                    B.lose_leader(st, lid, "captured", lines, by=by)  # 18.2: captured in a fallen city
            for uid in besieged(st, hex_id):
                if st.units[uid]["type"] == B.BT:  # 13.4.5: a baggage train left alone is taken
                    st.units[uid].update(besieged=False, power=by)
            del st.sieges[hex_id]
            st.stat("cities_taken")
            B.take_city(st, city, by, lines)  # with the capital's morale (19.2)
    from rules.imperium_romanum import victory

    victory.check_dissolution(st, lines)
    victory.check_early(st, lines)
