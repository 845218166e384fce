"""Optional rule 41: the city-centric game.

Taxation, mobilization, plunder and militia follow the cities each power holds instead of whole
provinces:
- 41.2: a power holding every city of a province taxes the province's total on the Tax Value
  Chart; one holding only some of them taxes those cities' tax values (the first number of the
  Variable City Chart). A plundered city pays nothing (41.3, IR-ENG-94).
- 41.3: a power holding a city of a province raises units at that city within the area's limits,
  whoever controls the province; a plundered city raises none.
- 41.3: plunder takes single cities (24.1 applied to one city: its tax value counts, two
  markers, no intrinsic defence while marked; IR-ENG-95).
- 41.3: the militia of a province whose cities several Roman powers hold is split by the tax
  value of the cities each holds (IR-ENG-96).
"""

from __future__ import annotations

from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

NAME = "city_centric"
MARKERS = 2
"""24.1, 24.2: a plundered city takes two markers; one goes at each Taxation & Mobilization Phase."""
TALENTS_PER_TAX = 3


def in_play(st: IRState) -> bool:
    return OPT.enabled(st, NAME)


def cities_of(st: IRState, province: str) -> list[str]:
    """The province's cities that exist in the scenario's column, in id order."""
    w = world(st.scenario)
    return [c for c in sorted(w.city_value) if data().cities[c].province == province]


def city_plundered(st: IRState, city: str) -> bool:
    return city in st.city_plunder


# -- taxation (41.2) ------------------------------------------------------------------------
def province_share(st: IRState, power: str, province: str) -> int:
    """41.2: what ``power`` taxes in ``province`` before the plunder markers of the province
    itself (24.3): the province's total when it holds every city and none is plundered, else
    the tax values of its unplundered cities; a province without cities pays its owner."""
    cities = cities_of(st, province)
    if not cities:
        return B.province_tax(st, province) if st.province_owner.get(province, "") == power else 0
    held = [c for c in cities if st.city_owner.get(c, "") == power]
    if held == cities and not any(city_plundered(st, c) for c in held):
        return B.province_tax(st, province)
    return sum(world(st.scenario).city_value[c].tax for c in held if not city_plundered(st, c))


def tax(st: IRState, power: str) -> int:
    """41.2: the power's tax base: its share of every province where it holds a city or that it
    controls, less the province's own plunder (24.3) and the pirates' ports (27.1.3)."""
    from rules.imperium_romanum import pirates, plunder

    provinces = sorted({data().cities[c].province for c, owner in st.city_owner.items() if owner == power}
                       | {p for p, owner in st.province_owner.items() if owner == power})  # fmt: skip
    total = 0
    for province in provinces:
        share = plunder.tax_after_plunder(st, province, power, province_share(st, power, province))
        total += max(0, share - (0 if pirates.is_pirate(power) or not share else pirates.ports_held(st, province)))
    return total


# -- mobilization (41.3) --------------------------------------------------------------------
def raises_by_city(st: IRState) -> bool:
    """41.3: in the city-centric game holding the city is enough to raise units there."""
    return in_play(st)


# -- militia (41.3) -------------------------------------------------------------------------
def militia_share(st: IRState, power: str, province: str, total: int) -> int:
    """41.3 (IR-ENG-96): each Roman power holding cities of the province has the part of the
    militia that its cities' tax value is of all the Roman-held cities' (fractions dropped);
    with no Roman-held city, the Roman owner of the province has it all."""
    w = world(st.scenario)
    roman = {c: st.city_owner[c] for c in cities_of(st, province)
             if st.city_owner.get(c, "") in st.powers and st.powers[st.city_owner[c]]["kind"] == "roman"}  # fmt: skip
    if not roman:
        return total if st.province_owner.get(province, "") == power else 0
    worth = sum(w.city_value[c].tax for c in roman)
    held = sum(w.city_value[c].tax for c, owner in roman.items() if owner == power)
    if not worth:  # cities worth nothing: split by the number of cities
        return total * sum(1 for owner in roman.values() if owner == power) // len(roman)
    return total * held // worth


