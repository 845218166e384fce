"""Tests that kill the mutants of rules/imperator/loader.py that the data tests let live (issue 11,
session 10). A tiny data directory written here (three land zones, two seas, a few counters, one
scenario, its own rule tables) loads in milliseconds; each test breaks it in a known way and
compares the whole list of problems, so a wrong file, entry, field or message fails."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from rules.imperator.loader import (
    DATA_DIR,
    DataError,
    data_files,
    data_hash,
    load_data,
    resolve_directory,
    summary_lines,
    tables_root,
)

SQUARE = "[[{x0}, 40], [{x1}, 40], [{x1}, 44], [{x0}, 44]]"

FILES: dict[str, str] = {
    "map/zones.toml": """
[[zone]]
id = "roma"
name = "Roma"
aliases = ["Urbs"]
kind = "interior"
place = [12, 42]
cities = ["Roma"]
ports = ["ostia"]
provenance = "rules"
provenance_fields = { place = "history" }

[[zone]]
id = "castra"
name = "Castra"
kind = "front"
front = "rhine"
place = [16, 42]
camps = [{ name = "Vetera" }, { name = "Nova", year = 170 }]
provenance = "design"

[[zone]]
id = "barbaricum"
name = "Barbaricum"
kind = "outside"
region = "germania"
joins = { front = "rhine", year = 170 }
place = [20, 42]
provenance = "history"
""",
    "map/shapes.toml": f"""
[[shape]]
id = "roma"
rings = [{SQUARE.format(x0=10, x1=14)}]

[[shape]]
id = "castra"
rings = [{SQUARE.format(x0=14, x1=18)}]

[[shape]]
id = "barbaricum"
rings = [{SQUARE.format(x0=18, x1=22)}]

[[shape]]
id = "mare"
rings = [[[10, 36], [22, 36], [22, 40], [10, 40]]]
holes = [[[11, 37], [12, 37], [12, 38]]]

[[shape]]
id = "oceanus"
rings = [[[22, 36], [26, 36], [26, 44], [22, 44]]]
""",
    "map/seas.toml": """
[[sea]]
id = "mare"
name = "Mare"
open = true
place = [16, 38]
provenance = "rules"

[[sea]]
id = "oceanus"
name = "Oceanus"
open = false
place = [24, 40]
provenance = "design"

[[port]]
id = "ostia"
name = "Ostia"
zone = "roma"
sea = "mare"
fleet = "classis"
provenance = "history"
""",
    "map/rivers.toml": """
[[river]]
id = "rhenus"
name = "Rhenus"
major = true
course = [[18, 40], [18, 44]]
provenance = "history"

[[river]]
id = "rivus"
name = "Rivus"
course = [[14, 40], [14, 44]]
provenance = "design"
""",
    "map/straits.toml": """
[[strait]]
a = "barbaricum"
b = "roma"
name = "Fretum"
provenance = "rules"
""",
    "map/edges.toml": """
provenance = "history"

[[edge]]
a = "roma"
b = "castra"
corner = true

[[edge]]
a = "castra"
b = "barbaricum"
river = "rhenus"
provenance = "rules"
""",
    "map/coasts.toml": """
provenance = "design"

[[coast]]
sea = "mare"
zones = ["roma", "castra", "barbaricum"]

[[coast]]
sea = "oceanus"
zones = ["barbaricum"]

[[sea_link]]
a = "oceanus"
b = "mare"
""",
    "peoples.toml": """
[[people]]
id = "germani"
name = "Germani"
nationality = "german"
major = true
stacking = "E"
zones = ["barbaricum"]
entry_fronts = ["rhine"]
note = "a note"
provenance = "rules"

[[people]]
id = "nomades"
name = "Nomades"
nationality = "sarmatian"
major = false
stacking = "W"
zones = ["barbaricum"]
goes_to_war = false
provenance = "design"
""",
    "counters/leaders.toml": """
[[leader]]
id = "marcus"
name = "Marcus"
aliases = ["Marc"]
side = "roman"
nationality = "roman"
cc = 3
vs = 2
bt = 1
cp = 4
enters = 161
provenance = "rules"

[[leader]]
id = "lucius"
name = "Lucius"
side = "roman"
nationality = "roman"
cc = 2
vs = 1
bt = 0
cp = 2
enters = 163
provenance = "rules"

[[leader]]
id = "heres"
name = "Heres"
side = "roman"
nationality = "roman"
cc = 1
vs = 0
bt = 0
cp = 1
entry_rule = "after:marcus"
provenance = "design"

[[leader]]
id = "rex"
name = "Rex"
side = "enemy"
nationality = "german"
people = "germani"
cc = 2
vs = 3
bt = 0
enters = 161
auto_death = 164
provenance = "history"

[[leader]]
id = "dux"
name = "Dux"
side = "enemy"
nationality = "german"
people = "germani"
generic = true
cc = 1
vs = 1
bt = 0
provenance = "rules"
""",
    "counters/units.toml": """
[[unit]]
id = "i_legio"
name = "I Legio"
side = "roman"
kind = "legion"
nationality = "roman"
front = "rhine"
camp = "Vetera"
full = { pf = 10, qu = 2, bt = 1 }
reduced = { pf = 5, qu = 1, bt = 0 }
provenance = "rules"

[[unit]]
id = "ii_legio"
name = "II Legio"
side = "roman"
kind = "legion"
nationality = "roman"
front = "rhine"
camp = "Nova"
arrives = 170
full = { pf = 9, qu = 3, bt = 0 }
reduced = { pf = 4, qu = 2, bt = 0 }
provenance = "rules"

[[unit]]
id = "cohors"
name = "Cohors"
side = "roman"
kind = "garrison"
nationality = "roman"
camp = "Roma"
full = { pf = 3, qu = 1, bt = 0 }
reduced = { pf = 1, qu = 1, bt = 0 }
provenance = "design"

[[unit]]
id = "vex"
name = "Vex"
side = "roman"
kind = "vexillation"
nationality = "roman"
front = "rhine"
full = { pf = 4, qu = 3, bt = 0 }
reduced = { pf = 2, qu = 2, bt = 0 }
provenance = "rules"

[[unit]]
id = "germ_1"
name = "Germ 1"
side = "enemy"
kind = "people"
nationality = "german"
people = "germani"
full = { pf = 6, qu = 2, bt = 0 }
reduced = { pf = 3, qu = 1, bt = 0 }
provenance = "rules"

[[unit]]
id = "germ_2"
name = "Germ 2"
side = "enemy"
kind = "people"
nationality = "german"
people = "germani"
full = { pf = 6, qu = 2, bt = 0 }
reduced = { pf = 3, qu = 1, bt = 0 }
provenance = "rules"
provenance_fields = { pf = "design" }
""",
    "counters/stratagems.toml": """
[[stratagem]]
id = "ruse"
name = "Ruse"
side = "both"
phase = "C"
count = 2
provenance = "rules"

[[stratagem]]
id = "pax"
name = "Pax"
side = "roman"
phase = "B"
count = 1
once_per_scenario = true
provenance = "rules"
""",
    "counters/materiel.toml": """
[[fleet]]
id = "classis"
name = "Classis"
port = "ostia"
capacity = 3
return_delay = 5
provenance = "rules"

[[marker]]
id = "signum"
name = "Signum"
count = 2
note = "a marker"
provenance = "design"
""",
    "scenarios/01_test.toml": """
[scenario]
id = "test"
number = 1
title = "Test"
start = 161
end = 165
reconstructed = true
summary = "a summary"
augusti = ["marcus"]
initiative = { "161" = "roman", "162" = "enemy" }
armenia = "absent"
peoples_at_war = ["germani"]
use_events = false
use_stratagems = true
use_leader_table = false
vp = { roman = 3, enemy = 1 }
deploy_legions = true
special_rules = ["one"]
victory = ["two"]
provenance = "design"
leader = [
  { id = "marcus", zone = "roma", title = "augustus" },
  { id = "rex", zone = "barbaricum", side = "enemy" },
]
unit = [
  { id = "vex", zone = "castra" },
  { id = "germ_1", zone = "castra", side = "enemy" },
]
rules = [
  { kind = "absent", leaders = ["lucius"], text = "Lucius is gone.", provenance = "rules" },
  { kind = "war_at", peoples = ["germani"], year = 163, text = "War." },
]
""",
    "tables/leader_table.toml": """
[[leaders]]
id = "marcus"
entry = 161

[[leaders]]
id = "lucius"
entry = 163

[[leaders]]
id = "heres"
entry_rule = "after:marcus"

[[leaders]]
id = "rex"
entry = 161
""",
    "tables/events.toml": """
[[events]]
number = 1
effects = { reduce_units_in_zones = ["roma", "rhine_front", "germani"], reduce_nationality = "german", augustus_in_rome_gets_event = 1, battle_bonus_side = "rome" }
""",
    "tables/stratagems.toml": """
[[stratagems]]
id = "ruse"
params = { placed_in = "castra", cancelled_by = "pax", people_kind = "major" }

