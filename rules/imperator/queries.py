"""Read-only questions about a position, for menus and autocomplete (no state is changed).

The bot offers players only what the rules would accept: the leaders that may still move, the
units that can go with a leader, the zones a group can reach this SMC. These helpers reuse the
movement rules (``movement.step_error``, the PM allowances) so a menu and the engine agree; the
engine still checks every command in full when it is applied.
"""

from __future__ import annotations

import heapq

from rules.core.errors import RuleError
from rules.imperator import movement
from rules.imperator.model import ImperatorState


def movement_phase_error(st: ImperatorState) -> RuleError | None:
    """Why nothing may move now (§2.E: movement is phase E.1 of an SMC), or None."""
    if st.phase != "E" or st.sub != "move":
        return RuleError("§2.E", "movement happens in phase E.1 of your SMC")
    return None


def march_error(st: ImperatorState, role: str, leader: str) -> RuleError | None:
    """Why ``leader`` may not start a march for ``role`` now, or None (§2.E, §3.5)."""
    error = movement_phase_error(st)
    if error is not None:
        return error
    if leader not in movable_leaders(st, role):
        return RuleError("§3.5", f"{leader} is not a leader of yours who may move now")
    return None


def movable_leaders(st: ImperatorState, role: str) -> list[str]:
    """Leaders of ``role`` on the map that may still move in this SMC."""
    found = []
    for lid, ls in sorted(st.leaders.items()):
        if ls.status != "map" or ls.owner != role or not ls.loc or ls.fleet or ls.pax:
            continue
        moved = st.moved.get(lid)
        if moved is not None and "cont" not in moved:
            continue
        found.append(lid)
    return found


def movable_units(st: ImperatorState, role: str, zone: str | None = None) -> list[str]:
    """Units of ``role`` on the map (in ``zone`` if given) that have not moved this SMC."""
    return sorted(
        uid
        for uid, us in st.units.items()
        if us.status == "map"
        and us.owner == role
        and us.loc
        and not us.fleet
        and (zone is None or us.loc == zone)
        and uid not in st.moved
        and st.udef(uid).people != "armenia"
    )


def followers(st: ImperatorState, role: str, leader: str) -> list[str]:
    """The units in the leader's zone that could move with him (same zone, not yet moved)."""
    ls = st.leaders.get(leader)
    if ls is None or ls.loc is None:
        return []
    return movable_units(st, role, ls.loc)


def reachable(
    st: ImperatorState, role: str, leader: str | None, units: list[str]
) -> dict[str, int]:
    """Zones the group may end its move in this SMC, with their PM cost.

    A unit alone moves one zone; a leader spends his PM (3 with units, 4 alone, less under some
    events) and stops on entering a zone with enemy units.
    """
    start: str | None = None
    if leader is not None and leader in st.leaders:
        start = st.leaders[leader].loc
    elif units and units[0] in st.units:
        start = st.units[units[0]].loc
    if start is None:
        return {}
    if leader is None:
        return {
            nb: 1 + extra
            for nb, extra in st.board.neighbours(start).items()
            if not movement.step_error(st, role, None, units, start, nb)
        }
    moved = st.moved.get(leader) or {}
    pm = int(moved["cont"]) if "cont" in moved else movement.base_pm(st, bool(units))
    best: dict[str, int] = {start: 0}
    heap: list[tuple[int, str]] = [(0, start)]
    while heap:
        cost, zone = heapq.heappop(heap)
        if cost > best.get(zone, 999):
            continue
        if zone != start and units and movement.enemy_units(st, zone, role):
            continue
        for nb, extra in st.board.neighbours(zone).items():
            step = cost + 1 + extra
            if step > pm or step >= best.get(nb, 999):
                continue
            if movement.step_error(st, role, leader, units, zone, nb):
                continue
            best[nb] = step
            heapq.heappush(heap, (step, nb))
    best.pop(start, None)
    return best
