"""The shipped Imperator map: the rules' own examples, symmetry, connectivity, geometry."""

from __future__ import annotations

from collections import deque

import pytest

from rules.imperator.data_model import FRONTS, ImperatorData
from rules.imperator.loader import check_geometry, load_data, summary_lines
from rules.imperator.map_geometry import point_in_shape, ring_is_simple, shapes_touch


@pytest.fixture(scope="module")
def data() -> ImperatorData:
    return load_data()


def cost(data: ImperatorData, a: str, b: str) -> int:
    c = data.move_cost(a, b)
    assert c is not None, f"{a} and {b} are not adjacent"
    return c


def land_distance(data: ImperatorData, start: str, goal: str) -> int:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        z = todo.popleft()
        for e in data.neighbours(z):
            n = e.other(z)
            if n not in seen:
                seen[n] = seen[z] + 1
                todo.append(n)
    return seen.get(goal, -1)


def test_counts_are_in_range(data: ImperatorData) -> None:
    assert 100 <= len(data.zones) <= 160
    assert len(data.seas) >= 8
    lines = summary_lines(data)
    assert lines[0] == f"{len(data.zones)} land zones"
    for line in lines:
        number, kind = line.split(" ", 1)
        assert number.isdigit() and kind


def test_rules_named_zones_exist(data: ImperatorData) -> None:
    names = {n for z in data.zones.values() for n in (z.name, *z.aliases)}
    for n in [
        "Rome", "Ravenna", "Misenum", "Cyrène", "Moesia Inf.", "Dacia", "Apulum", "Ctesiphon",
        "Armenia", "Londinium", "Deva", "Eburacum", "Mongutiacum", "Vinimiacum", "Antiocha",
        "Durosturum", "Troemsis", "Lugdunum", "Osrhoene", "Adiabene", "Scenarchia", "Gaetuli",
        "Garamantes", "Roxolani", "Hermunduri", "Jazyges", "Daces", "Marcomanni", "Quades",
        "Maetae", "Cantabri", "Cotini", "Bastarni", "Bructeri", "Chatti", "Cherusci", "Frisii",
        "Langobardi", "Rhesaenna", "Singara", "Castra Regina", "Lauriacum",
    ]:
        assert n in names, n


def test_river_examples(data: ImperatorData) -> None:
    # §7.1: across the Danuvius 2 PM, Hermunduri -> Mogontiacum 1 PM
    assert cost(data, "roxolani", "moesia_inferior") == 2
    assert data.edge("roxolani", "moesia_inferior").river == "danuvius"  # type: ignore[union-attr]
    assert cost(data, "hermunduri", "mogontiacum") == 1


def test_britannia_example(data: ImperatorData) -> None:
    # §7.2 example 1: two zones north of Deva/Eburacum are outside the Empire, and a third
    # one (the most northern of Britannia) lies beyond them
    start = data.zones["deva_eburacum"]
    assert {c.name for c in start.camps} == {"Deva", "Eburacum"}
    north = [z for z in data.zones.values() if z.region == "britannia"]
    assert all(not z.in_empire(161) for z in north)
    top = max(north, key=lambda z: z.place[1])
    assert land_distance(data, "deva_eburacum", top.id) == 3
    path_zones = [z for z in north if land_distance(data, "deva_eburacum", z.id) in (1, 2)]
    assert path_zones and all(z.two_pm_limit for z in path_zones)


def test_dacia_chain_example(data: ImperatorData) -> None:
    # §7.2 example 2: Jazyges -> Daces -> Dacia -> Roxolani, 1 PM each
    for a, b in [("jazyges", "daces"), ("daces", "dacia"), ("dacia", "roxolani")]:
        assert cost(data, a, b) == 1
    for z in ("jazyges", "daces", "roxolani"):
        assert data.zones[z].two_pm_limit
    assert data.zones["dacia"].in_empire(161)


def test_ravenna_example(data: ImperatorData) -> None:
    # §3.5: Rome -> Ravenna costs 2 PM; the Ravenna fleet reaches Cyrène through
    # Mare Internum Centralis
    assert data.edge("roma", "ravenna") is None
    assert land_distance(data, "roma", "ravenna") == 2
    ravenna = data.ports["ravenna"]
    assert ravenna.zone == "ravenna" and ravenna.sea == "mare_internum_centralis"
    assert "cyrene" in data.coasts["mare_internum_centralis"]
    assert data.seas["mare_internum_centralis"].open
    misenum = data.ports["misenum"]
    assert misenum.sea in data.seas and data.seas[misenum.sea].open


