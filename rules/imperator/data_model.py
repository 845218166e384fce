"""Typed, immutable objects for the Imperator game data (map, counters, scenarios).

Built by :func:`rules.imperator.loader.load_data`.  Every object carries the provenance of
its values: ``rules`` (printed in the rules), ``history`` (a historical fact) or ``design``
(Praetor's estimate); ``provenance`` is the default for the entry and
``provenance_fields`` lists the fields that differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from rules.imperator.map_geometry import Shape

Provenance = Literal["rules", "history", "design"]
PROVENANCES: tuple[str, ...] = ("rules", "history", "design")
FRONTS: tuple[str, ...] = ("british", "rhine", "danube", "orient", "southern")
ZONE_KINDS: tuple[str, ...] = ("front", "interior", "outside")
#: Regions outside the Empire where a move may not spend more than 2 PM in one SMC (§7.2).
LIMITED_REGIONS: tuple[str, ...] = ("germania", "britannia", "africa")
NATIONALITIES: tuple[str, ...] = (
    "roman",
    "persian",
    "german",
    "sarmatian",
    "celt",
    "thraco_phrygian",
    "hamito_semite",
)
SIDES: tuple[str, ...] = ("roman", "enemy")

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Sourced:
    """Mixin: provenance of an entry and of the fields that differ from it."""

    provenance: str = "design"
    provenance_fields: Mapping[str, str] = field(default_factory=lambda: _EMPTY, compare=False)

    def provenance_of(self, name: str) -> str:
        return self.provenance_fields.get(name, self.provenance)


@dataclass(frozen=True)
class Camp:
    name: str
    #: first year the camp exists (reinforcement camps); 0 = from the start of play
    year: int = 0


@dataclass(frozen=True)
class Zone(Sourced):
    id: str = ""
    name: str = ""
    aliases: tuple[str, ...] = ()
    kind: str = "interior"  # front | interior | outside
    front: str | None = None
    joins_front: str | None = None  # outside zones that join a Front ...
    joins_year: int | None = None  # ... from this year on
    region: str | None = None  # germania | britannia | africa (2-PM limit), or None
    place: tuple[float, float] = (0.0, 0.0)  # longitude, latitude
    camps: tuple[Camp, ...] = ()
    cities: tuple[str, ...] = ()
    ports: tuple[str, ...] = ()  # port box ids
    peoples: tuple[str, ...] = ()  # Peoples whose starting zone this is
    shape: Shape = ()

    def in_empire(self, year: int) -> bool:
        if self.kind != "outside":
            return True
        return self.joins_year is not None and year >= self.joins_year

    def front_in(self, year: int) -> str | None:
        if self.kind == "front":
            return self.front
        if self.joins_front and self.joins_year is not None and year >= self.joins_year:
            return self.joins_front
        return None

    def camps_in(self, year: int) -> tuple[Camp, ...]:
        return tuple(c for c in self.camps if c.year <= year)

    @property
    def two_pm_limit(self) -> bool:
        return self.region in LIMITED_REGIONS


@dataclass(frozen=True)
class SeaZone(Sourced):
    id: str = ""
    name: str = ""
    open: bool = True  # fleets may sail here
    place: tuple[float, float] = (0.0, 0.0)
    shape: Shape = ()
    holes: Shape = ()


@dataclass(frozen=True)
class Port(Sourced):
    id: str = ""
    name: str = ""
    zone: str = ""
    sea: str = ""
    fleet: str = ""


@dataclass(frozen=True)
class Edge(Sourced):
    """A link between two land zones (a and b sorted)."""

    a: str = ""
    b: str = ""
    river: str | None = None  # major river forming the border (+1 PM)
    strait: str | None = None  # strait crossed (+1 PM; shapes need not touch)
    corner: bool = False  # the shapes meet at a single point

    @property
    def cost(self) -> int:
        return 1 + (1 if self.river else 0) + (1 if self.strait else 0)

    def other(self, zone: str) -> str:
        return self.b if zone == self.a else self.a


@dataclass(frozen=True)
class River(Sourced):
    id: str = ""
    name: str = ""
    major: bool = False
    course: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class People(Sourced):
    id: str = ""
    name: str = ""
    nationality: str = ""
    major: bool = False
    stacking: str = "W"  # W (western) or E (eastern/southern), §4.2
    zones: tuple[str, ...] = ()  # starting zones
    entry_fronts: tuple[str, ...] = ()
    goes_to_war: bool = True  # False for Armenia
    note: str = ""


@dataclass(frozen=True)
class Leader(Sourced):
    id: str = ""
    name: str = ""
    aliases: tuple[str, ...] = ()
    side: str = "roman"  # roman | enemy (usual side; usurpers change sides in play)
    nationality: str = "roman"
    people: str | None = None
    generic: bool = False
    cc: int = 0
    vs: int = 0
    bt: int = 0
    cp: int | None = None  # Romans only
    enters: int | None = None  # year placed; None = special entry (see entry_rule)
    entry_rule: str = ""  # "", "commodus_succession", "after:<leader id>"
    auto_death: int | None = None  # last year (dies automatically in this year)

    def available_in(self, year: int) -> bool:
        if self.enters is not None and year < self.enters:
            return False
        return not (self.auto_death is not None and year >= self.auto_death)


@dataclass(frozen=True)
class Ratings:
    pf: int
    qu: int
    bt: int


@dataclass(frozen=True)
class Unit(Sourced):
    id: str = ""
    name: str = ""
    side: str = "roman"
    kind: str = "legion"  # legion | garrison | vexillation | people | armenia
    nationality: str = "roman"
    front: str | None = None  # Roman units: their Front (None for garrison/interior)
    camp: str | None = None  # home camp or city
    zone: str | None = None  # zone of the home camp (derived)
    people: str | None = None
    arrives: int = 0  # 0 = in play from the start; else reinforcement year
    full: Ratings = field(default_factory=lambda: Ratings(0, 0, 0))
    reduced: Ratings = field(default_factory=lambda: Ratings(0, 0, 0))

    def available_in(self, year: int) -> bool:
        return self.arrives <= year


@dataclass(frozen=True)
class StratagemCounters(Sourced):
    id: str = ""
    name: str = ""
    side: str = "both"  # roman | enemy | both
    phase: str = ""
    count: int = 1
    once_per_scenario: bool = False


@dataclass(frozen=True)
class Fleet(Sourced):
    id: str = ""
    name: str = ""
    port: str = ""
    capacity: int = 2
    return_delay: int = 6


@dataclass(frozen=True)
class Marker(Sourced):
    id: str = ""
    name: str = ""
    count: int = 1
    note: str = ""


@dataclass(frozen=True)
class Placement:
    counter: str  # leader or unit id
    zone: str
    side: str = "roman"  # who controls it at the start
    title: str | None = None  # augustus | caesar | usurper (leaders)


#: The special rules a scenario may state, and the parameters each takes (DESIGN: a scenario's
#: rules are data). Every kind is applied by ``rules.imperator.scenario_rules``.
SCENARIO_RULE_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "sudden_death": ("leaders", "winner"),  # the game ends when every one of them is dead
    "hold_zones": ("zones", "side", "min_units", "with_leader"),  # instant win at the end of a turn
    "no_war_before": ("peoples", "year"),  # out of the war cup, no rising stratagem before year
    "war_at": ("peoples", "year"),  # they go to war in phase C of year
    "usurpation_at": ("leader", "year", "fronts"),  # proclaimed in phase A of year
    "held_for_usurper": ("usurper", "units"),  # leaderless units kept by a usurper in their camp
    "generals_of": ("usurper", "leaders"),  # rebel generals who serve this usurper (not the first listed)
    "vp_on_death": ("leader", "before", "side", "vp"),  # VP if he dies before the year
    "absent": ("leaders",),  # dead before the start: never placed
    "engine_rule": ("section",),  # a rule of the book the engine applies in every game
})


@dataclass(frozen=True)
class ScenarioRule:
    """One special rule of a scenario, as data (see SCENARIO_RULE_KINDS)."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    text: str = ""
    provenance: str = "design"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in self.params.items()}}


