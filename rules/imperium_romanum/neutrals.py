"""Inactive powers and the Farthest Power rule (§5.2, §5.3, §23.1, §23.5)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
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


def farthest_seat(st: IRState, neutral: str, lines: list[Text]) -> str:
    """5.3: the player whose closest city or unit is farthest from the neutral's; ties by a d6
    roll-off, high wins. Other neutrals are ignored. IR-ENG-27: a player with units in the
    neutral's provinces is at war with it (23.4) and cannot control it."""
    target = positions(st, [neutral])
    lands = {p for p, owner in st.province_owner.items() if owner == neutral}
    invaders = {B.seat_of(st, u["power"]) for u in st.units.values() if data().hexes[u["hex"]].province in lands}
    scored = []
    for seat in st.seats:
        if seat in invaders:
            continue
        mine = positions(st, B.powers_of(st, seat))
        if mine and target:
            scored.append((nearest(mine, target), seat))
    if not scored:
        return ""
    best = max(d for d, _s in scored)
    tied = [s for d, s in scored if d == best]
    while len(tied) > 1:
        rolls = [(st.dice.d6(f"§5.3 farthest power roll-off {seat}").result, seat) for seat in tied]
        top = max(r for r, _s in rolls)
        tied = [s for r, s in rolls if r == top]
    return tied[0]


def activate(st: IRState, power: str, by_seat: str, lines: list[Text]) -> None:
    """23.1: hostile units entered an inactive neutral's province: it becomes an active neutral
    controlled by the farthest player (23.5)."""
    rec = st.powers[power]
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
    if owner and st.powers[owner]["status"] == "inactive neutral" and not st.powers[owner]["dissolved"]:
        return owner
    return ""
