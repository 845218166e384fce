"""The Imperator engine's own model: the board definitions it reads and the mutable game state.

The engine never reads the TOML files itself. ``adapter.py`` turns the data helper's typed
``ImperatorData`` into a :class:`Board`; the tests build small boards by hand
(``tests/imperator/imperator_builder.py``). A :class:`Board` is immutable during play, so
``copy.deepcopy`` of a state shares it (``__deepcopy__`` returns ``self``).

Vocabulary:

- *role* is ``"R"`` (the Roman player, the legitimate emperor's side) or ``"E"`` (the side that
  plays the foes of Rome: Peoples and usurpers). Seats ("rome", "enemies") are people; roles can swap (§5).
- a counter's *loc* is a zone id while on the map, else ``None``; its *status* says why.
"""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any

from rules.core.dice import Dice
from rules.core.i18n import _

ROLES = ("R", "E")
FRONTS = ("british", "rhine", "danube", "orient", "southern")
FRONT_NAMES = {
    "british": _("British Front"),
    "rhine": _("Rhine Front"),
    "danube": _("Danube Front"),
    "orient": _("Orient Front"),
    "southern": _("Southern Front"),
}
"""§3.3: the five Fronts by their names; a Front's id never reaches a player (AMB-111)."""
INTERIOR = "interior"
ROMAN = "roman"


def other(role: str) -> str:
    return "E" if role == "R" else "R"


MUTINEERS = "M"  # owner of units under a Mutinerie marker (§6.3, AMB-43): hostile to both sides


def hostile(a: str, b: str) -> bool:
    """Are forces of owners ``a`` and ``b`` enemies? Rome and the Enemies of Rome are, and
    mutineers (owner ``MUTINEERS``) are enemies of both (AMB-43). The one answer every rule
    about stops, stacking, battles, retreats, evasion and escapes asks."""
    return a != b


# --------------------------------------------------------------------------------------------
# Board definitions (immutable during play)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ZoneDef:
    id: str
    name: str
    kind: str = "land"  # "land" | "sea"
    front: str | None = None  # one of FRONTS, "interior", or None (outside the Empire)
    camp: bool = False
    camp_from: int = 0  # first year the camp exists (§9.1)
    city: bool = False
    port: bool = False
    peoples: tuple[str, ...] = ()  # Peoples whose starting zone this is (§4.1)
    limited: bool = False  # inside the §7.2 two-PM region (outside the Empire)
    empire_from: int = 0  # Rhesaenna/Singara: outside until this year, then in ``front``
    closed_sea: bool = False  # sea zones fleets may not enter (§3.5)
    ctesiphon: bool = False


@dataclass(frozen=True)
class LeaderDef:
    id: str
    name: str
    people: str = ROMAN
    cc: int = 2
    vs: int = 2
    bt: int = 0
    cp: int = 0
    generic: bool = False


@dataclass(frozen=True)
class UnitDef:
    id: str
    name: str
    people: str = ROMAN
    kind: str = "legion"  # "legion" | "vexillation" | "garrison" | "people"
    front: str | None = None  # the stripe: a Front id, or "interior" for the Rome garrison
    home: str | None = None  # home camp/city zone (Romans)
    pf: int = 10
    qu: int = 2
    bt: int = 0
    pf_r: int = 5
    qu_r: int = 1
    bt_r: int = 0
    enters: int = 0  # reinforcement year (0 = in play from the start)
    praetorian: bool = False


@dataclass(frozen=True)
class PeopleDef:
    id: str
    name: str
    nationality: str
    major: bool
    category: str  # "west" | "east" (§4.2 stacking), Romans are "roman"
    front: str | None = None  # the Front its band lets it enter (§4.3)
    fronts: tuple[str, ...] = ()  # every such Front when it has several (empty: ``front`` alone)

    def entry_fronts(self) -> tuple[str, ...]:
        return self.fronts or ((self.front,) if self.front else ())


@dataclass(frozen=True)
class FleetDef:
    id: str
    name: str
    home: str  # land zone holding the port box
    seas: tuple[str, ...]  # sea zones one step from the box