@dataclass(frozen=True)
class Scenario(Sourced):
    id: str = ""
    number: int = 0
    title: str = ""
    start: int = 0
    end: int = 0
    reconstructed: bool = True
    summary: str = ""
    augusti: tuple[str, ...] = ()
    caesars: tuple[str, ...] = ()
    usurpers: tuple[str, ...] = ()
    initiative: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    armenia: str = "roman"  # roman | parthian | absent
    peoples_at_war: tuple[str, ...] = ()
    use_events: bool = True
    use_stratagems: bool = True
    use_leader_table: bool = True
    use_enemy_peoples: bool = True
    vp: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    leaders: tuple[Placement, ...] = ()
    units: tuple[Placement, ...] = ()
    special_rules: tuple[str, ...] = ()
    victory: tuple[str, ...] = ()
    rules: tuple[ScenarioRule, ...] = ()


@dataclass(frozen=True)
class ImperatorData:
    zones: Mapping[str, Zone]
    seas: Mapping[str, SeaZone]
    ports: Mapping[str, Port]
    edges: tuple[Edge, ...]
    coasts: Mapping[str, tuple[str, ...]]  # sea id -> land zone ids
    sea_links: tuple[tuple[str, str], ...]
    rivers: Mapping[str, River]
    peoples: Mapping[str, People]
    leaders: Mapping[str, Leader]
    units: Mapping[str, Unit]
    stratagems: Mapping[str, StratagemCounters]
    fleets: Mapping[str, Fleet]
    markers: Mapping[str, Marker]
    scenarios: Mapping[str, Scenario]
    digest: str = ""

    def neighbours(self, zone: str) -> tuple[Edge, ...]:
        return tuple(e for e in self.edges if zone in (e.a, e.b))

    def edge(self, a: str, b: str) -> Edge | None:
        key = (a, b) if a < b else (b, a)
        for e in self.edges:
            if (e.a, e.b) == key:
                return e
        return None

    def move_cost(self, a: str, b: str) -> int | None:
        e = self.edge(a, b)
        return None if e is None else e.cost

    def seas_of(self, zone: str) -> tuple[str, ...]:
        return tuple(s for s, zs in self.coasts.items() if zone in zs)

    def zone_of_camp(self, camp: str) -> Zone | None:
        for z in self.zones.values():
            if any(c.name == camp for c in z.camps) or camp in z.cities:
                return z
        return None
