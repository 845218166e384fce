"""Typed records of the Imperium Romanum charts kept in ``data/charts_<topic>.toml`` (issue 16).

The rules text cites these charts without printing them (digest §3.2 #3); we author them, each
value tagged with its provenance in the file.  :mod:`rules.imperium_romanum.validate_charts`
reads and checks them; docs/imperium-romanum-data.md explains every design choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FreeAttachment:
    """13.2: one unit of ``free`` in a stack rides free for each unit of ``per``."""

    per: tuple[str, ...]
    free: tuple[str, ...]


@dataclass(frozen=True)
class SupplyRules:
    """The LE Supply Chart and the printed supply modifiers (13.2-13.4)."""

    free: tuple[FreeAttachment, ...]
    le_per_roll: int
    reformed_legion_le_halves: int
    fleet_in_besieged_port_le_halves: int
    modifiers: Mapping[str, int]
    forage_at_zero_thirds: Mapping[int, int]
    """Thirds of a foraging group supplied when the hex's forage value is 0, by requirement."""


@dataclass(frozen=True)
class SiegeRules:
    """The Siege Attrition Table with its modifiers, and the Siege Priority Chart (17.3.1)."""

    attrition: tuple[int, ...]
    """Attrition value by month of rolling: index 0 is the first roll; the last value holds."""
    modifiers: Mapping[str, int]
    port_supplied_exempt: bool
    priority: tuple[str, ...]

    def value(self, month: int) -> int:
        """The unmodified attrition value of the ``month``-th attrition roll (1 for the first)."""
        return self.attrition[min(len(self.attrition), max(1, month)) - 1]


@dataclass(frozen=True)
class LeaderRules:
    """The Unnamed Leader Replacement Table (18.2.2) and the leader of event D (39.2)."""

    replacement: Mapping[int, int]
    """By leader value: a d6 at or under it brings the leader back."""
    receive_leader: tuple[tuple[int, int, int], ...]
    """(lowest d6, highest d6, value) rows."""


@dataclass(frozen=True)
class GrainRules:
    """The Grain Rebellion Table (22.2.2), its effects (22.2.3) and the grain of 33.1."""

    threshold: int
    spans: Mapping[int, tuple[int, int]]
    """By wheat symbols held (the last row serves any more): the d6 span that means rebellion."""
    rebel_unit: str
    rebel_count: int
    rebel_cer: str
    extra_morale_loss: int
    capital_defence: int
    constantinople_wheat: Mapping[str, int]

    def span(self, wheat: int) -> tuple[int, int]:
        """The d6 span of a rebellion for ``wheat`` symbols."""
        return self.spans[min(max(self.spans), max(0, wheat))]


@dataclass(frozen=True)
class InactiveRow:
    """One row of the Inactive Power Table (23.3): CER, replacement rate, units."""

    roll: int
    cer: str
    replacement: float
    units: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class InactiveRules:
    """The Inactive Power Table's two sections, their modifiers, and the incursions of event O."""

    civilized: tuple[InactiveRow, ...]
    barbarian: tuple[InactiveRow, ...]
    civilized_modifiers: Mapping[str, int]
    barbarian_modifiers: Mapping[str, int]
    fleet_for: str
    """The unit a civilized power with a port may field as an 18-30 fleet instead (23.3)."""
    light_cavalry_lands: tuple[str, ...]
    incursion_provinces: tuple[str, ...]
    """Event O's location by d6 (index 0 for a 1)."""
    incursion_unit: str
    incursion_desert_unit: str

    def row(self, section: str, modified_roll: int) -> InactiveRow:
        """The row of ``section`` ("civilized" or "barbarian") for a modified 2d6 roll."""
        rows = self.civilized if section == "civilized" else self.barbarian
        roll = min(rows[-1].roll, max(rows[0].roll, modified_roll))
        return next(r for r in rows if r.roll == roll)


@dataclass(frozen=True)
class CostSet:
    """Unit costs in talents for scenarios ``first`` to ``last`` (7.3, 7.4)."""

    first: int
    last: int
    costs: Mapping[str, int]