@dataclass(frozen=True)
class Board:
    zones: dict[str, ZoneDef]
    adj: dict[str, dict[str, int]]  # zone -> neighbour -> extra PM (river/strait = 1)
    leaders: dict[str, LeaderDef]
    units: dict[str, UnitDef]
    peoples: dict[str, PeopleDef] = field(default_factory=dict)
    fleets: dict[str, FleetDef] = field(default_factory=dict)
    front_adjacency: tuple[tuple[str, str], ...] = (
        ("british", "rhine"),
        ("rhine", "danube"),
        ("orient", "southern"),
    )
    rome: str = "rome"
    source: str = "inline"  # "inline" (serialised with the state) or "data:<scenario>"

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __hash__(self) -> int:
        return id(self)

    # -- helpers ------------------------------------------------------------------------
    def neighbours(self, zone: str) -> dict[str, int]:
        return self.adj.get(zone, {})

    def land_neighbours(self, zone: str) -> list[str]:
        return [z for z in self.adj.get(zone, {}) if self.zones[z].kind == "land"]

    @cached_property
    def people_zones(self) -> dict[str, list[str]]:
        """People id -> its starting zones, sorted (§4.1), computed once per board: every
        public view lists them (issue 14). The zones of a board never change."""
        found: dict[str, list[str]] = {}
        for zone_id, zone in self.zones.items():
            for people in zone.peoples:
                if zone_id not in found.setdefault(people, []):
                    found[people].append(zone_id)
        return {people: sorted(zones) for people, zones in found.items()}

    @cached_property
    def distance_memo(self) -> dict[str, dict[str, int]]:
        """People id -> zone -> steps from its nearest starting zone (``people_distances``)."""
        return {}

    def people_distances(self, people: str) -> dict[str, int]:
        """Fewest zone-to-zone land steps from the nearest starting zone of ``people`` to each
        zone it can reach (AMB-20), by one breadth-first walk per People and board: every
        step a non-Roman group considers asks it (§4.3's five zones; issue 14)."""
        found = self.distance_memo.get(people)
        if found is None:
            starts = [z for z, d in self.zones.items() if people in d.peoples]
            found = {z: 0 for z in starts}
            queue = deque(starts)
            while queue:
                z = queue.popleft()
                for n in self.land_neighbours(z):
                    if n not in found:
                        found[n] = found[z] + 1
                        queue.append(n)
            self.distance_memo[people] = found
        return found

    @cached_property
    def counter_faces(self) -> dict[tuple[str, bool], tuple[Any, ...]]:
        """A memo of the views (``views._unit_counter``): (unit, reduced) -> the unit's data,
        its People's data and the counter built from them."""
        return {}

    def fronts_adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self.front_adjacency or (b, a) in self.front_adjacency

    def to_json(self) -> dict[str, Any]:
        return {
            "zones": [asdict(z) for z in self.zones.values()],
            "adj": {k: dict(v) for k, v in self.adj.items()},
            "leaders": [asdict(x) for x in self.leaders.values()],
            "units": [asdict(x) for x in self.units.values()],
            "peoples": [asdict(x) for x in self.peoples.values()],
            "fleets": [asdict(x) for x in self.fleets.values()],
            "front_adjacency": [list(p) for p in self.front_adjacency],
            "rome": self.rome,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        def zone(d: dict[str, Any]) -> ZoneDef:
            d = dict(d)
            d["peoples"] = tuple(d.get("peoples", ()))
            return ZoneDef(**d)

        def fleet(d: dict[str, Any]) -> FleetDef:
            d = dict(d)
            d["seas"] = tuple(d.get("seas", ()))
            return FleetDef(**d)

        return cls(
            zones={z["id"]: zone(z) for z in data["zones"]},
            adj={k: {n: int(c) for n, c in v.items()} for k, v in data["adj"].items()},
            leaders={x["id"]: LeaderDef(**x) for x in data["leaders"]},
            units={x["id"]: UnitDef(**x) for x in data["units"]},
            peoples={x["id"]: PeopleDef(**{**x, "fronts": tuple(x.get("fronts", ()))}) for x in data.get("peoples", [])},
            fleets={x["id"]: fleet(x) for x in data.get("fleets", [])},
            front_adjacency=tuple((p[0], p[1]) for p in data.get("front_adjacency", [])),
            rome=data.get("rome", "rome"),
            source=data.get("source", "inline"),
        )


# --------------------------------------------------------------------------------------------
# Mutable state
# --------------------------------------------------------------------------------------------


@dataclass
class UnitState:
    loc: str | None = None
    status: str = "map"  # "map" | "eliminated" | "out" (not yet in play) | "pool" (vexillation
    # counter available) | "removed" (gone for the turn: plague) | "locked" (pacified People)
    # | "gone" (out of the game for good: Osrhoene and Adiabene after 195, §4.2)
    reduced: bool = False
    owner: str = "R"
    fleet: str | None = None  # aboard this fleet
    usurper: str | None = None  # the usurper whose cause it serves (owner E, Roman units)
    back_year: int = 0  # locked-out minor People units come back in phase C of this year
    mutiny: str | None = None  # the Mutinerie chit this unit stands under (§6.3); owner is
    # MUTINEERS while it lasts, ``mutineer_of`` the side it really belongs to
    mutineer_of: str | None = None


@dataclass
class LeaderState:
    loc: str | None = None
    status: str = "map"  # "map" | "dead" | "out" | "returning"
    owner: str = "R"
    title: str | None = None  # "augustus" | "caesar" | "usurper"
    rebel: bool = False  # flipped to the usurper side (§1.1)
    follows: str | None = None  # for a rebel general: his usurper
    pax: bool = False  # non-Roman leader on his Pax Romana side
    fleet: str | None = None
    ill: bool = False


@dataclass
class FleetState:
    at: str = "port"  # "port" (its home box) or a sea zone id
    status: str = "map"  # "map" | "lost"
    back_year: int = 0
    moved: bool = False


@dataclass
class ImperatorState:
    board: Board
    dice: Dice
    scenario: str
    year: int
    end_year: int
    rules: dict[str, Any]  # scenario switches: stratagems, events, death_table, peoples...
    options: dict[str, str]
    units: dict[str, UnitState]
    leaders: dict[str, LeaderState]
    fleets: dict[str, FleetState] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=lambda: {"rome": "R", "enemies": "E"})
    vp: dict[str, int] = field(default_factory=lambda: {"rome": 0, "enemies": 0})
    phase: str = "A"
    step: str = ""
    initiative: str = "R"
    pax_turn: bool = False
    reserve_max: int = 0
    reserve_fronts: list[str] = field(default_factory=list)
    reserve_history: list[str] = field(default_factory=list)
    smc_total: int = 0
    smc_left: dict[str, int] = field(default_factory=lambda: {"R": 0, "E": 0})
    smc_order: list[str] = field(default_factory=list)
    smc_index: int = 0
    active: str = "R"  # role acting in the current step
    sub: str = ""  # "move" | "combat" inside an SMC
    moved: dict[str, dict[str, Any]] = field(default_factory=dict)
    entered_from: dict[str, list[str]] = field(default_factory=dict)
    fought: list[str] = field(default_factory=list)
    # Spectator feedback for the map, reset at the start of each SMC: the moves of the SMC
    # ({"from", "to", "side", "path"}) and the zones where a battle was fought (``fought``).
    last_moves: list[dict[str, Any]] = field(default_factory=list)
    pending: list[dict[str, Any]] = field(default_factory=list)
    battle: dict[str, Any] | None = None
    civil_war: bool = False
    defected_fronts: list[str] = field(default_factory=list)
    c_fronts_used: list[str] = field(default_factory=list)
    usurper_bonus: dict[str, int] = field(default_factory=dict)
    defeated_augusti: list[str] = field(default_factory=list)
    usurpation_success: str | None = None
    at_war: list[str] = field(default_factory=list)
    locked: dict[str, int] = field(default_factory=dict)  # People -> year it may war again
    armenia: str = "roman"
    custodes: str | None = None
    custodes_order: str | None = None  # §3.6: where Rome asked the marker to go in the next phase F
    event: int = 0
    agitation: str | None = None  # Event 6: the Augustus of Rome the Roman player sends to Rome
    next_id: int = 0
    game_over: bool = False
    result: dict[str, Any] | None = None
    history: list[str] = field(default_factory=list)
    rolled_c: dict[str, bool] = field(default_factory=dict)
    # -- stratagems (§6) ----------------------------------------------------------------
    cup: list[str] = field(default_factory=list)  # chit ids "<type>#<n>"
    hands: dict[str, list[str]] = field(default_factory=dict)  # seat -> chits held (hidden)
    gone_chits: list[str] = field(default_factory=list)  # once-per-scenario chits, played
    chits_on_map: dict[str, str] = field(default_factory=dict)
    map_chit_side: dict[str, str] = field(default_factory=dict)  # chit on the map -> role that placed it  # chit -> zone (coup, intrigue, mutiny, plague)
    plague: dict[str, str] = field(default_factory=dict)  # zone -> "centre" | "adjacent" (this phase E)
    plague_hit: list[str] = field(default_factory=list)  # "<counter>@<zone>" already struck
    persian_battle: bool = False  # the last battle involved a Persian unit (Flèche du Parthe)
    last_battle: dict[str, Any] = field(default_factory=dict)  # views.battle_record (public)
    free_murder_year: int = 0  # year Didius Julianus last used his free attempt on Pertinax (§4.5)

    # -- queries ------------------------------------------------------------------------
    def seat_of(self, role: str) -> str:
        if role == MUTINEERS:
            return "the mutineers"
        for seat, r in self.roles.items():
            if r == role:
                return seat
        raise KeyError(role)

    def role_of(self, seat: str) -> str:
        return self.roles[seat]

    def udef(self, uid: str) -> UnitDef:
        return self.board.units[uid]

    def ldef(self, lid: str) -> LeaderDef:
        return self.board.leaders[lid]

    def units_in(self, zone: str, owner: str | None = None) -> list[str]:
        return [
            u
            for u, s in self.units.items()
            if s.status == "map" and s.loc == zone and s.fleet is None and (owner is None or s.owner == owner)
        ]

    def hostile_units(self, zone: str, role: str) -> list[str]:
        """Units in ``zone`` that are enemies of ``role`` (mutineers included, AMB-43)."""
        return [
            u
            for u, s in self.units.items()
            if s.status == "map" and s.loc == zone and s.fleet is None and hostile(role, s.owner)
        ]

    def defender_in(self, zone: str, attacker: str) -> str:
        """The side ``attacker`` fights in ``zone``: the other player's force, else mutineers."""
        foe = other(attacker)
        if not self.units_in(zone, foe) and self.units_in(zone, MUTINEERS):
            return MUTINEERS
        return foe

    def decider(self, role: str, zone: str | None = None) -> str:
        """Who answers decisions for ``role``: mutineers' are taken by the side that placed the
        marker, i.e. the other side than their owner (AMB-43)."""
        if role != MUTINEERS:
            return role
        owners = [
            s.mutineer_of
            for s in self.units.values()
            if s.owner == MUTINEERS and s.status == "map" and (zone is None or s.loc == zone) and s.mutineer_of
        ]
        return other(owners[0]) if owners else "R"

    def real_side(self, role: str, units: list[str]) -> str:
        """The side a force belongs to for the battle modifiers (mutineers: their owner)."""
        if role != MUTINEERS:
            return role
        owners = [str(self.units[u].mutineer_of) for u in units if self.units[u].mutineer_of]
        return owners[0] if owners else role

    def leaders_in(self, zone: str, owner: str | None = None) -> list[str]:
        return [
            x
            for x, s in self.leaders.items()
            if s.status == "map" and s.loc == zone and s.fleet is None and not s.pax and (owner is None or s.owner == owner)
        ]

    def augusti(self) -> list[str]:
        return [x for x, s in self.leaders.items() if s.status == "map" and s.title == "augustus"]

    def caesars(self) -> list[str]:
        return [x for x, s in self.leaders.items() if s.status == "map" and s.title == "caesar"]

    def usurpers(self) -> list[str]:
        return [x for x, s in self.leaders.items() if s.status == "map" and s.title == "usurper"]

    def in_empire(self, zone: str) -> bool:
        z = self.board.zones[zone]
        if z.kind != "land" or z.front is None:
            return False
        return self.year >= z.empire_from

    def front_of(self, zone: str) -> str | None:
        """The zone's Front (or "interior"), None outside the Empire."""
        if not self.in_empire(zone):
            return None
        return self.board.zones[zone].front

    def has_camp(self, zone: str) -> bool:
        z = self.board.zones[zone]
        return z.camp and self.year >= z.camp_from

    def unit_values(self, uid: str) -> tuple[int, int, int]:
        d = self.udef(uid)
        if self.units[uid].reduced:
            return d.pf_r, d.qu_r, d.bt_r
        return d.pf, d.qu, d.bt

    def people_category(self, people: str) -> str:
        if people == ROMAN:
            return "roman"
        p = self.board.peoples.get(people)
        return p.category if p else "west"

    def vp_of_role(self, role: str) -> int:
        return 0 if role == MUTINEERS else self.vp[self.seat_of(role)]

    def add_vp(self, role: str, n: int) -> None:
        if role == MUTINEERS:
            return  # mutineers score nothing
        self.vp[self.seat_of(role)] += n
