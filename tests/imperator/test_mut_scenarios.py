"""Tests written against the mutants of rules/imperator/scenarios.py (issue 11, mutation
testing): the scenario list (scenario 1 first, then the book's order), the aliases of scenario
1, the refusal of an unknown scenario, the data hash and the switches of a built position."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.imperator import adapter, scenarios


def test_scenario_list_puts_scenario_1_first_then_the_books_order() -> None:
    infos = scenarios.scenario_infos()
    data = adapter._load().scenarios
    assert [i.id for i in infos] == [
        "avidius_cassius", "campaign", "parthian_war", "marcomannic_wars", "commode", "severus_civil_wars"]
    assert [data[i.id].number for i in infos[1:]] == sorted(data[i.id].number for i in infos[1:])
    first = infos[0]
    sc = data["avidius_cassius"]
    assert (first.title, first.seats, first.min_seats) == (sc.title, ("rome", "enemies"), None)
    assert first.description == f"175-179. {sc.summary}"
    assert infos[1].description.startswith("161-217. From the accession")


@pytest.mark.parametrize("alias", ["s1", "1", "avidius_cassius"])
def test_scenario_1_is_built_by_its_aliases(alias: str) -> None:
    st = scenarios.build(alias, "seed", {"k": "v"})
    assert (st.scenario, st.year, st.board.source, st.options) == ("avidius_cassius", 175, "data:", {"k": "v"})
    assert st.dice.seed == "seed"


def test_the_options_are_copied() -> None:
    options = {"k": "v"}
    st = scenarios.build("campaign", "seed", options)
    st.options["k"] = "changed"
    assert options == {"k": "v"} and st.scenario == "campaign"


def test_an_unknown_scenario_is_refused_with_the_known_ones() -> None:
    with pytest.raises(RuleError) as err:
        scenarios.build("s2", "seed", {})
    assert err.value.section == ""
    assert str(err.value.message) == (
        "unknown scenario 's2' (known: avidius_cassius, campaign, parthian_war, marcomannic_wars, commode, "
        "severus_civil_wars)")


def test_data_hash_and_board_come_from_the_adapter() -> None:
    assert scenarios.data_hash() == adapter.data_hash()
    assert len(scenarios.data_hash()) == 64
    board = scenarios.board_for_source("data:")
    assert board.source == "data:" and "roma" in board.zones


def test_default_rules_switch_everything_off() -> None:
    assert scenarios.default_rules() == {
        "stratagems": False, "events": False, "death_table": False, "peoples": False, "armenia": False,
        "initiative": {}, "scenario_rules": [],
        "nominations": {
            "marc_aurele": {"augustus": ["commode"], "caesar": ["commode"]},
            "septime_severe": {"augustus": ["caracalla", "geta"], "caesar": ["*"]},
        },
    }
    first = scenarios.default_rules()
    first["nominations"]["marc_aurele"]["augustus"].append("x")
    assert scenarios.default_rules()["nominations"]["marc_aurele"]["augustus"] == ["commode"]


def test_without_the_data_no_scenario_and_a_fixed_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the data package cannot be imported, the list is empty, every scenario is refused
    as unknown, and the data hash is the hash of a fixed marker."""
    import hashlib
    import sys

    import rules.imperator

    monkeypatch.delattr(rules.imperator, "adapter")
    monkeypatch.setitem(sys.modules, "rules.imperator.adapter", None)  # the import now fails
    assert scenarios.scenario_infos() == []
    assert scenarios.data_hash() == hashlib.sha256(b"imperator-no-data").hexdigest()
    with pytest.raises(RuleError) as err:
        scenarios.build("s1", "seed", {})
    assert str(err.value.message) == "unknown scenario 'avidius_cassius' (known: )"
