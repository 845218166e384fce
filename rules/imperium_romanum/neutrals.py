"""Inactive powers and the Farthest Power rule (§5.2, §5.3, §23.1, §23.5)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.roll_off import roll_off
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance


@lru_cache(maxsize=4096)
def nearest(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """The smallest hex distance between any hex of ``a`` and any of ``b`` (cached, 5.3)."""
    return min((hex_distance(x, y) for x in a for y in b), default=10**6)


def positions(st: IRState, powers: list[str]) -> tuple[str, ...]:
    """The hexes of the cities and units of ``powers`` (5.3 counts cities and combat units)."""
    hexes = {rec["hex"] for rec in st.units.values() if rec["power"] in powers}
    hexes |= {data().cities[c].hex for c, owner in st.city_owner.items() if owner in powers}
    return tuple(sorted(hexes))


def farthest_seat(st: IRState, neutral: str, lines: list[Text], exclude: tuple[str, ...] = ()) -> str:
    """5.3: the player whose closest city or unit is farthest from the neutral's; ties by a d6
    roll-off, high wins. Other neutrals are ignored. IR-ENG-27: a player with units in the
    neutral's provinces is at war with it (23.4) and cannot control it."""
    target = positions(st, [neutral])
    lands = {p for p, owner in st.province_owner.items() if owner == neutral}
    invaders = {B.seat_of(st, u["power"]) for u in st.units.values() if data().hexes[u["hex"]].province in lands}
    scored = []
    for seat in st.seats:
        if seat in invaders or seat in exclude:  # exclude: 44.1, the faction a usurper rose against
            continue
        mine = positions(st, B.powers_of(st, seat))
        if mine and target:
            scored.append((nearest(mine, target), seat))
    if not scored:
        return ""
    best = max(d for d, _s in scored)
    tied = [s for d, s in scored if d == best]
    return roll_off(st, tied, lambda seat: _("§5.3 farthest power roll-off {seat}", seat=seat), lines)


def activate(st: IRState, power: str, by_seat: str, lines: list[Text]) -> None:
    """23.1: hostile units entered an inactive neutral's province: it becomes an active neutral
    controlled by the farthest player (23.5)."""
    from rules.imperium_romanum import ex_major

    rec = st.powers[power]
    if ex_major.asleep(rec):
        ex_major.wake(st, power)  # 20.2 #1-#4 (IR-ENG-146)
        lines.append(_("{power}, once a major power, wakes as a minor power with the units it has left and no treasury (20.2).",
                       power=rec["name"]))  # fmt: skip
    rec["status"] = "active neutral"
    rec["seat"] = farthest_seat(st, power, lines)
    st.stat("activations")
    lines.append(_("{power} is activated by {seat}'s invasion (23.1); {controller} controls it (5.3).",
                   power=rec["name"], seat=by_seat, controller=rec["seat"] or "-"))  # fmt: skip


def assign_neutrals(st: IRState, lines: list[Text]) -> None:
    """Each Diplomacy Phase the Farthest Power rule re-assigns every active neutral (5.3)."""
    for power in sorted(st.powers):
        rec = st.powers[power]
        if rec["status"] == "active neutral" and not rec["dissolved"]:
            seat = farthest_seat(st, power, lines)
            if seat != rec["seat"]:
                rec["seat"] = seat
                lines.append(_("{power} is now controlled by {seat} (5.3).", power=rec["name"], seat=seat or "-"))


def neutral_owner_of(st: IRState, hex_id: str) -> str:
    """The inactive neutral power whose province ``hex_id`` lies in, or ""."""
    province = data().hexes[hex_id].province
    owner = st.province_owner.get(province, "")
    rec = st.powers.get(owner, {})
    if rec and rec["status"] == "inactive neutral" and not rec.get("never_return") \
            and (not rec["dissolved"] or rec.get("ex_major")):  # fmt: skip
        return owner  # a power gone for good (23.6) is woken by no invasion; an ex-major is (20.2, IR-ENG-146)
    return ""


