"""Questions about a position: who controls what, who is hostile to whom, what stands where,
and the shared changes every rule uses (eliminating a unit, changing morale, taking a city).

Morale (§19.1), province control (§5.6) and leader loss (§18.2, §18.3.1) live here because
movement, combat, siege and supply all trigger them; each is written once.
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, data_name, join
from rules.imperium_romanum.data_model import UnitType
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import CAVALRY, data, world

LIGHT_INFANTRY = ("light_infantry_4_12", "missile_infantry_4_12")
LIGHT_CAVALRY = ("light_cavalry_6_16", "horse_archers_6_16")
HEAVY_CAVALRY = ("heavy_cavalry_30_16",)
BT = "baggage_train"
BT_MAX_SP = 6
"""A baggage train carries at most 6 SP (13.4)."""


# -- powers and seats -------------------------------------------------------------------------
def ids_of(value: Any) -> list[str]:
    """The piece ids (or hexes) a command's argument names: a list, or a string separated by
    spaces or commas."""
    if isinstance(value, str):
        return [v for v in value.replace(",", " ").split() if v]
    if isinstance(value, list):
        return [str(v) for v in value]
    return []


def seat_of(st: IRState, power: str) -> str:
    """The seat that moves ``power`` now ("" for an inactive power nobody controls, or none)."""
    rec = st.powers.get(power)
    return str(rec.get("seat", "")) if rec else ""


def powers_of(st: IRState, seat: str) -> list[str]:
    return [p for p in st.powers if seat_of(st, p) == seat and not st.powers[p]["dissolved"]]


def can_act(st: IRState, power: str) -> bool:
    """Inactive clients and inactive neutrals neither move nor attack (5.2)."""
    return st.powers[power]["status"] in ("major", "active client", "active neutral") and not st.powers[power]["dissolved"]


def allied(st: IRState, a: str, b: str) -> bool:
    return sorted((a, b)) in st.alliances


def may_stack(st: IRState, p: str, q: str) -> bool:
    """Same power, patron and client, or allied powers stack together (5.2, 5.8); an active
    neutral stacks with nobody else."""
    if p == q:
        return True
    if "active neutral" in (st.powers[p]["status"], st.powers[q]["status"]):
        return False
    sp, sq = seat_of(st, p), seat_of(st, q)
    if not sp or not sq:
        return False
    return sp == sq or allied(st, sp, sq)


def hostile(st: IRState, p: str, q: str) -> bool:
    """Powers that may not stack are enemies (5.6: allies are not; 23.1: every active player is
    hostile to a neutral)."""
    return not may_stack(st, p, q)


def seat_hostile_to(st: IRState, seat: str, power: str) -> bool:
    return all(hostile(st, mine, power) for mine in powers_of(st, seat)) if powers_of(st, seat) else True


# -- pieces -----------------------------------------------------------------------------------
def utype(unit: dict[str, Any]) -> UnitType:
    return data().units[unit["type"]]


def strength(unit: dict[str, Any]) -> int:
    """A unit's combat strength: its front when veteran, its back when unseasoned (14.5.2)."""
    kind = utype(unit)
    return kind.strength if unit["vet"] else kind.back


def unit_cer(st: IRState, unit: dict[str, Any]) -> str:
    """14.4.3, 20.4: a unit's CER is its counter's: its power's, or that of the dissolved faction
    whose colour it kept on defecting (``counter``)."""
    return str(st.powers[unit.get("counter") or unit["power"]]["cer"])


def le_halves(unit: dict[str, Any]) -> int:
    return utype(unit).le_halves


def is_cavalry(unit: dict[str, Any]) -> bool:
    return unit["type"] in CAVALRY


def is_combat(unit: dict[str, Any]) -> bool:
    """Units that fight on land: everything but baggage trains and fleets."""
    return unit["type"] != BT and not unit["type"].startswith("fleet")


def units_at(st: IRState, hex_id: str, besieged: bool | None = None, aboard: bool = False) -> list[str]:
    """Unit ids in a hex, in stack order (the first is the top unit). Troops aboard a fleet
    (10.4) take no part on land and are left out unless ``aboard``."""
    found = [u for u, rec in st.units.items() if rec["hex"] == hex_id and (besieged is None or rec["besieged"] == besieged)
             and (aboard or not rec.get("aboard"))]  # fmt: skip
    return sorted(found, key=lambda u: (st.units[u]["order"], u))