# -- plunder (41.3 with 24.1) ---------------------------------------------------------------
def plunder_options(st: IRState, seat: str) -> list[tuple[str, str]]:
    """(city, power) pairs the seat's major powers may plunder now: a heavy unit of the power,
    not besieged, in the city's hex, no enemy outside a city in the province (24.1), and the
    city not already marked."""
    from rules.imperium_romanum import plunder

    w = world(st.scenario)
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    out = []
    for city in sorted(w.city_value):
        if city_plundered(st, city):
            continue
        hex_id, province = data().cities[city].hex, data().cities[city].province
        if any(w.province(u["hex"]) == province and not u["besieged"] and B.is_combat(u)
               and B.seat_hostile_to(st, seat, u["power"]) for u in st.units.values()):  # fmt: skip
            continue
        for power in majors:
            if any(u["hex"] == hex_id and u["power"] == power and not u["besieged"] and plunder.heavy(u)
                   for u in st.units.values()):  # fmt: skip
                out.append((city, power))
    return out


def plunder_choices(st: IRState, seat: str) -> list[list[object]]:
    """The plunder window's choices, one city at a time: ``city_talents:<city>:<power>`` and,
    with a baggage train of the power in the city's hex, ``city_sp:<city>:<power>``."""
    out: list[list[object]] = []
    for city, power in plunder_options(st, seat):
        name = data().cities[city].name
        out.append([f"city_talents:{city}:{power}", text_to_json(_("Plunder the city of {city} for talents", city=name))])
        if _trains(st, city, power):
            out.append([f"city_sp:{city}:{power}", text_to_json(_("Plunder the city of {city} into a baggage train",
                                                                  city=name))])  # fmt: skip
    return out


def _trains(st: IRState, city: str, power: str) -> list[str]:
    hex_id = data().cities[city].hex
    return sorted(u for u, r in st.units.items() if r["type"] == B.BT and r["power"] == power and r["hex"] == hex_id)


def plunder_city(st: IRState, how: str, city: str, power: str, lines: list[Text]) -> None:
    """24.1 for one city (41.3): two markers; three times the city's tax value in talents, or
    half that (rounded up) in SP into a baggage train in the city (6 at most); barbarian and minor
    powers gain morale equal to the tax value instead of talents."""
    value = world(st.scenario).city_value[city].tax
    st.city_plunder[city] = MARKERS
    st.stat("plunders")
    name = data().cities[city].name
    rec = st.powers[power]
    if how == "city_sp":
        train = st.units[_trains(st, city, power)[0]]
        train["sp"] = min(B.BT_MAX_SP, train["sp"] + -(-TALENTS_PER_TAX * value // 2))
        lines.append(_("{power} plunders the city of {city}: its baggage train holds {sp} SP (41.3).",
                       power=rec["name"], city=name, sp=train["sp"]))  # fmt: skip
    elif rec["kind"] == "barbarian" or not rec["major"]:
        B.change_morale(st, power, value, _("plunder"), lines)
    else:
        rec["treasury"] += TALENTS_PER_TAX * value
        lines.append(_("{power} plunders the city of {city} for {talents} talents (41.3).", power=rec["name"], city=name,
                       talents=TALENTS_PER_TAX * value))  # fmt: skip


def remove_city_markers(st: IRState, lines: list[Text]) -> None:
    """24.2 for cities: one marker goes at each Taxation & Mobilization Phase, but not while a
    barbarian power holds the city."""
    for city in sorted(st.city_plunder):
        owner = st.city_owner.get(city, "")
        if owner in st.powers and st.powers[owner]["kind"] == "barbarian":
            continue
        st.city_plunder[city] -= 1
        if st.city_plunder[city] <= 0:
            del st.city_plunder[city]
            lines.append(_("The city of {city} recovers from its plundering (24.2).", city=data().cities[city].name))
