"""Optional rule 45: plague (game option ``plague``), and the losses event E of 39.2 shares.

A province that was plundered (24.0), holds a besieged city (17.0) or saw a battle where the
two sides together lost over half the strength committed may catch plague: in the next
Diplomacy Phase two dice, a 2 infects it (45.1). An infected province loses a third of each
stack, units entering it that month lose a third too, and it pays no tax and raises nothing
(45.2). A month later the plague may spread (2 on two dice per neighbour, straits and wild
provinces included); the first province is then over and takes two plunder markers (45.3).
``st.plague`` maps each infected province to the turn it was infected; ``st.plague_watch``
lists the provinces that qualified since the last Diplomacy Phase.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

PLAGUE_ROLL = 2
"""45.1, 45.3: two dice showing 2 (or less, when the gods took the first die down: IR-ENG-164)."""
PLUNDER_MARKERS = 2
"""45.3 (and 39.2 E): the plague leaves two plunder markers."""


def enabled(st: IRState) -> bool:
    return st.options.get("plague") == "yes"


@lru_cache(maxsize=1)
def adjacent_provinces_map() -> dict[str, tuple[str, ...]]:
    """Provinces that touch by land or across a strait's arrow (45.3), cached for the map."""
    from rules.imperium_romanum.neutrals import province_neighbours

    found = {p: set(n) for p, n in province_neighbours().items()}
    for strait in data().straits:
        a, b = data().hexes[strait.a].province, data().hexes[strait.b].province
        if a and b and a != b:
            found.setdefault(a, set()).add(b)
            found.setdefault(b, set()).add(a)
    return {p: tuple(sorted(n)) for p, n in found.items()}


def adjacent_provinces(province: str) -> tuple[str, ...]:
    return adjacent_provinces_map().get(province, ())


def _name(province: str) -> str:
    return data().provinces[province].name


def stacks_in(st: IRState, province: str) -> dict[tuple[str, str], list[str]]:
    """Each stack of the province: one side's land units in one hex (not aboard a fleet)."""
    out: dict[tuple[str, str], list[str]] = {}
    for uid in sorted(st.units):
        rec = st.units[uid]
        if not B.is_fleet(rec) and not rec.get("aboard") and data().hexes[rec["hex"]].province == province:
            out.setdefault((rec["hex"], B.seat_of(st, rec["power"]) or rec["power"]), []).append(uid)
    return out


def lose_a_third(st: IRState, uids: list[str], lines: list[Text], section: str, by_le: bool) -> int:
    """A stack loses a third (IR-ENG-92: rounded down), the units drawn at random: of its units
    (39.2 E) or of its legion equivalents (45.2). Returns the units lost."""
    order = list(uids)
    st.dice.shuffle(order)
    if not by_le:
        victims = order[: len(order) // 3]
    else:
        budget = sum(B.le_halves(st.units[u]) for u in order) // 3
        victims = []
        for uid in order:
            halves = B.le_halves(st.units[uid])
            if 0 < halves <= budget:
                victims.append(uid)
                budget -= halves
    for uid in victims:
        B.eliminate_unit(st, uid, lines, _("plague ({section})", section=section))
    st.stat("plague_losses", len(victims))
    return len(victims)


def strike(st: IRState, province: str, lines: list[Text], section: str, by_le: bool) -> None:
    """Plague hits a province: each stack loses a third; event E also marks it plundered (2)."""
    for _stack, uids in sorted(stacks_in(st, province).items()):
        lose_a_third(st, uids, lines, section, by_le)
    if not by_le:
        st.plunder[province] = max(st.plunder.get(province, 0), PLUNDER_MARKERS)


def note(st: IRState, province: str) -> None:
    """45.0: a province that qualifies for a plague roll in the next Diplomacy Phase."""
    if enabled(st) and province and province not in st.plague_watch:
        st.plague_watch.append(province)


def note_battle(st: IRState, hex_id: str, committed: int, lost: int) -> None:
    """45.0: a battle where the two sides together lost more than half of what they committed."""
    if 2 * lost > committed:
        note(st, data().hexes[hex_id].province)


def _two_dice(st: IRState, province: str, why: Text, lines: list[Text]) -> int:
    """45.1, 45.3: the two dice, thrown by the seat that controls the province (5.6), whose armed
    appeal (42) goes on the first die, a high roll helping; no seat's for a province nobody
    holds (IR-ENG-164)."""
    from rules.imperium_romanum import deity

    holder = B.province_control(st, province)
    seat = B.seat_of(st, holder) if holder else ""
    return deity.roll(st, seat, "plague", +1, why, [], lines).result + st.dice.d6(why).result


def diplomacy_phase(st: IRState, lines: list[Text]) -> None:
    """45.3 then 45.1: last month's plague spreads and ends; then each province that
    qualified rolls two dice, a 2 brings the plague (45.2 at once)."""
    if not enabled(st):
        return
    for province in [p for p, since in sorted(st.plague.items()) if since < st.turn]:
        del st.plague[province]
        for other in adjacent_provinces(province):
            if other in st.plague:
                continue
            if _two_dice(st, other, _("§45.3 spread to {province}", province=_name(other)), lines) <= PLAGUE_ROLL:
                infect(st, other, lines)
        st.plunder[province] = max(st.plunder.get(province, 0), PLUNDER_MARKERS)
        lines.append(_("The plague in {province} is over; it is left plundered (45.3).", province=_name(province)))
    watch = set(st.plague_watch)
    watch |= {data().hexes[h].province for h in st.sieges}
    st.plague_watch = []
    for province in sorted(watch):
        if province in st.plague or not province:
            continue
        if _two_dice(st, province, _("§45.1 plague in {province}", province=_name(province)), lines) <= PLAGUE_ROLL:
            infect(st, province, lines)


def infect(st: IRState, province: str, lines: list[Text]) -> None:
    st.plague[province] = st.turn
    st.stat("plagues")
    lines.append(_("Plague in {province} (45.1).", province=_name(province)))
    strike(st, province, lines, "§45.2", by_le=True)


def in_plague(st: IRState, province: str) -> bool:
    """45.2: no tax and no recruiting in a province in plague."""
    return province in st.plague


def entered(st: IRState, uids: list[str], start: str, lines: list[Text]) -> None:
    """45.2: units that end a move in a province in plague, having come from outside it, lose a
    third (IR-ENG-93: the province where the move ends counts)."""
    moved = [u for u in uids if u in st.units and not st.units[u].get("aboard")]
    if not moved or not enabled(st):
        return
    province = data().hexes[st.units[moved[0]]["hex"]].province
    if province in st.plague and data().hexes[start].province != province:
        lose_a_third(st, moved, lines, "§45.2", by_le=True)
