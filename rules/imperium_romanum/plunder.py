"""Plunder (§24): offered at the end of the player's Siege Resolution Segment, with its effects
on tax, recruiting, forage, baggage trains and city defences. A whole province or one of its
cities the plunderer holds (24.1, IR-ENG-74)."""

from __future__ import annotations

from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

MARKERS = 2
"""24.1: two plunder markers; one goes at each later Taxation & Mobilization Phase (24.2)."""
TALENTS_PER_TAX = 3


def heavy(unit: dict[str, object]) -> bool:
    return B.is_combat(unit) and B.le_halves(unit) >= 2  # heavy infantry or heavy cavalry


def options(st: IRState, seat: str) -> list[tuple[str, str]]:
    """24.1: (province, power) pairs the seat's major powers may plunder now: a non-besieged
    heavy unit in at least half the province's cities and no non-besieged enemy in the province
    (IR-ENG-30: whole provinces with cities only)."""
    w = world(st.scenario)
    out = []
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    for province in sorted(data().provinces):
        if province in st.plunder:
            continue
        cities = B.cities_of(st, province)
        if not cities:
            continue
        hexes = {data().cities[c].hex for c in cities}
        enemies = any(w.province(u["hex"]) == province and not u["besieged"] and B.is_combat(u)
                      and B.seat_hostile_to(st, seat, u["power"]) for u in st.units.values())  # fmt: skip
        if enemies:
            continue
        for power in majors:
            held = sum(1 for h in hexes if any(u["hex"] == h and u["power"] == power and not u["besieged"] and heavy(u)
                                               for u in st.units.values()))  # fmt: skip
            if held * 2 >= len(hexes):
                out.append((province, power))
    return out


def city_options(st: IRState, seat: str) -> list[tuple[str, str]]:
    """24.1 (IR-ENG-74): (city, power) pairs: a city not yet marked that the power holds in a
    province it may plunder (a province already marked is not, ``options``)."""
    out = []
    for province, power in options(st, seat):
        cities = B.cities_of(st, province)
        out += [(c, power) for c in cities if st.city_owner.get(c, "") == power and c not in st.plundered_cities]
    return out


def _province_open(st: IRState, province: str) -> bool:
    """IR-ENG-74: a province with a marked city is not plundered whole until its marks are gone."""
    return not any(data().cities[c].province == province for c in st.plundered_cities)


def offer(st: IRState, seat: str) -> None:
    """Open the plunder window of the active player when he may plunder (default: none); it
    opens again after each plunder while something is left to plunder (24.1)."""
    found = [(p, power) for p, power in options(st, seat) if _province_open(st, p)]
    cities = city_options(st, seat)
    from rules.imperium_romanum import city_centric

    if city_centric.in_play(st):  # optional rule 41.3: city by city only (IR-ENG-95)
        found, cities = [], city_centric.plunder_options(st, seat)
    if not (found or cities) or st.standing.get(seat, {}).get("plunder", "ask") == "never":
        return
    choices = [["none", text_to_json(_("Do not plunder"))]]
    for province, power in found:
        name = data().provinces[province].name
        choices.append([f"talents:{province}:{power}", text_to_json(_("Plunder {province} for talents", province=name))])
        if any(u["type"] == B.BT and u["power"] == power and world(st.scenario).province(u["hex"]) == province
               for u in st.units.values()):  # fmt: skip
            choices.append([f"sp:{province}:{power}", text_to_json(_("Plunder {province} into a baggage train",
                                                                     province=name))])  # fmt: skip
    for city, power in cities:
        name = data().cities[city].name
        choices.append([f"talents:city:{city}:{power}", text_to_json(_("Plunder the city of {city} for talents", city=name))])
        if _city_train(st, city, power):
            choices.append([f"sp:city:{city}:{power}", text_to_json(_("Plunder the city of {city} into a baggage train",
                                                                      city=name))])  # fmt: skip
    st.seq += 1
    st.pending = {"id": f"plunder-{st.seq}", "seat": seat, "kind": "plunder",
                  "prompt": text_to_json(_("You may plunder a province or one of its cities (24.1).")), "choices": choices,
                  "default": "none", "section": "§24.1"}  # fmt: skip


def _city_train(st: IRState, city: str, power: str) -> str:
    """24.1 option 2: the first baggage train of ``power`` in the city's hex, or ""."""
    hex_id = data().cities[city].hex
    return next((u for u, r in sorted(st.units.items()) if r["type"] == B.BT and r["power"] == power and r["hex"] == hex_id), "")


def answer(st: IRState, choice: str, lines: list[Text]) -> None:
    """24.1: two markers; 3 x tax value in talents, or half that (rounded up) in SP into one
    baggage train (6 at most); barbarian and minor powers gain morale equal to the tax value
    instead of talents. Plundering one's own province ends recruiting there (24.3). The window
    opens again for the rest (IR-ENG-74)."""
    seat = str(st.pending.get("seat", ""))
    st.pending = {}
    if choice == "none":
        return
    parts = choice.split(":")
    if parts[1] == "city":
        _plunder_city(st, parts[0], parts[2], parts[3], lines)
    else:
        _plunder_province(st, parts[0], parts[1], parts[2], lines)
    if seat:
        offer(st, seat)


