"""Typed, immutable records of the Imperium Romanum data (issue 16; digest §2.26 and §3).

Every record comes from ``data/*.toml`` through :mod:`rules.imperium_romanum.loader`, which
checks it; nothing else builds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules.imperium_romanum.chart_book import ChartBook
from rules.imperium_romanum.charts import Charts

POWER_KINDS = ("roman", "civilized", "barbarian")
COLOURS = ("black", "blue", "brown", "green", "orange", "purple", "red", "tan", "white", "yellow")
"""The ten faction colours (§5.7)."""
VICTORY_KINDS = ("conquer_province", "eliminate_leader", "hold_province_at_end")
PROVENANCES = ("rules", "inferred", "history", "design")
"""Where a value comes from: printed, deduced from the text, taken from history, or ours."""
TERRAINS = ("clear", "forest", "rough", "mountain", "marsh", "desert")
HEX_KINDS = ("land", "coastal", "deep", "lake")
"""A land hex, a coastal sea hex (next to land), a deep sea hex, or a lake hex."""
FORT_LEVEL_NAMES = ("D", "C", "B", "A")
"""Fort levels, lowest to highest (21.1)."""
HEX_SOURCES = ("design", "design-fix")
"""Terrain derived from the relief pictures, or corrected by hand."""


@dataclass(frozen=True)
class CityValue:
    """One cell of the Variable City Chart (§16.0, §41.1): tax value and intrinsic defence."""

    tax: int
    defence: int


@dataclass(frozen=True)
class City:
    """A city of the Variable City Chart, on the hex of its real place."""

    id: str
    name: str
    hex: str
    chart_hex: str
    province: str
    capital: bool
    lat: float
    lon: float
    values: tuple[CityValue | None, ...]
    """One entry per chart column; ``None`` where the city does not exist."""

    def value(self, column: int) -> CityValue | None:
        """The chart cell of column ``column`` (an index into ``IRData.columns``)."""
        return self.values[column]


@dataclass(frozen=True)
class Province:
    """A province (Roman or foreign land) and the spellings the chart prints for it."""

    id: str
    name: str
    printed: tuple[str, ...]
    provenance: str


@dataclass(frozen=True)
class Hex:
    """One hex of the map: kind, and for land its terrain and province ("" when none)."""

    id: str
    col: int
    row: int
    kind: str
    terrain: str
    province: str
    lat: float
    lon: float
    src: str


@dataclass(frozen=True)
class Strait:
    """A strait (§12): two land hexes across a narrow sea that units may cross."""

    id: str
    name: str
    a: str
    b: str


@dataclass(frozen=True)
class River:
    """A river along hexsides (§12.1); ``main`` marks the five boat rivers of 13.4.4."""

    name: str
    main: bool
    sides: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class UnitType:
    """A counter type (§2.x): front (veteran) and back (unseasoned) strength, MA, LE in halves."""

    id: str
    name: str
    strength: int
    back: int
    ma: int
    le_halves: int
    cer: bool
    missile: bool


@dataclass(frozen=True)
class Leader:
    """A named leader (§18.0): leadership value 0 to +3."""

    id: str
    name: str
    value: int


@dataclass(frozen=True)
class Power:
    """A power of a scenario (§5.1): its provinces, treasury, morale and CER."""

    id: str
    name: str
    kind: str
    major: bool
    colour: str
    cer: str
    treasury: int
    morale: int
    provinces: tuple[str, ...]
    status: str = ""
    """For a minor power: "active client", "inactive client", "inactive neutral" (5.2)."""
    patron: str = ""
    chief: str = ""
    """The Emperor or Rex (18.3), a leader id, or ""."""
    capital: str = ""
    """The power's imperial capital (22.1, 28.1), a city id, or "" when it holds none."""
    capital_morale: int = 0
    """Morale lost by the owner and gained by the captor of that capital (19.2)."""
    replacement: float | None = None
    """Legion-sized units of replacement points accrued each Taxation & Mobilization Phase
    (8.1, 26.1), a multiple of 0.5; ``None`` when the scenario gives none."""
    naval_bonus: int = 0
    """Added to the power's naval rolls where the rules name the naval bonus (27.1.2, 38)."""
    successors: tuple[str, ...] = ()
    """The leaders who in turn become Emperor or Rex when he is eliminated (18.3, 28.1)."""
    start_ports: bool = False
    """27.1: the power also holds every non-city port of the provinces its pieces start in."""


@dataclass(frozen=True)
class Deployment:
    """Units and leaders of one power set up on one hex."""

    power: str
    hex: str
    units: tuple[tuple[str, int], ...]
    leaders: tuple[str, ...]
    fort: str = ""
    """A fort set up on the hex with the pieces: its level "D", "C", "B" or "A" (21.1), or ""."""
    box: str = ""
    """The letter of the island box of the hex the pieces stand in (3.1.1), or "" for the hex."""
    legions: tuple[str, ...] = ()
    """The counters (ids, 5.7) the scenario names for these units, by type in the order of
    ``legions`` in the file: the first units of each type wear them (IR-SCN-6)."""