def leaders_at(st: IRState, hex_id: str, aboard: bool = False) -> list[str]:
    return sorted(lid for lid, rec in st.leaders.items() if rec["status"] == "map" and rec["hex"] == hex_id
                  and (aboard or not rec.get("aboard")))  # fmt: skip


def cargo_of(st: IRState, fleet: str) -> tuple[list[str], list[str]]:
    """The units and leaders aboard a fleet (10.4)."""
    units = sorted((u for u, rec in st.units.items() if rec.get("aboard") == fleet), key=lambda u: (st.units[u]["order"], u))
    leaders = sorted(lid for lid, rec in st.leaders.items() if rec["status"] == "map" and rec.get("aboard") == fleet)
    return units, leaders


def is_fleet(unit: dict[str, Any]) -> bool:
    return str(unit["type"]).startswith("fleet")


def occupied_hexes(st: IRState) -> list[str]:
    return sorted({rec["hex"] for rec in st.units.values()} | {rec["hex"] for rec in st.leaders.values() if rec["status"] == "map"})


def hostile_land_at(st: IRState, seat: str, hex_id: str, besieged: bool | None = False) -> list[str]:
    """Land units in ``hex_id`` hostile to every power of ``seat`` (12.3: besieged ones excluded
    by default)."""
    return [u for u in units_at(st, hex_id, besieged) if not st.units[u]["type"].startswith("fleet")
            and seat_hostile_to(st, seat, st.units[u]["power"])]  # fmt: skip


def seat_units_at(st: IRState, seat: str, hex_id: str) -> list[str]:
    return [u for u in units_at(st, hex_id) if seat_of(st, st.units[u]["power"]) == seat]


def leader_value(lid: str) -> int:
    return data().leaders[lid].value


def name_of(st: IRState, piece: str) -> str:
    if piece in st.leaders:
        return data().leaders[piece].name
    if piece in st.units:
        return data_name(data().units[st.units[piece]["type"]].name)
    return piece


def city_at(st: IRState, hex_id: str) -> str:
    """The city on a hex ("" when none, or destroyed by a natural disaster, 39.2 L)."""
    city = world(st.scenario).city_at.get(hex_id, "")
    return "" if city in st.destroyed else city


def city_defence(st: IRState, city: str) -> int:
    """A city's intrinsic defence this period (16.1), less siege attrition (17.3.1)."""
    from rules.imperium_romanum.grain import rebel_defence

    value = world(st.scenario).city_value[city]
    if rebel_defence(st, city) is not None:
        return min(int(rebel_defence(st, city) or 0), max(0, value.defence - st.city_damage.get(city, 0)))  # 22.2.3
    if (data().cities[city].province in st.plunder or city in st.plundered_cities) and data().cities[city].hex not in st.sieges:
        return 0  # 24.5, 41.3: cities of a plundered province, and plundered cities, have no intrinsic defence
    return max(0, value.defence - st.city_damage.get(city, 0))


def is_port(st: IRState, hex_id: str) -> bool:
    """IR-ENG-4: a city next to a sea hex is a port (the map's port symbols are not authored),
    and so is a non-city port of ``ports.toml`` (IR-ENG-53)."""
    return world(st.scenario).is_port(hex_id)


def port_owner(st: IRState, hex_id: str) -> str:
    """Who holds the port or city on ``hex_id``: a city's owner; a non-city port its captor's
    (16.1, IR-ENG-110), else the controller of its province (IR-ENG-53); "" for neither."""
    city = city_at(st, hex_id)
    if city:
        return st.city_owner.get(city, "")
    if world(st.scenario).non_city_port(hex_id):
        return st.port_owner.get(hex_id) or st.province_owner.get(data().hexes[hex_id].province, "")
    return ""


def cities_of(st: IRState, province: str) -> list[str]:
    """The province's cities that exist in the scenario's column of the Variable City Chart, in
    id order (16.0)."""
    w = world(st.scenario)
    return [c for c in sorted(w.city_value) if data().cities[c].province == province]


def secret(text: Text, seat: str) -> Text:
    """Mark a line for ``seat`` alone (3.2: what a stack holds and where it goes is hidden)."""
    text.private_to = seat  # type: ignore[attr-defined]
    return text


