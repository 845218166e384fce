"""What the Imperium Romanum map draws: a small, frozen input built from a VIEW (issue 18).

The renderer never reads the game state. :func:`from_view` turns the engine's public view
(``rules.imperium_romanum.views.public_view``) or a seat's view (``seat_view``) into a
:class:`MapInput`; a stack keeps its pieces only when the view itself carried them (a seat's own
stacks, §3.2), so an image made from the public view cannot show what an enemy stack holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules.imperium_romanum.data_model import COLOURS
from rules.imperium_romanum.world import map_data as data


@dataclass(frozen=True)
class StackMark:
    """One stack on a hex as the viewer may see it (§3.2): the top unit type and the number of
    pieces; ``units`` (unit type ids, stack order) only for a stack the viewer sees whole."""

    hex: str
    side: str
    top: str
    size: int
    besieged: bool = False
    units: tuple[str, ...] = ()
    name: str = ""
    """The legion name of the top unit's counter (5.7), "" for an unnamed counter: public like
    the top unit itself (§3.2)."""
    power: str = ""
    """The power of the top counter (the view's ``power``; IR-DIS-30): a usurper's or a neutral's
    counters in a seat's stack are marked with their own colour, "" when the view does not say."""
    colour: str = ""
    """The colour printed on the top counter (the view's ``colour``, 5.7; IR-ENG-167): a
    usurper's legion is red like the faction he rose against; "" when the view does not say."""


@dataclass(frozen=True)
class MapInput:
    """Everything drawn over the terrain layer: stacks, sieges, forts, plunder and control."""

    stacks: tuple[StackMark, ...] = ()
    province_control: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Province id -> power id holding it."""
    city_owner: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """City id -> power id."""
    colours: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Power id or seat -> one of the faction colours of ``data_model.COLOURS`` (§5.7)."""
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Power id -> its name (a proper name), for the overview's legend."""
    sieges: tuple[str, ...] = ()
    forts: tuple[str, ...] = ()
    plunder: tuple[str, ...] = ()
    """Hexes of the plunder marks, one per plundered province (:func:`plunder_hexes`)."""
    plundered_cities: tuple[str, ...] = ()
    """Hexes of the cities plundered on their own (24.1, 41.3)."""
    plague: tuple[str, ...] = ()
    """Hexes of the plague marks, one per province in plague (45.1, :func:`province_hex`)."""
    events: tuple[tuple[str, str, str], ...] = ()
    """(hex, event letter, power) of the random-event markers on the map (39.2)."""
    roads: tuple[str, ...] = ()
    """The provinces with roads in the scenario's period (11.1, the Province Display's column)."""
    language: str = "en"


def from_view(view: Mapping[str, Any]) -> MapInput:
    """The map input of an engine view (public or a seat's); nothing is read from the state."""
    scenario = data().scenarios[view["scenario"]]
    colours: dict[str, str] = {}
    scenario_powers = {power.id for power in scenario.powers}
    for power in scenario.powers:
        colours[power.id] = power.colour
    spare = [c for c in COLOURS if c not in colours.values()]
    for pid in sorted(view["powers"]):  # a usurper's faction (44.1), rebels (39.2 Q): a spare colour
        if pid not in colours:
            colours[pid] = spare.pop(0) if spare else ""
    for pid, rec in sorted(view["powers"].items()):
        if rec.get("seat") and pid in colours and pid in scenario_powers:
            colours.setdefault(rec["seat"], colours[pid])
    control = {prov: pid for pid, rec in sorted(view["powers"].items()) for prov in rec["provinces"]}
    stacks = tuple(
        StackMark(hex=s["hex"], side=s["side"], top=s["top"], size=int(s["size"]),
                  besieged=bool(s.get("besieged")),
                  units=tuple(u["type"] for u in s.get("units", ())), name=top_name(s),
                  power=str(s.get("power") or ""), colour=str(s.get("colour") or ""))  # fmt: skip
        for s in view["stacks"]  # each on a map hex or an island box (rules/imperium_romanum/invariants.py)
    )
    d = data()
    column = scenario.city_column
    roads = tuple(pid for pid, entry in sorted(data().display.items()) if column in entry.roads)
    return MapInput(
        stacks=stacks,
        province_control=MappingProxyType(control),
        city_owner=MappingProxyType(dict(view.get("cities", {}))),
        colours=MappingProxyType(colours),
        names=MappingProxyType({pid: str(rec["name"]) for pid, rec in sorted(view["powers"].items())}),
        sieges=tuple(sorted(view.get("sieges", {}))),
        forts=tuple(sorted(view.get("forts", {}))),
        plunder=plunder_hexes(view.get("plunder", {})),
        plundered_cities=tuple(sorted({d.cities[c].hex for c in view.get("plundered_cities", {}) if c in d.cities})),
        plague=tuple(sorted({province_hex(p) for p in view.get("plague", ())} - {""})),
        events=tuple(sorted(_event_place(m) for m in view.get("event_markers", ()) if _event_place(m)[0])),
        roads=roads,
        language=str(view.get("language") or "en"),
    )


def top_name(stack: Mapping[str, Any]) -> str:
    """The legion name of a view's stack's top unit: the view's ``top_name``, else the ``name``
    of the first of its units when the view gives them (irdata adds counter ids and names to the
    views this session; this is the renderer's side of that contract)."""
    units = stack.get("units") or ()
    first = units[0] if units and isinstance(units[0], Mapping) else {}
    return str(stack.get("top_name") or first.get("name") or "")


def _event_place(marker: Mapping[str, Any]) -> tuple[str, str, str]:
    city = data().cities.get(str(marker.get("city") or ""))
    hex_id = city.hex if city else province_hex(str(marker.get("province") or ""))
    return hex_id, str(marker["code"]), str(marker["power"])


def province_hex(pid: str) -> str:
    """The hex a province's marks are drawn on: its first city's (by id), else its first land
    hex, else "" (a picture choice)."""
    d = data()
    cities = sorted(c.id for c in d.cities.values() if c.province == pid and c.hex in d.hexes)
    if cities:
        return d.cities[cities[0]].hex
    return next((h for h in sorted(d.hexes) if d.hexes[h].province == pid), "")


def plunder_hexes(provinces: Mapping[str, Any]) -> tuple[str, ...]:
    """Where each plundered province's mark is drawn: the view keeps plunder per province
    (§24.1), so the mark goes on the hex of its first city (by id), else its first land hex.
    (Drawing the province ids as hexes was the "invalid literal for int()" of the PostgreSQL
    fuzz run: ``pannonia_inferior`` read as a hex id.)"""
    return tuple(sorted({province_hex(pid) for pid in provinces} - {""}))