[[stratagems]]
id = "pax"
""",
}


def tiny(root: Path, edits: dict[str, list[tuple[str, str]]] | None = None, drop: tuple[str, ...] = ()) -> Path:
    """Write the tiny data directory under ``root``, with ``edits`` (file: [(old, new)]) made."""
    for rel, text in FILES.items():
        if rel in drop:
            continue
        for old, new in (edits or {}).get(rel, []):
            assert old in text, (rel, old)
            text = text.replace(old, new, 1)
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def problems(root: Path, geometry: bool = False) -> list[str]:
    with pytest.raises(DataError) as info:
        load_data(root, geometry=geometry)
    found = info.value.problems
    assert str(info.value) == f"{len(found)} problem(s) in the Imperator data:\n" + "\n".join("  " + p for p in found)
    return found


def test_the_tiny_directory_loads_with_every_value(tmp_path: Path) -> None:
    data = load_data(tiny(tmp_path))
    roma, castra, barb = data.zones["roma"], data.zones["castra"], data.zones["barbaricum"]
    assert (roma.name, roma.aliases, roma.kind, roma.front, roma.region) == ("Roma", ("Urbs",), "interior", None, None)
    assert (roma.place, roma.cities, roma.ports, roma.camps) == ((12.0, 42.0), ("Roma",), ("ostia",), ())
    assert (roma.provenance, roma.provenance_of("place"), roma.provenance_of("name")) == ("rules", "history", "rules")
    assert roma.shape == (((10.0, 40.0), (14.0, 40.0), (14.0, 44.0), (10.0, 44.0)),)
    assert (castra.kind, castra.front, [(c.name, c.year) for c in castra.camps]) == (
        "front", "rhine", [("Vetera", 0), ("Nova", 170)])
    assert (barb.kind, barb.region, barb.joins_front, barb.joins_year) == ("outside", "germania", "rhine", 170)
    assert (barb.peoples, roma.peoples) == (("germani", "nomades"), ())
    mare, oce = data.seas["mare"], data.seas["oceanus"]
    assert (mare.name, mare.open, mare.place, mare.provenance) == ("Mare", True, (16.0, 38.0), "rules")
    assert mare.holes == (((11.0, 37.0), (12.0, 37.0), (12.0, 38.0)),)
    assert (oce.open, oce.holes, oce.provenance) == (False, (), "design")
    ostia = data.ports["ostia"]
    assert (ostia.name, ostia.zone, ostia.sea, ostia.fleet, ostia.provenance) == ("Ostia", "roma", "mare", "classis", "history")
    rh, rv = data.rivers["rhenus"], data.rivers["rivus"]
    assert (rh.name, rh.major, rh.course, rh.provenance) == ("Rhenus", True, ((18.0, 40.0), (18.0, 44.0)), "history")
    assert (rv.major, rv.provenance) == (False, "design")
    edges = {(e.a, e.b): e for e in data.edges}
    assert list(edges) == [("barbaricum", "castra"), ("barbaricum", "roma"), ("castra", "roma")]
    e1, e2, e3 = edges.values()
    assert (e1.river, e1.corner, e1.strait, e1.provenance) == ("rhenus", False, None, "rules")
    assert (e2.river, e2.corner, e2.strait, e2.provenance) == (None, False, "Fretum", "rules")
    assert (e3.river, e3.corner, e3.strait, e3.provenance) == (None, True, None, "history")
    assert dict(data.coasts) == {"mare": ("roma", "castra", "barbaricum"), "oceanus": ("barbaricum",)}
    assert data.sea_links == (("mare", "oceanus"),)
    g, n = data.peoples["germani"], data.peoples["nomades"]
    assert (g.name, g.nationality, g.major, g.stacking, g.zones, g.entry_fronts, g.goes_to_war, g.note) == (
        "Germani", "german", True, "E", ("barbaricum",), ("rhine",), True, "a note")
    assert (n.nationality, n.major, n.stacking, n.entry_fronts, n.goes_to_war, n.note, n.provenance) == (
        "sarmatian", False, "W", (), False, "", "design")


def test_the_tiny_counters_and_scenario_load_with_every_value(tmp_path: Path) -> None:
    data = load_data(tiny(tmp_path))
    m = data.leaders["marcus"]
    assert (m.name, m.aliases, m.side, m.nationality, m.people, m.generic) == ("Marcus", ("Marc",), "roman", "roman", None, False)
    assert (m.cc, m.vs, m.bt, m.cp, m.enters, m.entry_rule, m.auto_death) == (3, 2, 1, 4, 161, "", None)
    h, r, d = data.leaders["heres"], data.leaders["rex"], data.leaders["dux"]
    assert (h.enters, h.entry_rule, h.cp) == (None, "after:marcus", 1)
    assert (r.side, r.nationality, r.people, r.cp, r.auto_death, r.vs) == ("enemy", "german", "germani", None, 164, 3)
    assert (d.generic, d.enters, d.cc) == (True, None, 1)
    i, ii, coh, vex, g2 = (data.units[u] for u in ("i_legio", "ii_legio", "cohors", "vex", "germ_2"))
    assert (i.name, i.side, i.kind, i.nationality, i.front, i.camp, i.zone, i.people, i.arrives) == (
        "I Legio", "roman", "legion", "roman", "rhine", "Vetera", "castra", None, 0)
    assert (i.full.pf, i.full.qu, i.full.bt, i.reduced.pf, i.reduced.qu, i.reduced.bt) == (10, 2, 1, 5, 1, 0)
    assert (ii.arrives, ii.zone, ii.full.qu) == (170, "castra", 3)
    assert (coh.kind, coh.front, coh.camp, coh.zone) == ("garrison", None, "Roma", "roma")
    assert (vex.kind, vex.front, vex.zone, vex.camp) == ("vexillation", "rhine", None, None)
    assert (g2.side, g2.kind, g2.people, g2.provenance_of("pf"), g2.provenance_of("qu")) == (
        "enemy", "people", "germani", "design", "rules")
    ruse, pax = data.stratagems["ruse"], data.stratagems["pax"]
    assert (ruse.name, ruse.side, ruse.phase, ruse.count, ruse.once_per_scenario) == ("Ruse", "both", "C", 2, False)
    assert (pax.side, pax.phase, pax.count, pax.once_per_scenario) == ("roman", "B", 1, True)
    fl, mk = data.fleets["classis"], data.markers["signum"]
    assert (fl.name, fl.port, fl.capacity, fl.return_delay, fl.provenance) == ("Classis", "ostia", 3, 5, "rules")
    assert (mk.name, mk.count, mk.note, mk.provenance) == ("Signum", 2, "a marker", "design")
    s = data.scenarios["test"]
    assert (s.number, s.title, s.start, s.end, s.reconstructed, s.summary) == (1, "Test", 161, 165, True, "a summary")
    assert (s.augusti, s.caesars, s.usurpers, dict(s.initiative)) == (("marcus",), (), (), {161: "roman", 162: "enemy"})
    assert (s.armenia, s.peoples_at_war, s.use_events, s.use_stratagems, s.use_leader_table, s.use_enemy_peoples) == (
        "absent", ("germani",), False, True, False, True)
    assert (dict(s.vp), s.special_rules, s.victory, s.provenance) == ({"roman": 3, "enemy": 1}, ("one",), ("two",), "design")
    # placed by the file, by deploy_legions (the legion and garrison of 161) and by §4.1 (Major People)
    assert [(p.counter, p.zone, p.side, p.title) for p in s.leaders] == [
        ("dux", "barbaricum", "enemy", None), ("marcus", "roma", "roman", "augustus"), ("rex", "barbaricum", "enemy", None)]
    assert [(p.counter, p.zone, p.side) for p in s.units] == [
        ("cohors", "roma", "roman"), ("germ_1", "castra", "enemy"), ("germ_2", "barbaricum", "enemy"),
        ("i_legio", "castra", "roman"), ("vex", "castra", "roman")]
    assert [(r.kind, dict(r.params), r.text, r.provenance) for r in s.rules] == [
        ("absent", {"leaders": ("lucius",)}, "Lucius is gone.", "rules"),
        ("war_at", {"peoples": ("germani",), "year": 163}, "War.", "design")]


def test_zone_fields_are_checked_one_by_one(tmp_path: Path) -> None:
    """map/zones.toml: a wrong type, an unknown field, a front on an interior zone, a place off the globe, a bad join, a duplicate and a missing id."""
    edits = {   'map/zones.toml': [   ('id = "roma"\nname = "Roma"', 'id = "roma"\nname = 7\ncolour = "red"'),
                              (   'kind = "interior"\nplace = [12, 42]',
                                  'kind = "interior"\nfront = "rhine"\nplace = [12, 95]'),
                              (   'joins = { front = "rhine", year = 170 }',
                                  'joins = { front = "gallic", year = 218 }'),
                              (   'provenance = "history"\n',
                                  'provenance = "history"\n'
                                  '\n'
                                  '[[zone]]\n'
                                  'id = "castra"\n'
                                  'kind = "interior"\n'
                                  '\n'
                                  '[[zone]]\n'
                                  'name = "Anon"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/zones.toml: roma: colour: unknown field',
        'map/zones.toml: castra: id: duplicate id',
        'map/zones.toml: #5: id: missing',
        'map/zones.toml: roma: front: only Front zones have a front (kind is interior)',
        'map/zones.toml: roma: name: expected str, got int',
        'map/zones.toml: roma: place: [12.0, 95.0] is not a longitude/latitude',
        "map/zones.toml: barbaricum: joins.front: 'gallic' is not one of british, rhine, danube, orient, southern",
        'map/zones.toml: barbaricum: joins.year: 218 is outside 161..217',
    ]


def test_zone_camps_ports_and_fronts_are_checked(tmp_path: Path) -> None:
    """map/zones.toml: a Front zone with no front, malformed camps, a camp in two zones, a port box of another zone, an unknown port box; the legion whose camp moved is refused too."""
    edits = {   'map/zones.toml': [   (   'camps = [{ name = "Vetera" }, { name = "Nova", year = 170 }]',
                                  'camps = [{ name = "Vetera" }, { name = "Nova", year = 170 }, "Bad", { name = '
                                  '3 }]'),
                              (   'place = [20, 42]',
                                  'place = [20, 42]\n'
                                  'camps = [{ name = "Vetera", year = -1 }]\n'
                                  'ports = ["ostia", "nullus"]'),
                              ('kind = "interior"', 'kind = "front"'),
                              ('place = [16, 42]', 'place = [-181, -91]')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/zones.toml: roma: front: a Front zone needs a front',
        'map/zones.toml: castra: camps[2]: expected { name = ..., year = ... }',
        'map/zones.toml: castra: camps[3]: expected { name = ..., year = ... }',
        'map/zones.toml: castra: place: [-181.0, -91.0] is not a longitude/latitude',
        'map/zones.toml: barbaricum: camps[0].year: -1 is outside 0..217',
        "map/zones.toml: barbaricum: camps: camp 'Vetera' is also in zone castra",
        "map/zones.toml: barbaricum: ports: port box 'ostia' belongs to zone 'roma'",
        "map/zones.toml: barbaricum: ports: unknown port box 'nullus'",
        'counters/units.toml: i_legio: camp: camp Vetera (zone barbaricum) is not in the rhine Front in 161',
    ]


def test_zone_joining_a_front_must_be_outside(tmp_path: Path) -> None:
    """map/zones.toml: only an outside zone may join a Front."""
    edits = {'map/zones.toml': [('kind = "outside"', 'kind = "interior"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/zones.toml: barbaricum: joins: only zones outside the Empire can join a Front',
        "peoples.toml: germani: zones: starting zone 'barbaricum' is inside the Empire",
        "peoples.toml: nomades: zones: starting zone 'barbaricum' is inside the Empire",
    ]


def test_seas_and_shapes_are_checked(tmp_path: Path) -> None:
    """map/seas.toml and map/shapes.toml: duplicate ids (a sea named like a zone), unknown fields, shapes of nothing, duplicate shapes, holes in a land zone, an empty shape, a port on unknown zones."""
    edits = {   'map/seas.toml': [   ('id = "oceanus"\nname = "Oceanus"', 'id = "oceanus"\nname = "Oceanus"\ndepth = 3'),
                             ('zone = "roma"\nsea = "mare"', 'zone = "nusquam"\nsea = "pontus"'),
                             (   'provenance = "rules"\n',
                                 'provenance = "rules"\n'
                                 '\n'
                                 '[[sea]]\n'
                                 'id = "castra"\n'
                                 'name = "X"\n'
                                 'open = true\n'
                                 'place = [1, 1]\n'
                                 '\n'
                                 '[[sea]]\n'
                                 'id = "mare"\n')],
        'map/shapes.toml': [   ('id = "oceanus"\nrings', 'id = "oceanus"\nrings = []\nx'),
                               ('id = "castra"\nrings = [', 'id = "castra"\nholes = []\nrings = ['),
                               (   '[[shape]]\nid = "roma"',
                                   '[[shape]]\n'
                                   'id = "atlantis"\n'
                                   'rings = []\n'
                                   '\n'
                                   '[[shape]]\n'
                                   'id = "roma"\n'
                                   'rings = [[[10, 40], [14, 40], [14, 44], [10, 44]]]\n'
                                   '\n'
                                   '[[shape]]\n'
                                   'id = "roma"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/seas.toml: castra: id: duplicate id',
        'map/seas.toml: mare: id: duplicate id',
        'map/seas.toml: oceanus: depth: unknown field',
        'map/shapes.toml: atlantis: id: no zone or sea zone has this id',
        'map/shapes.toml: roma: id: duplicate shape',
        'map/shapes.toml: castra: holes: land zones may not have holes',
        'map/shapes.toml: oceanus: x: unknown field',
        'map/shapes.toml: oceanus: rings: empty shape',
        "map/seas.toml: ostia: zone: unknown zone 'nusquam'",
        "map/seas.toml: ostia: sea: unknown sea zone 'pontus'",
        "map/zones.toml: roma: ports: port box 'ostia' belongs to zone 'nusquam'",
    ]


def test_rings_are_checked_point_by_point(tmp_path: Path) -> None:
    """map/shapes.toml: rings that are not lists, too short, with a bad point, a hole off the globe; a land zone and a sea zone with no shape."""
    edits = {   'map/shapes.toml': [   (   'id = "oceanus"\nrings = [[[22, 36], [26, 36], [26, 44], [22, 44]]]',
                                   'id = "oceanus"\nrings = "round"'),
                               (   'id = "castra"\nrings = [',
                                   'id = "castra"\nrings = [[[1, 1], [2, 2]], [[14, 40], "p", [18, 44]], 5, '),
                               (   'holes = [[[11, 37], [12, 37], [12, 38]]]',
                                   'holes = [[[11, 37], [12, 37], [12, 99]]]'),
                               (   '[[shape]]\n'
                                   'id = "barbaricum"\n'
                                   'rings = [[[18, 40], [22, 40], [22, 44], [18, 44]]]',
                                   '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/shapes.toml: castra: rings[0]: a ring needs at least 3 points',
        'map/shapes.toml: castra: rings[1][1]: expected [longitude, latitude]',
        'map/shapes.toml: castra: rings[2]: a ring needs at least 3 points',
        'map/shapes.toml: mare: holes[0][2]: [12.0, 99.0] is not a longitude/latitude',
        'map/shapes.toml: oceanus: rings: expected a list of rings',
        'map/shapes.toml: oceanus: rings: empty shape',
        'map/shapes.toml: barbaricum: rings: land zone has no shape',
    ]


def test_a_sea_zone_needs_a_shape(tmp_path: Path) -> None:
    """map/shapes.toml: a sea zone whose shape is missing."""
    edits = {'map/shapes.toml': [('[[shape]]\nid = "mare"', '[[shape]]\nid = "marex"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/shapes.toml: marex: id: no zone or sea zone has this id',
        'map/shapes.toml: mare: rings: sea zone has no shape',
    ]


def test_rivers_edges_and_straits_are_checked(tmp_path: Path) -> None:
    """map/rivers.toml, map/edges.toml, map/straits.toml: wrong types, a minor or unknown river on an edge, a zone next to itself, a pair linked twice, unknown zones, missing fields."""
    edits = {   'map/edges.toml': [   ('corner = true', 'corner = true\nwidth = 2\nriver = "rivus"'),
                              (   'river = "rhenus"\nprovenance = "rules"\n',
                                  'river = "rhenus"\n'
                                  'provenance = "rules"\n'
                                  '\n'
                                  '[[edge]]\n'
                                  'a = "castra"\n'
                                  'b = "castra"\n'
                                  '\n'
                                  '[[edge]]\n'
                                  'a = "castra"\n'
                                  'b = "roma"\n'
                                  '\n'
                                  '[[edge]]\n'
                                  'a = "roma"\n'
                                  'b = "tusculum"\n'
                                  'river = "nilus"\n'
                                  '\n'
                                  '[[edge]]\n'
                                  'a = "roma"\n'
                                  'provenance = "legend"\n')],
        'map/rivers.toml': [   (   'id = "rivus"\nname = "Rivus"\ncourse = [[14, 40], [14, 44]]',
                                   'id = "rivus"\nname = 5\ncourse = [[14, 40], [14]]'),
                               ('major = true', 'major = "yes"')],
        'map/straits.toml': [   (   'name = "Fretum"',
                                    'name = "Fretum"\nwide = true\n\n[[strait]]\na = "roma"\nb = "castra"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/rivers.toml: rhenus: major: expected bool, got str',
        'map/rivers.toml: rivus: course[1]: expected [longitude, latitude]',
        'map/rivers.toml: rivus: name: expected str, got int',
        'map/edges.toml: edge #1: width: unknown field',
        "map/edges.toml: roma-castra: river: 'rivus' is not a major river",
        "map/edges.toml: castra-barbaricum: river: 'rhenus' is not a major river",
        'map/edges.toml: castra-castra: b: a zone cannot be adjacent to itself',
        'map/edges.toml: castra-roma: a/b: the two zones are already linked',
        "map/edges.toml: roma-tusculum: river: 'nilus' is not a major river",
        "map/edges.toml: roma-tusculum: b: unknown land zone 'tusculum'",
        'map/edges.toml: edge #6: b: missing',
        'map/straits.toml: strait #1: wide: unknown field',
        'map/straits.toml: barbaricum-roma: provenance: missing',
        'map/straits.toml: strait #2: name: missing',
    ]


def test_coasts_and_sea_links_are_checked(tmp_path: Path) -> None:
    """map/coasts.toml: a zone that is not a string, unknown zones and seas, a coast with no sea, a sea linked to itself or twice."""
    edits = {   'map/coasts.toml': [   (   'zones = ["roma", "castra", "barbaricum"]',
                                   'zones = ["roma", "castra", "barbaricum", "nusquam", 4]'),
                               (   '[[coast]]\nsea = "oceanus"\nzones = ["barbaricum"]',
                                   '[[coast]]\n'
                                   'sea = "pontus"\n'
                                   'zones = ["barbaricum"]\n'
                                   '\n'
                                   '[[coast]]\n'
                                   'zones = []\n'
                                   '\n'
                                   '[[coast]]\n'
                                   'sea = "oceanus"\n'
                                   'zones = []'),
                               (   'a = "oceanus"\nb = "mare"',
                                   'a = "oceanus"\n'
                                   'b = "mare"\n'
                                   '\n'
                                   '[[sea_link]]\n'
                                   'a = "mare"\n'
                                   'b = "oceanus"\n'
                                   '\n'
                                   '[[sea_link]]\n'
                                   'a = "pontus"\n'
                                   'b = "pontus"\n'
                                   '\n'
                                   '[[sea_link]]\n'
                                   'a = "mare"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/coasts.toml: mare: zones[4]: expected str, got int',
        "map/coasts.toml: mare: zones: unknown land zone 'nusquam'",
        "map/coasts.toml: pontus: sea: unknown sea zone 'pontus'",
        'map/coasts.toml: #3: sea: missing',
        "map/coasts.toml: sea_link #3: a/b: unknown sea zone 'pontus'",
        "map/coasts.toml: sea_link #3: a/b: unknown sea zone 'pontus'",
        'map/coasts.toml: sea_link #3: b: a sea zone cannot link to itself',
        'map/coasts.toml: sea_link #4: b: missing',
        'map/coasts.toml: sea_link: -: duplicate sea links',
    ]


def test_a_port_must_be_on_its_sea_s_coast(tmp_path: Path) -> None:
    """map/seas.toml: the port's zone must touch its sea zone (map/coasts.toml)."""
    edits = {'map/coasts.toml': [('zones = ["roma", "castra", "barbaricum"]', 'zones = ["castra", "barbaricum"]')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/seas.toml: ostia: sea: zone roma does not touch mare',
    ]


def test_peoples_are_checked(tmp_path: Path) -> None:
    """peoples.toml: nationality, starting zones (inside the Empire, unknown, none), entry Fronts, provenance fields, a duplicate id."""
    edits = {   'peoples.toml': [   (   'id = "germani"\nname = "Germani"\nnationality = "german"',
                                'id = "germani"\nname = "Germani"\nnationality = "roman"\ncolour = 1'),
                            (   'zones = ["barbaricum"]\nentry_fronts = ["rhine"]',
                                'zones = ["roma", "nusquam", "barbaricum"]\nentry_fronts = ["rhine", "gallia"]'),
                            ('goes_to_war = false\n', 'goes_to_war = true\n'),
                            (   'provenance = "design"\n',
                                'provenance = "design"\n'
                                'provenance_fields = { zones = "myth", size = "rules" }\n'
                                '\n'
                                '[[people]]\n'
                                'id = "germani"\n'
                                'name = "Bis"\n'
                                'nationality = "german"\n'
                                'major = false\n'
                                'stacking = "Q"\n'
                                'zones = []\n'
                                'goes_to_war = false\n'
                                'provenance = "rules"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'peoples.toml: germani: colour: unknown field',
        "peoples.toml: germani: nationality: 'roman' is not one of persian, german, sarmatian, celt, thraco_phrygian, hamito_semite",
        "peoples.toml: germani: zones: starting zone 'roma' is inside the Empire",
        "peoples.toml: germani: zones: unknown zone 'nusquam'",
        "peoples.toml: germani: entry_fronts: 'gallia' is not a Front",
        'peoples.toml: nomades: entry_fronts: a People that goes to war needs an entry Front',
        "peoples.toml: nomades: provenance_fields.zones: 'myth' is not one of rules, history, design",
        'peoples.toml: nomades: provenance_fields.size: no such field',
        'peoples.toml: germani: zones: a People needs at least one starting zone',
        'peoples.toml: germani: id: duplicate id',
        "counters/leaders.toml: rex: nationality: differs from its People's ()",
        "counters/leaders.toml: dux: nationality: differs from its People's ()",
        "counters/units.toml: germ_1: nationality: differs from its People's",
        "counters/units.toml: germ_2: nationality: differs from its People's",
        'peoples.toml: germani: entry_fronts: no land path to the gallia Front',
    ]


def test_leaders_are_checked(tmp_path: Path) -> None:
    """counters/leaders.toml: People and nationality, CP (Roman only, required), ratings, entry year or rule, duplicate ids; the leader table's rows are compared with the counters."""
    edits = {   'counters/leaders.toml': [   (   'id = "marcus"\nname = "Marcus"',
                                         'id = "marcus"\nname = "Marcus"\npeople = "germani"\nhair = "red"'),
                                     ('cp = 2\nenters = 163', 'enters = 163'),
                                     ('entry_rule = "after:marcus"', 'entry_rule = "after:titus"'),
                                     (   'people = "germani"\ncc = 2\nvs = 3\nbt = 0\nenters = 161',
                                         'people = "gothi"\ncc = 0\nvs = 10\nbt = 6\ncp = 1'),
                                     (   'nationality = "german"\npeople = "germani"\ngeneric = true',
                                         'nationality = "sarmatian"\npeople = "germani"\ngeneric = true'),
                                     (   'provenance = "rules"\n',
                                         'provenance = "rules"\n'
                                         '\n'
                                         '[[leader]]\n'
                                         'id = "lucius"\n'
                                         'name = "L2"\n'
                                         'side = "roman"\n'
                                         'nationality = "persian"\n'
                                         'cc = 1\n'
                                         'vs = 1\n'
                                         'bt = 0\n'
                                         'enters = 161\n'
                                         'auto_death = 301\n'
                                         'provenance = "rules"\n'
                                         '\n'
                                         '[[leader]]\n'
                                         'id = "anon"\n'
                                         'side = "roman"\n'
                                         'nationality = "roman"\n'
                                         'cc = 1\n'
                                         'vs = 1\n'
                                         'bt = 0\n'
                                         'cp = 7\n'
                                         'name = "Anon"\n'
                                         'provenance = "rules"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'counters/leaders.toml: marcus: hair: unknown field',
        'counters/leaders.toml: marcus: people: Roman leaders belong to no People',
        "counters/leaders.toml: marcus: nationality: differs from its People's (german)",
        'counters/leaders.toml: lucius: people: a non-Roman leader needs a People',
        'counters/leaders.toml: lucius: auto_death: 301 is outside 161..300',
        'counters/leaders.toml: anon: cp: 7 is outside 0..6',
        'counters/leaders.toml: anon: enters: a named leader needs an entry year or an entry_rule',
        'counters/leaders.toml: lucius: cp: Roman leaders need a CP',
        'counters/leaders.toml: lucius: id: duplicate id',
        "counters/leaders.toml: rex: people: unknown People 'gothi'",
        'counters/leaders.toml: rex: cp: only Roman leaders have a CP',
        'counters/leaders.toml: rex: enters: a named leader needs an entry year or an entry_rule',
        'counters/leaders.toml: rex: cc: 0 is outside 1..9',
        'counters/leaders.toml: rex: vs: 10 is outside 0..9',
        'counters/leaders.toml: rex: bt: 6 is outside 0..5',
        "counters/leaders.toml: dux: nationality: differs from its People's (german)",
        "counters/leaders.toml: heres: entry_rule: unknown leader 'titus'",
        'scenarios/01_test.toml: test: leader: rex is placed but gothi is not at war',
        'tables/leader_table.toml: lucius: entry: 163 differs from counters/leaders.toml (161)',
        "tables/leader_table.toml: heres: entry_rule: 'after:marcus' differs from counters/leaders.toml ('after:titus')",
        'tables/leader_table.toml: rex: entry: 161 differs from counters/leaders.toml (None)',
        'counters/leaders.toml: anon: id: no row in tables/leader_table.toml',
    ]


def test_units_are_checked(tmp_path: Path) -> None:
    """counters/units.toml: unknown fields, a camp built after the unit arrives, reduced stronger than full, missing camp or front, a People unit on the Roman side, ratings out of range, a duplicate id."""
    edits = {   'counters/units.toml': [   (   'camp = "Vetera"\nfull = { pf = 10, qu = 2, bt = 1 }',
                                       'camp = "Vetera"\ncolour = 1\nfull = { pf = 10, qu = 2, bt = 1, xp = 1 }'),
                                   ('camp = "Nova"\narrives = 170', 'camp = "Nova"\narrives = 165'),
                                   (   'camp = "Roma"\n'
                                       'full = { pf = 3, qu = 1, bt = 0 }\n'
                                       'reduced = { pf = 1, qu = 1, bt = 0 }',
                                       'full = { pf = 3, qu = 1, bt = 0 }\nreduced = { pf = 4, qu = 1, bt = 0 }'),
                                   (   'kind = "vexillation"\nnationality = "roman"\nfront = "rhine"',
                                       'kind = "vexillation"\nnationality = "roman"'),
                                   (   'id = "germ_1"\n'
                                       'name = "Germ 1"\n'
                                       'side = "enemy"\n'
                                       'kind = "people"\n'
                                       'nationality = "german"\n'
                                       'people = "germani"',
                                       'id = "germ_1"\n'
                                       'name = "Germ 1"\n'
                                       'side = "roman"\n'
                                       'kind = "people"\n'
                                       'nationality = "sarmatian"\n'
                                       'people = "germani"'),
                                   (   'people = "germani"\n'
                                       'full = { pf = 6, qu = 2, bt = 0 }\n'
                                       'reduced = { pf = 3, qu = 1, bt = 0 }\n'
                                       'provenance = "rules"\n'
                                       'provenance_fields',
                                       'people = "gothi"\n'
                                       'full = { pf = 16, qu = 0, bt = 4 }\n'
                                       'provenance = "rules"\n'
                                       'provenance_fields'),
                                   (   'provenance_fields = { pf = "design" }\n',
                                       'provenance_fields = { pf = "design" }\n'
                                       '\n'
                                       '[[unit]]\n'
                                       'id = "i_legio"\n'
                                       'name = "Dup"\n'
                                       'side = "roman"\n'
                                       'kind = "legion"\n'
                                       'nationality = "roman"\n'
                                       'front = "danube"\n'
                                       'camp = "Castra Nusquam"\n'
                                       'full = { pf = 1, qu = 1, bt = 0 }\n'
                                       'reduced = { pf = 1, qu = 1, bt = 0 }\n'
                                       'provenance = "rules"\n'
                                       '\n'
                                       '[[unit]]\n'
                                       'id = "iii_legio"\n'
                                       'name = "III"\n'
                                       'side = "roman"\n'
                                       'kind = "legion"\n'
                                       'nationality = "roman"\n'
                                       'front = "danube"\n'
                                       'full = { pf = 1, qu = 1, bt = 0 }\n'
                                       'reduced = { pf = 1, qu = 1, bt = 0 }\n'
                                       'provenance = "rules"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'counters/units.toml: i_legio: colour: unknown field',
        'counters/units.toml: i_legio: full.xp: unknown field',
        'counters/units.toml: ii_legio: arrives: camp Nova only exists from 170',
        'counters/units.toml: cohors: reduced.pf: larger than the full-strength PF',
        'counters/units.toml: cohors: camp: a legion or garrison unit needs a home camp or city',
        'counters/units.toml: vex: front: a vexillation belongs to a Front',
        "counters/units.toml: germ_1: nationality: differs from its People's",
        'counters/units.toml: germ_1: side: units of the Peoples belong to the Enemies of Rome',
        'counters/units.toml: germ_2: full.pf: 16 is outside 1..15',
        'counters/units.toml: germ_2: full.qu: 0 is outside 1..3',
        'counters/units.toml: germ_2: full.bt: 4 is outside 0..3',
        'counters/units.toml: germ_2: reduced: missing',
        "counters/units.toml: germ_2: people: unknown People 'gothi'",
        "counters/units.toml: i_legio: camp: no zone has the camp or city 'Castra Nusquam'",
        'counters/units.toml: i_legio: id: duplicate id',
        'counters/units.toml: iii_legio: camp: a legion or garrison unit needs a home camp or city',
    ]


def test_stratagem_counters_and_materiel_are_checked(tmp_path: Path) -> None:
    """counters/stratagems.toml and counters/materiel.toml: choices and counts out of range, unknown fields and port, duplicate ids."""
    edits = {   'counters/materiel.toml': [   (   'port = "ostia"\ncapacity = 3\nreturn_delay = 5',
                                          'port = "portus"\ncapacity = 10\nreturn_delay = 21\nspeed = 2'),
                                      (   'count = 2\nnote = "a marker"\nprovenance = "design"\n',
                                          'count = 100\n'
                                          'note = "a marker"\n'
                                          'colour = 2\n'
                                          'provenance = "design"\n'
                                          '\n'
                                          '[[marker]]\n'
                                          'id = "signum"\n'
                                          'name = "S2"\n'
                                          'count = 1\n'
                                          'provenance = "rules"\n')],
        'counters/stratagems.toml': [   (   'id = "ruse"\nname = "Ruse"\nside = "both"\nphase = "C"\ncount = 2',
                                            'id = "ruse"\n'
                                            'name = "Ruse"\n'
                                            'side = "neither"\n'
                                            'phase = "D"\n'
                                            'count = 10\n'
                                            'colour = 1'),
                                        (   'once_per_scenario = true\nprovenance = "rules"\n',
                                            'once_per_scenario = true\n'
                                            'provenance = "rules"\n'
                                            '\n'
                                            '[[stratagem]]\n'
                                            'id = "pax"\n'
                                            'name = "P"\n'
                                            'side = "roman"\n'
                                            'phase = "B"\n'
                                            'count = 1\n'
                                            'provenance = "rules"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'counters/stratagems.toml: ruse: colour: unknown field',
        "counters/stratagems.toml: ruse: side: 'neither' is not one of roman, enemy, both",
        "counters/stratagems.toml: ruse: phase: 'D' is not one of B, C, E",
        'counters/stratagems.toml: ruse: count: 10 is outside 1..9',
        'counters/stratagems.toml: pax: id: duplicate id',
        'counters/materiel.toml: classis: speed: unknown field',
        "counters/materiel.toml: classis: port: unknown port box 'portus'",
        'counters/materiel.toml: classis: capacity: 10 is outside 1..9',
        'counters/materiel.toml: classis: return_delay: 21 is outside 1..20',
        'counters/materiel.toml: signum: colour: unknown field',
        'counters/materiel.toml: signum: count: 100 is outside 1..99',
        'counters/materiel.toml: signum: id: duplicate id',
    ]


def test_a_port_s_fleet_must_exist(tmp_path: Path) -> None:
    """map/seas.toml: the fleet a port box names is a fleet of counters/materiel.toml."""
    edits = {'counters/materiel.toml': [('id = "classis"', 'id = "classis_2"')]}
    assert problems(tiny(tmp_path, edits)) == [
        "map/seas.toml: ostia: fleet: unknown fleet 'classis'",
    ]


def test_counts_capacities_and_delays_are_required(tmp_path: Path) -> None:
    """counters: a stratagem's count, a fleet's capacity and return delay, a marker's count are required."""
    edits = {   'counters/materiel.toml': [   ('capacity = 3\nreturn_delay = 5\n', ''),
                                      ('count = 2\nnote = "a marker"\n', '')],
        'counters/stratagems.toml': [('count = 2\n', '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'counters/stratagems.toml: ruse: count: missing',
        'counters/materiel.toml: classis: capacity: missing',
        'counters/materiel.toml: classis: return_delay: missing',
        'counters/materiel.toml: signum: count: missing',
    ]


def test_a_scenario_s_years_titles_and_lists_are_checked(tmp_path: Path) -> None:
    """scenarios: years, leaders in play, titles, at most two of each title, initiative years and sides, VP, unknown Peoples; an absent leader who is placed."""
    edits = {   'scenarios/01_test.toml': [   ('start = 161\nend = 165', 'start = 160\nend = 218\ncolour = 1'),
                                      (   'augusti = ["marcus"]',
                                          'augusti = ["marcus", "titus", "rex"]\n'
                                          'caesars = ["heres"]\n'
                                          'usurpers = ["a", "b", "c"]'),
                                      (   'initiative = { "161" = "roman", "162" = "enemy" }',
                                          'initiative = { "161" = "roman", "162" = "gods", "300" = "roman", "x" '
                                          '= "enemy" }'),
                                      ('peoples_at_war = ["germani"]', 'peoples_at_war = ["germani", "gothi"]'),
                                      (   'vp = { roman = 3, enemy = 1 }',
                                          'vp = { roman = 3, enemy = true, gods = 1 }'),
                                      (   '{ id = "marcus", zone = "roma", title = "augustus" },',
                                          '{ id = "marcus", zone = "roma", title = "augustus" },\n'
                                          '  { id = "lucius", zone = "roma", title = "rex" },\n'
                                          '  { id = "titus", zone = "roma" },\n'
                                          '  "marcus",\n'
                                          '  { id = "dux", zone = "atlantis", colour = 1 },')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: colour: unknown field',
        'scenarios/01_test.toml: test: start: 160 is outside 161..217',
        'scenarios/01_test.toml: test: end: 218 is outside 161..217',
        'scenarios/01_test.toml: test: leader[0].id: marcus is not in play in 160',
        'scenarios/01_test.toml: test: leader[0].id: marcus only enters in 161',
        "scenarios/01_test.toml: test: leader[1].title: 'rex' is not one of augustus, caesar, usurper",
        'scenarios/01_test.toml: test: leader[1].id: lucius is not in play in 160',
        'scenarios/01_test.toml: test: leader[1].id: lucius only enters in 163',
        "scenarios/01_test.toml: test: leader[2].id: unknown leader 'titus'",
        'scenarios/01_test.toml: test: leader[3]: expected a table',
        'scenarios/01_test.toml: test: leader[4].colour: unknown field',
        "scenarios/01_test.toml: test: leader[4]: unknown zone 'atlantis'",
        'scenarios/01_test.toml: test: leader[5].id: rex is not in play in 160',
        'scenarios/01_test.toml: test: leader[5].id: rex only enters in 161',
        'scenarios/01_test.toml: test: augusti: at most 2',
        "scenarios/01_test.toml: test: augusti: unknown leader 'titus'",
        'scenarios/01_test.toml: test: caesars: heres is not placed on the map',
        'scenarios/01_test.toml: test: usurpers: at most 2',
        "scenarios/01_test.toml: test: usurpers: unknown leader 'a'",
        "scenarios/01_test.toml: test: usurpers: unknown leader 'b'",
        "scenarios/01_test.toml: test: usurpers: unknown leader 'c'",
        "scenarios/01_test.toml: test: augustus: leader titles ['marcus'] differ from the list ['marcus', 'rex', 'titus']",
        "scenarios/01_test.toml: test: caesar: leader titles [] differ from the list ['heres']",
        "scenarios/01_test.toml: test: usurper: leader titles [] differ from the list ['a', 'b', 'c']",
        "scenarios/01_test.toml: test: peoples_at_war: unknown People 'gothi'",
        "scenarios/01_test.toml: test: initiative.162: 'gods' is not one of roman, enemy",
        'scenarios/01_test.toml: test: initiative.300: key must be a year of the scenario',
        'scenarios/01_test.toml: test: initiative.x: key must be a year of the scenario',
        'scenarios/01_test.toml: test: vp.enemy: expected roman/enemy = integer',
        'scenarios/01_test.toml: test: vp.gods: expected roman/enemy = integer',
        'scenarios/01_test.toml: test: rules: lucius is absent from this scenario but placed',
    ]


def test_a_scenario_s_special_rules_are_checked(tmp_path: Path) -> None:
    """scenarios: each [[scenario.rules]] entry: a table, a known kind, its fields, its ids, years within the scenario (the year after the end allowed), Fronts, text and provenance."""
    edits = {   'scenarios/01_test.toml': [   (   '\nrules = [',
                                          '\n'
                                          'rules = [\n'
                                          '  "not a table",\n'
                                          '  { kind = "earthquake", text = "x" },\n'
                                          '  { kind = "sudden_death", leaders = ["marcus", "titus"], winner = '
                                          '"gods", colour = 1, text = " " },\n'
                                          '  { kind = "hold_zones", zones = "roma", side = "enemy", min_units = '
                                          '2, with_leader = true, text = "h", provenance = "myth" },\n'
                                          '  { kind = "usurpation_at", leader = "heres", year = 170, fronts = '
                                          '["rhine", "gallia"], text = "u" },\n'
                                          '  { kind = "vp_on_death", leader = "marcus", before = 166, side = '
                                          '"roman", vp = 2, text = "v" },\n'
                                          '  { kind = "no_war_before", peoples = ["germani"], year = true, text '
                                          '= "n" },\n'
                                          '  { kind = "usurpation_at", leader = "heres", year = 162, fronts = '
                                          '"rhine", text = "u2" },\n'
                                          '  { kind = "held_for_usurper", usurper = "heres", units = ["i_legio", '
                                          '7], text = "k" },\n'
                                          '  { kind = "engine_rule", text = "e" },')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: rules[0]: expected a table',
        "scenarios/01_test.toml: test: rules[1].kind: 'earthquake' is not one of sudden_death, hold_zones, no_war_before, war_at, usurpation_at, held_for_usurper, generals_of, vp_on_death, absent, engine_rule",
        "scenarios/01_test.toml: test: rules[2].leaders: unknown leader 'titus'",
        "scenarios/01_test.toml: test: rules[2].winner: 'gods' is not one of roman, enemy",
        'scenarios/01_test.toml: test: rules[2].colour: unknown field for sudden_death',
        'scenarios/01_test.toml: test: rules[2].text: missing',
        'scenarios/01_test.toml: test: rules[3].zones: expected list, got str',
        "scenarios/01_test.toml: test: rules[3].provenance: 'myth' is not one of rules, history, design",
        'scenarios/01_test.toml: test: rules[4].year: 170 is not a year of the scenario (161-165)',
        "scenarios/01_test.toml: test: rules[4].fronts: unknown Front(s) ['gallia']",
        'scenarios/01_test.toml: test: rules[6].year: True is not a year of the scenario (161-165)',
        'scenarios/01_test.toml: test: rules[7].fronts: expected list, got str',
        'scenarios/01_test.toml: test: rules[8].units: unknown unit 7',
        'scenarios/01_test.toml: test: rules[9].section: missing',
    ]


def test_a_scenario_s_placements_are_checked(tmp_path: Path) -> None:
    """scenarios: sides, a counter placed twice, a legion that arrives later, unknown or missing ids; a People at peace keeps to its home zones (§4.1)."""
    edits = {   'scenarios/01_test.toml': [   ('peoples_at_war = ["germani"]', 'peoples_at_war = []'),
                                      (   '{ id = "vex", zone = "castra" },',
                                          '{ id = "vex", zone = "castra" },\n'
                                          '  { id = "vex", zone = "roma" },\n'
                                          '  { id = "i_legio", zone = "roma" },\n'
                                          '  { id = "ii_legio", zone = "roma" },\n'
                                          '  { id = "nulla", zone = "roma" },\n'
                                          '  { zone = "roma" },'),
                                      (   '{ id = "rex", zone = "barbaricum", side = "enemy" },',
                                          '{ id = "rex", zone = "castra", side = "enemy" },\n'
                                          '  { id = "heres", zone = "roma", side = "ally" },')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: leader[2].side: 'ally' is not one of roman, enemy",
        'scenarios/01_test.toml: test: unit[1]: vex is placed more than once',
        'scenarios/01_test.toml: test: unit[3].id: ii_legio only arrives in 170',
        "scenarios/01_test.toml: test: unit[4].id: unknown unit 'nulla'",
        'scenarios/01_test.toml: test: unit[5].id: missing',
        'scenarios/01_test.toml: test: leader: rex: a People at peace stays in its home zones (§4.1)',
        'scenarios/01_test.toml: test: unit: germ_1: a People at peace stays in its home zones (§4.1)',
    ]


def test_a_scenario_without_peoples_places_none(tmp_path: Path) -> None:
    """scenarios: with use_enemy_peoples = false no People counter may be placed."""
    edits = {'scenarios/01_test.toml': [('deploy_legions = true', 'deploy_legions = true\nuse_enemy_peoples = false'),
                                        ('peoples_at_war = ["germani"]\n', ''), ('  { kind = "war_at", peoples = ["germani"], year = 163, text = "War." },\n', '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: leader: rex: this scenario uses no Peoples',
        'scenarios/01_test.toml: test: unit: germ_1: this scenario uses no Peoples',
    ]


def test_a_minor_people_at_peace_is_not_placed_and_named_leaders_in_play_are(tmp_path: Path) -> None:
    """scenarios: a minor People's unit is placed only when it is at war; a named leader in play at the start is placed or listed as absent (§2.C)."""
    edits = {   'peoples.toml': [('major = true', 'major = false')],
        'scenarios/01_test.toml': [   ('peoples_at_war = ["germani"]', 'peoples_at_war = []'),
                                      ('{ id = "rex", zone = "barbaricum", side = "enemy" },', '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: unit: germ_1 is placed but germani is not at war',
        'scenarios/01_test.toml: test: leader: rex is in play in 161: place him or list him as absent',
    ]


def test_the_rule_tables_name_real_ids(tmp_path: Path) -> None:
    """tables/*.toml: leader rows against the counters (entry year and rule), events' zones, Fronts, Peoples, nationality, event numbers and sides, stratagem types' zones, partners and People kinds, counters without a type and types without counters."""
    edits = {   'counters/leaders.toml': [   ('entry_rule = "after:marcus"', 'entry_rule = "commodus_succession"'),
                                     ('cp = 2\nenters = 163', 'cp = 2\nenters = 163\nentry_rule = "magic"')],
        'tables/events.toml': [   ('effects = {', 'effects = 3\n\n[[events]]\nnumber = 2\neffects = {'),
                                  (   '["roma", "rhine_front", "germani"]',
                                      '["roma", "rhine_front", "germani", "gallia_front", "atlantis", 4]'),
                                  ('reduce_nationality = "german"', 'reduce_nationality = "elvish"'),
                                  ('augustus_in_rome_gets_event = 1', 'augustus_in_rome_gets_event = 3'),
                                  ('battle_bonus_side = "rome"', 'battle_bonus_side = "both"')],
        'tables/leader_table.toml': [   (   'id = "marcus"\nentry = 161',
                                            'id = "marcus"\nentry = 162\nentry_rule = "after:marcus"'),
                                        (   'id = "lucius"\nentry = 163',
                                            'id = "lucius"\nentry_rule = "coronation"'),
                                        ('id = "rex"\nentry = 161', 'id = "dux"\n\n[[leaders]]\nid = 5')],
        'tables/stratagems.toml': [   (   'params = { placed_in = "castra", cancelled_by = "pax", people_kind = '
                                          '"major" }',
                                          'params = { placed_in = "atlantis", cancelled_by = "dolus", '
                                          'people_kind = "huge" }'),
                                      ('id = "pax"', 'id = "pax"\nparams = 1\n\n[[stratagems]]\nid = "dolus"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'tables/leader_table.toml: marcus: entry: 162 differs from counters/leaders.toml (161)',
        "tables/leader_table.toml: marcus: entry_rule: 'after:marcus' differs from counters/leaders.toml ('')",
        "tables/leader_table.toml: lucius: entry_rule: unknown rule 'coronation' (known: commodus_succession, after:<leader id>)",
        "tables/leader_table.toml: heres: entry_rule: 'after:marcus' differs from counters/leaders.toml ('commodus_succession')",
        "tables/leader_table.toml: dux: id: unknown leader 'dux'",
        'tables/leader_table.toml: #5: id: expected str, got int',
        'tables/leader_table.toml: #5: id: unknown leader 5',
        'counters/leaders.toml: rex: id: no row in tables/leader_table.toml',
        "counters/leaders.toml: lucius: entry_rule: unknown rule 'magic' (known: commodus_succession, after:<leader id>)",
        'tables/events.toml: 1: effects: expected dict, got int',
        "tables/events.toml: 2: effects.reduce_units_in_zones: unknown zone, Front or People 'gallia_front'",
        "tables/events.toml: 2: effects.reduce_units_in_zones: unknown zone, Front or People 'atlantis'",
        'tables/events.toml: 2: effects.reduce_units_in_zones: unknown zone, Front or People 4',
        "tables/events.toml: 2: effects.reduce_nationality: unknown nationality 'elvish'",
        'tables/events.toml: 2: effects.augustus_in_rome_gets_event: unknown event 3',
        "tables/events.toml: 2: effects.battle_bonus_side: 'both' is not rome or eor",
        "tables/stratagems.toml: ruse: params.placed_in: unknown zone 'atlantis'",
        "tables/stratagems.toml: ruse: params.people_kind: 'huge' is not minor or major",
        'tables/stratagems.toml: pax: params: expected dict, got int',
        'tables/stratagems.toml: dolus: id: no counters of this type in counters/stratagems.toml',
    ]


def test_every_zone_is_reached_from_roma_and_every_entry_front_by_land(tmp_path: Path) -> None:
    """map/edges.toml: a zone no land edge or open sea joins to Roma; peoples.toml: a People with no land path to its entry Front."""
    edits = {   'map/edges.toml': [   (   '[[edge]]\n'
                                  'a = "castra"\n'
                                  'b = "barbaricum"\n'
                                  'river = "rhenus"\n'
                                  'provenance = "rules"\n',
                                  '')],
        'map/seas.toml': [('open = true', 'open = false')],
        'map/straits.toml': [('a = "barbaricum"\nb = "roma"', 'a = "castra"\nb = "roma"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/straits.toml: castra-roma: a/b: the two zones are already linked',
        'map/edges.toml: barbaricum: -: zone cannot be reached from roma',
        'peoples.toml: germani: entry_fronts: no land path to the rhine Front',
    ]


def test_an_open_sea_joins_zones_but_gives_no_land_path(tmp_path: Path) -> None:
    """the connectivity check sails the open seas (barbaricum is reached by the Mare), the entry-Front check does not."""
    edits = {   'map/edges.toml': [   (   '[[edge]]\n'
                                  'a = "castra"\n'
                                  'b = "barbaricum"\n'
                                  'river = "rhenus"\n'
                                  'provenance = "rules"\n',
                                  '')],
        'map/straits.toml': [('a = "barbaricum"\nb = "roma"', 'a = "castra"\nb = "roma"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/straits.toml: castra-roma: a/b: the two zones are already linked',
        'peoples.toml: germani: entry_fronts: no land path to the rhine Front',
    ]


def test_shapes_and_links_must_agree(tmp_path: Path) -> None:
    """check_geometry: a link between shapes that do not touch, a strait between shapes that touch, a coast zone away from its sea, a place outside its zone."""
    edits = {   'map/coasts.toml': [   (   '[[coast]]\nsea = "oceanus"\nzones = ["barbaricum"]',
                                   '[[coast]]\nsea = "oceanus"\nzones = ["barbaricum", "roma"]')],
        'map/edges.toml': [('a = "roma"\nb = "castra"\ncorner = true', 'a = "roma"\nb = "barbaricum"')],
        'map/straits.toml': [('a = "barbaricum"\nb = "roma"', 'a = "castra"\nb = "roma"')],
        'map/zones.toml': [('place = [16, 42]', 'place = [12, 42]')]}
    assert problems(tiny(tmp_path, edits), geometry=True) == [
        'map/edges.toml: barbaricum-roma: a/b: linked but the shapes do not touch',
        'map/straits.toml: castra-roma: a/b: a strait between zones that touch',
        'map/coasts.toml: oceanus: zones: roma does not touch the sea zone',
        "map/zones.toml: castra: place: outside the zone's shape",
    ]


def test_touching_shapes_need_an_edge(tmp_path: Path) -> None:
    """check_geometry: Roma and Castra touch, so removing their edge is a problem."""
    edits = {'map/edges.toml': [('[[edge]]\na = "roma"\nb = "castra"\ncorner = true\n', '')]}
    assert problems(tiny(tmp_path, edits), geometry=True) == [
        'map/edges.toml: castra-roma: a/b: the shapes touch but no edge links them',
    ]


def test_the_geometry_is_checked_only_when_the_rest_is_sound(tmp_path: Path) -> None:
    """load_data(geometry=True) skips the shape checks when other problems were found (they would only repeat them)."""
    edits = {   'map/edges.toml': [('[[edge]]\na = "roma"\nb = "castra"\ncorner = true\n', '')],
        'peoples.toml': [('note = "a note"', 'note = 5')]}
    assert problems(tiny(tmp_path, edits), geometry=True) == [
        'peoples.toml: germani: note: expected str, got int',
    ]


def test_an_empty_id_is_reported_once_and_the_entry_skipped(tmp_path: Path) -> None:
    """A required string left blank is one problem; the entry is not loaded under a blank id (it
    used to be, and every other field of it was then reported under an empty entry name)."""
    edits = {"map/zones.toml": [('provenance = "history"\n', 'provenance = "history"\n\n[[zone]]\nid = " "\nkind = "interior"\n')]}
    assert problems(tiny(tmp_path, edits)) == ["map/zones.toml:  : id: must not be empty"]


def test_a_wrong_type_is_named_and_a_whole_number_is_a_float(tmp_path: Path) -> None:
    """A boolean where a number is expected, a number where a boolean is; an integer coordinate
    is read as a float."""
    edits = {"counters/leaders.toml": [("cc = 3\nvs = 2", "cc = true\nvs = 2")], "map/rivers.toml": [("major = true", "major = 1")]}
    assert problems(tiny(tmp_path, edits)) == [
        "map/rivers.toml: rhenus: major: expected bool, got int",
        "map/edges.toml: castra-barbaricum: river: 'rhenus' is not a major river",
        "counters/leaders.toml: marcus: cc: expected int, got a boolean",
    ]


def test_missing_and_unreadable_files_are_named(tmp_path: Path) -> None:
    """A missing required file and a file that is not TOML are named, with no entry and no field."""
    edits = {"counters/stratagems.toml": [("count = 2", "count = two")]}
    assert problems(tiny(tmp_path, edits, drop=("counters/materiel.toml",))) == [
        "counters/stratagems.toml: -: -: not valid TOML: Invalid value (at line 7, column 9)",
        "counters/materiel.toml: -: -: file is missing",
        "map/seas.toml: ostia: fleet: unknown fleet 'classis'",
        "tables/stratagems.toml: pax: id: no counters of this type in counters/stratagems.toml",
        "tables/stratagems.toml: ruse: id: no counters of this type in counters/stratagems.toml",
    ]


def test_a_directory_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_data(tmp_path / "nowhere")
    assert info.value.problems == [f"{tmp_path / 'nowhere'}: -: -: not a directory"]


def test_an_array_of_tables_that_is_not_one_is_refused(tmp_path: Path) -> None:
    """counters/stratagems.toml: ``stratagem`` must be an array of tables [[stratagem]]."""
    root = tiny(tmp_path)
    (root / "counters/stratagems.toml").write_text('stratagem = ["ruse"]\n', encoding="utf-8")
    assert problems(root) == [
        "counters/stratagems.toml: -: stratagem: expected an array of tables [[stratagem]]",
        "tables/stratagems.toml: pax: id: no counters of this type in counters/stratagems.toml",
        "tables/stratagems.toml: ruse: id: no counters of this type in counters/stratagems.toml",
    ]


def test_a_directory_needs_scenario_files(tmp_path: Path) -> None:
    assert problems(tiny(tmp_path, drop=("scenarios/01_test.toml",))) == ["scenarios/: -: -: no scenario files"]


def test_each_scenario_file_is_checked(tmp_path: Path) -> None:
    """scenarios/: each file has a [scenario] table, a unique id, an end not before its start,
    initiative years inside it, named leaders still alive (``auto_death``), at most six
    vexillations on the map."""
    root = tiny(tmp_path)
    (root / "scenarios/02_empty.toml").write_text('title = "nothing"\n', encoding="utf-8")
    text = (root / "scenarios/01_test.toml").read_text(encoding="utf-8")
    vex = "".join(f'\n  {{ id = "v{i}", zone = "castra" }},' for i in range(6))
    text = (text.replace("start = 161\nend = 165", "start = 164\nend = 163").replace('"162" = "enemy"', '"163" = "enemy"')
            .replace("year = 163", "year = 164").replace('{ id = "vex", zone = "castra" },', '{ id = "vex", zone = "castra" },' + vex))
    (root / "scenarios/03_again.toml").write_text(text, encoding="utf-8")
    units = (root / "counters/units.toml").read_text(encoding="utf-8") + "".join(
        f'\n[[unit]]\nid = "v{i}"\nname = "V{i}"\nside = "roman"\nkind = "vexillation"\nnationality = "roman"\nfront = "rhine"\n'
        f'full = {{ pf = 4, qu = 3, bt = 0 }}\nreduced = {{ pf = 2, qu = 2, bt = 0 }}\nprovenance = "rules"\n' for i in range(6))
    (root / "counters/units.toml").write_text(units, encoding="utf-8")
    assert problems(root) == [
        "scenarios/02_empty.toml: -: title: unknown field",
        "scenarios/02_empty.toml: -: scenario: missing [scenario] table",
        "scenarios/03_again.toml: test: end: 163 is before the start 164",
        "scenarios/03_again.toml: test: leader[1].id: rex is not in play in 164",
        "scenarios/03_again.toml: test: unit: 7 vexillations on the map (at most 6)",
        "scenarios/03_again.toml: test: initiative.161: key must be a year of the scenario",
        "scenarios/03_again.toml: test: initiative.163: key must be a year of the scenario",
        "scenarios/03_again.toml: test: id: duplicate scenario id",
    ]


def test_defaults_placements_and_rule_parameters(tmp_path: Path) -> None:
    """Values the loader fills in: an edge's provenance falls back to the file's; a legion placed by ``deploy_legions`` may be placed again
    elsewhere; every unit of a Major People the file does not place stands in its home zone
    (§4.1); a rule's list of one zone or one Front becomes a tuple of one."""
    edits = {
        "map/seas.toml": [("place = [16, 38]", "place = [16.5, 38]")],
        "scenarios/01_test.toml": [
            ('{ id = "germ_1", zone = "castra", side = "enemy" },', '{ id = "i_legio", zone = "roma" },'),
            ("\nrules = [", '\nrules = [\n  { kind = "hold_zones", zones = ["roma"], side = "enemy", min_units = 2, with_leader = true,'
                           ' text = "h", provenance = "history" },\n'
                           '  { kind = "usurpation_at", leader = "heres", year = 162, fronts = ["rhine"], text = "u2" },'),
        ],
    }
    data = load_data(tiny(tmp_path, edits), geometry=False)
    assert data.seas["mare"].place == (16.5, 38.0)
    assert [(e.a, e.b, e.provenance) for e in data.edges] == [
        ("barbaricum", "castra", "rules"), ("barbaricum", "roma", "rules"), ("castra", "roma", "history")]
    s = data.scenarios["test"]
    assert [(p.counter, p.zone, p.side) for p in s.units] == [
        ("cohors", "roma", "roman"), ("germ_1", "barbaricum", "enemy"), ("germ_2", "barbaricum", "enemy"),
        ("i_legio", "roma", "roman"), ("vex", "castra", "roman")]
    assert [(r.kind, dict(r.params), r.provenance) for r in s.rules[:2]] == [
        ("hold_zones", {"zones": ("roma",), "side": "enemy", "min_units": 2, "with_leader": True}, "history"),
        ("usurpation_at", {"leader": "heres", "year": 162, "fronts": ("rhine",)}, "design"),
    ]


def test_the_directory_its_files_and_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``resolve_directory``: the argument, else $PRAETOR_DATA_DIR, else the shipped data;
    ``data_files`` every TOML file sorted; the digest covers names and contents, and is the
    loaded data's."""
    root = tiny(tmp_path / "data")
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    assert (resolve_directory(), resolve_directory(str(root))) == (DATA_DIR, root)
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(root))
    assert resolve_directory() == root
    assert [p.relative_to(root).as_posix() for p in data_files()] == sorted(FILES)
    digest = data_hash(root)
    assert load_data(geometry=False).digest == digest and len(digest) == 64
    (root / "notes.txt").write_text("not data", encoding="utf-8")
    assert data_hash(root) == digest
    (root / "map/rivers.toml").rename(root / "map/streams.toml")
    assert data_hash(root) != digest
    assert tables_root(root) == root and tables_root(tmp_path) == DATA_DIR


def test_the_summary_counts_each_kind(tmp_path: Path) -> None:
    """``praetor data check``'s summary: one count per line, singular or plural."""
    assert summary_lines(load_data(tiny(tmp_path), geometry=False)) == [
        "3 land zones", "2 sea zones", "3 edges", "1 river crossing", "1 strait", "2 peoples", "5 leaders",
        "6 units", "3 stratagems", "2 stratagem types", "1 scenario",
    ]


def test_unknown_ids_in_edges_and_tables_and_missing_tables(tmp_path: Path) -> None:
    """An edge from an unknown zone is refused each time (never linked, so never "already
    linked"); an unknown leader row, an event with no number (named by its place), an unknown
    partner stratagem; "eor" and "minor" are valid; a missing rule table is named."""
    edits = {
        "map/edges.toml": [('river = "rhenus"\nprovenance = "rules"\n',
                            'river = "rhenus"\nprovenance = "rules"\n\n[[edge]]\na = "ultima"\nb = "roma"\n\n'
                            '[[edge]]\na = "ultima"\nb = "roma"\n')],
        "tables/leader_table.toml": [('id = "rex"\nentry = 161', 'id = "rex"\nentry = 161\n\n[[leaders]]\nid = "nemo"')],
        "tables/events.toml": [('battle_bonus_side = "rome" }',
                                'battle_bonus_side = "eor" }\n\n[[events]]\neffects = { reduce_nationality = "elvish" }\n\n'
                                '[[events]]\nnumber = 3\neffects = { reduce_units_in_zones = ["nusquam"] }')],
        "tables/stratagems.toml": [('cancelled_by = "pax", people_kind = "major"', 'cancelled_by = "nemo", people_kind = "minor"')],
    }
    assert problems(tiny(tmp_path / "a", edits)) == [
        "map/edges.toml: ultima-roma: a: unknown land zone 'ultima'",
        "map/edges.toml: ultima-roma: a: unknown land zone 'ultima'",
        "tables/leader_table.toml: nemo: id: unknown leader 'nemo'",
        "tables/events.toml: #2: effects.reduce_nationality: unknown nationality 'elvish'",
        "tables/events.toml: 3: effects.reduce_units_in_zones: unknown zone, Front or People 'nusquam'",
        "tables/stratagems.toml: ruse: params.cancelled_by: unknown stratagem 'nemo'",
    ]
    assert problems(tiny(tmp_path / "b", drop=("tables/events.toml", "tables/leader_table.toml"))) == [
        "tables/leader_table.toml: -: -: file is missing",
        "counters/leaders.toml: heres: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: lucius: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: marcus: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: rex: id: no row in tables/leader_table.toml",
        "tables/events.toml: -: -: file is missing",
    ]


def test_rule_tables_that_are_not_arrays_and_an_event_without_effects(tmp_path: Path) -> None:
    """tables/*.toml: ``leaders`` and ``events`` must be arrays of tables (named with their file);
    an event with no ``effects`` has nothing to check."""
    root = tiny(tmp_path, {"tables/events.toml": [("[[events]]\nnumber = 1", "[[events]]\nnumber = 4\n\n[[events]]\nnumber = 1")]})
    assert load_data(root, geometry=False).scenarios["test"].number == 1
    (root / "tables/events.toml").write_text("events = 3\n", encoding="utf-8")
    (root / "tables/leader_table.toml").write_text("leaders = 3\n", encoding="utf-8")
    assert problems(root) == [
        "tables/leader_table.toml: -: leaders: expected an array of tables [[leaders]]",
        "counters/leaders.toml: heres: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: lucius: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: marcus: id: no row in tables/leader_table.toml",
        "counters/leaders.toml: rex: id: no row in tables/leader_table.toml",
        "tables/events.toml: -: events: expected an array of tables [[events]]",
    ]


def test_a_counter_without_its_type_and_a_successor_of_nobody(tmp_path: Path) -> None:
    """counters/stratagems.toml: every counter needs its type in tables/stratagems.toml; the
    leader table's ``after:`` rule names a real leader."""
    edits = {"tables/stratagems.toml": [('\n[[stratagems]]\nid = "pax"\n', "\n")],
             "tables/leader_table.toml": [('entry_rule = "after:marcus"', 'entry_rule = "after:nemo"')]}
    assert problems(tiny(tmp_path, edits)) == [
        "tables/leader_table.toml: heres: entry_rule: unknown leader 'nemo'",
        "tables/stratagems.toml: ruse: params.cancelled_by: unknown stratagem 'pax'",
        "counters/stratagems.toml: pax: id: no such stratagem type in tables/stratagems.toml",
    ]


def test_ratings_take_their_whole_ranges_and_refuse_one_past_each_end(tmp_path: Path) -> None:
    """A unit's full and reduced ratings: PF 1..15, QU 1..3, BT 0..3, both tables required."""
    ends = {'counters/units.toml': [('full = { pf = 6, qu = 2, bt = 0 }\nreduced = { pf = 3, qu = 1, bt = 0 }',
                                     'full = { pf = 15, qu = 3, bt = 3 }\nreduced = { pf = 1, qu = 1, bt = 0 }')]}
    germ = load_data(tiny(tmp_path / "ends", ends)).units["germ_1"]
    assert (germ.full.pf, germ.full.qu, germ.full.bt, germ.reduced.pf, germ.reduced.qu, germ.reduced.bt) == (
        15, 3, 3, 1, 1, 0)
    past = {'counters/units.toml': [('full = { pf = 6, qu = 2, bt = 0 }\nreduced = { pf = 3, qu = 1, bt = 0 }',
                                     'full = { pf = 0, qu = 4, bt = -1, colour = 1 }')]}
    assert problems(tiny(tmp_path / "past", past)) == [
        'counters/units.toml: germ_1: full.pf: 0 is outside 1..15',
        'counters/units.toml: germ_1: full.qu: 4 is outside 1..3',
        'counters/units.toml: germ_1: full.bt: -1 is outside 0..3',
        'counters/units.toml: germ_1: full.colour: unknown field',
        'counters/units.toml: germ_1: reduced: missing',
    ]


def test_each_stratagem_field_is_named_in_its_problem(tmp_path: Path) -> None:
    """counters/stratagems.toml: name, side and phase required, once_per_scenario a boolean,
    provenance and provenance_fields checked, every problem under the counter's id."""
    edits = {'counters/stratagems.toml': [
        ('id = "ruse"\nname = "Ruse"\nside = "both"\nphase = "C"\ncount = 2\nprovenance = "rules"',
         'id = "ruse"\ncount = 2\nonce_per_scenario = "yes"\nprovenance = "guess"\n'
         'provenance_fields = { count = "design", colour = "rules", side = "guess" }')]}
    assert problems(tiny(tmp_path, edits)) == [
        "counters/stratagems.toml: ruse: provenance: 'guess' is not one of rules, history, design",
        'counters/stratagems.toml: ruse: provenance_fields.colour: no such field',
        "counters/stratagems.toml: ruse: provenance_fields.side: 'guess' is not one of rules, history, design",
        'counters/stratagems.toml: ruse: name: missing',
        'counters/stratagems.toml: ruse: side: missing',
        'counters/stratagems.toml: ruse: phase: missing',
        'counters/stratagems.toml: ruse: once_per_scenario: expected bool, got str',
    ]


def test_a_stratagem_keeps_its_provenance_per_field(tmp_path: Path) -> None:
    edits = {'counters/stratagems.toml': [('count = 2\nprovenance = "rules"',
                                           'count = 2\nprovenance = "rules"\nprovenance_fields = { count = "design" }')]}
    ruse = load_data(tiny(tmp_path, edits)).stratagems["ruse"]
    assert (ruse.provenance, ruse.provenance_of("count"), ruse.provenance_of("side")) == ("rules", "design", "rules")


def _summary_of(n: int) -> list[str]:
    """summary_lines of a stand-in holding ``n`` of each kind (every edge a river crossing and a
    strait, every stratagem type one counter): only the counts are read."""
    edges = [SimpleNamespace(river="r", strait="s") for _i in range(n)]
    data = SimpleNamespace(
        zones=dict.fromkeys(range(n)), seas=dict.fromkeys(range(n)), edges=edges,
        peoples=dict.fromkeys(range(n)), leaders=dict.fromkeys(range(n)), units=dict.fromkeys(range(n)),
        stratagems={i: SimpleNamespace(count=1) for i in range(n)}, scenarios=dict.fromkeys(range(n)),
    )
    return summary_lines(cast(Any, data))


def test_the_summary_says_one_in_the_singular_and_two_in_the_plural() -> None:
    assert _summary_of(1) == [
        "1 land zone", "1 sea zone", "1 edge", "1 river crossing", "1 strait", "1 people", "1 leader",
        "1 unit", "1 stratagem", "1 stratagem type", "1 scenario",
    ]
    assert _summary_of(2) == [
        "2 land zones", "2 sea zones", "2 edges", "2 river crossings", "2 straits", "2 peoples", "2 leaders",
        "2 units", "2 stratagems", "2 stratagem types", "2 scenarios",
    ]


ARMENIA_AND_ALANI = {'peoples.toml': [('[[people]]\nid = "germani"',
                           '[[people]]\nid = "alani"\nname = "Alani"\nnationality = "sarmatian"\nmajor = false\n'
                           'stacking = "W"\nzones = ["barbaricum"]\ngoes_to_war = false\nprovenance = "design"\n\n'
                           '[[people]]\nid = "armenia"\nname = "Armenia"\nnationality = "persian"\nmajor = true\n'
                           'stacking = "E"\nzones = ["barbaricum"]\nentry_fronts = ["rhine"]\nprovenance = "design"\n\n'
                           '[[people]]\nid = "germani"')],
         'counters/units.toml': [('[[unit]]\nid = "germ_2"',
                                  '[[unit]]\nid = "arm_1"\nname = "Arm 1"\nside = "enemy"\nkind = "armenia"\n'
                                  'nationality = "persian"\npeople = "armenia"\nfull = { pf = 6, qu = 2, bt = 0 }\n'
                                  'reduced = { pf = 3, qu = 1, bt = 0 }\nprovenance = "rules"\n\n[[unit]]\nid = "germ_2"')]}


def test_every_major_people_but_armenia_is_deployed_whatever_sorts_first(tmp_path: Path) -> None:
    """§4.1 deployment of the Major Peoples' unplaced units: a minor People sorting first does not
    stop it, and Armenia (a Major People with its own rules) is not deployed by it."""
    edits = ARMENIA_AND_ALANI
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert [(p.counter, p.zone, p.side) for p in s.units if p.counter.startswith(("germ", "arm"))] == [
        ("germ_1", "castra", "enemy"), ("germ_2", "barbaricum", "enemy")]


UNIT_LIST = 'unit = [\n  { id = "vex", zone = "castra" },\n  { id = "germ_1", zone = "castra", side = "enemy" },\n]\n'


def test_a_leader_with_an_entry_rule_placed_before_his_year(tmp_path: Path) -> None:
    """§2.C: a named leader with an entry rule and a later year, placed at the start, is refused
    twice (not in play, and only enters later)."""
    edits = {'counters/leaders.toml': [('enters = 163\n', 'enters = 163\nentry_rule = "after:marcus"\n')],
             'scenarios/01_test.toml': [('leader = [\n', 'leader = [\n  { id = "lucius", zone = "roma" },\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: leader[0].id: lucius is not in play in 161',
        'scenarios/01_test.toml: test: leader[0].id: lucius only enters in 163',
        'scenarios/01_test.toml: test: rules: lucius is absent from this scenario but placed',
    ]


def test_placement_lists_name_their_own_problems(tmp_path: Path) -> None:
    edits = {'scenarios/01_test.toml': [('{ id = "rex", zone = "barbaricum", side = "enemy" }', '{ id = "rex", side = "enemy" }'),
                                        (UNIT_LIST, 'unit = "vex"\n')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: leader[1].zone: missing',
        'scenarios/01_test.toml: test: unit: expected list, got str',
        'scenarios/01_test.toml: test: leader: rex is in play in 161: place him or list him as absent',
    ]


def test_a_scenario_may_list_no_units(tmp_path: Path) -> None:
    s = load_data(tiny(tmp_path, {'scenarios/01_test.toml': [(UNIT_LIST, '')]}), geometry=False).scenarios["test"]
    assert [(p.counter, p.zone) for p in s.units] == [
        ("cohors", "roma"), ("germ_1", "barbaricum"), ("germ_2", "barbaricum"), ("i_legio", "castra")]


def test_a_deployed_legion_may_be_listed_once_not_twice(tmp_path: Path) -> None:
    """``deploy_legions``: the list may restate a deployed legion's zone once; a second entry is a
    duplicate."""
    twice = '  { id = "i_legio", zone = "castra" },\n  { id = "i_legio", zone = "castra" },\n]\nrules'
    problem = problems(tiny(tmp_path, {'scenarios/01_test.toml': [(']\nrules', twice)]}))
    assert problem == ['scenarios/01_test.toml: test: unit[3]: i_legio is placed more than once']


def test_without_peoples_their_leaders_need_no_place_but_rome_s_do(tmp_path: Path) -> None:
    """use_enemy_peoples = false: a People's named leader in play is not asked for, a Roman one
    still is."""
    edits = {'scenarios/01_test.toml': [
        ('deploy_legions = true', 'deploy_legions = true\nuse_enemy_peoples = false'),
        ('peoples_at_war = ["germani"]\n', ''),
        ('  { id = "marcus", zone = "roma", title = "augustus" },\n  { id = "rex", zone = "barbaricum", side = "enemy" },\n', ''),
        ('augusti = ["marcus"]\n', ''), ('  { kind = "war_at", peoples = ["germani"], year = 163, text = "War." },\n', ''),
        ('  { id = "germ_1", zone = "castra", side = "enemy" },\n', '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: leader: marcus is in play in 161: place him or list him as absent',
    ]


def test_armenia_s_units_may_stand_outside_its_home(tmp_path: Path) -> None:
    """Armenia's units follow their own rules, not those of a People at peace (§4.1)."""
    edits = dict(ARMENIA_AND_ALANI)
    edits['scenarios/01_test.toml'] = [('armenia = "absent"', 'armenia = "parthian"'),
                                       ('  { id = "vex", zone = "castra" },\n', '  { id = "vex", zone = "castra" },\n  { id = "arm_1", zone = "castra", side = "enemy" },\n')]
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert [(p.counter, p.zone) for p in s.units if p.counter == "arm_1"] == [("arm_1", "castra")]


def test_six_vexillations_on_the_map_are_allowed(tmp_path: Path) -> None:
    vex = "".join(f'\n  {{ id = "v{i}", zone = "castra" }},' for i in range(5))
    units = "".join(
        f'\n[[unit]]\nid = "v{i}"\nname = "V{i}"\nside = "roman"\nkind = "vexillation"\nnationality = "roman"\nfront = "rhine"\n'
        f'full = {{ pf = 4, qu = 3, bt = 0 }}\nreduced = {{ pf = 2, qu = 2, bt = 0 }}\nprovenance = "rules"\n' for i in range(5))
    edits = {'scenarios/01_test.toml': [('{ id = "vex", zone = "castra" },', '{ id = "vex", zone = "castra" },' + vex)],
             'counters/units.toml': [('[[unit]]\nid = "vex"', units.lstrip("\n") + '\n[[unit]]\nid = "vex"')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert sum(1 for p in s.units if p.counter.startswith("v")) == 6


def test_the_initiative_table_is_optional_but_must_be_a_table(tmp_path: Path) -> None:
    line = 'initiative = { "161" = "roman", "162" = "enemy" }\n'
    s = load_data(tiny(tmp_path / "none", {'scenarios/01_test.toml': [(line, '')]}), geometry=False).scenarios["test"]
    assert dict(s.initiative) == {}
    assert problems(tiny(tmp_path / "int", {'scenarios/01_test.toml': [(line, 'initiative = 3\n')]})) == [
        'scenarios/01_test.toml: test: initiative: expected dict, got int',
    ]


def test_a_scenario_s_own_fields_name_the_file_and_scenario(tmp_path: Path) -> None:
    """[scenario]: vp and deploy_legions of the wrong type, a bad provenance, an unknown
    provenance field, each under the file and the scenario's id."""
    edits = {'scenarios/01_test.toml': [('vp = { roman = 3, enemy = 1 }', 'vp = 3'),
                                        ('deploy_legions = true', 'deploy_legions = "yes"'),
                                        ('provenance = "design"\nleader', 'provenance = "guess"\nprovenance_fields = { colour = "rules" }\nleader')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: provenance: 'guess' is not one of rules, history, design",
        'scenarios/01_test.toml: test: provenance_fields.colour: no such field',
        'scenarios/01_test.toml: test: deploy_legions: expected bool, got str',
        'scenarios/01_test.toml: test: vp: expected dict, got int',
    ]


def test_a_scenario_without_vp_or_deployment_starts_bare(tmp_path: Path) -> None:
    edits = {'scenarios/01_test.toml': [('vp = { roman = 3, enemy = 1 }\n', ''), ('deploy_legions = true\n', '')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert (dict(s.vp), [p.counter for p in s.units]) == ({}, ["germ_1", "germ_2", "vex"])


# -- session 11: nothing the loader cannot use is accepted in silence (issue 11) ----------------


def test_a_unit_s_placement_holds_no_title(tmp_path: Path) -> None:
    """scenarios: only a leader's placement may carry a title (augustus, caesar, usurper); on a
    unit's it used to be read and dropped."""
    edits = {'scenarios/01_test.toml': [('{ id = "vex", zone = "castra" }', '{ id = "vex", zone = "castra", title = "caesar" }'),
                                        ('{ id = "germ_1", zone = "castra", side = "enemy" }',
                                         '{ id = "germ_1", zone = "castra", side = "enemy", title = "rex" }')]}
    assert problems(tiny(tmp_path, edits)) == [  # a unit's title is not read, so "rex" is not named
        'scenarios/01_test.toml: test: unit[0].title: only a leader holds a title',
        'scenarios/01_test.toml: test: unit[1].title: only a leader holds a title',
    ]


def test_a_duplicate_id_is_reported_and_the_first_entry_kept(tmp_path: Path) -> None:
    """A river, a port box, a fleet, a marker or a coast given twice: one problem each, and the
    second entry is not read (its own bad count or capacity is not reported: it is not kept); the
    entries after it still are."""
    edits = {
        'map/rivers.toml': [('provenance = "design"\n', 'provenance = "design"\n\n[[river]]\nid = "rivus"\nname = "Rivus II"\n'
                                                        'course = []\nprovenance = "design"\n')],
        'map/seas.toml': [('provenance = "history"\n', 'provenance = "history"\n\n[[port]]\nid = "ostia"\nname = "Ostia II"\n'
                                                       'zone = "roma"\nsea = "mare"\nfleet = "classis"\nprovenance = "history"\n')],
        'map/coasts.toml': [('[[coast]]\nsea = "oceanus"', '[[coast]]\nsea = "mare"\nzones = []\n\n[[coast]]\nsea = "oceanus"'),
                            ('zones = ["barbaricum"]', 'zones = ["barbaricum", "nusquam"]')],
        'counters/materiel.toml': [
            ('return_delay = 5\nprovenance = "rules"\n',
             'return_delay = 5\nprovenance = "rules"\n\n[[fleet]]\nid = "classis"\nname = "C2"\nport = "ostia"\ncapacity = 0\n'
             'return_delay = 5\nprovenance = "rules"\n'),
            ('provenance = "design"\n', 'provenance = "design"\n\n[[marker]]\nid = "signum"\nname = "S2"\ncount = 0\nprovenance = "design"\n')],
    }
    assert problems(tiny(tmp_path, edits)) == [
        'map/rivers.toml: rivus: id: duplicate id',
        'map/seas.toml: ostia: id: duplicate id',
        'map/coasts.toml: mare: sea: duplicate id',
        "map/coasts.toml: oceanus: zones: unknown land zone 'nusquam'",
        'counters/materiel.toml: classis: id: duplicate id',
        'counters/materiel.toml: signum: id: duplicate id',
    ]


def test_the_first_of_two_markers_is_the_one_kept() -> None:
    """counters/materiel.toml: a duplicate marker id is reported and the first marker stays (it
    used to be replaced by the second)."""
    from rules.imperator.loader import _Checker, _load_markers

    chk = _Checker()
    doc = {"marker": [{"id": "signum", "name": "S1", "count": 2, "provenance": "design"},
                      {"id": "signum", "name": "S2", "count": 5, "provenance": "rules"}]}
    markers = _load_markers(doc, chk)
    assert [(m.id, m.name, m.count, m.provenance) for m in markers.values()] == [("signum", "S1", 2, "design")]
    assert chk.problems == ["counters/materiel.toml: signum: id: duplicate id"]


def test_an_edge_s_provenance_is_checked_not_replaced(tmp_path: Path) -> None:
    """map/edges.toml: a provenance that is not rules, history or design, the file's or an edge's,
    is a problem (it used to become "design" in silence); an edge's provenance_fields are read."""
    edits = {'map/edges.toml': [('provenance = "history"\n', 'provenance = "legend"\n'),
                                ('river = "rhenus"\nprovenance = "rules"',
                                 'river = "rhenus"\nprovenance = "myth"\nprovenance_fields = { name = "rules" }')],
             'map/coasts.toml': [('provenance = "design"', 'provenance = "guess"')],
             'map/rivers.toml': [('major = true', 'major = true\nprovenance_fields = { width = "design" }')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/rivers.toml: rhenus: provenance_fields.width: no such field',
        "map/edges.toml: -: provenance: 'legend' is not one of rules, history, design",
        "map/edges.toml: castra-barbaricum: provenance: 'myth' is not one of rules, history, design",
        'map/edges.toml: castra-barbaricum: provenance_fields.name: no such field',
        "map/coasts.toml: -: provenance: 'guess' is not one of rules, history, design",
    ]


def test_an_edge_keeps_its_provenance_per_field(tmp_path: Path) -> None:
    """map/edges.toml: ``provenance_fields`` of an edge (the river along it, its corner) is kept;
    without a file-level provenance an edge without its own is "design"."""
    edits = {'map/edges.toml': [('provenance = "history"\n', ''),
                                ('river = "rhenus"\nprovenance = "rules"',
                                 'river = "rhenus"\nprovenance = "rules"\nprovenance_fields = { river = "history", corner = "design" }')]}
    data = load_data(tiny(tmp_path, edits), geometry=False)
    edge = next(e for e in data.edges if e.river)
    assert (edge.provenance, edge.provenance_of("river"), edge.provenance_of("corner"), edge.provenance_of("a")) == (
        "rules", "history", "design", "rules")
    assert [(e.a, e.b, e.provenance) for e in data.edges if not e.river and not e.strait] == [("castra", "roma", "design")]


def test_peoples_at_war_in_a_scenario_without_peoples_are_refused(tmp_path: Path) -> None:
    """scenarios: ``use_enemy_peoples = false`` with Peoples at war is a contradiction the loader
    used to accept (the list was then ignored)."""
    edits = {'scenarios/01_test.toml': [
        ('deploy_legions = true', 'deploy_legions = true\nuse_enemy_peoples = false'),
        ('  { id = "rex", zone = "barbaricum", side = "enemy" },\n', ''),
        ('  { id = "germ_1", zone = "castra", side = "enemy" },\n', '')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: peoples_at_war: this scenario uses no Peoples (use_enemy_peoples = false)',
        'scenarios/01_test.toml: test: rules[1].kind: this scenario uses no Peoples (use_enemy_peoples = false)',
    ]


def test_every_file_names_only_the_tables_the_loader_reads(tmp_path: Path) -> None:
    """A top-level table or field the loader does not read (a misspelt ``[[zones]]``, a stray
    value) is a problem in every data file, never ignored."""
    stray = {rel: [(FILES[rel][:1], 'stray = 1\n' + FILES[rel][:1])] for rel in FILES if not rel.startswith("tables/")}
    found = problems(tiny(tmp_path, stray))
    assert found == [f"{rel}: -: stray: unknown field" for rel in (
        "map/zones.toml", "map/seas.toml", "map/shapes.toml", "map/rivers.toml", "map/edges.toml", "map/straits.toml", "map/coasts.toml",
        "peoples.toml", "counters/leaders.toml", "counters/units.toml", "counters/stratagems.toml",
        "counters/materiel.toml", "scenarios/01_test.toml")]


def test_the_rivers_file_is_checked_for_stray_tables(tmp_path: Path) -> None:
    """map/rivers.toml too: a ``[[rivers]]`` array is not the ``[[river]]`` the loader reads."""
    edits = {'map/rivers.toml': [('[[river]]\nid = "rivus"', '[[rivers]]\nid = "rivus"')]}
    assert problems(tiny(tmp_path, edits)) == ['map/rivers.toml: -: rivers: unknown field']


def test_inner_tables_and_map_entries_take_only_their_fields(tmp_path: Path) -> None:
    """Fields the loader would drop: in a camp, in ``joins``, in a river, a port box, a coast, a
    sea link and a shape; a shape's kind must match its zone."""
    edits = {
        'map/zones.toml': [('{ name = "Nova", year = 170 }', '{ name = "Nova", year = 170, size = 2 }'),
                           ('joins = { front = "rhine", year = 170 }', 'joins = { front = "rhine", year = 170, with = "x" }')],
        'map/rivers.toml': [('major = true', 'major = true\nwidth = 3')],
        'map/seas.toml': [('fleet = "classis"\nprovenance = "history"',
                           'fleet = "classis"\ndepth = 1\nprovenance = "history"\nprovenance_fields = { colour = "design" }')],
        'map/coasts.toml': [('zones = ["barbaricum"]', 'zones = ["barbaricum"]\nlength = 2'),
                            ('b = "mare"', 'b = "mare"\nopen = true')],
        'map/shapes.toml': [('id = "roma"\nrings', 'id = "roma"\nkind = "sea"\nname = "R"\nrings'),
                            ('id = "mare"\nrings', 'id = "mare"\nkind = "land"\nrings'),
                            ('id = "oceanus"\nrings', 'id = "oceanus"\nkind = "lake"\nrings')],
    }
    assert problems(tiny(tmp_path, edits)) == [
        'map/shapes.toml: roma: name: unknown field',
        'map/shapes.toml: roma: kind: roma is a land zone',
        'map/shapes.toml: mare: kind: mare is a sea zone',
        "map/shapes.toml: oceanus: kind: 'lake' is not one of land, sea",
        'map/rivers.toml: rhenus: width: unknown field',
        'map/zones.toml: castra: camps[1].size: unknown field',
        'map/zones.toml: barbaricum: joins.with: unknown field',
        'map/seas.toml: ostia: depth: unknown field',
        'map/seas.toml: ostia: provenance_fields.colour: no such field',
        'map/coasts.toml: oceanus: length: unknown field',
        'map/coasts.toml: sea_link #1: open: unknown field',
    ]


def test_only_legions_and_garrisons_have_a_camp_and_only_people_units_a_people(tmp_path: Path) -> None:
    """counters/units.toml: a camp on a vexillation or a People's unit, a People on a legion, were
    stored and never used."""
    edits = {'counters/units.toml': [
        ('kind = "vexillation"\nnationality = "roman"\nfront = "rhine"',
         'kind = "vexillation"\nnationality = "roman"\nfront = "rhine"\ncamp = "Vetera"'),
        ('camp = "Vetera"\nfull = { pf = 10', 'camp = "Vetera"\npeople = "germani"\nfull = { pf = 10'),
        ('id = "germ_2"\nname = "Germ 2"', 'id = "germ_2"\nname = "Germ 2"\ncamp = "Roma"')]}
    assert problems(tiny(tmp_path, edits)) == [
        'counters/units.toml: i_legio: people: only the units of a People belong to one',
        'counters/units.toml: vex: camp: only legions and garrisons have a home camp',
        'counters/units.toml: germ_2: camp: only legions and garrisons have a home camp',
    ]


def test_a_scenario_rule_s_other_parameters_have_their_types(tmp_path: Path) -> None:
    """scenarios: ``min_units``, ``with_leader``, ``vp`` and ``section`` used to be kept as written;
    the engine reads ``bool(with_leader)``, so "false" would have been true."""
    edits = {'scenarios/01_test.toml': [("\nrules = [", '\nrules = [\n'
        '  { kind = "hold_zones", zones = ["roma"], side = "enemy", min_units = true, with_leader = "false", text = "h" },\n'
        '  { kind = "vp_on_death", leader = "marcus", before = 165, side = "enemy", vp = "3", text = "v" },\n'
        '  { kind = "engine_rule", section = 4, text = "e" },\n'
        '  { kind = "hold_zones", zones = ["roma"], side = "enemy", min_units = 2, with_leader = false, text = "ok" },')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: rules[0].min_units: expected int, got bool',
        'scenarios/01_test.toml: test: rules[0].with_leader: expected bool, got str',
        'scenarios/01_test.toml: test: rules[1].vp: expected int, got str',
        'scenarios/01_test.toml: test: rules[2].section: expected str, got int',
    ]


def test_a_rule_s_year_is_a_number_up_to_the_year_after_the_end(tmp_path: Path) -> None:
    """scenarios: a rule's year written as text, or two years after the end, is refused; the
    year after the end is allowed (166 here)."""
    edits = {'scenarios/01_test.toml': [("\nrules = [", '\nrules = [\n'
        '  { kind = "war_at", peoples = ["germani"], year = "163", text = "w" },\n'
        '  { kind = "war_at", peoples = ["germani"], year = 167, text = "w" },\n'
        '  { kind = "war_at", peoples = ["germani"], year = 166, text = "w" },')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: rules[0].year: '163' is not a year of the scenario (161-165)",
        'scenarios/01_test.toml: test: rules[1].year: 167 is not a year of the scenario (161-165)',
    ]


def test_a_rule_s_list_of_fronts_is_kept_as_a_tuple(tmp_path: Path) -> None:
    """scenarios: ``fronts = ["rhine", "danube"]`` becomes the tuple of both Fronts."""
    edits = {'scenarios/01_test.toml': [("\nrules = [", '\nrules = [\n'
        '  { kind = "usurpation_at", leader = "heres", year = 162, fronts = ["rhine", "danube"], text = "u" },')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert dict(s.rules[0].params) == {"leader": "heres", "year": 162, "fronts": ("rhine", "danube")}


FIRST_ENTRY_WITHOUT_A_STRING_ID = [
    ("map/zones.toml", "zone", []),
    ("map/seas.toml", "sea", []),
    ("map/seas.toml", "port", ["zone: missing", "sea: missing", "provenance: missing"]),
    ("map/shapes.toml", "shape", []),
    ("map/rivers.toml", "river", ["provenance: missing", "course: missing"]),
    ("map/coasts.toml", "coast", []),
    ("peoples.toml", "people", ["nationality: missing", "zones: a People needs at least one starting zone",
                                "entry_fronts: a People that goes to war needs an entry Front", "provenance: missing"]),
    ("counters/leaders.toml", "leader", ["side: missing", "nationality: missing",
                                         "enters: a named leader needs an entry year or an entry_rule", "provenance: missing"]),
    ("counters/units.toml", "unit", ["side: missing", "kind: missing", "nationality: missing", "full: missing",
                                     "reduced: missing", "provenance: missing"]),
    ("counters/stratagems.toml", "stratagem", ["provenance: missing"]),
    ("counters/materiel.toml", "fleet", ["port: missing", "provenance: missing"]),
    ("counters/materiel.toml", "marker", ["provenance: missing"]),
]


@pytest.mark.parametrize(("rel", "key", "more"), FIRST_ENTRY_WITHOUT_A_STRING_ID)
def test_a_first_entry_without_a_string_id_is_named_by_number_and_the_rest_load(
    tmp_path: Path, rel: str, key: str, more: list[str]
) -> None:
    """Every file of entries: a first entry whose id is a number is named ``#1`` in each of its
    problems, in this file, and the entries after it are still read (no other problem)."""
    text = FILES[rel]
    first = text.index(f"[[{key}]]")
    id_key = "sea" if key == "coast" else "id"
    root = tiny(tmp_path)
    (root / rel).write_text(text[:first] + f"[[{key}]]\n{id_key} = 5\n\n" + text[first:], encoding="utf-8")
    assert problems(root) == [f"{rel}: #1: {id_key}: expected str, got int"] + [f"{rel}: #1: {m}" for m in more]


@pytest.mark.parametrize(("rel", "key"), [(rel, key) for rel, key, _ in FIRST_ENTRY_WITHOUT_A_STRING_ID]
                         + [("map/edges.toml", "edge"), ("map/straits.toml", "strait"), ("map/coasts.toml", "sea_link")])
def test_entries_that_are_not_an_array_of_tables_are_named_in_their_file(tmp_path: Path, rel: str, key: str) -> None:
    """Every file of entries: ``key = 3`` instead of ``[[key]]`` is the first problem, in this file."""
    root = tiny(tmp_path)
    head, *blocks = ("\n" + FILES[rel]).split("\n[[")  # the top-level fields, then each [[table]]
    others = "".join("\n[[" + b for b in blocks if not b.startswith(f"{key}]]"))
    (root / rel).write_text(f"{key} = 3\n" + head + others, encoding="utf-8")
    assert problems(root)[0] == f"{rel}: -: {key}: expected an array of tables [[{key}]]"


def test_every_loaded_entry_carries_its_own_id(tmp_path: Path) -> None:
    """Each table of the loaded data is keyed by the id its entries carry."""
    data = load_data(tiny(tmp_path), geometry=False)
    for name in ("zones", "seas", "ports", "rivers", "peoples", "leaders", "units", "stratagems", "fleets", "markers", "scenarios"):
        table = getattr(data, name)
        assert [v.id for v in table.values()] == list(table), name
    assert list(data.rivers) == ["rhenus", "rivus"]


def test_each_zone_field_of_the_wrong_kind_is_named(tmp_path: Path) -> None:
    """map/zones.toml: a kind, Front or region that is not one, a provenance that is not one or
    names an unknown field, lists written as strings, camps or joins that are not tables; the
    legions and the People that lose their zone say so."""
    edits = {'map/zones.toml': [
        ('kind = "interior"\nplace = [12, 42]', 'kind = "city"\nplace = [12, 42]'),
        ('aliases = ["Urbs"]', 'aliases = "Urbs"'),
        ('cities = ["Roma"]\nports = ["ostia"]\nprovenance = "rules"\nprovenance_fields = { place = "history" }',
         'cities = "Roma"\nports = "ostia"\nprovenance = "myth"\nprovenance_fields = { colour = "history" }'),
        ('front = "rhine"\nplace = [16, 42]\ncamps = [{ name = "Vetera" }, { name = "Nova", year = 170 }]',
         'front = "nile"\nplace = [16, 42]\ncamps = 3'),
        ('region = "germania"\njoins = { front = "rhine", year = 170 }', 'region = "thule"\njoins = 3'),
    ]}
    assert problems(tiny(tmp_path, edits)) == [
        "map/zones.toml: roma: kind: 'city' is not one of front, interior, outside",
        "map/zones.toml: roma: provenance: 'myth' is not one of rules, history, design",
        'map/zones.toml: roma: provenance_fields.colour: no such field',
        'map/zones.toml: roma: aliases: expected list, got str',
        'map/zones.toml: roma: cities: expected list, got str',
        'map/zones.toml: roma: ports: expected list, got str',
        "map/zones.toml: castra: front: 'nile' is not one of british, rhine, danube, orient, southern",
        'map/zones.toml: castra: front: a Front zone needs a front',
        'map/zones.toml: castra: camps: expected list, got int',
        'map/zones.toml: barbaricum: joins: expected dict, got int',
        "map/zones.toml: barbaricum: region: 'thule' is not one of germania, britannia, africa",
        "counters/units.toml: i_legio: camp: no zone has the camp or city 'Vetera'",
        "counters/units.toml: ii_legio: camp: no zone has the camp or city 'Nova'",
        "counters/units.toml: cohors: camp: no zone has the camp or city 'Roma'",
        'peoples.toml: germani: entry_fronts: no land path to the rhine Front',
    ]


def test_a_zone_that_joins_no_front_and_a_river_s_own_provenances(tmp_path: Path) -> None:
    """A zone without ``joins`` joins no Front (None, not an empty name); a river keeps its
    ``provenance_fields``."""
    edits = {'map/rivers.toml': [('major = true', 'major = true\nprovenance_fields = { course = "design" }')]}
    data = load_data(tiny(tmp_path, edits), geometry=False)
    assert (data.zones["roma"].joins_front, data.zones["roma"].joins_year) == (None, None)
    rh = data.rivers["rhenus"]
    assert (rh.provenance_of("course"), rh.provenance_of("name")) == ("design", "history")


def test_fields_of_the_wrong_type_in_ports_edges_straits_coasts_and_materiel(tmp_path: Path) -> None:
    """map/seas.toml (a port box), map/edges.toml, map/straits.toml, map/coasts.toml and
    counters/materiel.toml: each field of the wrong type is named in its file and entry."""
    edits = {
        'map/seas.toml': [('name = "Ostia"\nzone = "roma"\nsea = "mare"\nfleet = "classis"', 'name = 3\nzone = 3\nsea = 3\nfleet = 3')],
        'map/edges.toml': [('river = "rhenus"', 'river = 3'), ('corner = true', 'corner = "yes"')],
        'map/straits.toml': [('name = "Fretum"', 'name = 3')],
        'map/coasts.toml': [('zones = ["barbaricum"]', 'zones = "barbaricum"'), ('[[sea_link]]\na = "oceanus"', '[[sea_link]]\na = 3')],
        'counters/materiel.toml': [
            ('name = "Classis"\nport = "ostia"\ncapacity = 3\nreturn_delay = 5', 'name = 3\nport = 3\ncapacity = "3"\nreturn_delay = 0'),
            ('name = "Signum"\ncount = 2\nnote = "a marker"', 'name = 3\ncount = "2"\nnote = 3')],
    }
    assert problems(tiny(tmp_path, edits)) == [
        'map/seas.toml: ostia: zone: expected str, got int',
        'map/seas.toml: ostia: sea: expected str, got int',
        'map/seas.toml: ostia: name: expected str, got int',
        'map/seas.toml: ostia: fleet: expected str, got int',
        "map/zones.toml: roma: ports: port box 'ostia' belongs to zone ''",
        'map/edges.toml: roma-castra: corner: expected bool, got str',
        'map/edges.toml: castra-barbaricum: river: expected str, got int',
        'map/straits.toml: strait #1: name: expected str, got int',
        'map/coasts.toml: oceanus: zones: expected list, got str',
        'map/coasts.toml: sea_link #1: a: expected str, got int',
        'counters/materiel.toml: classis: port: expected str, got int',
        'counters/materiel.toml: classis: name: expected str, got int',
        'counters/materiel.toml: classis: capacity: expected int, got str',
        'counters/materiel.toml: classis: return_delay: 0 is outside 1..20',
        'counters/materiel.toml: signum: name: expected str, got int',
        'counters/materiel.toml: signum: count: expected int, got str',
        'counters/materiel.toml: signum: note: expected str, got int',
    ]


def test_a_first_link_without_its_zones_is_named_and_the_rest_load(tmp_path: Path) -> None:
    """map/edges.toml, map/straits.toml, map/coasts.toml: a first edge, strait or sea link whose
    zone is a number is named by its number, and the links after it are still read."""
    edits = {
        'map/edges.toml': [('[[edge]]', '[[edge]]\na = 3\nb = "roma"\n\n[[edge]]')],
        'map/straits.toml': [('[[strait]]', '[[strait]]\na = 3\nb = 3\nname = "F"\n\n[[strait]]'),
                             ('provenance = "rules"', 'provenance = "myth"')],
        'map/coasts.toml': [('[[sea_link]]', '[[sea_link]]\na = 3\nb = "mare"\n\n[[sea_link]]'),
                            ('[[coast]]\nsea = "mare"\nzones = ["roma"', '[[coast]]\nsea = 5\n\n[[coast]]\nsea = "mare"\nzones = ["nusquam", "roma"')],
    }
    assert problems(tiny(tmp_path, edits)) == [  # the second entry's problem shows it was read
        'map/edges.toml: edge #1: a: expected str, got int',
        'map/straits.toml: strait #1: a: expected str, got int',
        'map/straits.toml: strait #1: b: expected str, got int',
        "map/straits.toml: barbaricum-roma: provenance: 'myth' is not one of rules, history, design",
        'map/coasts.toml: #1: sea: expected str, got int',
        "map/coasts.toml: mare: zones: unknown land zone 'nusquam'",
        'map/coasts.toml: sea_link #1: a: expected str, got int',
    ]


def test_a_port_box_keeps_its_provenance_per_field(tmp_path: Path) -> None:
    """map/seas.toml: a port box's ``provenance_fields`` is kept."""
    edits = {'map/seas.toml': [('fleet = "classis"\nprovenance = "history"',
                                'fleet = "classis"\nprovenance = "history"\nprovenance_fields = { fleet = "design" }')]}
    ostia = load_data(tiny(tmp_path, edits), geometry=False).ports["ostia"]
    assert (ostia.provenance_of("fleet"), ostia.provenance_of("zone")) == ("design", "history")


def test_a_fleet_and_a_marker_keep_their_provenance_per_field(tmp_path: Path) -> None:
    """counters/materiel.toml: a fleet's and a marker's ``provenance_fields`` are kept."""
    edits = {'counters/materiel.toml': [
        ('return_delay = 5\nprovenance = "rules"', 'return_delay = 5\nprovenance = "rules"\nprovenance_fields = { capacity = "design" }'),
        ('note = "a marker"\nprovenance = "design"', 'note = "a marker"\nprovenance = "design"\nprovenance_fields = { count = "rules" }')]}
    data = load_data(tiny(tmp_path, edits), geometry=False)
    fl, mk = data.fleets["classis"], data.markers["signum"]
    assert (fl.provenance_of("capacity"), fl.provenance_of("port"), mk.provenance_of("count"), mk.provenance_of("name")) == (
        "design", "rules", "rules", "design")


def test_a_strait_keeps_its_provenance_per_field(tmp_path: Path) -> None:
    """map/straits.toml: a strait's ``provenance_fields`` is kept."""
    edits = {'map/straits.toml': [('provenance = "rules"', 'provenance = "rules"\nprovenance_fields = { name = "design" }')]}
    strait = next(e for e in load_data(tiny(tmp_path, edits), geometry=False).edges if e.strait)
    assert (strait.strait, strait.provenance_of("name"), strait.provenance_of("a")) == ("Fretum", "design", "rules")


LEGION = ('\n[[unit]]\nid = "{id}"\nname = "{id}"\nside = "roman"\nkind = "legion"\nnationality = "roman"\nfront = "rhine"\n'
          'camp = "{camp}"\n{more}full = {{ pf = 10, qu = 2, bt = 1 }}\nreduced = {{ pf = 5, qu = 1, bt = 0 }}\nprovenance = "rules"\n')


def test_a_legion_s_camp_is_checked_in_its_first_year_and_only_legions_and_vexillations_have_a_front(tmp_path: Path) -> None:
    """counters/units.toml: a legion arriving in 170 may camp in a zone that joins its Front in
    170; a legion there from the start may not use a camp built in 162; a garrison has no Front
    (it used to be accepted and kept)."""
    edits = {
        'map/zones.toml': [
            ('camps = [{ name = "Vetera" }, { name = "Nova", year = 170 }]',
             'camps = [{ name = "Vetera" }, { name = "Nova", year = 170 }, { name = "Prima", year = 162 }]'),
            ('region = "germania"', 'region = "germania"\ncamps = [{ name = "Ultra", year = 170 }]')],
        'counters/units.toml': [
            ('camp = "Roma"', 'camp = "Roma"\nfront = "rhine"'),
            ('provenance_fields = { pf = "design" }\n', 'provenance_fields = { pf = "design" }\n'
             + LEGION.format(id="iii_legio", camp="Ultra", more="arrives = 170\n") + LEGION.format(id="iv_legio", camp="Prima", more=""))],
    }
    assert problems(tiny(tmp_path, edits)) == [
        'counters/units.toml: cohors: front: only legions and vexillations belong to a Front',
        'counters/units.toml: iv_legio: arrives: camp Prima only exists from 162',
    ]


def test_a_coasts_file_needs_no_provenance_of_its_own(tmp_path: Path) -> None:
    """map/coasts.toml: the file-level provenance is optional (the coasts are generated)."""
    edits = {'map/coasts.toml': [('provenance = "design"\n', '')]}
    assert dict(load_data(tiny(tmp_path, edits), geometry=False).coasts) == {
        "mare": ("roma", "castra", "barbaricum"), "oceanus": ("barbaricum",)}


# -- session 11, the survivors of the lead's continued run (branch loadersurv) -----------------

SCN = "scenarios/01_test.toml"


def test_every_scenario_field_of_the_wrong_type_is_named_under_its_file_and_scenario(tmp_path: Path) -> None:
    edits = {SCN: [('number = 1', 'number = "one"'), ('title = "Test"', 'title = 3'),
                   ('reconstructed = true', 'reconstructed = "yes"'), ('summary = "a summary"', 'summary = 5'),
                   ('augusti = ["marcus"]', 'augusti = "marcus"\ncaesars = "c"\nusurpers = "u"\nuse_enemy_peoples = "no"'),
                   ('armenia = "absent"', 'armenia = 1'),
                   ('peoples_at_war = ["germani"]', 'peoples_at_war = "germani"'), ('use_events = false', 'use_events = 0'),
                   ('use_stratagems = true', 'use_stratagems = 0'), ('use_leader_table = false', 'use_leader_table = 0'),
                   ('special_rules = ["one"]', 'special_rules = "one"'), ('victory = ["two"]', 'victory = "two"'),
                   ('\nrules = [', '\nrules = "none"\nold_rules = [')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: old_rules: unknown field',
        'scenarios/01_test.toml: test: armenia: expected str, got int',
        'scenarios/01_test.toml: test: use_enemy_peoples: expected bool, got str',
        'scenarios/01_test.toml: test: augusti: expected list, got str',
        'scenarios/01_test.toml: test: caesars: expected list, got str',
        'scenarios/01_test.toml: test: usurpers: expected list, got str',
        "scenarios/01_test.toml: test: augustus: leader titles ['marcus'] differ from the list []",
        'scenarios/01_test.toml: test: peoples_at_war: expected list, got str',
        'scenarios/01_test.toml: test: unit: germ_1: a People at peace stays in its home zones (§4.1)',
        'scenarios/01_test.toml: test: rules: expected list, got str',
        'scenarios/01_test.toml: test: number: expected int, got str',
        'scenarios/01_test.toml: test: title: expected str, got int',
        'scenarios/01_test.toml: test: reconstructed: expected bool, got str',
        'scenarios/01_test.toml: test: summary: expected str, got int',
        'scenarios/01_test.toml: test: use_events: expected bool, got int',
        'scenarios/01_test.toml: test: use_stratagems: expected bool, got int',
        'scenarios/01_test.toml: test: use_leader_table: expected bool, got int',
        'scenarios/01_test.toml: test: special_rules: expected list, got str',
        'scenarios/01_test.toml: test: victory: expected list, got str',
    ]


def test_a_scenario_without_a_string_id_is_named_by_number_and_not_kept(tmp_path: Path) -> None:
    assert problems(tiny(tmp_path, {SCN: [('id = "test"', 'id = 7')]})) == [
        "scenarios/01_test.toml: #1: id: expected str, got int"]


def test_a_scenario_s_optional_fields_take_their_defaults(tmp_path: Path) -> None:
    """number 0 is allowed; no summary or switches: "" and every switch on;
    the scenario's provenance per field kept."""
    edits = {SCN: [('number = 1', 'number = 0'), ('summary = "a summary"\n', ''),
                   ('use_events = false\n', ''), ('use_stratagems = true\n', ''), ('use_leader_table = false\n', ''),
                   ('provenance = "design"\nleader', 'provenance = "design"\nprovenance_fields = { title = "history" }\nleader')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert (s.number, s.summary, s.use_events, s.use_stratagems, s.use_leader_table) == (0, "", True, True, True)
    assert (dict(s.provenance_fields), s.provenance_of("title"), s.provenance_of("end")) == (
        {"title": "history"}, "history", "design")


def test_a_scenario_s_switches_and_choices_are_read_as_written(tmp_path: Path) -> None:
    """armenia "roman" written out, stratagems, enemy Peoples and the reconstructed flag off, a
    history provenance, a scenario one year long whose initiative names its last year."""
    edits = {SCN: [('number = 1', 'number = 99'), ('end = 165', 'end = 161'), ('reconstructed = true', 'reconstructed = false'),
                   ('armenia = "absent"', 'armenia = "roman"'), ('peoples_at_war = ["germani"]\n', ''),
                   ('use_stratagems = true', 'use_stratagems = false\nuse_enemy_peoples = false'),
                   ('initiative = { "161" = "roman", "162" = "enemy" }', 'initiative = { "161" = "enemy" }'),
                   ('provenance = "design"\nleader', 'provenance = "history"\nleader'),
                   ('  { id = "rex", zone = "barbaricum", side = "enemy" },\n', ''),
                   ('  { id = "germ_1", zone = "castra", side = "enemy" },\n', ''),
                   ('{ kind = "war_at", peoples = ["germani"], year = 163, text = "War." }',
                    '{ kind = "usurpation_at", leader = "heres", year = 162, fronts = ["rhine"], text = "U." }')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert (s.number, s.start, s.end, s.reconstructed, s.armenia, s.use_stratagems, s.use_enemy_peoples) == (
        99, 161, 161, False, "roman", False, False)
    assert (dict(s.initiative), s.provenance) == ({161: "enemy"}, "history")


def test_a_parthian_armenia_is_allowed_and_a_hundredth_number_refused(tmp_path: Path) -> None:
    edits = {SCN: [('number = 1', 'number = 100'), ('armenia = "absent"', 'armenia = "parthian"')]}
    assert problems(tiny(tmp_path, edits)) == ["scenarios/01_test.toml: test: number: 100 is outside 0..99"]


SEAS = "map/seas.toml"


def test_each_sea_field_of_the_wrong_kind_is_named_under_its_sea(tmp_path: Path) -> None:
    edits = {SEAS: [('name = "Mare"', 'name = 3'), ('open = true', 'open = "yes"'), ('place = [16, 38]', 'place = "here"'),
                    ('provenance = "rules"', 'provenance = "guess"'), ('place = [24, 40]', 'place = [true, 40]')]}
    assert problems(tiny(tmp_path, edits)) == [
        "map/seas.toml: mare: provenance: 'guess' is not one of rules, history, design",
        'map/seas.toml: mare: name: expected str, got int',
        'map/seas.toml: mare: open: expected bool, got str',
        'map/seas.toml: mare: place: expected list, got str',
        'map/seas.toml: oceanus: place: expected [longitude, latitude]',
    ]


def test_a_sea_keeps_its_provenance_per_field_its_seeds_and_a_place_on_the_edge_of_the_globe(tmp_path: Path) -> None:
    edits = {SEAS: [('place = [16, 38]\nprovenance = "rules"',
                     'place = [-180, -90]\nseeds = [[16, 38]]\nprovenance = "rules"\nprovenance_fields = { name = "history" }'),
                    ('place = [24, 40]', 'place = [180, 90]')]}
    data = load_data(tiny(tmp_path, edits), geometry=False)
    mare, oce = data.seas["mare"], data.seas["oceanus"]
    assert (mare.place, oce.place, dict(mare.provenance_fields), mare.provenance_of("name")) == (
        (-180.0, -90.0), (180.0, 90.0), {"name": "history"}, "history")


@pytest.mark.parametrize(("mare", "oceanus", "shown"), [
    ("[-180.5, 38]", "[180.5, 40]", ("[-180.5, 38.0]", "[180.5, 40.0]")),
    ("[16, -90.5]", "[24, 90.5]", ("[16.0, -90.5]", "[24.0, 90.5]")),
], ids=["longitude", "latitude"])  # plain ids: mutmut passes test ids to pytest, and brackets or spaces lose them
def test_a_place_one_half_degree_off_the_globe_is_refused(tmp_path: Path, mare: str, oceanus: str, shown: tuple[str, str]) -> None:
    edits = {SEAS: [('place = [16, 38]', f'place = {mare}'), ('place = [24, 40]', f'place = {oceanus}')]}
    assert problems(tiny(tmp_path, edits)) == [
        f"map/seas.toml: mare: place: {shown[0]} is not a longitude/latitude",
        f"map/seas.toml: oceanus: place: {shown[1]} is not a longitude/latitude",
    ]


def test_an_entry_rule_names_the_whole_leader_after_the_first_colon(tmp_path: Path) -> None:
    edits = {"tables/leader_table.toml": [('entry_rule = "after:marcus"', 'entry_rule = "after:marcus:x"')]}
    assert problems(tiny(tmp_path, edits)) == [
        "tables/leader_table.toml: heres: entry_rule: unknown leader 'marcus:x'",
    ]


def test_the_digest_is_sha256_over_each_file_s_name_and_bytes_each_ended_by_a_zero_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tiny(tmp_path / "data")
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    h = hashlib.sha256()
    for rel in sorted(FILES):
        h.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    assert data_hash(root) == h.hexdigest()


def test_every_field_of_a_scenario_rule_after_an_unknown_one_is_checked(tmp_path: Path) -> None:
    edits = {SCN: [('{ kind = "war_at", peoples = ["germani"], year = 163,', '{ kind = "war_at", colour = 1, peoples = ["germani"], year = 1,')]}
    assert problems(tiny(tmp_path, edits)) == [
        'scenarios/01_test.toml: test: rules[1].colour: unknown field for war_at',
        'scenarios/01_test.toml: test: rules[1].year: 1 is not a year of the scenario (161-165)',
    ]


LUCIUS_IN_163 = [('start = 161', 'start = 163'), ('initiative = { "161" = "roman", "162" = "enemy" }', 'initiative = { "163" = "roman" }'),
                 ('  { kind = "absent", leaders = ["lucius"], text = "Lucius is gone.", provenance = "rules" },\n', '')]


@pytest.mark.parametrize(("key", "title", "listed"), [
    ("augusti", "augustus", ("marcus", "lucius")), ("caesars", "caesar", ("lucius",)), ("usurpers", "usurper", ("lucius",))])
def test_two_augusti_a_caesar_and_a_usurper_are_loaded_with_their_titles(
    tmp_path: Path, key: str, title: str, listed: tuple[str, ...]
) -> None:
    """A scenario of 163 places Lucius with a title: a second augustus (two are allowed), or a
    caesar, or a usurper beside the one augustus."""
    names = ", ".join(f'"{n}"' for n in listed)
    lists = 'augusti = ["marcus", "lucius"]' if key == "augusti" else f'augusti = ["marcus"]\n{key} = [{names}]'
    edits = {SCN: [*LUCIUS_IN_163, ('augusti = ["marcus"]', lists),
                   ('  { id = "rex",', f'  {{ id = "lucius", zone = "roma", title = "{title}" }},\n  {{ id = "rex",')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert getattr(s, key) == listed
    assert [(p.counter, p.title) for p in s.leaders if p.counter in ("marcus", "lucius")] == [
        ("lucius", title), ("marcus", "augustus")]


def test_a_roman_armenia_unit_is_refused_like_a_roman_people_unit(tmp_path: Path) -> None:
    edits = {"counters/units.toml": [('id = "germ_1"\nname = "Germ 1"\nside = "enemy"\nkind = "people"',
                                      'id = "germ_1"\nname = "Germ 1"\nside = "roman"\nkind = "armenia"')]}
    assert problems(tiny(tmp_path, edits)) == [
        "counters/units.toml: germ_1: side: units of the Peoples belong to the Enemies of Rome"]


TITUS = '[[leader]]\nid = "titus"\nname = "Titus"\nside = "roman"\nnationality = "roman"\ncc = 1\nvs = 1\nbt = 0\ncp = 1\nenters = 161\nprovenance = "rules"\n\n'


def test_a_roman_leader_after_a_people_s_leader_is_still_asked_for_without_peoples(tmp_path: Path) -> None:
    """use_enemy_peoples = false: Rex (a People's king) is skipped, and Titus, a Roman in play
    listed after him, is still asked for."""
    edits = {SCN: [('deploy_legions = true', 'deploy_legions = true\nuse_enemy_peoples = false'),
                   ('peoples_at_war = ["germani"]\n', ''),
                   ('  { id = "rex", zone = "barbaricum", side = "enemy" },\n', ''),
                   ('  { id = "germ_1", zone = "castra", side = "enemy" },\n', ''), ('  { kind = "war_at", peoples = ["germani"], year = 163, text = "War." },\n', '')],
             "counters/leaders.toml": [('[[leader]]\nid = "dux"', TITUS + '[[leader]]\nid = "dux"')],
             "tables/leader_table.toml": [('[[leaders]]\nid = "rex"', '[[leaders]]\nid = "titus"\nentry = 161\n\n[[leaders]]\nid = "rex"')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: leader: titus is in play in 161: place him or list him as absent"]


def test_an_absent_rule_without_its_leaders_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    edits = {SCN: [('{ kind = "absent", leaders = ["lucius"],', '{ kind = "absent",')]}
    assert problems(tiny(tmp_path, edits)) == ["scenarios/01_test.toml: test: rules[0].leaders: missing"]


COUNTER_FIELDS_OF_THE_WRONG_TYPE = {
    "counters/leaders.toml": [('name = "Marcus"\naliases = ["Marc"]', 'name = 1\naliases = "Marc"\npeople = 2'),
                              ('enters = 161\nprovenance = "rules"', 'enters = 218\nentry_rule = 3\ngeneric = "no"\nprovenance = "rules"\nprovenance_fields = { colour = "rules" }')],
    "peoples.toml": [('name = "Germani"', 'name = 1'), ('major = true', 'major = "yes"'), ('stacking = "E"', 'stacking = 2'),
                     ('zones = ["barbaricum"]', 'zones = "barbaricum"'), ('entry_fronts = ["rhine"]', 'entry_fronts = "rhine"\ngoes_to_war = 1')],
    "counters/units.toml": [('name = "I Legio"', 'name = 1'), ('front = "rhine"\ncamp = "Vetera"', 'front = 4\ncamp = 5\npeople = 6\narrives = 218'),
                            ('provenance = "rules"', 'provenance = "rules"\nprovenance_fields = { colour = "rules" }')],
}


def test_every_counter_and_people_field_of_the_wrong_type_is_named_under_its_file_and_entry(tmp_path: Path) -> None:
    assert problems(tiny(tmp_path, COUNTER_FIELDS_OF_THE_WRONG_TYPE)) == [
        'peoples.toml: germani: zones: expected list, got str',
        'peoples.toml: germani: zones: a People needs at least one starting zone',
        'peoples.toml: germani: entry_fronts: expected list, got str',
        'peoples.toml: germani: goes_to_war: expected bool, got int',
        'peoples.toml: germani: entry_fronts: a People that goes to war needs an entry Front',
        'peoples.toml: germani: name: expected str, got int',
        'peoples.toml: germani: major: expected bool, got str',
        'peoples.toml: germani: stacking: expected str, got int',
        'counters/leaders.toml: marcus: people: expected str, got int',
        'counters/leaders.toml: marcus: enters: 218 is outside 161..217',
        'counters/leaders.toml: marcus: entry_rule: expected str, got int',
        'counters/leaders.toml: marcus: generic: expected bool, got str',
        'counters/leaders.toml: marcus: provenance_fields.colour: no such field',
        'counters/leaders.toml: marcus: name: expected str, got int',
        'counters/leaders.toml: marcus: aliases: expected list, got str',
        'counters/units.toml: i_legio: front: expected str, got int',
        'counters/units.toml: i_legio: camp: expected str, got int',
        'counters/units.toml: i_legio: people: expected str, got int',
        'counters/units.toml: i_legio: arrives: 218 is outside 0..217',
        'counters/units.toml: i_legio: camp: a legion or garrison unit needs a home camp or city',
        'counters/units.toml: i_legio: provenance_fields.colour: no such field',
        'counters/units.toml: i_legio: name: expected str, got int',
        'scenarios/01_test.toml: test: leader[0].id: marcus is not in play in 161',
        'scenarios/01_test.toml: test: leader[0].id: marcus only enters in 218',
        'tables/leader_table.toml: marcus: entry: 161 differs from counters/leaders.toml (218)',
    ]


def test_a_leader_a_people_and_a_unit_keep_their_provenance_per_field(tmp_path: Path) -> None:
    edits = {"counters/leaders.toml": [('enters = 161\nprovenance = "rules"', 'enters = 161\nprovenance = "history"\nprovenance_fields = { cc = "design" }')],
             "peoples.toml": [('note = "a note"\nprovenance = "rules"', 'note = "a note"\nprovenance = "history"\nprovenance_fields = { stacking = "design" }')],
             "counters/units.toml": [('reduced = { pf = 5, qu = 1, bt = 0 }\nprovenance = "rules"',
                                      'reduced = { pf = 5, qu = 1, bt = 0 }\nprovenance = "history"\nprovenance_fields = { qu = "design", bt = "rules" }')]}
    data = load_data(tiny(tmp_path, edits), geometry=False)
    m, g, i = data.leaders["marcus"], data.peoples["germani"], data.units["i_legio"]
    assert (m.provenance, dict(m.provenance_fields), g.provenance, dict(g.provenance_fields)) == (
        "history", {"cc": "design"}, "history", {"stacking": "design"})
    assert (i.provenance, dict(i.provenance_fields)) == ("history", {"qu": "design", "bt": "rules"})


@pytest.mark.parametrize("kind", ["people", "armenia"])
def test_a_people_s_or_armenia_s_unit_has_no_front(tmp_path: Path, kind: str) -> None:
    edits = {"counters/units.toml": [('id = "germ_1"\nname = "Germ 1"\nside = "enemy"\nkind = "people"',
                                      f'id = "germ_1"\nname = "Germ 1"\nside = "enemy"\nkind = "{kind}"\nfront = "rhine"')]}
    assert problems(tiny(tmp_path, edits)) == ["counters/units.toml: germ_1: front: only legions and vexillations belong to a Front"]


def test_a_rating_of_zero_and_a_people_s_nationality_are_kept(tmp_path: Path) -> None:
    """Heres has VS 0 and BT 0 (allowed: 0..9, 0..5); a Germanic unit stays Germanic."""
    data = load_data(tiny(tmp_path), geometry=False)
    h, g1, g2 = data.leaders["heres"], data.units["germ_1"], data.units["germ_2"]
    assert (h.vs, h.bt, g1.nationality, g2.nationality) == (0, 0, "german", "german")


GERMANI = ('[[people]]\nid = "germani"\nname = "Germani"\nnationality = "german"\nmajor = true\nstacking = "E"\n'
           'zones = ["barbaricum"]\nentry_fronts = ["rhine"]\nprovenance = "rules"\n\n')
RUSE = '[[stratagem]]\nid = "ruse"\nname = "Ruse"\nside = "both"\nphase = "C"\ncount = 2\nprovenance = "rules"\n\n'


def test_the_people_and_the_stratagem_after_a_duplicate_are_still_loaded(tmp_path: Path) -> None:
    """The entries after the duplicates carry a problem of their own, so that they are seen read."""
    edits = {"peoples.toml": [('[[people]]\nid = "nomades"', GERMANI + '[[people]]\nid = "nomades"'),
                              ('stacking = "W"', 'stacking = "X"')],
             "counters/stratagems.toml": [('[[stratagem]]\nid = "pax"', RUSE + '[[stratagem]]\nid = "pax"'),
                                          ('count = 1', 'count = 10')]}
    assert problems(tiny(tmp_path, edits)) == [
        "peoples.toml: germani: id: duplicate id", "peoples.toml: nomades: stacking: 'X' is not one of W, E",
        "counters/stratagems.toml: ruse: id: duplicate id", "counters/stratagems.toml: pax: count: 10 is outside 1..9"]


STRAT_TABLE = "tables/stratagems.toml"
RUSE_ROW = '[[stratagems]]\nid = "ruse"\nparams = { placed_in = "castra", cancelled_by = "pax", people_kind = "major" }'


def test_a_stratagem_row_without_an_id_or_params_is_named_and_the_next_row_checked(tmp_path: Path) -> None:
    edits = {STRAT_TABLE: [(RUSE_ROW, '[[stratagems]]\nid = 7\nparams = 3\n\n' + RUSE_ROW.replace('"castra"', '"nowhere"'))]}
    assert problems(tiny(tmp_path, edits)) == [
        "tables/stratagems.toml: #1: id: expected str, got int",
        "tables/stratagems.toml: #1: params: expected dict, got int",
        "tables/stratagems.toml: ruse: params.placed_in: unknown zone 'nowhere'",
    ]


@pytest.mark.parametrize(("text", "first"), [
    ("stratagems = 3\n", "tables/stratagems.toml: -: stratagems: expected an array of tables [[stratagems]]"),
    ("stratagems = 3\nstratagems = 4\n", "tables/stratagems.toml: -: -: not valid TOML: Cannot overwrite a value (at line 2, column 15)"),
], ids=["not_an_array", "not_toml"])
def test_a_broken_stratagem_table_is_named_in_its_file(tmp_path: Path, text: str, first: str) -> None:
    root = tiny(tmp_path)
    (root / STRAT_TABLE).write_text(text, encoding="utf-8")
    assert problems(root) == [
        first,
        "counters/stratagems.toml: ruse: id: no such stratagem type in tables/stratagems.toml",
        "counters/stratagems.toml: pax: id: no such stratagem type in tables/stratagems.toml",
    ]


# -- session 12, "fourth reading": the survivors reached after 07:31 in session 11 -------------


def _sea_map(edges: list[tuple[str, str]], seas: dict[str, bool], coasts: dict[str, list[str]],
             links: list[tuple[str, str]]) -> dict[str, Any]:
    """The parts of ``_load_map``'s result that ``_check_connected`` reads."""
    return {"edges": [SimpleNamespace(a=a, b=b) for a, b in edges],
            "seas": {s: SimpleNamespace(open=o) for s, o in seas.items()},
            "coasts": coasts, "sea_links": links}


def _connection_problems(m: dict[str, Any], zones: list[str]) -> list[str]:
    from rules.imperator.loader import _check_connected, _Checker

    chk = _Checker()
    _check_connected(chk, m, cast(Any, dict.fromkeys(zones)))
    return chk.problems


def test_a_zone_is_reached_across_a_link_between_two_open_seas_and_never_through_a_closed_one() -> None:
    """_check_connected: a link joins two open seas only (a closed sea carries no one, §3.5
    naval movement): Castra on the Oceanus's coast is reached from Roma on the Mare's when the two
    open seas are linked, not when the link passes through a closed sea, nor without a link."""
    unreached = ["map/edges.toml: castra: -: zone cannot be reached from roma"]
    coasts = {"mare": ["roma"], "oceanus": ["castra"], "clausum": ["castra"]}
    both_open = {"mare": True, "oceanus": True, "clausum": False}
    assert _connection_problems(_sea_map([], both_open, coasts, [("mare", "oceanus")]), ["roma", "castra"]) == []
    assert _connection_problems(_sea_map([], both_open, coasts, []), ["roma", "castra"]) == unreached
    through_closed = _sea_map([], both_open, coasts, [("clausum", "mare"), ("clausum", "oceanus")])
    assert _connection_problems(through_closed, ["roma", "castra"]) == unreached


def test_without_roma_the_zones_are_reached_from_the_first_in_name_order() -> None:
    """_check_connected: a map without Roma starts from its first zone by name (here Aquileia,
    cut off from the two others), and names it in each problem."""
    m = _sea_map([("barbaricum", "castra")], {}, {}, [])
    assert _connection_problems(m, ["castra", "aquileia", "barbaricum"]) == [
        "map/edges.toml: barbaricum: -: zone cannot be reached from aquileia",
        "map/edges.toml: castra: -: zone cannot be reached from aquileia",
    ]


def test_every_people_at_war_reaches_its_front_as_it_stands_in_161() -> None:
    """_check_entry_front_paths: a People that never goes to war is skipped and the next one
    still checked; a zone that joins the Rhine Front only in 162 is not that Front in 161."""
    from rules.imperator.data_model import People, Zone
    from rules.imperator.loader import _check_entry_front_paths, _Checker

    zones = {"barbaricum": Zone(id="barbaricum", kind="outside"),
             "limes": Zone(id="limes", kind="outside", joins_front="rhine", joins_year=162),
             "castra": Zone(id="castra", kind="front", front="danube")}
    peoples = {"pacati": People(id="pacati", zones=("castra",), entry_fronts=("rhine",), goes_to_war=False),
               "germani": People(id="germani", zones=("barbaricum",), entry_fronts=("rhine", "danube"))}
    chk = _Checker()
    m = {"edges": [SimpleNamespace(a="barbaricum", b="limes"), SimpleNamespace(a="limes", b="castra")]}
    _check_entry_front_paths(chk, m, zones, peoples)
    assert chk.problems == ["peoples.toml: germani: entry_fronts: no land path to the rhine Front"]


def test_a_marker_keeps_its_provenance_and_an_empty_note_by_default() -> None:
    """counters/materiel.toml: a marker's own provenance is kept, and without a note its note is
    the empty string."""
    from rules.imperator.loader import _Checker, _load_markers

    chk = _Checker()
    markers = _load_markers({"marker": [{"id": "signum", "name": "S", "count": 3, "provenance": "history"}]}, chk)
    m = markers["signum"]
    assert (m.name, m.count, m.note, m.provenance, chk.problems) == ("S", 3, "", "history", [])


def test_load_data_checks_the_geometry_unless_told_not_to_and_digests_its_own_directory(tmp_path: Path) -> None:
    """load_data: the shape checks run by default (``geometry=True``), and the digest is that of
    the directory read, not of the shipped data."""
    root = tiny(tmp_path / "broken", {'map/edges.toml': [('[[edge]]\na = "roma"\nb = "castra"\ncorner = true\n', '')]})
    with pytest.raises(DataError) as info:
        load_data(root)
    assert info.value.problems == ['map/edges.toml: castra-roma: a/b: the shapes touch but no edge links them']
    good = tiny(tmp_path / "good")
    assert load_data(good, geometry=False).digest == data_hash(good) != data_hash(DATA_DIR)


def test_a_getter_returns_none_for_a_required_field_and_the_default_for_an_optional_one_after_a_problem() -> None:
    """_Checker.get and .choice: a value of the wrong type (a boolean is not a number) or not
    among the allowed ones is reported; the getter then returns None for a required field and the
    default for an optional one."""
    from rules.imperator.loader import _Checker

    chk = _Checker()
    got = (chk.get({"n": True}, "f", "e", "n", int), chk.get({"n": True}, "f", "e", "n", int, 5),
           chk.choice({"s": "x"}, "f", "e", "s", ("a", "b")), chk.choice({"s": "x"}, "f", "e", "s", ("a", "b"), "a"))
    assert got == (None, 5, None, "a")
    assert chk.problems == ["f: e: n: expected int, got a boolean"] * 2 + ["f: e: s: 'x' is not one of a, b"] * 2


def test_a_mistyped_field_is_named_by_its_place_in_the_list(tmp_path: Path) -> None:
    """A camp's year, a rating and a placement's side of the wrong type are named by their place
    (``camps[1].year``, ``full.pf``, ``leader[1].side``), not by the bare key; a
    ``provenance_fields`` that is not a table is named under its file and entry."""
    edits = {'map/zones.toml': [('{ name = "Nova", year = 170 }', '{ name = "Nova", year = "170" }')],
             'counters/units.toml': [('full = { pf = 4, qu = 3', 'full = { pf = "4", qu = 3')],
             'counters/materiel.toml': [('note = "a marker"', 'note = "a marker"\nprovenance_fields = "rules"')],
             'scenarios/01_test.toml': [('zone = "barbaricum", side = "enemy"', 'zone = "barbaricum", side = 2')]}
    assert problems(tiny(tmp_path, edits)) == [
        'map/zones.toml: castra: camps[1].year: expected int, got str',
        'counters/units.toml: vex: full.pf: expected int, got str',
        'counters/materiel.toml: signum: provenance_fields: expected dict, got str',
        'scenarios/01_test.toml: test: leader[1].side: expected str, got int',
    ]


# -- session 12: nothing accepted in silence (issue 11), the cases left by session 11 ---------

ABSENT_RULE = '{ kind = "absent", leaders = ["lucius"], text = "Lucius is gone.", provenance = "rules" }'
WAR_RULE = '{ kind = "war_at", peoples = ["germani"], year = 163, text = "War." }'


def test_amb_106_a_placed_counter_without_a_side_takes_its_own(tmp_path: Path) -> None:
    """AMB-106 (§4.2): a People's leader placed without a side is the Enemies of Rome's (it used
    to be Rome's); Armenia's unit is on the side of the scenario's Armenia; a Roman counter is
    Rome's unless written for the Enemies (a usurper's party)."""
    edits = dict(ARMENIA_AND_ALANI)
    edits[SCN] = [('armenia = "absent"', 'armenia = "roman"'),
                  ('{ id = "rex", zone = "barbaricum", side = "enemy" }', '{ id = "rex", zone = "barbaricum" }'),
                  ('{ id = "vex", zone = "castra" },', '{ id = "vex", zone = "castra", side = "enemy" },\n  { id = "arm_1", zone = "castra" },')]
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert [(p.counter, p.side) for p in s.leaders if p.counter != "dux"] == [("marcus", "roman"), ("rex", "enemy")]
    assert [(p.counter, p.side) for p in s.units if p.counter in ("arm_1", "vex", "germ_1")] == [
        ("arm_1", "roman"), ("germ_1", "enemy"), ("vex", "enemy")]


@pytest.mark.parametrize(("armenia", "arm_side", "expected"), [
    ("parthian", "roman", ["scenarios/01_test.toml: test: unit[1].side: arm_1 is on the enemy side in this scenario (§4.2)"]),
    ("roman", "enemy", ["scenarios/01_test.toml: test: unit[1].side: arm_1 is on the roman side in this scenario (§4.2)"]),
    ("absent", "enemy", ["scenarios/01_test.toml: test: unit[1].id: Armenia is absent from this scenario (§4.2)"]),
])
def test_amb_106_a_side_that_contradicts_the_counter_is_refused(
    tmp_path: Path, armenia: str, arm_side: str, expected: list[str]
) -> None:
    """AMB-106 (§4.2): a People's counter written for Rome, Armenia's unit written for the side
    that does not hold Armenia, or placed when Armenia is absent, is a problem (each used to be
    stored as written, then overridden by the engine)."""
    edits = dict(ARMENIA_AND_ALANI)
    edits[SCN] = [('armenia = "absent"', f'armenia = "{armenia}"'),
                  ('{ id = "rex", zone = "barbaricum", side = "enemy" }', '{ id = "rex", zone = "barbaricum", side = "roman" }'),
                  ('{ id = "vex", zone = "castra" },', f'{{ id = "vex", zone = "castra" }},\n  {{ id = "arm_1", zone = "castra", side = "{arm_side}" }},')]
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: leader[1].side: rex is on the enemy side in this scenario (§4.2)", *expected]


def test_a_rule_about_the_peoples_in_a_scenario_without_them_is_refused(tmp_path: Path) -> None:
    """scenarios: ``no_war_before`` (like ``war_at`` and ``peoples_at_war``) means nothing when
    ``use_enemy_peoples = false``: refused, naming the rule (it used to be accepted)."""
    edits = {SCN: [('deploy_legions = true', 'deploy_legions = true\nuse_enemy_peoples = false'),
                   ('peoples_at_war = ["germani"]\n', ''),
                   ('  { id = "rex", zone = "barbaricum", side = "enemy" },\n', ''),
                   ('  { id = "germ_1", zone = "castra", side = "enemy" },\n', ''),
                   (WAR_RULE, '{ kind = "no_war_before", peoples = ["germani"], year = 163, text = "Peace." }')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: rules[1].kind: this scenario uses no Peoples (use_enemy_peoples = false)"]


def test_a_rule_s_ids_are_a_list_where_it_takes_several_and_one_id_where_it_takes_one(tmp_path: Path) -> None:
    """scenarios: ``leaders = "lucius"`` was stored as a string, and every loop over it walked its
    letters; a one-item list is the way to name one. ``leader`` takes one id, not a list."""
    edits = {SCN: [(ABSENT_RULE, ABSENT_RULE.replace('["lucius"]', '"lucius"')),
                   (WAR_RULE, WAR_RULE + ',\n  { kind = "vp_on_death", leader = ["marcus"], before = 164, side = "enemy", vp = 2, text = "V." }')]}
    assert problems(tiny(tmp_path, edits)) == [
        "scenarios/01_test.toml: test: rules[0].leaders: expected list, got str",
        "scenarios/01_test.toml: test: rules[2].leader: expected str, got list",
    ]


def test_a_rule_table_s_unknown_fields_and_fields_of_the_wrong_type_are_named(tmp_path: Path) -> None:
    """tables/*.toml: a top-level table, a row field, an event's effect or a stratagem's parameter
    that the tables do not define is refused; each defined one has its type (they were read
    unchecked, a misspelt one ignored)."""
    edits = {"tables/leader_table.toml": [('[[leaders]]\nid = "marcus"\nentry = 161',
                                           '[[leader]]\nid = "x"\n\n[[leaders]]\nid = "marcus"\nentry = 161\ndeath = "165"\nfate = 1')],
             "tables/events.toml": [('[[events]]\nnumber = 1', 'colour = 1\nmeta = "events"\n\n[[events]]\nnumber = 1\nname = 3'),
                                    ('battle_bonus_side = "rome" }', 'battle_bonus_side = "rome", battle_bonus = "2", plague = true }')],
             STRAT_TABLE: [('id = "ruse"\n', 'id = "ruse"\ncolour = "red"\n'),
                           ('people_kind = "major" }', 'people_kind = "major", max_peoples = "2", radius = 3 }')]}
    assert problems(tiny(tmp_path, edits)) == [
        "tables/leader_table.toml: -: leader: unknown field",
        "tables/leader_table.toml: marcus: fate: unknown field",
        "tables/leader_table.toml: marcus: death: expected int, got str",
        "tables/events.toml: -: colour: unknown field",
        "tables/events.toml: -: meta: expected dict, got str",
        "tables/events.toml: 1: name: expected str, got int",
        "tables/events.toml: 1: effects.plague: unknown field",
        "tables/events.toml: 1: effects.battle_bonus: expected int, got str",
        "tables/stratagems.toml: ruse: colour: unknown field",
        "tables/stratagems.toml: ruse: params.radius: unknown field",
        "tables/stratagems.toml: ruse: params.max_peoples: expected int, got str",
    ]


def test_an_event_s_zones_that_are_not_a_list_are_one_problem_not_a_crash(tmp_path: Path) -> None:
    """tables/events.toml: ``reduce_units_in_zones = 4`` made the loader raise TypeError (it looped
    over the number); a string was walked letter by letter. Now each is one type problem."""
    root = tiny(tmp_path)
    (root / "tables/events.toml").write_text(
        '[[events]]\nnumber = 1\neffects = { reduce_units_in_zones = 4 }\n\n'
        '[[events]]\nnumber = 2\neffects = { reduce_units_in_zones = "roma" }\n', encoding="utf-8")
    assert problems(root) == [
        "tables/events.toml: 1: effects.reduce_units_in_zones: expected list, got int",
        "tables/events.toml: 2: effects.reduce_units_in_zones: expected list, got str",
    ]


def test_the_items_of_a_rule_table_s_lists_have_their_type(tmp_path: Path) -> None:
    """tables/*.toml: a leader's death checks and a stratagem's ``kills_on`` are years and die
    faces (``tables`` turned "163" into 163 in silence), aliases are strings; a boolean is not a
    number."""
    edits = {"tables/leader_table.toml": [('id = "marcus"\nentry = 161', 'id = "marcus"\nentry = 161\nchecks = [162, "163", true]\naliases_printed = ["M", 2]\naliases_history = []')],
             STRAT_TABLE: [('people_kind = "major" }', 'people_kind = "major", kills_on = [1, "6"] }')]}
    assert problems(tiny(tmp_path, edits)) == [
        "tables/leader_table.toml: marcus: checks[1]: expected int, got str",
        "tables/leader_table.toml: marcus: checks[2]: expected int, got bool",
        "tables/leader_table.toml: marcus: aliases_printed[1]: expected str, got int",
        "tables/stratagems.toml: ruse: params.kills_on[1]: expected int, got str",
    ]


def test_a_mistyped_armenia_is_one_problem_and_its_unit_is_judged_as_roman(tmp_path: Path) -> None:
    """scenarios: ``armenia`` of the wrong type is reported once; the placements are then judged
    with the default status (Roman, as ``Scenario.armenia``), so Armenia's unit written for Rome
    adds no second problem."""
    edits = dict(ARMENIA_AND_ALANI)
    edits[SCN] = [('armenia = "absent"', 'armenia = 1'),
                  ('{ id = "vex", zone = "castra" },', '{ id = "vex", zone = "castra" },\n  { id = "arm_1", zone = "castra", side = "roman" },')]
    assert problems(tiny(tmp_path, edits)) == ["scenarios/01_test.toml: test: armenia: expected str, got int"]


def test_a_scenario_without_special_rules_loads_with_none(tmp_path: Path) -> None:
    """scenarios: ``rules`` is optional (a scenario may have no special rule): none written, none
    loaded, and no problem."""
    edits = {SCN: [('rules = [\n  ' + ABSENT_RULE + ',\n  ' + WAR_RULE + ',\n]\n', '')]}
    s = load_data(tiny(tmp_path, edits), geometry=False).scenarios["test"]
    assert (s.rules, s.title) == ((), "Test")
