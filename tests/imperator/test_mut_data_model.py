"""Tests that kill the mutants of rules/imperator/data_model.py and other_names.py (issue 11,
session 11): the data objects' helpers and the other-language names, in exact values on objects
built here and on the shipped data."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.imperator import other_names
from rules.imperator.data_model import (
    Camp,
    Edge,
    ImperatorData,
    Leader,
    Placement,
    Scenario,
    ScenarioRule,
    Sourced,
    Unit,
    Zone,
)
from rules.imperator.other_names import OtherNames


def test_provenance_of_a_field_else_of_the_entry() -> None:
    s = Sourced(provenance="history", provenance_fields={"cc": "rules"})
    assert (s.provenance_of("cc"), s.provenance_of("vs")) == ("rules", "history")


def test_zone_in_empire_and_front_by_year() -> None:
    """Rhesaenna and Singara: outside until the year they join a Front."""
    front = Zone(id="f", kind="front", front="orient")
    inner = Zone(id="i", kind="interior")
    joins = Zone(id="j", kind="outside", joins_front="orient", joins_year=198)
    never = Zone(id="n", kind="outside", joins_front="orient")
    out = Zone(id="o", kind="outside")
    assert [z.in_empire(197) for z in (front, inner, joins, never, out)] == [True, True, False, False, False]
    assert [z.in_empire(198) for z in (joins, never)] == [True, False]
    assert [z.front_in(197) for z in (front, inner, joins, never, out)] == ["orient", None, None, None, None]
    assert (joins.front_in(198), never.front_in(300)) == ("orient", None)


def test_zone_camps_by_year() -> None:
    z = Zone(id="z", camps=(Camp("old"), Camp("new", 170)))
    assert z.camps_in(169) == (Camp("old"),)
    assert z.camps_in(170) == (Camp("old"), Camp("new", 170))


def test_edge_other_end() -> None:
    e = Edge(a="x", b="y")
    assert (e.other("x"), e.other("y")) == ("y", "x")


def test_leader_available_between_entry_and_automatic_death() -> None:
    ld = Leader(id="l", enters=170, auto_death=180)
    assert [ld.available_in(y) for y in (169, 170, 179, 180)] == [False, True, True, False]
    assert [Leader(id="m").available_in(y) for y in (161, 217)] == [True, True]
    assert Leader(id="k", auto_death=200).available_in(199) is True


def test_unit_available_from_its_arrival() -> None:
    u = Unit(id="u", arrives=166)
    assert [u.available_in(y) for y in (165, 166, 167)] == [False, True, True]


def test_scenario_rule_to_json_lists_its_tuples() -> None:
    r = ScenarioRule("war_at", {"peoples": ("a", "b"), "year": 194})
    assert r.to_json() == {"kind": "war_at", "peoples": ["a", "b"], "year": 194}
    assert ScenarioRule("absent").to_json() == {"kind": "absent"}


def _data() -> ImperatorData:
    zones = {
        "a": Zone(id="a", camps=(Camp("Castra"),)),
        "b": Zone(id="b", cities=("Urbs",)),
        "c": Zone(id="c"),
    }
    edges = (Edge(a="a", b="b"), Edge(a="b", b="c", river="danuvius"), Edge(a="a", b="c", strait="s", river="r"))
    return ImperatorData(zones=zones, seas={}, ports={}, edges=edges, coasts={"mare": ("a", "b"), "lacus": ("b",)},
                         sea_links=(), rivers={}, peoples={}, leaders={}, units={}, stratagems={}, fleets={},
                         markers={}, scenarios={"s": Scenario(id="s", leaders=(Placement("l", "a"),))})


def test_data_neighbours_edges_and_costs() -> None:
    d = _data()
    assert d.neighbours("b") == (Edge(a="a", b="b"), Edge(a="b", b="c", river="danuvius"))
    assert d.neighbours("z") == ()
    assert (d.edge("b", "a"), d.edge("a", "b")) == (Edge(a="a", b="b"), Edge(a="a", b="b"))
    assert d.edge("c", "b") == Edge(a="b", b="c", river="danuvius")
    assert d.edge("a", "z") is None
    assert (d.move_cost("a", "b"), d.move_cost("c", "b"), d.move_cost("c", "a"), d.move_cost("a", "z")) == (
        1, 2, 3, None)


def test_data_seas_and_camps() -> None:
    d = _data()
    assert (d.seas_of("a"), d.seas_of("b"), d.seas_of("c")) == (("mare",), ("mare", "lacus"), ())
    assert d.zone_of_camp("Castra") == d.zones["a"]
    assert d.zone_of_camp("Urbs") == d.zones["b"]
    assert d.zone_of_camp("Nusquam") is None


# -- other_names.py -----------------------------------------------------------------------------


def test_other_names_form() -> None:
    n = OtherNames("Danube", "Danuvius", "history")
    assert (n.form("en"), n.form("la"), n.form("fr")) == ("Danube", "Danuvius", None)


def test_form_of_zones_stratagems_and_nothing() -> None:
    table = other_names.other_names()
    zone, names = next(iter(table["zones"].items()))
    assert other_names.form(zone, "en") == names.en
    assert other_names.form(zone, "la") == names.la
    assert other_names.form(zone, "fr") is None
    unit, unames = next(iter(table["units"].items()))
    assert (other_names.form(unit, "la"), other_names.form(unit, "en")) == (unames.la, unames.en)
    assert other_names.form("assassinat", "en") == "Assassination"
    assert other_names.form("assassinat", "la") is None
    assert other_names.form("marc_aurele", "en") is None


def test_renames_lists_only_the_names_that_change(tmp_path: Path) -> None:
    table = other_names.other_names()
    zone, names = next(iter(table["zones"].items()))
    same = next(z for z, n in table["zones"].items() if z != zone and n.la != n.en)
    pairs = other_names.renames({zone: "Printed", "nobody": "Nemo", same: table["zones"][same].la}, "la")
    assert pairs == sorted([("Printed", names.la)])
    en = dict(other_names.renames({}, "en"))
    assert en["Assassinat"] == "Assassination"
    assert other_names.renames({}, "la") == []
    first = other_names.renames({zone: "Same", "other_id": "Same"}, "en")
    assert first == sorted([("Same", names.en)] + [p for p in en.items()])


def test_renames_skips_a_stratagem_without_an_english_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from rules.imperator import tables

    kinds = [SimpleNamespace(name_en="", name_fr="Sans nom"), SimpleNamespace(name_en="Same", name_fr="Same"),
             SimpleNamespace(name_en="Plague", name_fr="Peste")]
    monkeypatch.setattr(tables, "stratagem_types", lambda: kinds)
    assert other_names.renames({}, "en") == [("Peste", "Plague")]


def test_a_bad_names_file_names_the_entry(tmp_path: Path) -> None:
    p = tmp_path / "names.toml"
    p.write_text('[zones]\nroma = { en = "Rome", la = "" , provenance = "history" }\n', encoding="utf-8")
    with pytest.raises(ValueError) as excinfo:
        other_names.other_names(p)
    assert str(excinfo.value) == "names.toml: [zones] roma: en and la must be non-empty texts"
