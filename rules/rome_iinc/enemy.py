"""The enemy runs itself: placing, moving and pillaging Wars and Leaders (3.0, 9.4-9.6).

Every random choice uses the game's dice and is recorded with its purpose.
"""

from __future__ import annotations

from rules.core.dice import DiceRoll
from rules.core.i18n import Text, _
from rules.rome_iinc import board as B
from rules.rome_iinc.data import UNIT_WORDS, data, empire_name
from rules.rome_iinc.state import RomeState


def pick(st: RomeState, items: list[str], purpose: str) -> str:
    """A random choice among ``items`` (sorted first), recorded as a roll of 1..n."""
    items = sorted(items)
    if len(items) == 1:
        return items[0]
    index = st.dice._draw(1, len(items))
    st.dice.rolls.append(_roll(purpose, f"d{len(items)}", index))
    return items[index - 1]


def _roll(purpose: str, die: str, value: int) -> DiceRoll:
    return DiceRoll(purpose, die, value, (), value)


def war_name(wid: str) -> Text:
    w = data().wars[wid]
    return _("the {label} War", label=w.label)


def place_war(st: RomeState, wid: str, lines: list[Text]) -> None:
    """Put a drawn War in its Homeland, a matching Foederati Province or Isauria (9.6)."""
    d = data()
    war = d.wars[wid]
    if war.tribe == "isaurian":
        where = "isauria"
    elif war.tribe == "hun":
        roll = st.dice.d6(_("Hun Homeland of a drawn Hun War (9.6.2)")).result
        where = "hun_1_2" if roll <= 2 else ("hun_3_4" if roll <= 4 else "hun_5_6")
    else:
        foed = [p for p in st.status if st.status[p] == "foederati" and st.tribe.get(p) == war.tribe
                and not B.war_at(st, p)] if war.tribe in d.foederati_tribes else []
        if foed:
            where = pick(st, foed, _("Foederati Province for {war} (3.2.5)", war=war.label))
        else:
            where = next(h.id for h in d.provinces.values() if h.homeland and war.tribe in h.tribes)
    occupant = B.war_at(st, where)
    st.wars[wid] = where
    lines.append(_("{war} enters play in {province}.", war=war_name(wid),
                   province=d.provinces[where].name))
    if occupant:
        displace(st, occupant, where, "", lines)
    _leader_joins(st, wid, lines)
    move_war(st, wid, lines)


def _leader_joins(st: RomeState, wid: str, lines: list[Text]) -> None:
    """A Leader waiting in its Homeland joins a matching War without a Leader (3.3.2)."""
    d = data()
    tribe = d.wars[wid].tribe
    if B.leader_of(st, wid):
        return
    waiting = [lid for lid, loc in st.leaders.items()
               if loc.startswith("home:") and B.leader_info(lid).tribe == tribe]
    if not waiting:
        return
    lid = pick(st, waiting, _("Leader joining {war} (3.3.2)", war=d.wars[wid].label))
    st.leaders[lid] = f"war:{wid}"
    lines.append(_("{leader} leads {war}.", leader=B.leader_info(lid).name, war=war_name(wid)))


def place_leader(st: RomeState, lid: str, lines: list[Text]) -> None:
    """A drawn Leader joins a random matching War without a Leader, or waits at home (3.3.2)."""
    d = data()
    leader = B.leader_info(lid)
    free = [w for w, loc in st.wars.items() if d.wars[w].tribe == leader.tribe
            and loc in d.provinces and not B.leader_of(st, w)]
    if free:
        wid = pick(st, free, _("War joined by {leader} (3.3.2)", leader=leader.name))
        st.leaders[lid] = f"war:{wid}"
        lines.append(_("{leader} takes command of {war}.", leader=leader.name, war=war_name(wid)))
        return
    if lid in d.statesmen:
        # a Statesman who cannot stack with a War returns face up as a Statesman (6.3.6)
        del st.leaders[lid]
        st.statesmen[lid] = "up"
        lines.append(_("{leader} returns to the Statesmen Box.", leader=leader.name))
        return
    home = next(h.id for h in d.provinces.values() if h.homeland and leader.tribe in h.tribes)
    st.leaders[lid] = f"home:{home}"
    lines.append(_("{leader} waits in {homeland}.", leader=leader.name,
                   homeland=d.provinces[home].name))


def release_leader(st: RomeState, wid: str, lines: list[Text]) -> None:
    """When a War leaves the map its Leader joins another matching War or goes home (3.3.3)."""
    lid = B.leader_of(st, wid)
    if lid:
        place_leader(st, lid, lines)