@dataclass(frozen=True)
class MobilizationArea:
    """A mobilization area (7.2): its provinces, CER (7.6), annual limits and militia (29.0)."""

    id: str
    name: str
    provinces: tuple[str, ...]
    cer: str
    limits: Mapping[str, int]
    militia: int


@dataclass(frozen=True)
class MobilizationPeriod:
    """One period's Mobilization Chart (7.0, 21.1)."""

    id: str
    first: int
    last: int
    baggage_train_cost: int
    fort_strength: tuple[int, ...]
    """Strength of a fort at level D, C, B, A (21.4)."""
    fort_cost_per_level: int
    fort_max_level: str
    cost_sets: tuple[CostSet, ...]
    areas: tuple[MobilizationArea, ...]
    militia_cost: int = 1
    """Talents per militia strength point rebuilt (29.4)."""

    def costs(self, scenario: int) -> Mapping[str, int]:
        """The unit costs for scenario number ``scenario`` (7.3)."""
        return next(s.costs for s in self.cost_sets if s.first <= scenario <= s.last)

    def area_of(self, province: str) -> MobilizationArea | None:
        """The mobilization area ``province`` belongs to in this period (7.2), if any."""
        return next((a for a in self.areas if province in a.provinces), None)

    def areas_of(self, provinces: tuple[str, ...]) -> tuple[str, ...]:
        """The area lines a player holding ``provinces`` copies on his form (7.3)."""
        return tuple(a.id for a in self.areas if set(a.provinces) & set(provinces))


@dataclass(frozen=True)
class MoraleChart:
    """The Morale Chart (19.1-19.3, 20.3.3): single values, and (base, per value) formulas."""

    values: Mapping[str, int]
    formulas: Mapping[str, tuple[int, int]]


@dataclass(frozen=True)
class EventsGrid:
    """The Random Events Table (39.1): cell = "-" or a letter A-Z."""

    first_row: int
    first_column: int
    rows: tuple[str, ...]
    numbers: Mapping[str, Mapping[str, object]]
    """The numbers of the events (39.2), as the file gives them."""

    def event(self, row: int, column: int) -> str:
        """The cell for a modified row roll and column roll (clamped to the table)."""
        r = min(len(self.rows) - 1, max(0, row - self.first_row))
        c = min(len(self.rows[r]) - 1, max(0, column - self.first_column))
        return self.rows[r][c]


@dataclass(frozen=True)
class DeityTable:
    """The Deity Appeal Table (42.0): by roll, the modifier to the coming roll and a morale change."""

    polytheist: Mapping[int, tuple[int, int]]
    monotheist: Mapping[int, tuple[int, int]]
    excluded_rolls: tuple[str, ...]
    favoured_leaders: tuple[str, ...]
    favour_bonus: int
    last_polytheist_scenario: int
    monotheist_before: tuple[str, ...]
    polytheist_after: tuple[str, ...]
    monotheist_non_romans: tuple[str, ...]


@dataclass(frozen=True)
class ChartBook:
    """Every chart of the ``charts_<topic>.toml`` files, checked complete."""

    supply: SupplyRules
    siege: SiegeRules
    leaders: LeaderRules
    grain: GrainRules
    inactive: InactiveRules
    tax_columns: tuple[str, ...]
    tax: Mapping[str, tuple[int, ...]]
    """Tax value by province and chart column (6.0); a province not listed is worth 0."""
    mobilization: Mapping[str, MobilizationPeriod]
    max_build: Mapping[str, Mapping[str, int]]
    """By colour and unit type: the most units in play (5.5)."""
    baggage_train_cap: int
    morale: MoraleChart
    events: EventsGrid
    deity: DeityTable
    legion_names: Mapping[tuple[str, str], Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    """(period, colour) -> legion type -> the names of the colour's counters of that type in the
    period, counter 01 first (5.7, ``charts_build.toml`` ``[counters]``); counters beyond a list
    are numbered."""
    legion_name_src: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(period, colour) -> the provenance of its name list: ``history`` (legions of the age) or
    ``design`` (our names for a colour no known army fits)."""

    def tax_value(self, province: str, column: str) -> int:
        """6.0: the province's tax value in chart column ``column`` (0 when not on the chart)."""
        row = self.tax.get(province)
        return row[self.tax_columns.index(column)] if row else 0