# -- the neutral barbarians of 37.6 ---------------------------------------------------------
BARBARIAN_LANDS = ("boiohaemum", "caledonia_citerior", "dacia", "germania_magna", "iazygia", "sarmatia")
"""37.6: the provinces whose inactive barbarians may wake when the Roman border is thin."""
ROMAN_SP_LIMIT = 20
ACTIVATION_ROLL = 5
"""37.6: a Roman province next to them with fewer than 20 Roman land SP; a d6 of 5-6 wakes them."""


@lru_cache(maxsize=1)
def province_neighbours() -> dict[str, tuple[str, ...]]:
    """Provinces that share a hexside on land (cached once for the map)."""
    return neighbours_on(data())


def neighbours_on(d: IRData) -> dict[str, tuple[str, ...]]:
    """Provinces of ``d`` that share a hexside on land; an island box follows its own land link
    (ruling IR-MAP-6, 12.2): the narrow-sea crossing to its hex when that hex is land, else none."""
    from rules.imperium_romanum.grid import global_colrow, neighbours, printed_id
    from rules.imperium_romanum.island_boxes import hex_of

    found: dict[str, set[str]] = {}

    def join(a: str, b: str) -> None:
        if a and b and a != b:
            found.setdefault(a, set()).add(b)
            found.setdefault(b, set()).add(a)

    boxes = {box.id for box in d.features.island_boxes}
    for hex_id in sorted(d.hexes):
        cell = d.hexes[hex_id]
        if cell.kind != "land" or hex_id in boxes:
            continue
        col, row = global_colrow(hex_id)
        for c, r in neighbours(col, row):
            other = d.hexes.get(printed_id(c, r))
            if other is not None and other.kind == "land":
                join(cell.province, other.province)
    for box in sorted(boxes):
        at = d.hexes.get(hex_of(box))
        if at is not None and at.kind == "land" and box in d.hexes:
            join(d.hexes[box].province, at.province)
    return {p: tuple(sorted(n)) for p, n in sorted(found.items())}


def barbarian_rolls(st: IRState, lines: list[Text]) -> None:
    """37.6 (scenarios that name it): each Diplomacy Phase, every Roman province next to an
    inactive barbarian power of these lands and holding fewer than 20 Roman land SP rolls a d6
    for it, unless it went to sleep under four months ago or left for good (``reversion.py``,
    23.6); 5-6 wakes it, its eliminated units back, as an active neutral handed out by the
    Farthest Power rule (5.3)."""
    from rules.imperium_romanum import reversion

    if "37.6" not in data().scenarios[st.scenario].special_rules:
        return
    near = province_neighbours()
    for power in sorted(st.powers):
        rec = st.powers[power]
        if rec["status"] != "inactive neutral" or rec["kind"] != "barbarian" or rec["dissolved"] or rec["major"] \
                or rec.get("ex_major"):  # fmt: skip
            continue  # an ex-major wakes only by 20.1 (IR-ENG-146)
        lands = [p for p in rec.get("start_provinces", []) if p in BARBARIAN_LANDS]
        if not lands or not reversion.may_wake(st, power):  # 23.6, 37.6 note 2
            continue
        for province in sorted({n for land in lands for n in near.get(land, ())}):
            owner = st.province_owner.get(province, "")
            if not owner or st.powers[owner]["kind"] != "roman":
                continue
            roman_sp = sum(B.strength(u) for u in st.units.values() if B.is_combat(u) and not u.get("aboard")
                           and st.powers[u["power"]]["kind"] == "roman" and data().hexes[u["hex"]].province == province)  # fmt: skip
            if roman_sp >= ROMAN_SP_LIMIT:
                continue
            roll = st.dice.d6(_("§37.6 {power} from {province}", power=power, province=province))
            if roll.result >= ACTIVATION_ROLL:
                reversion.bring_back(st, power, lines)  # 23.6: listed units are not gone for good
                rec["status"] = "active neutral"
                rec["seat"] = farthest_seat(st, power, lines)
                st.stat("activations")
                lines.append(_("{power} wake on a {roll}: {province} holds fewer than 20 Roman SP (37.6); {seat} controls them (5.3).",
                               power=rec["name"], roll=roll.result, province=data().provinces[province].name,
                               seat=rec["seat"] or "-"))  # fmt: skip
                break