# -- changes --------------------------------------------------------------------------------
def change_morale(st: IRState, power: str, delta: int, why: Text, lines: list[Text]) -> None:
    """Apply a morale change (19.1) to a power; majors and minors alike keep a level."""
    if not delta or power not in st.powers:
        return
    st.powers[power]["morale"] += delta
    lines.append(_("{power} morale {delta:+d} ({why}): {morale}.", power=st.powers[power]["name"],
                   delta=delta, why=why, morale=st.powers[power]["morale"]))  # fmt: skip


def unit_morale(unit: dict[str, Any]) -> int:
    """19.1: a 1-LE unit is worth 4 morale, a half-LE unit 2."""
    return 4 if le_halves(unit) >= 2 else 2


def eliminate_unit(st: IRState, uid: str, lines: list[Text], why: Text, by: str = "") -> None:
    """Remove a unit from the map (it may be rebuilt, 14.5.2); morale to its power and, when an
    enemy destroyed it in combat or siege, to that enemy (19.1)."""
    rec = st.units.pop(uid)
    rec["hex"] = ""
    st.eliminated[uid] = rec
    worth = unit_morale(rec)
    change_morale(st, rec["power"], -worth, _("{unit} lost", unit=name_of_type(rec)), lines)
    if by:
        change_morale(st, by, worth, _("enemy {unit} destroyed", unit=name_of_type(rec)), lines)
    lines.append(_("{power}: {unit} eliminated ({why}).", power=st.powers[rec["power"]]["name"],
                   unit=name_of_type(rec), why=why))  # fmt: skip


def name_of_type(unit: dict[str, Any]) -> str:
    kind = utype(unit)
    shown = kind.strength if unit["vet"] else kind.back
    return join(" ", [data_name(kind.name), f"{shown}-{kind.ma}"])


def leader_loss_morale(st: IRState, lid: str) -> int:
    """19.1: a named leader costs 2 + 2 x value, the Emperor or Rex 10 + 10 x value."""
    value = leader_value(lid)
    power = st.leaders[lid]["power"]
    if st.powers[power].get("chief") == lid:
        return 10 + 10 * value
    return 2 + 2 * value


def lose_leader(st: IRState, lid: str, fate: str, lines: list[Text], by: str = "", in_combat: bool = False) -> None:
    """A leader is killed or captured (18.2): morale (19.1), and the treasury he carries
    (18.3.1)."""
    rec = st.leaders[lid]
    power = rec["power"]
    worth = leader_loss_morale(st, lid)
    rec["status"] = fate
    if st.powers[power].get("chief") == lid:
        st.stat("chiefs_lost")
    if fate == "captured":
        rec["captor"] = by
    lines.append(_("{leader} of {power} is {fate}.", leader=data().leaders[lid].name,
                   power=st.powers[power]["name"], fate=_("killed") if fate == "dead" else _("captured")))  # fmt: skip
    change_morale(st, power, -worth, _("leader lost"), lines)
    if by and in_combat:
        change_morale(st, by, worth, _("enemy leader eliminated"), lines)
    if carries_treasury(st, power) == lid or st.powers[power].get("chief") == lid:
        treasury = st.powers[power]["treasury"]
        if treasury and in_combat and by:
            taken = treasury // 4
            st.powers[by]["treasury"] = st.powers[by].get("treasury", 0) + taken
            st.powers[power]["treasury"] = treasury - 2 * taken
            lines.append(_("{taker} takes {taken} talents of the treasury; {lost} are lost (18.3.1).",
                           taker=st.powers[by]["name"], taken=taken, lost=taken))  # fmt: skip
        elif treasury:
            st.powers[power]["treasury"] = treasury - treasury // 2
            lines.append(_("Half the treasury of {power} is lost (18.3.1).", power=st.powers[power]["name"]))
    if st.powers[power].get("chief") == lid:
        from rules.imperium_romanum import civil_war

        civil_war.chief_lost(st, power, lines, by, in_combat)  # 18.3, 28.1: successor or dissolution


def carries_treasury(st: IRState, power: str) -> str:
    """18.3.1: the Emperor or Rex carries the treasury, else the best leader (first id on a tie)."""
    chief = st.powers[power].get("chief", "")
    if chief and st.leaders.get(chief, {}).get("status") == "map":
        return str(chief)
    free = [lid for lid, rec in st.leaders.items() if rec["power"] == power and rec["status"] == "map"]
    if not free:
        return ""
    return sorted(free, key=lambda lid: (-leader_value(lid), lid))[0]