def _plunder_province(st: IRState, how: str, province: str, power: str, lines: list[Text]) -> None:
    """24.1: the province gets two markers and yields 3 x its tax value."""
    tax = B.province_tax(st, province)
    st.plunder[province] = MARKERS
    from rules.imperium_romanum import plague

    plague.note(st, province)  # 45.0
    if st.province_owner.get(province, "") == power:
        st.self_plundered[province] = power
    st.stat("plunders")
    trains = sorted(u for u, r in st.units.items() if r["type"] == B.BT and r["power"] == power
                    and world(st.scenario).province(r["hex"]) == province)  # fmt: skip
    _gain(st, how, power, tax, trains[0] if trains else "", data().provinces[province].name, lines)


def _plunder_city(st: IRState, how: str, city: str, power: str, lines: list[Text]) -> None:
    """24.1, 41.3 (IR-ENG-74): the city gets two markers and yields 3 x its own tax value."""
    tax = world(st.scenario).city_value[city].tax
    st.plundered_cities[city] = MARKERS
    if st.city_owner.get(city, "") == power:
        st.self_plundered_cities[city] = power
    st.stat("plunders")
    _gain(st, how, power, tax, _city_train(st, city, power), data().cities[city].name, lines)


def _gain(st: IRState, how: str, power: str, tax: int, train: str, name: str, lines: list[Text]) -> None:
    if how == "sp" and train:
        rec = st.units[train]
        rec["sp"] = min(B.BT_MAX_SP, rec["sp"] + -(-TALENTS_PER_TAX * tax // 2))
        lines.append(_("{power} plunders {place}: its baggage train holds {sp} SP (24.1).",
                       power=st.powers[power]["name"], place=name, sp=rec["sp"]))  # fmt: skip
    elif st.powers[power]["kind"] == "barbarian" or not st.powers[power]["major"]:
        B.change_morale(st, power, tax, _("plunder"), lines)
    else:
        st.powers[power]["treasury"] += TALENTS_PER_TAX * tax
        lines.append(_("{power} plunders {place} for {talents} talents (24.1).", power=st.powers[power]["name"],
                       place=name, talents=TALENTS_PER_TAX * tax))  # fmt: skip


def remove_markers(st: IRState, lines: list[Text]) -> None:
    """24.2: one marker goes at each Taxation & Mobilization Phase, but not while a barbarian
    power controls the province (or the city); nor in a month of widespread devastation (39.2 W)."""
    from rules.imperium_romanum import random_events

    if random_events.plunder_frozen(st):
        return
    for city in _one_marker_less(st, st.plundered_cities, st.city_owner):
        lines.append(_("{city} recovers from its plundering (24.2).", city=data().cities[city].name))
    for province in _one_marker_less(st, st.plunder, st.province_owner):
        lines.append(_("{province} recovers from its plundering (24.2).", province=data().provinces[province].name))


def _one_marker_less(st: IRState, markers: dict[str, int], owners: dict[str, str]) -> list[str]:
    """24.2: take one plunder marker from each place in ``markers`` (cities or provinces) that
    no barbarian power holds; return the places left with none, which have recovered."""
    recovered = []
    for place in sorted(markers):
        owner = owners.get(place, "")
        if owner and st.powers[owner]["kind"] == "barbarian":
            continue
        markers[place] -= 1
        if markers[place] <= 0:
            del markers[place]
            recovered.append(place)
    return recovered


def plundered(st: IRState, province: str) -> bool:
    return province in st.plunder


def tax_after_plunder(st: IRState, province: str, owner: str, tax: int) -> int:
    """24.3: no tax while marked; afterwards the owner who plundered it himself collects half,
    rounded up, and a conqueror the whole."""
    if province in st.plunder:
        return 0
    if st.self_plundered.get(province) == owner:
        return -(-tax // 2)
    return tax


def no_recruiting(st: IRState, province: str, power: str) -> bool:
    """24.1, 24.3: no recruiting while marked, nor ever again by an owner who plundered it."""
    return province in st.plunder or st.self_plundered.get(province) == power


def city_tax_lost(st: IRState, province: str, owner: str) -> int:
    """24.1, 24.3, 41.3 (IR-ENG-74): the tax the province's plundered cities withhold from
    ``owner`` (``city_tax_withheld`` of each of them)."""
    return sum(city_tax_withheld(st, city, owner) for city in sorted(world(st.scenario).city_value)
               if data().cities[city].province == province)  # fmt: skip


def city_tax_withheld(st: IRState, city: str, owner: str) -> int:
    """What one city withholds from ``owner``: its whole tax value while marked; afterwards, from
    the owner who plundered it himself, the half he no longer collects (he keeps half, rounded up)."""
    value = world(st.scenario).city_value[city].tax
    if city in st.plundered_cities:
        return value
    if st.self_plundered_cities.get(city) == owner:
        return value // 2
    return 0


def no_recruiting_city(st: IRState, city: str, power: str) -> bool:
    """24.1, 24.3 (IR-ENG-74): no unit raised in a marked city, nor ever again by an owner who
    plundered it himself."""
    return city in st.plundered_cities or st.self_plundered_cities.get(city) == power
