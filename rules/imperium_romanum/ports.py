"""Non-city ports in land combat (2.3, 16.1; ruling IR-ENG-110).

A harbour of ``ports.toml`` has an intrinsic combat strength: the Variable City Chart's
non-city port cell for the scenario's column (1 in the early columns, 2 later; ``cities.toml``
``meta.non_city_port``). It adds that strength to its holder's units in its hex, after any
multiplier, and defends alone when they are gone, as a city does; it counts as CER B (16.1). It
is never besieged and never retreats (16.1, 17.1): it is captured when its side loses a land
combat in its hex and keeps no combat unit there. Its holder is the controller of its province
(IR-ENG-53) until it is captured; then it is its captor's (``IRState.port_owner``) until it is
captured again.
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world


def strength(st: IRState, hex_id: str) -> int:
    """16.1: the intrinsic combat strength of the non-city port on ``hex_id`` (0 when none)."""
    w = world(st.scenario)
    return data().non_city_port[w.column].defence if w.non_city_port(hex_id) else 0


def side_of_port(st: IRState, hex_id: str) -> str:
    """The side (seat, or the power itself when no seat moves it) holding the port; "" for none."""
    owner = B.port_owner(st, hex_id) if world(st.scenario).non_city_port(hex_id) else ""
    return (B.seat_of(st, owner) or owner) if owner else ""


def defence_for(st: IRState, hex_id: str, side: str) -> int:
    """16.1: what the port adds to ``side``'s defence in its hex (its strength when it holds it)."""
    return strength(st, hex_id) if side and side_of_port(st, hex_id) == side else 0


def hostile_side(st: IRState, seat: str, hex_id: str) -> str:
    """The side of an enemy non-city port on ``hex_id`` that ``seat`` may attack (16.1), or ""."""
    owner = B.port_owner(st, hex_id) if world(st.scenario).non_city_port(hex_id) else ""
    if owner and strength(st, hex_id) and B.seat_of(st, owner) != seat and B.seat_hostile_to(st, seat, owner):
        return B.seat_of(st, owner) or owner
    return ""


def capture(st: IRState, hex_id: str, side: str, captor: str, lines: list[Text]) -> None:
    """16.1: a port whose side lost the battle and left the hex passes to the winner's power."""
    if not captor or side_of_port(st, hex_id) != side or not side:
        return
    st.port_owner[hex_id] = captor
    name = next((p.name for p in data().ports if p.hex == hex_id), hex_id)
    lines.append(_("{power} takes the port of {port} (16.1).", power=st.powers[captor]["name"], port=name))
