"""Bridge from the data helper's ``load_data()`` (rules/imperator/loader.py) to the engine.

``board()`` turns ``ImperatorData`` into the engine's immutable :class:`Board`;
``initial_state()`` places a scenario's counters. The loader is imported lazily so the engine
and its tests run without it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import NotYetSupported
from rules.core.i18n import _
from rules.imperator import scenario_rules
from rules.imperator.data_model import Scenario
from rules.imperator.model import (
    INTERIOR,
    ROMAN,
    Board,
    FleetDef,
    FleetState,
    ImperatorState,
    LeaderDef,
    LeaderState,
    PeopleDef,
    UnitDef,
    UnitState,
    ZoneDef,
)

LIMITED = ("germania", "britannia", "africa")



def _data_dir() -> str:
    """The data directory named by ``PRAETOR_DATA_DIR`` ("" for the shipped data): the key of
    every cache below, so a process that changes it reads the new data."""
    import os

    return os.environ.get("PRAETOR_DATA_DIR", "")


def _load() -> Any:
    """The validated data, read once per data directory (reading and checking it takes about
    0.3 s; views, scenario lists and new games all ask for it)."""
    return _load_from(_data_dir())


@lru_cache(maxsize=4)
def _load_from(data_dir: str) -> Any:
    try:
        from rules.imperator.loader import load_data  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise NotYetSupported("data", _("the Imperator data loader is not available")) from exc
    return load_data(data_dir or None)


def data_hash() -> str:
    try:
        return str(_load().digest)
    except NotYetSupported:
        return ""


def board(source: str = "data:") -> Board:
    """The engine's Board of the current data directory: one object per (source, directory),
    shared by every game started from it."""
    return _board(source, _data_dir())


@lru_cache(maxsize=4)
def _board(source: str, data_dir: str) -> Board:
    """The Board built from the data of ``data_dir`` (what ``board`` hands out)."""
    data = _load_from(data_dir)
    zones: dict[str, ZoneDef] = {}
    for z in data.zones.values():
        if z.kind == "front":
            front, empire_from = z.front, 0
        elif z.kind == "interior":
            front, empire_from = INTERIOR, 0
        elif z.joins_front:
            front, empire_from = z.joins_front, int(z.joins_year or 9999)
        else:
            front, empire_from = None, 0
        camp_years = [int(c.year or 0) for c in z.camps]
        zones[z.id] = ZoneDef(
            id=z.id,
            name=z.name,
            kind="land",
            front=front,
            camp=bool(z.camps),
            camp_from=min(camp_years) if camp_years else 0,
            city=bool(z.cities),
            port=bool(z.ports),
            peoples=tuple(z.peoples),
            limited=(z.region in LIMITED),
            empire_from=empire_from,
            ctesiphon=(z.id == "ctesiphon"),
        )
    for s in data.seas.values():
        zones[s.id] = ZoneDef(id=s.id, name=s.name, kind="sea", closed_sea=not s.open)
    adj: dict[str, dict[str, int]] = {z: {} for z in zones}
    for e in data.edges:
        if e.a in adj and e.b in adj:
            adj[e.a][e.b] = e.cost - 1
            adj[e.b][e.a] = e.cost - 1
    for sea, lands in data.coasts.items():
        for land in lands:
            if sea in adj and land in adj:
                adj[sea][land] = 0
                adj[land][sea] = 0
    for a, b in data.sea_links:
        if a in adj and b in adj:
            adj[a][b] = 0
            adj[b][a] = 0
    peoples = {
        p.id: PeopleDef(
            id=p.id,
            name=p.name,
            nationality=p.nationality,
            major=bool(p.major),
            category="west" if p.stacking == "W" else "east",
            front=p.entry_fronts[0] if p.entry_fronts else None,
            fronts=tuple(p.entry_fronts),
        )
        for p in data.peoples.values()
    }
    leaders = {
        x.id: LeaderDef(
            id=x.id,
            name=x.name,
            people=ROMAN if x.side == "roman" else (x.people or "unknown"),
            cc=int(x.cc),
            vs=int(x.vs),
            bt=int(x.bt),
            cp=int(x.cp or 0),
            generic=bool(x.generic),
        )
        for x in data.leaders.values()
    }
    units: dict[str, UnitDef] = {}
    for u in data.units.values():
        roman = u.side == "roman"
        kind = u.kind if u.kind in ("legion", "garrison", "vexillation") else "people"
        people = ROMAN if roman else ("armenia" if u.kind == "armenia" else (u.people or "unknown"))
        front = u.front
        if roman and kind == "garrison" or roman and front is None and kind != "vexillation":
            front = INTERIOR
        units[u.id] = UnitDef(
            id=u.id,
            name=u.name,
            people=people,
            kind=kind,
            front=front,
            home=u.zone,
            pf=u.full.pf,
            qu=u.full.qu,
            bt=u.full.bt,
            pf_r=u.reduced.pf,
            qu_r=u.reduced.qu,
            bt_r=u.reduced.bt,
            enters=int(u.arrives or 0),
            praetorian="praetori" in u.id,
        )
    fleets: dict[str, FleetDef] = {}
    for f in data.fleets.values():
        port = data.ports.get(f.port)
        if port is None:
            continue
        fleets[f.id] = FleetDef(id=f.id, name=f.name, home=port.zone, seas=(port.sea,))
    rome = "rome" if "rome" in zones else next((z for z in zones if z.startswith("roma")), "rome")
    return Board(
        zones=zones,
        adj=adj,
        leaders=leaders,
        units=units,
        peoples=peoples,
        fleets=fleets,
        rome=rome,
        source=source if source.startswith("data:") else "data:",
    )


def first_custodes_holder(sc: Scenario) -> str | None:
    """§3.6 with ruling AMB-98: the Corporis Custodes guard the emperor, so a scenario opens with
    them on its first Augustus (the scenario's ``augusti`` list is in seniority order: Marc
    Aurèle before Lucius Verus), on its first Caesar when it has no Augustus; the Roman player
    may move them in every phase F."""
    for named in (sc.augusti, sc.caesars):
        if named:
            return named[0]
    return None


def initial_state(scenario: str, dice: Dice, options: dict[str, Any]) -> ImperatorState:
    from rules.imperator.scenarios import default_rules

    data = _load()
    sc = data.scenarios.get(scenario)
    if sc is None:
        raise NotYetSupported("scenarios", _("scenario {scenario} has no data", scenario=repr(scenario)))
    b = board("data:")
    year = int(sc.start)
    rules = default_rules()
    rules["initiative"] = {str(k): ("R" if str(v).lower().startswith("r") else "E") for k, v in sc.initiative.items()}
    rules["armenia"] = sc.armenia != "absent"
    rules["scenario_rules"] = [r.to_json() for r in sc.rules]
    units: dict[str, UnitState] = {}
    for uid, d in b.units.items():
        if d.kind == "vexillation":
            units[uid] = UnitState(status="pool" if d.enters <= year else "out")
        else:
            units[uid] = UnitState(status="out")
    leaders: dict[str, LeaderState] = {x: LeaderState(status="out") for x in b.leaders}
    # the Roman legions a scenario deploys (``deploy_legions``) are in ``sc.units``: the loader
    # places them (loader._deploy_legions), so a scenario without the switch starts without them
    for pl in sc.units:
        role = "R" if pl.side == "roman" else "E"
        units[pl.counter] = UnitState(loc=pl.zone, status="map", owner=role)
    for pl in sc.leaders:
        role = "R" if pl.side == "roman" else "E"
        rebel = role == "E" and b.leaders[pl.counter].people == ROMAN
        leaders[pl.counter] = LeaderState(loc=pl.zone, status="map", owner=role, title=pl.title, rebel=rebel)
    e_zones = {s.loc for s in leaders.values() if s.owner == "E" and s.loc}
    for uid, us in units.items():
        if us.status == "map" and us.loc in e_zones and b.units[uid].people == ROMAN:
            us.owner = "E"
    usurpers = [x for x, s in leaders.items() if s.title == "usurper"]
    for s in leaders.values():
        if s.rebel and s.title != "usurper" and usurpers:
            s.follows = usurpers[0]
    for uid, us in units.items():
        if us.owner == "E" and b.units[uid].people == ROMAN and us.loc:
            here = [x for x, s in leaders.items() if s.loc == us.loc and s.rebel]
            if here:
                us.usurper = here[0] if leaders[here[0]].title == "usurper" else leaders[here[0]].follows
    st = ImperatorState(
        board=b,
        dice=dice,
        scenario=scenario,
        year=year,
        end_year=int(sc.end),
        rules=rules,
        options=dict(options),
        units=units,
        leaders=leaders,
        fleets={f: FleetState() for f in b.fleets},
    )
    st.armenia = "parthian" if sc.armenia == "parthian" else "roman"
    st.at_war = list(sc.peoples_at_war)
    st.civil_war = bool(usurpers)
    # sorted, never set order: the state must not depend on PYTHONHASHSEED (issue 14)
    for f in sorted({b.units[u].front or "" for u, s in units.items() if s.owner == "E" and b.units[u].people == ROMAN}):
        if f and f not in st.defected_fronts:
            st.defected_fronts.append(f)
    st.custodes = first_custodes_holder(sc)
    st.rules["events"] = bool(sc.use_events)
    st.rules["death_table"] = bool(sc.use_leader_table)
    st.rules["peoples"] = bool(sc.use_enemy_peoples)
    if sc.use_stratagems:
        from rules.imperator import stratagems, tables

        counts: dict[str, int] = {}
        for c in data.stratagems.values():
            tid = tables.stratagem(c.name).id
            counts[tid] = counts.get(tid, 0) + int(c.count)
        stratagems.setup_cup(st, counts)
    for pid in st.at_war:
        for lid, ls in st.leaders.items():
            if b.leaders[lid].people == pid and ls.status == "map":
                ls.owner = "E"
    for uid, us in st.units.items():
        if b.units[uid].people not in (ROMAN, "armenia") and us.status == "map":
            us.owner = "E"
        elif b.units[uid].people == "armenia" and us.status == "map":
            us.owner = "R" if st.armenia == "roman" else "E"
    for pid in b.peoples:
        if pid in st.at_war or pid == "armenia":
            continue
        for lid, ls in st.leaders.items():
            if b.leaders[lid].people == pid and ls.status == "map":
                ls.pax = True
                ls.owner = "E"
    for role, n in sc.vp.items():
        st.vp["rome" if str(role).lower().startswith("r") else "enemies"] = int(n)
    scenario_rules.setup(st)
    return st