def province_control(st: IRState, province: str) -> str:
    """5.6: the holder of the capital keeps or takes a province when it also holds at least
    half (rounded up, digest §3.4 #4) of the other cities; else nobody, or the old owner while
    it keeps its capital."""
    w = world(st.scenario)
    owner = st.province_owner.get(province, "")
    capital = w.capital_of.get(province)
    if capital is None:
        return owner  # a city-less province changes hands only through 5.6.1
    holder = st.city_owner.get(capital, "")
    if holder == owner:
        return owner
    others = [c for c in cities_of(st, province) if c != capital]
    held = sum(1 for c in others if st.city_owner.get(c, "") and seat_of(st, st.city_owner[c]) == seat_of(st, holder))
    if held * 2 >= len(others):
        return holder
    return ""


def take_city(st: IRState, city: str, power: str, lines: list[Text], capital_paid: bool = False) -> None:
    """A city changes hands (16.1); its province may follow (5.6), with morale (19.1, 19.2).
    Cities of the same owner sharing its hex on our map fall with it (IR-ENG-26).
    ``capital_paid``: the old owner already lost the capital's morale (a grain rebellion, 22.2.3)."""
    old = st.city_owner.get(city, "")
    for other in world(st.scenario).cities_at.get(data().cities[city].hex, ()):
        if other != city and st.city_owner.get(other, "") == old:
            _take_one(st, other, power, lines, capital_paid)
    _take_one(st, city, power, lines, capital_paid)


def capital_morale_value(st: IRState, city: str) -> int:
    """19.2: the morale value the scenario gives the imperial capital ``city`` (0 for any other
    city)."""
    return max((p.capital_morale for p in data().scenarios[st.scenario].powers if p.capital == city), default=0)


def capital_changes_hands(st: IRState, city: str, old: str, new: str, lines: list[Text], old_paid: bool) -> None:
    """19.2: the owner who loses an imperial capital loses its morale value and the captor gains
    it (the grain rebels of 22.2.3 keep no morale, IR-ENG-52)."""
    value = capital_morale_value(st, city)
    if not value or old == new:
        return
    why = _("imperial capital {city} (19.2)", city=data().cities[city].name)
    if old in st.powers and old != "rebels" and not old_paid:
        change_morale(st, old, -value, why, lines)
    if new in st.powers and new != "rebels":
        change_morale(st, new, value, why, lines)


def _take_one(st: IRState, city: str, power: str, lines: list[Text], capital_paid: bool = False) -> None:
    capital_changes_hands(st, city, st.city_owner.get(city, ""), power, lines, capital_paid)
    st.city_owner[city] = power
    st.city_damage.pop(city, None)
    lines.append(_("{power} takes {city}.", power=st.powers[power]["name"], city=data().cities[city].name))
    province = data().cities[city].province
    before = st.province_owner.get(province, "")
    after = province_control(st, province)
    if after != before:
        set_province(st, province, after, lines)


def set_province(st: IRState, province: str, power: str, lines: list[Text]) -> None:
    from rules.imperium_romanum import militia

    before = st.province_owner.get(province, "")
    st.province_owner[province] = power
    militia.province_changes_hands(st, province, power)  # 29.2
    tax = province_tax(st, province)
    if before:
        change_morale(st, before, -tax, _("province lost"), lines)
    if power:
        change_morale(st, power, tax, _("province gained"), lines)
        lines.append(_("{power} conquers {province}.", power=st.powers[power]["name"],
                       province=data().provinces[province].name))  # fmt: skip


def province_tax(st: IRState, province: str) -> int:
    """6.0: the province's value on the Tax Value Chart (``charts_tax.toml``) in the scenario's
    column; authored as the sum of its cities' tax values there (IR-ENG-5), 0 without cities."""
    book = data().tables
    assert book is not None, "load_data sets the charts"
    lost = sum(world(st.scenario).city_value[c].tax for c in st.destroyed if data().cities[c].province == province)  # 39.2 L
    return max(0, book.tax_value(province, data().scenarios[st.scenario].city_column) - lost)
