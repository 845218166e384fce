"""The state of a game of Imperium Romanum: plain JSON-able fields (no sets), fast to copy.

Every piece is in exactly one place: a unit on the map is in ``units`` (its ``hex``), an
eliminated one in ``eliminated``; a leader is in ``leaders`` with a status (map, captured,
dead). Powers, cities and provinces carry their owners; ``pending`` holds the open response
window (a decision a seat must answer, with a default).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from rules.core.dice import Dice
from rules.core.state_json import state_from_json, state_to_json

MONTHS = ("", "January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip


@dataclass
class IRState:
    scenario: str
    dice: Dice
    options: dict[str, str] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    """One seat per major power, in the scenario's turn order (5.1)."""
    year: int = 1
    month: int = 3
    turn: int = 1
    """Months played, the first month being 1."""
    season: str = "summer"
    flooded: bool = False
    """Rivers flood in the first summer month (9.2)."""
    had_summer: bool = False
    segment: str = "begin"
    active: int = 0
    """Index into ``seats`` of the player whose turn it is (player-turn segments)."""
    ended: list[str] = field(default_factory=list)
    """Seats that finished a simultaneous segment."""
    naval_order: list[str] = field(default_factory=list)
    powers: dict[str, dict[str, Any]] = field(default_factory=dict)
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    eliminated: dict[str, dict[str, Any]] = field(default_factory=dict)
    leaders: dict[str, dict[str, Any]] = field(default_factory=dict)
    city_owner: dict[str, str] = field(default_factory=dict)
    city_damage: dict[str, int] = field(default_factory=dict)
    port_owner: dict[str, str] = field(default_factory=dict)
    """Non-city port hex -> the power that captured it in land combat (16.1); a port not listed
    belongs to the controller of its province (IR-ENG-53, IR-ENG-110)."""
    province_owner: dict[str, str] = field(default_factory=dict)
    sieges: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Besieged hex -> {"power", "city", "since", "attrition"} (17.0)."""
    forts: dict[str, dict[str, int]] = field(default_factory=dict)
    """Hex -> {power: level} of field fortifications, 1 = D .. 4 = A (21.0)."""
    building: dict[str, dict[str, Any]] = field(default_factory=dict)
    """"hex|power" -> {"hex", "power", "levels", "units"}: forts under construction (21.1)."""
    plunder: dict[str, int] = field(default_factory=dict)
    """Plundered province -> plunder markers left (24.1, 24.2)."""
    rebel_capitals: dict[str, str] = field(default_factory=dict)
    """Imperial capital taken by grain rebels -> the owner it rose against (22.2.3)."""
    militia: dict[str, int] = field(default_factory=dict)
    """Province -> militia strength points (29.1), where rule 29 is in play."""
    militia_posts: dict[str, dict[str, int]] = field(default_factory=dict)
    """Province -> {hex: militia SP} the owner divided among his forces there (29.3, IR-ENG-78);
    each inner dict is replaced, never changed in place (copies share it)."""
    self_plundered: dict[str, str] = field(default_factory=dict)
    """Province -> the owner who plundered it himself (24.3)."""
    plundered_cities: dict[str, int] = field(default_factory=dict)
    """City plundered on its own (24.1, 41.3) -> plunder markers left (24.2)."""
    self_plundered_cities: dict[str, str] = field(default_factory=dict)
    """City -> the owner who plundered it himself (24.3)."""
    grain_blocks: dict[str, str] = field(default_factory=dict)
    """Pirate fleet -> the grain province it interferes with this month (27.1.4)."""
    mobilized: dict[str, dict[str, int]] = field(default_factory=dict)
    """This year's raises per area or province (7.5): "area:italia" -> {unit type: count}."""
    phase_builds: dict[str, int] = field(default_factory=dict)
    """New units per city this Taxation & Mobilization Phase (7.4)."""
    held_raises: list[str] = field(default_factory=list)
    """Units raised or rebuilt in the current Taxation & Mobilization Phase, seen only by their
    own seat until the phase closes (3.2, 4.0; IR-ENG-60)."""
    treasury_at_open: dict[str, int] = field(default_factory=dict)
    """Each power's treasury when the current simultaneous segment opened: what the other seats
    and the public see of it until the segment closes (4.0, 5.4; IR-DIS-5, record.py)."""
    shipyards: list[dict[str, Any]] = field(default_factory=list)
    """Fleets under construction (7.8): {"power", "city", "ready" (the month number), "begun"
    (the Taxation & Mobilization Phase they were begun in)}."""
    tm_seen: int = 0
    """Taxation & Mobilization Phases begun so far (the first is never at double cost, 7.4)."""
    alliances: list[list[str]] = field(default_factory=list)
    """Pairs of seats allied this month (5.8), each pair sorted."""
    proposals: list[list[str]] = field(default_factory=list)
    agreements: list[list[str]] = field(default_factory=list)
    """This month's agreements (kind, the two seats, talents), for the Diplomacy Phase's
    public summary (issue 18, segment_deadline.py)."""
    standing: dict[str, dict[str, str]] = field(default_factory=dict)
    """Standing orders per seat: {"intercept": "never", "combat": "always_fight"}."""
    moving: dict[str, Any] = field(default_factory=dict)
    """A move paused by a response window: units, the rest of the path, MP left."""
    attacked: list[str] = field(default_factory=list)
    """Hexes attacked this combat segment; powers that declared an attack this month go in
    ``declared``."""
    declared: list[str] = field(default_factory=list)
    intercepted: list[str] = field(default_factory=list)
    """Leaders that tried to intercept this month (12.4)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """Markers of the random events in force (39.2, random_events.py): code, power, until."""
    event_queue: list[str] = field(default_factory=list)
    """The major powers still to roll in this Random Events Phase (39.1)."""
    destroyed: list[str] = field(default_factory=list)
    """Cities destroyed by a natural disaster (39.2 L)."""
    plague: dict[str, int] = field(default_factory=dict)
    """Province in plague -> the turn it was infected (45.1, plague.py)."""
    plague_watch: list[str] = field(default_factory=list)
    """Provinces that qualify for a plague roll at the next Diplomacy Phase (45.0)."""
    placements: list[dict[str, Any]] = field(default_factory=list)
    """20.1: groups a dissolved power's former controller may still send to another place of its
    provinces (dissolution.py), each opened as a ``place`` decision in turn."""
    pending: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)
    seq: int = 0
    last: list[str] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> IRState:
        """A structured copy: records are copied two levels deep, lists one level."""
        new = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("powers", "units", "eliminated", "leaders", "sieges", "standing", "forts", "building",
                          "mobilized"):
                setattr(new, f.name, {k: dict(v) for k, v in value.items()})
            elif f.name in ("pending", "moving", "result", "alliances", "proposals", "shipyards", "events", "placements"):
                setattr(new, f.name, copy.deepcopy(value, memo))
            elif isinstance(value, dict):
                setattr(new, f.name, dict(value))
            elif isinstance(value, list):
                setattr(new, f.name, list(value))
        for record in new.powers.values():
            if "provinces" in record:
                record["provinces"] = list(record["provinces"])
        new.dice = copy.copy(self.dice)  # a test's scripted dice keep their class and script
        new.dice.rolls = list(self.dice.rolls)
        return new

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> IRState:
        return state_from_json(cls, data)

    def stat(self, key: str, n: int = 1) -> None:
        """Count an event for the benchmark's statistics (battles, sieges, interceptions...)."""
        self.stats[key] = self.stats.get(key, 0) + n
