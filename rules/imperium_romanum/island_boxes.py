"""Island boxes as places of the engine (§3.1.1, §12.2; issue 16).

An islet or promontory too small for a hex is held in a box named by its hex and a letter
(``B4823H``, ``map_features.toml``). The engine treats each box as a place of its own, as the
designer's note of 3.1.1 asks ("as if complete hexes for supply and stacking"):

- its id is the hex id followed by the letter, and a piece in the box has that id as its
  ``hex``; the box keeps its own terrain and province (3.1: a unit is on the terrain of its
  island), so forage, supply, control and stacking read the box, not the hex;
- on land it is joined only to its own hex, when that hex is land, by the narrow-sea crossing of
  12.2 (+4 MP, a strait crossing for everything else: ruling IR-MAP-6); a box on a sea hex is
  reached only by sea;
- by sea it touches the hexes its hex touches, and its own hex when that is sea: fleets there
  embark and land its troops (10.4.2, 10.4.3); an islet holds no port unless a city stands on it;
- fleets set up with a box's pieces lie on the box's hex (the water around the islet).

The engine's :func:`rules.imperium_romanum.world.data` holds one :class:`Hex` per box in
``hexes`` (column and row of its hex, so distances from a box are those of its hex); the map as
drawn, hexes of the grid only, is :func:`rules.imperium_romanum.world.map_data`.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from rules.imperium_romanum.data_model import Hex, IRData

BOX_SRC = "island_box"
"""The ``src`` of a box's place record."""


def box_cells(d: IRData) -> dict[str, Hex]:
    """One land place per island box (3.1.1): its own terrain and province, its hex's position."""
    out: dict[str, Hex] = {}
    for box in sorted(d.features.island_boxes, key=lambda b: b.id):
        at = d.hexes[box.hex]
        out[box.id] = Hex(box.id, at.col, at.row, "land", box.terrain, box.province, at.lat, at.lon, BOX_SRC)
    return out


def with_box_places(d: IRData) -> IRData:
    """``d`` whose ``hexes`` also hold the island boxes as places (the engine's data)."""
    return dataclasses.replace(d, hexes=MappingProxyType({**d.hexes, **box_cells(d)}))


def hex_of(place: str) -> str:
    """The map hex of a place: the hex itself, or the hex an island box belongs to."""
    return place[:5]


def is_box_id(place: str) -> bool:
    """Whether ``place`` has the shape of an island box id (a hex id and one capital letter)."""
    return len(place) == 6 and place[5].isupper() and place[5].isalpha()
