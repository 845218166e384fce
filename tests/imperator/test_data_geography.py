"""The map against history (issue 11): contacts an atlas of c. 200 AD shows, and contacts it
does not. Positions are those of ../shared/rules-notes/imperator-gazetteer.csv; where a zone is
a people's land, the people's historical seat."""

from __future__ import annotations

from collections import deque

import pytest

from rules.imperator.data_model import ImperatorData
from rules.imperator.loader import load_data


@pytest.fixture(scope="module")
def data() -> ImperatorData:
    return load_data()


def _distance(data: ImperatorData, start: tuple[str, ...], goal: str, *, roman_only: bool = False) -> int:
    seen = {z: 0 for z in start}
    todo = deque(start)
    while todo:
        z = todo.popleft()
        for e in data.neighbours(z):
            n = e.other(z)
            if n in seen or roman_only and not data.zones[n].in_empire(200):
                continue
            seen[n] = seen[z] + 1
            todo.append(n)
    return seen.get(goal, 10**6)


#: land contacts that must exist: (a, b, movement cost; 2 = across a major river or a strait)
ADJACENT = [
    ("tripolis", "cyrene", 1),  # the coast road of Cyrenaica, Roman from the Syrtes to Egypt
    ("cyrene", "alexandria", 1),  # Catabathmus Maior: Cyrenaica meets Egypt on the coast
    ("aquileia", "dalmatia", 1),  # Istria and Liburnia: Italy meets Dalmatia at the Arsia
    ("aquileia", "noricum", 1),
    ("aquileia", "ravenna", 1),
    ("poetovio", "noricum", 1),
    ("castra_regina", "marcomanni", 2),  # across the Danube
    ("vindobona", "marcomanni", 2),
    ("carnuntum", "quades", 2),
    ("melitene", "satala", 1),
    ("melitene", "osrhoene", 2),  # across the Euphrates
    ("roxolani", "moesia_inferior", 2),  # the rules' own example (§7)
    ("hermunduri", "mogontiacum", 1),  # the rules' own example (§7)
    ("antiochia", "cyrrhus", 1),
    ("colchis", "satala", 1),
]

#: contacts an atlas rules out
NOT_ADJACENT = [
    ("osrhoene", "satala"),  # Edessa and Satala are 300 km apart, Melitene and Sophene between
    ("augusta_vindelicum", "marcomanni"),  # Raetia meets Bohemia only across the Danube
    ("alani", "venedi"),  # no steppe corridor from the Caucasus to the Baltic
    ("poetovio", "ravenna"),
]


@pytest.mark.parametrize(("a", "b", "cost"), ADJACENT)
def test_known_contacts(data: ImperatorData, a: str, b: str, cost: int) -> None:
    assert data.move_cost(a, b) == cost, (a, b, data.move_cost(a, b))


@pytest.mark.parametrize(("a", "b"), NOT_ADJACENT)
def test_known_non_contacts(data: ImperatorData, a: str, b: str) -> None:
    assert data.move_cost(a, b) is None


def test_cyrene_is_reached_along_the_roman_coast(data: ImperatorData) -> None:
    assert data.zones["cyrene"].in_empire(161)
    assert _distance(data, ("tripolis",), "cyrene", roman_only=True) == 1
    assert _distance(data, ("cyrene",), "alexandria", roman_only=True) == 1


def test_poetovio_is_inland(data: ImperatorData) -> None:
    assert data.seas_of("poetovio") == ()
    assert "mare_internum_centralis" in data.seas_of("aquileia")
    assert "mare_internum_centralis" in data.seas_of("dalmatia")


def test_aquileia_reaches_dalmatia_without_poetovio(data: ImperatorData) -> None:
    seen = {"aquileia"}
    todo = deque(["aquileia"])
    while todo:
        z = todo.popleft()
        for e in data.neighbours(z):
            n = e.other(z)
            if n not in ("poetovio", "dalmatia") and n not in seen and data.zones[n].kind != "outside":
                seen.add(n)
                todo.append(n)
            elif n == "dalmatia":
                seen.add(n)
    # by land inside the Empire, without Poetovio and within two steps (Istria, Liburnia)
    assert "dalmatia" in seen
    assert _distance(data, ("aquileia",), "dalmatia") == 1


def test_no_steppe_shortcut_to_the_baltic(data: ImperatorData) -> None:
    parthians = tuple(data.peoples["parthians"].zones)
    assert _distance(data, parthians, "lugii") > 5
    assert _distance(data, ("armenia",), "venedi") > 3


def test_western_and_central_mediterranean_are_linked(data: ImperatorData) -> None:
    assert ("mare_internum_centralis", "mare_internum_occidentale") in data.sea_links
