"""Questions about the board: who owns a Province, which Units stand where, Pay, stacking,
connections and the Revolt and Pillage modifiers (modules 2.0, 4.0, 5.0, 9.3, 11.1)."""

from __future__ import annotations

from rules.core.i18n import _
from rules.rome_iinc.data import UNIT_WORDS, Leader, RomeData, data
from rules.rome_iinc.state import RomeState

ROMAN_SIDE = ("roman", "insurgent", "allied", "foederati")
VETERAN_TYPES = ("cavalry", "guards", "legion", "auxilia", "fleet")


def other(empire: str) -> str:
    return "west" if empire == "east" else "east"


def command_empire(st: RomeState, cid: str) -> str:
    """Moesia and Pannonia change Empire with the Constantinian and Theodosian Dynasties (5.2.7)."""
    if cid in ("moesia", "pannonia") and "constantinian" in st.dynasties:
        if cid == "moesia" and "theodosian" in st.dynasties:
            return "east"
        return "west"
    return str(data().commands[cid]["empire"])


def province_empire(st: RomeState, pid: str) -> str:
    cid = data().provinces[pid].command
    return command_empire(st, cid) if cid else ""


def is_rebel_province(st: RomeState, pid: str) -> bool:
    cid = data().provinces[pid].command
    return bool(cid) and bool(st.commands[cid]["rebel"])


def is_loyal(st: RomeState, pid: str) -> bool:
    cid = data().provinces[pid].command
    return bool(cid) and not st.commands[cid]["rebel"]


def status(st: RomeState, pid: str) -> str:
    return "homeland" if data().provinces[pid].homeland else st.status[pid]


def matches(st: RomeState, pid: str, tribe: str) -> bool:
    """A Homeland or Foederati Province matching ``tribe`` (3.2.1)."""
    prov = data().provinces[pid]
    if prov.homeland:
        return tribe in prov.tribes
    return st.status[pid] == "foederati" and st.tribe.get(pid) == tribe


def roman_side_for(st: RomeState, pid: str, tribe: str) -> bool:
    """Non-matching Foederati, Allied, Insurgent or Roman: where Wars pillage (9.4.2, 9.5)."""
    s = status(st, pid)
    if s == "foederati":
        return st.tribe.get(pid) != tribe or tribe not in data().foederati_tribes
    return s in ("roman", "insurgent", "allied")


def neighbours(pid: str, d: RomeData | None = None) -> tuple[tuple[str, str], ...]:
    return (d or data()).links[pid]


def connected(a: str, b: str) -> bool:
    return a == b or data().link(a, b) is not None


def units_in(st: RomeState, pid: str) -> list[str]:
    return [uid for uid, u in st.units.items() if u["loc"] == pid]


def unit_label(st: RomeState, uid: str) -> str:
    u = st.units[uid]
    name = UNIT_WORDS.get(u["type"], str(data().charts["units"][u["type"]]["name"]))
    if u["vet"]:
        return _("Veteran {unit} ({id})", unit=name, id=uid)
    return _("{unit} ({id})", unit=name, id=uid)


def pay_of(st: RomeState, uid: str) -> int:
    u = st.units[uid]
    pay = int(data().charts["units"][u["type"]]["pay"])
    if u["type"] == "auxilia" and u["vet"]:
        pay += 1  # Veteran Auxilia cost one more (2.2.6)
    return pay


def pay(st: RomeState, empire: str) -> int:
    """Pay of the Loyal Units of ``empire`` (9.3.1); Rebel Units are not paid."""
    total = 0
    for uid, u in st.units.items():
        loc = u["loc"]
        if loc in ("barracks", "removed") or not is_loyal(st, loc):
            continue
        if province_empire(st, loc) == empire:
            total += pay_of(st, uid)
    return total


def stack_group(kind: str) -> str:
    return "legion" if kind == "pseudo" else kind


def stacking_room(st: RomeState, pid: str, kind: str, ignore: str = "",
                  present: list[str] | None = None) -> bool:
    """Whether one more ``kind`` fits in ``pid`` (2.3), ignoring unit ``ignore``; ``present``
    may give the unit ids in ``pid`` when the caller already has them."""
    limits = data().charts["units"]["stacking"]
    group = stack_group(kind)
    if kind == "fleet" and data().provinces[pid].terrain == "mountain":
        return False
    here = units_in(st, pid) if present is None else present
    count = sum(1 for uid in here if uid != ignore and stack_group(st.units[uid]["type"]) == group)
    return count < int(limits[group])


def units_by_province(st: RomeState) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid, u in st.units.items():
        out.setdefault(u["loc"], []).append(uid)
    return out


def frontier(st: RomeState, pid: str) -> list[str]:
    """Connected Homeland or Barbarian Provinces that count for Revolts (11.1; Sea links do not,
    ruling ROME-4)."""
    sea = bool(data().charts["revolt"]["sea_counts"])
    return [n for n, kind in neighbours(pid) if (sea or kind != "sea")
            and status(st, n) in ("homeland", "barbarian")]