def _candidates(st: RomeState, wid: str, here: str, exclude: str) -> list[str]:
    """Where ``wid`` would step next from ``here`` by the Movement priorities (9.4.2-9.4.6)."""
    d = data()
    war = d.wars[wid]
    usable = [(n, kind) for n, kind in B.neighbours(here)
              if B.link_rank(kind, war.naval) is not None and n != exclude]
    if not usable:
        return []
    visited = st.visited.get(wid, [])
    fresh = [(n, k) for n, k in usable if n not in visited]
    usable = fresh or usable
    roman = [(n, k) for n, k in usable if B.roman_side_for(st, n, war.tribe)]
    if not roman:
        dist = B.distance_map(st, here, war.naval)
        targets = [p for p, _ in dist.items() if p in st.status and B.roman_side_for(st, p, war.tribe)]
        if not targets:
            return []
        best = min(dist[p] for p in targets)
        goal = [p for p in targets if dist[p] == best]
        steps: list[tuple[str, str]] = []
        for n, k in usable:
            nd = B.distance_map(st, n, war.naval)
            if any(nd.get(g, 99) == best - 1 for g in goal):
                steps.append((n, k))
        roman = steps or usable
    top = min(B.link_rank(k, war.naval) or 0 for _, k in roman)
    return [n for n, k in roman if (B.link_rank(k, war.naval) or 0) == top]


def displace(st: RomeState, wid: str, here: str, came_from: str, lines: list[Text],
             chain: list[str] | None = None) -> bool:
    """A War pushed out by another moves one step at once, not back where the mover came from
    (9.4.5). It makes no Pillage roll (ruling ROME-5). A chain never pushes a War that is
    already part of it; a War with nowhere to go blocks the mover (ruling ROME-6)."""
    d = data()
    chain = [*(chain or []), wid]
    cands = [c for c in _candidates(st, wid, here, came_from) if B.war_at(st, c) not in chain]
    if not cands:
        lines.append(_("{war} cannot be displaced and stays.", war=war_name(wid)))
        return False
    dest = pick(st, cands, _("Displacement of {war} (9.4.5)", war=d.wars[wid].label))
    return _enter(st, wid, dest, here, lines, chain)


def _enter(st: RomeState, wid: str, dest: str, came_from: str, lines: list[Text],
           chain: list[str] | None = None) -> bool:
    """Move ``wid`` into ``dest``, displacing its occupant first; False when it cannot."""
    d = data()
    occupant = B.war_at(st, dest)
    if occupant and occupant != wid:
        if occupant in (chain or []) or not displace(st, occupant, dest, came_from, lines,
                                                     [*(chain or []), wid]):
            return False
    st.wars[wid] = dest
    st.visited.setdefault(wid, []).append(dest)
    lines.append(_("{war} moves to {province}.", war=war_name(wid), province=d.provinces[dest].name))
    war = d.wars[wid]
    if war.tribe in d.foederati_tribes and B.status(st, dest) == "barbarian":
        st.status[dest] = "foederati"
        st.tribe[dest] = war.tribe
        empire = B.province_empire(st, dest)
        st.prestige[empire] += 1
        lines.append(_("{province} becomes {tribe} Foederati: {empire} Prestige +1 (3.2.5).",
                       province=d.provinces[dest].name, tribe=d.tribe_names[war.tribe],
                       empire=empire_name(empire)))
    return True


def pillage_roll(st: RomeState, wid: str) -> int:
    """Pillage 1D6 with its modifiers (9.5); 4 or more keeps the War moving."""
    d = data()
    war = d.wars[wid]
    chart = d.charts["pillage"]
    here = st.wars[wid]
    mods: list[tuple[str, int]] = []
    lid = B.leader_of(st, wid)
    if lid:
        mods.append((B.leader_info(lid).name, B.leader_info(lid).pillage))
    if 2 <= war.cavalry <= 3:
        mods.append((_("Cavalry Strength"), int(chart["cavalry_2_3"])))
    elif war.cavalry >= 4:
        mods.append((_("Cavalry Strength"), int(chart["cavalry_4_5"])))
    if B.status(st, here) in ("allied", "foederati"):
        mods.append((_("Allied/Foederati"), int(chart["allied_or_foederati"])))
    for uid in B.units_in(st, here):
        kind = st.units[uid]["type"]
        key = "legion" if kind == "pseudo" else kind
        if key in chart:
            mods.append((UNIT_WORDS[kind], -int(chart[key])))
    st.pillaged.append(wid)
    return st.dice.d6(_("Pillage of {war} in {province} (9.5)", war=war.label, province=d.provinces[here].name), mods).result