def test_apulum_in_dacia_on_danube_front(data: ImperatorData) -> None:
    z = data.zone_of_camp("Apulum")
    assert z is not None and z.id == "dacia" and z.front == "danube"


def test_closed_seas(data: ImperatorData) -> None:
    for sid in ("oceanus_atlanticus", "fretum_gallicum", "mare_germanicum"):
        assert not data.seas[sid].open
    assert any(s.open and "Pontus" in s.name for s in data.seas.values())


def test_edges_are_unique_and_sorted(data: ImperatorData) -> None:
    keys = [(e.a, e.b) for e in data.edges]
    assert len(keys) == len(set(keys))
    assert all(a < b for a, b in keys)
    for e in data.edges:
        assert data.edge(e.b, e.a) is e  # symmetric lookup
        assert e in data.neighbours(e.a) and e in data.neighbours(e.b)


def test_map_is_connected(data: ImperatorData) -> None:
    adj: dict[str, set[str]] = {z: set() for z in data.zones}
    for e in data.edges:
        adj[e.a].add(e.b)
        adj[e.b].add(e.a)
    for s, zs in data.coasts.items():
        if data.seas[s].open:
            adj.setdefault(s, set()).update(zs)
            for z in zs:
                adj[z].add(s)
    seen = {"roma"}
    todo = deque(seen)
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert set(data.zones) <= seen


def test_adjacency_equals_shape_contact(data: ImperatorData) -> None:
    ids = sorted(data.zones)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            touch = shapes_touch(data.zones[a].shape, data.zones[b].shape)
            e = data.edge(a, b)
            if e is not None and e.strait:
                assert not touch, f"strait {a}-{b} between touching zones"
            else:
                assert touch == (e is not None), f"{a}-{b}: contact {touch}, edge {e}"
    assert check_geometry(data) == []


def test_shapes_are_sane(data: ImperatorData) -> None:
    for z in data.zones.values():
        assert z.shape, z.id
        assert point_in_shape(z.place, z.shape), z.id
        for ring in z.shape:
            assert ring_is_simple(ring), z.id
        assert sum(len(r) for r in z.shape) <= 130, z.id


def test_coasts_touch(data: ImperatorData) -> None:
    for sea, zs in data.coasts.items():
        shape = data.seas[sea].shape + data.seas[sea].holes
        for z in zs:
            assert shapes_touch(shape, data.zones[z].shape), (sea, z)


def test_camps_lie_in_their_front(data: ImperatorData) -> None:
    for u in data.units.values():
        if u.kind != "legion":
            continue
        assert u.zone is not None, u.id
        zone = data.zones[u.zone]
        year = max(u.arrives, 161)
        if u.front is None:
            assert zone.kind == "interior", u.id
        else:
            assert zone.front_in(year) == u.front, u.id


def test_reinforcement_camps(data: ImperatorData) -> None:
    years = {c.name: c.year for z in data.zones.values() for c in z.camps}
    assert years["Lauriacum"] == 169 and years["Castra Regina"] == 169
    assert years["Rhesaenna"] == years["Singara"] == years["Castra Albana"] == 196
    assert data.zones["rhesaenna"].front_in(195) is None
    assert data.zones["rhesaenna"].front_in(196) == "orient"


def test_every_people_reaches_its_entry_front(data: ImperatorData) -> None:
    for p in data.peoples.values():
        if not p.goes_to_war:
            continue
        for front in p.entry_fronts:
            assert front in FRONTS
            reachable = [
                z.id
                for start in p.zones
                for z in data.zones.values()
                if z.front_in(161) == front and land_distance(data, start, z.id) >= 1
            ]
            assert reachable, (p.id, front)
    assert data.peoples["quades"].entry_fronts == ("danube",)


def test_two_pm_regions(data: ImperatorData) -> None:
    for zid in ("parthians", "armenia", "scenarchia", "adiabene", "osrhoene"):
        for z in data.peoples[zid].zones:
            assert not data.zones[z].two_pm_limit, z
    for zid in ("gaetuli", "garamantes", "maetae", "marcomanni", "chatti"):
        assert all(data.zones[z].two_pm_limit for z in data.peoples[zid].zones)
