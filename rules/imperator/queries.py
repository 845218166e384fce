"""Read-only questions about a position, for menus and autocomplete (no state is changed).

The bot offers players only what the rules would accept: the leaders that may still move, the
units that can go with a leader, the zones a group can reach this SMC. These helpers reuse the
movement rules (``movement.step_error``, the PM allowances) so a menu and the engine agree; the
engine still checks every command in full when it is applied.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass
from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import _
from rules.core.typed import typed_line
from rules.imperator import movement
from rules.imperator.model import ImperatorState
from rules.imperator.politics import name


def movement_phase_error(st: ImperatorState) -> RuleError | None:
    """Why nothing may move now (§2.E: movement is phase E.1 of an SMC), or None."""
    if st.phase != "E" or st.sub != "move":
        return RuleError("§2.E", _("movement happens in phase E.1 of your SMC"))
    return None


def march_error(st: ImperatorState, role: str, leader: str) -> RuleError | None:
    """Why ``leader`` may not start a march for ``role`` now, or None (§2.E, §3.5)."""
    error = movement_phase_error(st)
    if error is not None:
        return error
    if leader not in movable_leaders(st, role):
        return RuleError("§3.5", _("{leader} is not a leader of yours who may move now", leader=leader))
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
    if leader is not None:  # an unknown leader reaches nothing (a typed id may name anyone)
        start = st.leaders[leader].loc if leader in st.leaders else None
    elif units and units[0] in st.units:
        start = st.units[units[0]].loc
    if start is None:
        return {}
    if leader is None:
        return {
            nb: 1 + extra
            for nb, extra in st.board.neighbours(start).items()
            if not movement.step_error(st, None, units, start, nb)
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
            if movement.step_error(st, leader, units, zone, nb):
                continue
            best[nb] = step
            heapq.heappush(heap, (step, nb))
    best.pop(start, None)
    return best


# --------------------------------------------------------------------------------------------
# What a player may type now (``/game status``)
# --------------------------------------------------------------------------------------------

FRONT_ORDER = ("orient", "danube", "rhine", "british", "southern")


@dataclass(frozen=True)
class Suggestion:
    """A command the seat may send now, fully specified (ids), with what it does in words."""

    verb: str
    args: dict[str, Any]
    note: str
    group: str = ""
    """Candidates sharing a group are alternatives: only the first the engine accepts is shown."""


def candidate_commands(st: ImperatorState, seat: str) -> list[Suggestion]:
    """Commands worth suggesting to ``seat`` now, in order of interest. They are candidates:
    the caller keeps those the engine accepts (``ImperatorGame.suggestions``)."""
    if st.game_over or seat not in st.roles:
        return []
    role = st.role_of(seat)
    found: list[Suggestion] = []
    if st.pending:
        return []  # a decision: answered with the Respond button (/respond)
    if st.phase == "C" and role == "R" and st.active == "R":
        fronts = list(FRONT_ORDER[: max(1, st.reserve_max)])
        reserve = Suggestion("reserve", {"fronts": fronts}, _("choose Reserve Fronts (§3.2)"))
        end = Suggestion("end", {}, _("end your geostrategy step"))
        found.extend([end, reserve] if st.reserve_fronts else [reserve, end])
        found.extend(_vexillation_suggestions(st))
    elif st.phase == "C" and st.active == role:
        found.append(Suggestion("end", {}, _("end your geostrategy step")))
    elif st.phase == "D" and st.step == "D-designate" and role == "R":  # §2.D: the Roman player names
        from rules.imperator import engine

        for leader, title in engine.designations(st)[:2]:
            found.append(
                Suggestion("designate", {"leader": leader, "title": title}, _("name an Augustus (§3.6)") if title == "augustus" else _("name a Caesar (§3.6)"))
            )
        found.append(Suggestion("end", {}, _("end your nominations")))
    elif st.phase == "E" and st.sub == "move" and st.active == role:
        found.extend(_move_suggestions(st, role))
        found.extend(_sail_suggestions(st, role))
        found.append(Suggestion("end", {}, _("end your movement; battles follow (§2.E.2)")))
    elif st.phase == "E" and st.sub == "combat" and st.active == role:
        from rules.imperator import combat

        for zone in combat.contested(st, role):
            found.append(Suggestion("attack", {"zone": zone}, _("fight the battle there (§8)")))
        found.append(Suggestion("end", {}, _("end your SMC")))
    return found


def _move_suggestions(st: ImperatorState, role: str) -> list[Suggestion]:
    found: list[Suggestion] = []
    for leader in movable_leaders(st, role)[:3]:
        group = followers(st, role, leader)[: st.ldef(leader).cc]
        dests = reachable(st, role, leader, group)
        if not dests:
            continue
        # A zone with enemies first (a battle to fight), then the nearest, then by name.
        dest = min(
            dests,
            key=lambda z: (not movement.enemy_units(st, z, role), dests[z], z),
        )
        args: dict[str, Any] = {"leader": leader, "to": dest}
        if group:
            args["units"] = group
        found.append(Suggestion("move", args, _("move a leader and his units (§7)")))
        found.append(Suggestion("march", {"leader": leader}, _("the same with menus")))
    if not found:
        for uid in movable_units(st, role)[:2]:
            dests = reachable(st, role, None, [uid])
            if dests:
                dest = min(dests, key=lambda z: (dests[z], z))
                found.append(Suggestion("move", {"unit": uid, "to": dest}, _("move a unit alone")))
    return found


def _vexillation_suggestions(st: ImperatorState) -> list[Suggestion]:
    """Candidates for ``vexillation`` (§3.4): dissolving each vexillation on the map, and
    creating one from three full-strength legions of a Front (a few trios per Front; the
    engine says which it accepts, and only the first accepted per Front is shown)."""
    found: list[Suggestion] = []
    for uid, us in sorted(st.units.items()):
        if st.udef(uid).kind == "vexillation" and us.status == "map" and us.owner == "R":
            args = {"action": "dissolve", "vexillation": uid}
            found.append(Suggestion("vexillation", args, _("dissolve a vexillation (§3.4)"), "dissolve"))
    by_front: dict[str, list[str]] = {}
    for uid, us in sorted(st.units.items()):
        d = st.udef(uid)
        if d.kind == "legion" and d.front and us.status == "map" and us.owner == "R" and not us.reduced:
            by_front.setdefault(d.front, []).append(uid)
    for front in FRONT_ORDER:
        for trio in itertools.islice(itertools.combinations(by_front.get(front, []), 3), 6):
            create: dict[str, Any] = {"action": "create", "units": list(trio)}
            note = _("form a vexillation from three legions of the {front} (§3.4)", front=name(st, front))
            found.append(Suggestion("vexillation", create, note, f"create:{front}"))
    return found


def _sail_suggestions(st: ImperatorState, role: str) -> list[Suggestion]:
    """Candidates for ``sail`` (§3.5): each Roman fleet on the map to one of its sea zones
    (back to port when at sea); the first the engine accepts per fleet is shown."""
    found: list[Suggestion] = []
    if role != "R":
        return found
    for fid, fs in sorted(st.fleets.items()):
        if fs.status != "map":
            continue
        fd = st.board.fleets[fid]
        seas = sorted(fd.seas) if fs.at == "port" else ["port"] + sorted(
            z for z in st.board.neighbours(fs.at) if st.board.zones[z].kind == "sea"
        )
        for sea in seas:
            found.append(Suggestion("sail", {"fleet": fid, "to": sea}, _("move a fleet (§3.5)"), f"sail:{fid}"))
    return found


def stratagem_candidates(st: ImperatorState, chits: list[str], role: str | None = None) -> list[Suggestion]:
    """Candidates for ``stratagem`` (§6), for the chit types the engine lists as playable now:
    first the targets the chit's own rules allow (:func:`stratagem_targets`: two or three
    Peoples, a nationality, a unit...), then no target, then one leader, zone or People on the
    map; the engine decides which is accepted, and only the first accepted per chit is shown."""
    leaders = sorted(x for x, ls in st.leaders.items() if ls.status == "map" and ls.loc)
    zones = sorted({us.loc for us in st.units.values() if us.status == "map" and us.loc})
    peoples = sorted(st.board.peoples)
    found: list[Suggestion] = []
    for chit in chits:
        targets = stratagem_targets(st, chit, role) if role is not None else []
        targets += [{}]
        targets += [{"leader": x} for x in leaders]
        targets += [{"zone": z} for z in zones]
        targets += [{"peoples": [p]} for p in peoples]
        for target in targets:
            found.append(Suggestion("stratagem", {"id": chit, **target}, _("play a stratagem (§6)"), f"chit:{chit}"))
    return found


def stratagem_targets(st: ImperatorState, chit: str, role: str) -> list[dict[str, Any]]:
    """The targets chit type ``chit`` names in its own rules, read from the engine's target
    lists: Peoples that may rise or be pacified (as many as the chit allows, §6.1, §6.2), a
    nationality at war (§6.1), the usurper a chit allows (§6.2), the zones of Mutinerie and
    Désertion (§6.3), the Roman unit of La flèche du Parthe (§6.2, AMB-44)."""
    from rules.imperator import stratagems

    tid = stratagems.ctype(chit).id
    params = stratagems.types()[tid].params
    most = int(params.get("max_peoples", 1))
    major = params.get("people_kind") == "major"
    if tid.startswith("soulevement"):
        rising = stratagems.rising_targets(st, major)
        return [{"peoples": rising[:most]}] if rising else []
    if tid.startswith("pacification") or tid == "pax_romana":
        at_war = stratagems.pacification_targets(st, tid)
        if params.get("scope") == "nationality":
            nations = sorted({st.board.peoples[p].nationality for p in at_war})
            return [{"nationality": n} for n in nations if n]
        if params.get("scope") is None:
            return [{"peoples": at_war[:most]}] if at_war else []
        return []
    if tid.startswith("usurpation"):
        return [{"leader": x} for x in stratagems.usurpation_targets(st, tid)]
    if tid == "mutinerie":
        return [{"zone": z} for z in stratagems.mutiny_targets(st, role)]
    if tid == "desertion":
        return [{"zone": z} for z in stratagems.desertion_targets(st, role)]
    if tid == "fleche_du_parthe":
        return [{"unit": u} for u in stratagems.fleche_targets(st)]
    return []


TYPED_OPTIONS_BY_VERB = {"stratagem": {"id": "chit"}}
"""Engine argument -> the slash command's option, where they differ (``/stratagem chit:``)."""


def typed(st: ImperatorState, suggestion: Suggestion) -> str:
    """The suggestion as a player types it: ``/move leader:"Avidius Cassius" to:Cyrrhus``."""
    options = TYPED_OPTIONS_BY_VERB.get(suggestion.verb)
    return typed_line(f"/{suggestion.verb}", suggestion.args, lambda v: name(st, v), options)
