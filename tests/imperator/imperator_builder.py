"""A small position builder for the Imperator conformance tests.

It builds a hand-made Board (a few zones around the Danube, the Rhine, the East and Italy) and an
ImperatorState in any phase, with scripted dice, so each catalogue case can be set up in a few
lines without the real map.

Map (zone id: front):

    quadi (outside, Quadi home, limited) -- germ_n (outside, limited) -- germ_far (outside, limited)
         |  (Danuvius +1)
    carnuntum (danube, camp) -- vindobona (danube, camp) -- aquincum (danube, camp)
         |                          |                          |  (Danuvius +1)
    noricum (interior) -------- italia (interior, city) -- jazyges (outside, Jazyges home)
         |                          |
    raetia (rhine, camp) ------ rome (interior, city) -- ravenna (interior, port)
                                                          mare (sea) -- cyrene (southern)
    antiochia (orient, camp) -- emesa (orient, camp) -- caparcotna (orient, camp)
         |                                                 |
    cyrrhus (orient) ------------------------------------ parthia (outside, Parthian home)
"""

from __future__ import annotations

import copy
from collections import deque
from typing import Any

from rules.core.dice import Dice
from rules.imperator.game import ImperatorGame
from rules.imperator.model import (
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
from rules.imperator.scenarios import default_rules


class ScriptedDice(Dice):
    """Dice whose next naturals are scripted (then fall back to the seeded generator)."""

    def __init__(self, seed: str = "test") -> None:
        super().__init__(seed)
        self.script: deque[int] = deque()

    def _draw(self, low: int, high: int) -> int:
        if self.script:
            v = self.script.popleft()
            assert low <= v <= high, f"scripted {v} outside {low}..{high}"
            return v
        return super()._draw(low, high)

    def __deepcopy__(self, memo: dict[int, Any]) -> ScriptedDice:
        new = ScriptedDice(self.seed)
        new.counter = self.counter
        new.rolls = list(self.rolls)
        new.script = deque(self.script)
        return new


ZONES = [
    ZoneDef("quadi", "Quadi", peoples=("quadi",), limited=True),
    ZoneDef("germ_n", "Germania North", limited=True),
    ZoneDef("germ_far", "Germania Far", limited=True),
    ZoneDef("carnuntum", "Carnuntum", front="danube", camp=True),
    ZoneDef("vindobona", "Vindobona", front="danube", camp=True),
    ZoneDef("aquincum", "Aquincum", front="danube", camp=True),
    ZoneDef("noricum", "Noricum", front="interior"),
    ZoneDef("italia", "Italia", front="interior", city=True),
    ZoneDef("jazyges", "Jazyges", peoples=("jazyges",)),
    ZoneDef("raetia", "Raetia", front="rhine", camp=True),
    ZoneDef("rome", "Roma", front="interior", city=True),
    ZoneDef("ravenna", "Ravenna", front="interior", port=True),
    ZoneDef("mare", "Mare Internum", kind="sea"),
    ZoneDef("oceanus", "Oceanus", kind="sea", closed_sea=True),
    ZoneDef("cyrene", "Cyrene", front="southern", city=True),
    ZoneDef("antiochia", "Antiochia", front="orient", camp=True),
    ZoneDef("emesa", "Emesa", front="orient", camp=True),
    ZoneDef("caparcotna", "Caparcotna", front="orient", camp=True),
    ZoneDef("cyrrhus", "Cyrrhus", front="orient"),
    ZoneDef("parthia", "Parthia", peoples=("parthians",)),
]

EDGES = [
    ("quadi", "germ_n", 0),
    ("germ_n", "germ_far", 0),
    ("quadi", "carnuntum", 1),
    ("carnuntum", "vindobona", 0),
    ("vindobona", "aquincum", 0),
    ("carnuntum", "noricum", 0),
    ("vindobona", "italia", 0),
    ("aquincum", "jazyges", 1),
    ("noricum", "italia", 0),
    ("noricum", "raetia", 0),
    ("italia", "rome", 0),
    ("raetia", "rome", 0),
    ("rome", "ravenna", 0),
    ("italia", "jazyges", 0),
    ("ravenna", "mare", 0),
    ("mare", "cyrene", 0),
    ("mare", "oceanus", 0),
    ("antiochia", "emesa", 0),
    ("emesa", "caparcotna", 0),
    ("antiochia", "cyrrhus", 0),
    ("cyrrhus", "parthia", 1),
    ("caparcotna", "parthia", 0),
]

PEOPLES = {
    "quadi": PeopleDef("quadi", "Quadi", "german", True, "west", "danube"),
    "jazyges": PeopleDef("jazyges", "Jazyges", "sarmatian", True, "west", "danube"),
    "parthians": PeopleDef("parthians", "Parthians", "persian", True, "east", "orient"),
}


class Pos:
    """A position under construction."""

    def __init__(self, year: int = 175) -> None:
        self.year = year
        self.leader_defs: dict[str, LeaderDef] = {}
        self.unit_defs: dict[str, UnitDef] = {}
        self.units: dict[str, UnitState] = {}
        self.leaders: dict[str, LeaderState] = {}
        self.extra_zones: list[ZoneDef] = []
        self.extra_edges: list[tuple[str, str, int]] = []
        self.extra_peoples: dict[str, PeopleDef] = {}
        self.fleet = False
        self.rules = default_rules()
        self.kw: dict[str, Any] = {}

    def leader(
        self, lid: str, at: str | None, owner: str = "R", *, title: str | None = None, cc: int = 3, vs: int = 2,
        bt: int = 0, cp: int = 3, people: str = "roman", rebel: bool = False, follows: str | None = None,
    ) -> Pos:
        self.leader_defs[lid] = LeaderDef(lid, lid.replace("_", " ").title(), people, cc, vs, bt, cp)
        self.leaders[lid] = LeaderState(loc=at, owner=owner, title=title, rebel=rebel or title == "usurper", follows=follows)
        return self

    def unit(
        self, uid: str, at: str | None, owner: str = "R", *, front: str | None = "danube", kind: str = "legion",
        pf: int = 10, qu: int = 2, bt: int = 0, reduced: bool = False, people: str = "roman",
        home: str | None = None, status: str = "map", usurper: str | None = None, praetorian: bool = False,
    ) -> Pos:
        if people != "roman":
            kind, front = "people", None
        self.unit_defs[uid] = UnitDef(
            uid, uid.replace("_", " ").title(), people, kind, front, home or at, pf, qu, bt, pf // 2, max(qu - 1, 0), bt,
            praetorian=praetorian,
        )
        self.units[uid] = UnitState(loc=at if status == "map" else None, status=status, reduced=reduced, owner=owner, usurper=usurper)
        return self

    def people(self, pid: str, home: str, *, major: bool = False, next_to: str = "quadi") -> Pos:
        """Add a People (a Minor one by default) with one home zone of its own, next to ``next_to``."""
        self.extra_peoples[pid] = PeopleDef(pid, pid.title(), "german", major, "west", "danube")
        self.extra_zones.append(ZoneDef(home, home.title(), peoples=(pid,)))
        self.extra_edges.append((home, next_to, 0))
        return self

    def legions(self, n: int, at: str, front: str = "danube", owner: str = "R", prefix: str = "leg", **kw: Any) -> list[str]:
        ids = [f"{prefix}{i}" for i in range(n)]
        for i in ids:
            self.unit(i, at, owner, front=front, **kw)
        return ids

    def board(self) -> Board:
        zones = {z.id: z for z in ZONES + self.extra_zones}
        adj: dict[str, dict[str, int]] = {z: {} for z in zones}
        for a, b, c in EDGES + self.extra_edges:
            adj[a][b] = c
            adj[b][a] = c
        fleets = {"ravenna": FleetDef("ravenna", "Ravenna", "ravenna", ("mare",))} if self.fleet else {}
        return Board(zones, adj, dict(self.leader_defs), dict(self.unit_defs), {**PEOPLES, **self.extra_peoples}, fleets)

    def state(self, phase: str = "E", active: str = "R", sub: str = "move", **kw: Any) -> ImperatorState:
        st = ImperatorState(
            board=self.board(),
            dice=ScriptedDice(),
            scenario="test",
            year=self.year,
            end_year=kw.pop("end_year", self.year + 4),
            rules=self.rules,
            options={},
            units=copy.deepcopy(self.units),
            leaders=copy.deepcopy(self.leaders),
        )
        if self.fleet:
            st.fleets = {"ravenna": FleetState()}
        st.phase = phase
        st.active = active
        st.sub = sub if phase == "E" else ""
        st.step = {"E": f"E-{sub}", "C": "C0", "D": "D-designate"}.get(phase, phase)
        st.initiative = active
        if phase == "E":
            st.smc_order = [active, "E" if active == "R" else "R"]
            st.smc_left = {"R": 1, "E": 1}
        st.civil_war = any(s.title == "usurper" for s in self.leaders.values())
        for k, v in {**self.kw, **kw}.items():
            setattr(st, k, v)
        return st

    def game(self, *script: int, **kw: Any) -> ImperatorGame:
        st = self.state(**kw)
        assert isinstance(st.dice, ScriptedDice)
        st.dice.script.extend(script)
        return ImperatorGame(st)


def civil_war_in_vindobona() -> Pos:
    """A Roman general of CP 4 and a usurper of CP 3 in Vindobona, each with one Roman legion of
    equal quality and BT (three more legions hold Aquincum): the §8.2 d) CP modifier alone."""
    p = Pos()
    p.leader("gen", "vindobona", cp=4)
    p.unit("r", "vindobona")
    p.leader("usurper", "vindobona", "E", title="usurper", cp=3)
    p.unit("u", "vindobona", "E", usurper="usurper")
    p.legions(3, "aquincum", prefix="k")
    return p


def script(game: ImperatorGame, *values: int) -> None:
    dice = game.state.dice
    assert isinstance(dice, ScriptedDice)
    dice.script.extend(values)


def where(game: ImperatorGame, cid: str) -> str | None:
    st = game.state
    if cid in st.units:
        return st.units[cid].loc
    return st.leaders[cid].loc