def move_war(st: RomeState, wid: str, lines: list[Text]) -> None:
    """Move one War by the priorities until it stops (9.4, 9.5)."""
    d = data()
    war = d.wars[wid]
    st.visited.setdefault(wid, [])
    if st.wars[wid] not in st.visited[wid]:
        st.visited[wid].append(st.wars[wid])
    pillage_done = wid in st.pillaged
    here = st.wars[wid]
    if B.roman_side_for(st, here, war.tribe) and here in st.status:
        if pillage_done:
            return
        if pillage_roll(st, wid) < int(d.charts["limits"]["pillage"]):
            lines.append(_("{war} stops to pillage {province}.", war=war_name(wid),
                           province=d.provinces[here].name))
            return
        pillage_done = True
    for _step in range(40):  # a War never needs more steps than this on the map
        here = st.wars[wid]
        cands = _candidates(st, wid, here, "")
        if not cands:
            lines.append(_("{war} has nowhere to go and stays.", war=war_name(wid)))
            return
        dest = pick(st, cands, _("Movement of {war} (9.4.2)", war=war.label))
        if not _enter(st, wid, dest, here, lines):
            lines.append(_("{war} is blocked and stays.", war=war_name(wid)))
            return
        if B.roman_side_for(st, dest, war.tribe) and dest in st.status:
            if pillage_done:
                return
            pillage_done = True
            if pillage_roll(st, wid) < int(d.charts["limits"]["pillage"]):
                lines.append(_("{war} stops to pillage {province}.", war=war_name(wid),
                               province=d.provinces[dest].name))
                return


def draw_wars(st: RomeState, lines: list[Text]) -> None:
    """Draw 1D3 (+scenario, +Migration) counters from the Wars Box; all of it on Turn 10 (9.6)."""
    d = data()
    cup = sorted([("war", w) for w, loc in st.wars.items() if loc == "cup"]
                 + [("leader", lid) for lid, loc in st.leaders.items() if loc == "cup"])
    if not cup:
        return
    if st.turn >= int(d.charts["limits"]["turns"]):
        count = len(cup)
    else:
        bonus = int(d.charts["scenario_modifiers"][st.scenario]["draw_bonus"]) + st.extra_draws
        count = d1d3(st, _("Wars Box draws (9.6.1)"), bonus)
    for _i in range(min(count, len(cup))):
        index = st.dice._draw(0, len(cup) - 1)
        kind, cid = cup.pop(index)
        if kind == "war":
            place_war(st, cid, lines)
        else:
            place_leader(st, cid, lines)


def statesmen_turn_leader(st: RomeState, lines: list[Text]) -> None:
    """A face-up Statesman with the Leader ability joins a matching War without a Leader:
    Strength = Military, Pillage = Intrigue; a Rebel's Commands turn Loyal, an Emperor leaves
    his throne (6.3.6)."""
    from rules.rome_iinc import politics as P

    d = data()
    for sid in sorted(st.statesmen):
        spec = d.statesmen[sid].special
        loc = st.statesmen[sid]
        if not spec.startswith("leader:") or loc not in ("up", "governor", "emperor"):
            continue
        tribe = spec.split(":")[1]
        free = [w for w, where in st.wars.items() if d.wars[w].tribe == tribe
                and where in d.provinces and not B.leader_of(st, w)]
        if not free:
            continue
        wid = pick(st, free, _("War joined by {leader} (6.3.6)", leader=d.statesmen[sid].name))
        lines.append(_("{name} turns against Rome and leads {war} (6.3.6).",
                       name=d.statesmen[sid].name, war=war_name(wid)))
        for e in ("east", "west"):
            if st.emperors[e] == sid:
                st.statesmen[sid] = "leader"
                st.leaders[sid] = f"war:{wid}"
                P.emperor_dies(st, e, lines, "leader")
                st.statesmen[sid] = "leader"
        for cid in sorted(st.commands):
            if st.commands[cid]["gov"] == sid:
                st.commands[cid]["gov"] = "generic"
                if st.commands[cid]["rebel"]:
                    st.commands[cid]["rebel"] = False
                    lines.append(_("{command} returns to loyalty.", command=d.commands[cid]["name"]))
        st.statesmen[sid] = "leader"
        st.leaders[sid] = f"war:{wid}"


def d1d3(st: RomeState, purpose: str, bonus: int = 0) -> int:
    """1D3: a d6 read 1-2 as 1, 3-4 as 2, 5-6 as 3 (1.2), plus ``bonus``."""
    roll = st.dice.d6(purpose)
    return (roll.natural + 1) // 2 + bonus


def move_all(st: RomeState, lines: list[Text]) -> None:
    """Move the Wars already in play, Empire by Empire (East first on odd turns, 9.4.1)."""
    order = ("east", "west") if st.turn % 2 else ("west", "east")
    d = data()
    for empire in order:
        for wid in sorted(st.wars):
            loc = st.wars[wid]
            if loc not in d.provinces:
                continue
            owner = B.province_empire(st, loc) or _homeland_side(loc)
            if owner == empire:
                move_war(st, wid, lines)


def _homeland_side(pid: str) -> str:
    """A Homeland belongs to no Empire; it moves with the Empire of its nearest Province."""
    d = data()
    for n, _k in B.neighbours(pid):
        if d.provinces[n].command:
            return str(d.commands[d.provinces[n].command]["empire"])
    return "east"
