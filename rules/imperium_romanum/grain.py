"""Imperial capitals and grain (§22.2): the wheat a Roman faction holds, the rebellion check of
the capital's owner in each Diplomacy Phase, and the rebellion's effects (22.2.3).

The Grain Rebellion Table and the effects are in ``charts_grain.toml``; wheat symbols on the
Province Display (``province_display.toml``), or 33.1's when Constantinople is the capital.
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.chart_book import GrainRules
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

REBELS = "rebels"
"""The power id of the rebels of 22.2.3: a minor power nobody controls (IR-ENG-43)."""


def _rules() -> GrainRules | None:
    book = data().tables
    return book.grain if book is not None else None


def capital_of(st: IRState, power: str) -> str:
    """The imperial capital the scenario gives a power (22.1), a city id or ""."""
    scenario_power = next((p for p in data().scenarios[st.scenario].powers if p.id == power), None)
    capital = scenario_power.capital if scenario_power is not None else ""
    return capital if capital in world(st.scenario).city_value else ""


def capital_morale(st: IRState, power: str) -> int:
    """19.2: the morale value of the power's imperial capital (``board.capital_morale_value``)."""
    return B.capital_morale_value(st, capital_of(st, power))


def wheat_of(st: IRState, province: str, capital: str) -> int:
    """22.2: the province's wheat symbols; with Constantinople as the capital, 33.1's count for the
    provinces it names."""
    rules = _rules()
    if capital == "constantinople" and rules is not None and province in rules.constantinople_wheat:
        return int(rules.constantinople_wheat[province])
    entry = data().display.get(province)
    return entry.wheat if entry is not None else 0


def wheat_held(st: IRState, power: str) -> int:
    """22.2.1: a province's wheat counts for the player holding at least half its cities (a
    province without cities: its owner); 27.1.4: less what the pirates keep from Roma's owner."""
    from rules.imperium_romanum import random_events
    from rules.imperium_romanum.pirate_grain import wheat_lost

    seat = B.seat_of(st, power)
    capital = capital_of(st, power)
    total = 0
    for province in sorted(data().display):
        wheat = int(wheat_of(st, province, capital) * random_events.grain_factor(st, province))  # 39.2 F, G, H
        wheat = max(0, wheat - wheat_lost(st, power, province))
        if wheat <= 0:
            continue
        cities = [c for c in B.cities_of(st, province) if c not in st.destroyed]  # 39.2 L
        if cities:
            held = sum(1 for c in cities if B.seat_of(st, st.city_owner.get(c, "")) == seat)
            if held * 2 >= len(cities):
                total += wheat
        elif B.seat_of(st, st.province_owner.get(province, "")) == seat:
            total += wheat
    return total


def rebellion_checks(st: IRState, lines: list[Text]) -> None:
    """22.2.2: in every Diplomacy Phase but the scenario's first, the Roman faction holding its
    imperial capital rolls a d6 when it holds fewer wheat symbols than the threshold or the
    capital is besieged; a roll within the table's span for its wheat is a rebellion."""
    rules = _rules()
    if rules is None or st.turn <= 1:
        return
    for power in sorted(st.powers):
        rec = st.powers[power]
        capital = capital_of(st, power)
        if not rec["major"] or rec["dissolved"] or rec["kind"] != "roman" or not capital:
            continue
        if st.city_owner.get(capital, "") != power:
            continue
        hex_id = data().cities[capital].hex
        besieged = hex_id in st.sieges
        wheat = wheat_held(st, power)
        if wheat >= rules.threshold and not besieged:
            continue
        low, high = rules.span(wheat)
        from rules.imperium_romanum import deity

        roll = deity.roll(st, B.seat_of(st, power), "grain_rebellion", 1, _("§22.2.2 grain rebellion at {city}", city=capital),
                          [], lines)  # 42: the capital's owner, high keeps order (IR-ENG-154)
        st.stat("grain_checks")
        if not low <= max(roll.result, 1) <= high:  # an appeal may take the roll below 1
            lines.append(_("{city}: the grain holds ({wheat} wheat, roll {roll}; rebellion on {low}-{high}) (22.2.2).",
                           city=data().cities[capital].name, wheat=wheat, roll=roll.result, low=low, high=high))  # fmt: skip
            continue
        rebel(st, power, capital, lines)


def rebel(st: IRState, power: str, capital: str, lines: list[Text]) -> None:
    """22.2.3: the owner loses the capital's morale and 10 more; a besieged capital gives itself,
    with the rebels, to the besieger at once; otherwise two new 4-12s of the rebels hold it, at a
    defence of 2 until its owner takes it back, and the owner's units stand outside it."""
    from rules.imperium_romanum import mobilization as MOB

    rules = _rules()
    assert rules is not None
    hex_id = data().cities[capital].hex
    name = data().cities[capital].name
    st.stat("grain_rebellions")
    lines.append(_("Bread riots in {city}: the capital rises against {power} (22.2.3).", city=name,
                   power=st.powers[power]["name"]))  # fmt: skip
    B.change_morale(st, power, -(capital_morale(st, power) + rules.extra_morale_loss), _("grain rebellion"), lines)
    siege = st.sieges.get(hex_id)
    if siege is not None:
        takers = [u for u in B.units_at(st, hex_id, False) if B.seat_of(st, st.units[u]["power"]) == siege["besieger"]]
        taker = st.units[takers[0]]["power"] if takers else ""
        if taker:
            for uid in [u for u in B.units_at(st, hex_id, True)]:
                B.eliminate_unit(st, uid, lines, _("the capital surrendered (22.2.3)"), by=taker)
            del st.sieges[hex_id]
            B.take_city(st, capital, taker, lines, capital_paid=True)  # 22.2.3 took the owner's capital morale
            for _i in range(rules.rebel_count):
                MOB._place(st, taker, rules.rebel_unit, hex_id)
            return
    _rebels_power(st, name)
    for uid in B.units_at(st, hex_id):
        st.units[uid]["besieged"] = False  # the owner's units are pushed out of the city; they may besiege it
    st.city_owner[capital] = REBELS
    st.rebel_capitals[capital] = power
    for _i in range(rules.rebel_count):
        MOB._place(st, REBELS, rules.rebel_unit, hex_id)


def _rebels_power(st: IRState, city_name: str) -> None:
    """The rebels' record: a minor power nobody moves, of CER B, with no morale (22.2.3)."""
    rules = _rules()
    assert rules is not None
    if REBELS not in st.powers:
        st.powers[REBELS] = {
            "name": str(_("The rebels of {city}", city=city_name)), "kind": "civilized", "major": False,
            "status": "inactive neutral", "patron": "", "seat": "", "cer": rules.rebel_cer, "treasury": 0,
            "morale": 0, "chief": "", "dissolved": False, "start_provinces": [],
        }  # fmt: skip


def rebel_defence(st: IRState, city: str) -> int | None:
    """22.2.3: a capital the rebels took has a defence of 2 until its former owner retakes it."""
    owner = st.rebel_capitals.get(city, "")
    rules = _rules()
    if owner and rules is not None and st.city_owner.get(city, "") != owner:
        return rules.capital_defence
    return None