def leader_info(lid: str) -> Leader:
    """An Enemy Leader's counter, or a Statesman serving as one: Strength = his Military,
    Pillage = his Intrigue (6.3.6)."""
    d = data()
    if lid in d.leaders:
        return d.leaders[lid]
    s = d.statesmen[lid]
    return Leader(lid, s.name, s.special.split(":")[1], s.mil, s.int_, s.scenario)


def war_at(st: RomeState, pid: str) -> str:
    for wid, loc in st.wars.items():
        if loc == pid:
            return wid
    return ""


def leader_of(st: RomeState, wid: str) -> str:
    for lid, loc in st.leaders.items():
        if loc == f"war:{wid}":
            return lid
    return ""


def revolt_modifiers(st: RomeState) -> dict[str, list[tuple[str, int]]]:
    """Every Province that must roll for Revolt now, with its modifiers (11.1). Computed all at
    once so that one Revolt does not change another's roll (11.1.2)."""
    d = data()
    chart = d.charts["revolt"]
    out: dict[str, list[tuple[str, int]]] = {}
    bagaudae = st.events.get(_cell_of("bagaudae"), 0)
    for pid in sorted(st.status):
        s = st.status[pid]
        if s == "barbarian":
            continue
        wid = war_at(st, pid)
        if s == "foederati" and wid and matches(st, pid, d.wars[wid].tribe):
            continue  # a matching Foederati War keeps its Foederati quiet (3.2.5)
        near_war = bool(wid) or any(war_at(st, n) for n, _ in neighbours(pid))
        front = frontier(st, pid)
        gallia = d.provinces[pid].command == "gallia" and bagaudae > 0
        if not (s == "insurgent" or near_war or front or gallia):
            continue
        mods: list[tuple[str, int]] = []
        if s == "insurgent":
            mods.append((_("Insurgent"), int(chart["insurgent"])))
        if s == "allied":
            mods.append((_("Allied"), int(chart["allied"])))
        if s == "foederati":
            mods.append((_("Foederati"), int(chart["foederati"])))
        if front:
            mods.append((_("frontier"), int(chart["frontier"]) * len(front)))
            if s in ("allied", "foederati"):
                mods.append((_("buffer"), int(chart["buffer_extra"]) * len(front)))
        for uid in units_in(st, pid):
            u = st.units[uid]
            kind = u["type"]
            if kind == "auxilia":
                mods.append((_("Veteran Auxilia") if u["vet"] else _("Auxilia"),
                             int(chart["veteran_auxilia" if u["vet"] else "auxilia"])))
            elif kind in ("guards", "legion", "pseudo", "fort"):
                mods.append((UNIT_WORDS[kind], int(chart[kind])))
            elif kind == "fleet":
                river = sum(1 for n, k in neighbours(pid) if k == "river" and n in front)
                if river:
                    mods.append((_("Fleet"), int(chart["fleet_river"]) * river))
        if wid:
            mods.append((_("War"), int(chart["war_present"])))
            lid = leader_of(st, wid)
            if lid:
                mods.append((leader_info(lid).name, leader_info(lid).pillage))
        if gallia:
            mods.append((_("Bagaudae"), bagaudae))
        out[pid] = mods
    return out


def revolt_threshold(mods: list[tuple[str, int]]) -> int | None:
    """The lowest natural 1D6 that Revolts with these modifiers, or None (11.1.4)."""
    total = sum(v for _, v in mods)
    for die in range(1, 7):
        if die + total > int(data().charts["limits"]["revolt"]):
            return die
    return None


def _cell_of(event: str) -> str:
    for cell, name in data().charts["events"]["cells"].items():
        if name == event:
            return str(cell)
    return ""


def cell_of(event: str) -> str:
    return _cell_of(event)


def distance_map(st: RomeState, start: str, naval: int) -> dict[str, int]:
    """Steps from ``start`` to every Province, Sea links only for Naval 2-5 (9.4.6)."""
    dist = {start: 0}
    frontier_: list[str] = [start]
    while frontier_:
        nxt: list[str] = []
        for pid in frontier_:
            for n, kind in neighbours(pid):
                if kind == "sea" and naval < 2:
                    continue
                if n not in dist:
                    dist[n] = dist[pid] + 1
                    nxt.append(n)
        frontier_ = nxt
    return dist


def link_rank(kind: str, naval: int) -> int | None:
    """Movement priority of a link for a War (9.4.2): 0 best; None when unusable."""
    if kind == "sea":
        if naval >= 4:
            return 0
        if naval >= 2:
            return 1
        return None
    if kind == "river" and naval >= 2:
        return 0
    return 0 if kind == "road" else 1
