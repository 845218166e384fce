"""Optional rule 41: the city-centric game.

Taxation, mobilization, plunder and militia follow the cities each power holds instead of whole
provinces:
- 41.2: a power holding every city of a province taxes the province's total on the Tax Value
  Chart; one holding only some of them taxes those cities' tax values (the first number of the
  Variable City Chart). A plundered city pays nothing (41.3, IR-ENG-94).
- 41.3: a power holding a city of a province raises units at that city within the area's limits,
  whoever controls the province; a plundered city raises none (``plunder.no_recruiting_city``).
- 41.3: plunder goes city by city only (IR-ENG-95); the plunder of one city, its markers and
  effects are those of ``plunder.py`` (24.1, IR-ENG-74).
- 41.3: the militia of a province whose cities several Roman powers hold is split by the tax
  value of the cities each holds (IR-ENG-96).
"""

from __future__ import annotations

from rules.imperium_romanum import board as B
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

NAME = "city_centric"


def in_play(st: IRState) -> bool:
    return OPT.enabled(st, NAME)


def city_plundered(st: IRState, city: str) -> bool:
    return city in st.plundered_cities


# -- taxation (41.2) ------------------------------------------------------------------------
def province_share(st: IRState, power: str, province: str) -> int:
    """41.2: what ``power`` taxes in ``province`` before the province's own markers (24.3): the
    province's total when it holds every city, else the tax values of the cities it holds; less
    what its plundered cities withhold (IR-ENG-74, IR-ENG-94). A province without cities pays
    its owner."""
    from rules.imperium_romanum import plunder

    cities = B.cities_of(st, province)
    if not cities:
        return B.province_tax(st, province) if st.province_owner.get(province, "") == power else 0
    held = [c for c in cities if st.city_owner.get(c, "") == power]
    whole = B.province_tax(st, province) if held == cities else sum(world(st.scenario).city_value[c].tax for c in held)
    return max(0, whole - sum(plunder.city_tax_withheld(st, c, power) for c in held))


def tax(st: IRState, power: str) -> int:
    """41.2: the power's tax base: its share of every province where it holds a city or that it
    controls, less the province's own plunder (24.3) and the pirates' ports (27.1.3); nothing
    from a province in revolt or plague (39.2 Q, 45.2)."""
    from rules.imperium_romanum import pirates, plague, plunder, random_events

    provinces = sorted({data().cities[c].province for c, owner in st.city_owner.items() if owner == power}
                       | {p for p, owner in st.province_owner.items() if owner == power})  # fmt: skip
    total = 0
    for province in provinces:
        if random_events.in_revolt(st, province) or plague.in_plague(st, province):
            continue
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
    roman = {c: st.city_owner[c] for c in B.cities_of(st, province)
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
    """41.3 (IR-ENG-95): (city, power) pairs the seat's major powers may plunder now, city by
    city: a city the power holds, not yet marked, with a heavy unit of the power in it, not
    besieged, and no enemy outside a city in the province (24.1). The plunder itself, its
    markers and its effects are those of single cities in ``plunder.py`` (IR-ENG-74)."""
    from rules.imperium_romanum import plunder

    w = world(st.scenario)
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    out = []
    for city in sorted(w.city_value):
        power = st.city_owner.get(city, "")
        if power not in majors or city_plundered(st, city):
            continue
        hex_id, province = data().cities[city].hex, data().cities[city].province
        if any(w.province(u["hex"]) == province and not u["besieged"] and B.is_combat(u)
               and B.seat_hostile_to(st, seat, u["power"]) for u in st.units.values()):  # fmt: skip
            continue
        if any(u["hex"] == hex_id and u["power"] == power and not u["besieged"] and plunder.heavy(u)
               for u in st.units.values()):  # fmt: skip
            out.append((city, power))
    return out
