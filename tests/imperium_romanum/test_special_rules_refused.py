"""Special rules no playable scenario names (31, 33, 36, 37.1-37.5, 37.7-37.8, 38.1) are refused
with their section when a scenario names them (special_rules.py, issue 17)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from rules.core.errors import NotYetSupported
from rules.imperium_romanum import game as G
from rules.imperium_romanum import special_rules as SR
from rules.imperium_romanum.world import data


def test_no_playable_scenario_names_a_rule_the_engine_does_not_model() -> None:
    assert {sid: SR.missing(data().scenarios[sid].special_rules) for sid in G.PLAYABLE} == dict.fromkeys(G.PLAYABLE, "")
    assert list(SR.NOT_MODELLED) == ["31", "33", "36", "37.1", "37.2", "37.3", "37.4", "37.5", "37.7", "37.8",
                                  "38.1"]


@pytest.mark.parametrize(("named", "section"), [
    (("28", "31"), "31"), (("33",), "33"), (("36", "35"), "36"), (("37.1",), "37.1"), (("37.2",), "37.2"),
    (("37.3",), "37.3"), (("37.4",), "37.4"), (("37.5",), "37.5"), (("37.7",), "37.7"), (("37.8",), "37.8"), (("38.1",), "38.1"),
    (("38",), "38.1"),  # the whole of 38 holds sea movement (38.1)
    (("37",), "37.1"),  # the whole of 37 holds the Berbers first
    (("37.6", "38.2", "38.3", "26", "34"), ""),  # modelled
])  # fmt: skip
def test_which_named_rule_is_missing(named: tuple[str, ...], section: str) -> None:
    assert SR.missing(named) == section


def test_a_scenario_naming_an_unmodelled_rule_is_refused_at_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenario 12 with rule 36 added to its list: /game new stops with §36 and makes no game."""
    real = data()
    s12 = dataclasses.replace(real.scenarios["s12"], special_rules=(*real.scenarios["s12"].special_rules, "36"))
    changed = dataclasses.replace(real, scenarios=MappingProxyType({**real.scenarios, "s12": s12}))
    monkeypatch.setattr(G, "data", lambda: changed)
    with pytest.raises(NotYetSupported) as err:
        G.ImperiumRomanumGame.new("s12", ["rome", "dacia"], "seed", {})
    assert err.value.section == "§36"
    assert "Roman archers" in str(err.value)


def test_37_5_a_scenario_naming_persia_is_refused_at_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """IR-ENG-138: Persia's roll is modelled, not the placing of its army when it wakes: scenario
    12 with 37.5 added to its list stops /game new with §37.5."""
    real = data()
    s12 = dataclasses.replace(real.scenarios["s12"], special_rules=(*real.scenarios["s12"].special_rules, "37.5"))
    changed = dataclasses.replace(real, scenarios=MappingProxyType({**real.scenarios, "s12": s12}))
    monkeypatch.setattr(G, "data", lambda: changed)
    with pytest.raises(NotYetSupported) as err:
        G.ImperiumRomanumGame.new("s12", ["rome", "dacia"], "seed", {})
    assert err.value.section == "§37.5"
    assert "Persian army" in str(err.value)