@dataclass(frozen=True)
class Victory:
    """One victory condition (§25.0) of a scenario: kind and its target."""

    power: str
    kind: str
    target: str


@dataclass(frozen=True)
class Scenario:
    """A scenario's set-up: dates, powers, turn order, special rules, deployments, victory."""

    id: str
    number: int
    name: str
    period: str
    city_column: str
    start: tuple[int, int]
    end: tuple[int, int]
    special_rules: tuple[str, ...]
    turn_order: tuple[str, ...]
    powers: tuple[Power, ...]
    deployments: tuple[Deployment, ...]
    victory: tuple[Victory, ...]
    limitanei: tuple[str, ...] = ()
    """The provinces the scenario gives limitanei (30.0)."""
    limitanei_cost: int = 0
    """Extra MP a non-Roman unit pays to enter a hex with limitanei (30.0)."""


@dataclass(frozen=True)
class IRData:
    """The whole validated data set of Imperium Romanum."""

    columns: tuple[str, ...]
    non_city_port: tuple[CityValue, ...]
    provinces: MappingProxyType[str, Province]
    cities: MappingProxyType[str, City]
    hexes: MappingProxyType[str, Hex]
    straits: tuple[Strait, ...]
    rivers: tuple[River, ...]
    charts: Charts
    units: MappingProxyType[str, UnitType]
    leaders: MappingProxyType[str, Leader]
    scenarios: MappingProxyType[str, Scenario]
    data_hash: str
    features: MapFeatures = field(default_factory=lambda: MapFeatures())
    """Hexside features, islands and island boxes (``map_features.toml``)."""
    display: Mapping[str, DisplayEntry] = field(default_factory=dict)
    """The Province Display by province id (``province_display.toml``)."""
    tables: ChartBook | None = None
    """The charts of ``charts_<topic>.toml``; ``load_data`` always sets it."""
    ports: tuple[NonCityPort, ...] = ()
    """The non-city ports (``ports.toml``, 2.3); their values are ``non_city_port``."""

    def column_index(self, label: str) -> int:
        """The index of a chart column label (``"P1"``, ``"11-16"``, ...)."""
        return self.columns.index(label)


@dataclass(frozen=True)
class NonCityPort:
    """A port outside every city (2.3): it always exists, may build one fleet a phase (7.8) and
    cannot be besieged (16.3); its tax and defence by column are ``IRData.non_city_port``."""

    id: str
    name: str
    hex: str
    province: str


@dataclass(frozen=True)
class Pass:
    """A mountain pass (§12.1, history): a crest hexside a road crosses, so no mountain hexside."""

    name: str
    a: str
    b: str


@dataclass(frozen=True)
class Island:
    """A piece of land the grid detaches from the mainland (§3.1): an island or a coast the map's
    edge cuts off; ``hex`` is one hex of it."""

    id: str
    name: str
    kind: str
    hex: str


@dataclass(frozen=True)
class IslandBox:
    """An island box (§3.1.1): an islet or promontory too small for a hex, held in a box named by
    the hex of the main map and a letter; it counts as a full hex for supply and stacking."""

    hex: str
    letter: str
    name: str
    province: str
    terrain: str
    city: str
    """The city standing on the islet, or ""."""

    @property
    def id(self) -> str:
        """The box's name on the map: hex and letter (``B4823H``)."""
        return f"{self.hex}{self.letter}"


@dataclass(frozen=True)
class MapFeatures:
    """Hexside features (§12.1, 12.2, 14.2.1), detached islands and island boxes (§3.1.1).

    Each hexside is a pair of adjacent land hex ids, in the order the file gives."""

    all_sea: frozenset[frozenset[str]] = frozenset()
    """Two land hexes across water: no land unit crosses except by a strait (12.2)."""
    lake: frozenset[frozenset[str]] = frozenset()
    mountain: frozenset[frozenset[str]] = frozenset()
    passes: tuple[Pass, ...] = ()
    islands: tuple[Island, ...] = ()
    island_boxes: tuple[IslandBox, ...] = ()
    sea_areas: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """The sea hexes of each sea area of 13.1; the shallow line is in both Mediterranean areas."""


@dataclass(frozen=True)
class DisplayEntry:
    """One province of the Province Display (map C; 2.1, 11.0): its capital, the chart columns
    (scenario brackets) in which it has roads (11.1) and is cultivated (11.2), and its symbols."""

    province: str
    capital: str
    """The city that is the province's capital (5.6), or "" for a province without cities."""
    roads: frozenset[str]
    cultivated: frozenset[str]
    sun: bool
    """Always summer (9.1)."""
    ax: bool
    """Deforested: besieged defenders count triple (16.2)."""
    wheat: int
    """Wheat symbols (22.2)."""
