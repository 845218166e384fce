"""Typed, immutable records of the Imperium Romanum data (issue 16; digest §2.26 and §3).

Every record comes from ``data/*.toml`` through :mod:`rules.imperium_romanum.loader`, which
checks it; nothing else builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from rules.imperium_romanum.charts import Charts

PROVENANCES = ("rules", "inferred", "history", "design")
"""Where a value comes from: printed, deduced from the text, taken from history, or ours."""
TERRAINS = ("clear", "forest", "rough", "mountain", "marsh", "desert")
HEX_KINDS = ("land", "coastal", "deep", "lake")
"""A land hex, a coastal sea hex (next to land), a deep sea hex, or a lake hex."""
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
class IRData:
    """The whole validated data set of Imperium Romanum."""

    columns: tuple[str, ...]
    non_city_port: tuple[CityValue, ...]
    provinces: MappingProxyType[str, Province]
    cities: MappingProxyType[str, City]
    hexes: MappingProxyType[str, Hex]
    straits: tuple[Strait, ...]
    charts: Charts
    data_hash: str

    def column_index(self, label: str) -> int:
        """The index of a chart column label (``"P1"``, ``"11-16"``, ...)."""
        return self.columns.index(label)
