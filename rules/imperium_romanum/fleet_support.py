"""Fleets in land combat (§14.6, IR-ENG-64, IR-ENG-160): the attacker's fleets in the hex he
attacks, or in a sea hex next to it, may join the attack at his option (a defence's fleets:
``port_defence.py``).

A joining fleet adds a quarter of its naval strength (two 18-30s: 36 / 4 = 9) and the troops
aboard it half of theirs; fleets and the troops aboard them are never attacked in land combat.
When the attacker must lose SP, a fleet lost satisfies a quarter of its strength; its troops
move to the other joining fleets while room remains, else they go down with it (10.4.1). Fleets
stay in their hex when the land units retreat (the exception to 14.2.1)."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState

QUARTER = 4
"""14.6: a fleet's land combat strength, and the loss it satisfies, are a quarter of its own."""


def check(st: IRState, seat: str, hex_id: str, fleets: list[str]) -> None:
    """The fleets named to join an attack in ``hex_id``: the seat's own, in that hex, free."""
    for fid in fleets:
        rec = st.units.get(fid)
        if rec is None or not B.is_fleet(rec) or B.seat_of(st, rec["power"]) != seat or not B.can_act(st, rec["power"]):
            raise RuleError("§14.6", _("{fleet} is not a fleet of yours", fleet=fid))
        if not in_reach(rec["hex"], hex_id) or rec["besieged"]:
            raise RuleError("§14.6", _("only your fleets in {hex} or in a sea hex next to it, not besieged, may join its attack",
                                       hex=hex_id))  # fmt: skip
    from rules.imperium_romanum.pirate_grain import check_fleets_free

    check_fleets_free(st, fleets)  # 27.1.4


def in_reach(fleet_hex: str, hex_id: str) -> bool:
    """IR-ENG-160: a fleet supports a land attack from the attacked hex itself (its port) or from a
    sea hex next to it (our grid splits the book's coastal hex into a land and a sea hex)."""
    from rules.imperium_romanum import naval as NAV
    from rules.imperium_romanum.world import shore

    return fleet_hex == hex_id or (NAV.is_sea(fleet_hex) and hex_id in shore(fleet_hex))


def nearby(st: IRState, seat: str, hex_id: str) -> list[str]:
    """The seat's fleets that may join an attack on ``hex_id`` (``check`` accepts each), in id order."""
    from rules.imperium_romanum.legal import passes

    return [u for u in sorted(st.units) if B.is_fleet(st.units[u]) and B.seat_of(st, st.units[u]["power"]) == seat
            and in_reach(st.units[u]["hex"], hex_id) and passes(check, st, seat, hex_id, [u])]  # fmt: skip


def commit(st: IRState, hex_id: str, fleets: list[str]) -> None:
    """Mark the fleets joining this month's attack on ``hex_id`` (read once, by ``joined``)."""
    for fid in fleets:
        st.units[fid]["land_attack"] = f"{st.turn}:{hex_id}"


def joined(st: IRState, seat: str, hex_id: str) -> list[str]:
    """The fleets that joined the seat's attack on ``hex_id``; the mark is used up."""
    mark = f"{st.turn}:{hex_id}"
    out = [u for u in sorted(st.units) if st.units[u].get("land_attack") == mark and B.is_fleet(st.units[u])
           and B.seat_of(st, st.units[u]["power"]) == seat]  # fmt: skip
    for fid in out:
        st.units[fid].pop("land_attack", None)
    return out


def ships_strength(st: IRState, fleets: list[str]) -> int:
    """14.6: what the ships themselves add to a land combat: a quarter of the fleets' strength,
    rounded down (attacking fleets and a port's defending fleets alike)."""
    return sum(B.strength(st.units[f]) for f in fleets) // QUARTER


def land_strength(st: IRState, fleets: list[str]) -> int:
    """14.6: a quarter of the fleets' strength, rounded down, and half the strength of the
    combat troops aboard them, rounded down."""
    troops = sum(B.strength(st.units[u]) for f in fleets for u in B.cargo_of(st, f)[0] if B.is_combat(st.units[u]))
    return ships_strength(st, fleets) + troops // 2


def loss_value(unit: dict[str, Any]) -> int:
    """14.5, 14.6: the SP a unit's loss satisfies: its strength, a quarter of it for a fleet."""
    return B.strength(unit) // QUARTER if B.is_fleet(unit) else B.strength(unit)


def lose(st: IRState, uid: str, companions: list[str], lines: list[Text], by: str) -> None:
    """A unit lost in land combat; a fleet's troops go aboard the other joining fleets, or down
    with it (10.4.1)."""
    if B.is_fleet(st.units[uid]):
        from rules.imperium_romanum import naval

        others = [f for f in companions if f != uid and f in st.units and B.is_fleet(st.units[f])]
        naval.sink(st, uid, others, lines, _("combat (14.5, 14.6)"), by)
        return
    B.eliminate_unit(st, uid, lines, _("combat (14.5)"), by=by)
