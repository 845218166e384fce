"""The Game contract for Imperium Romanum (issue 17): set-up, turn order, refusals with their
section, pending decisions, JSON round trip, views and the monthly sequence."""

from __future__ import annotations

import json

import pytest

from rules.core.command import Command
from rules.core.errors import NotYetSupported, RuleError
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame, legal_commands
from tests.imperium_romanum.builder import Position


def test_scenario_12_sets_up_and_waits_for_both_players() -> None:
    game = ImperiumRomanumGame.new("s12", ["rome", "dacia"], "s", {})
    st = game.state
    assert (st.year, st.month, st.segment) == (101, 3, "taxation")
    assert game.to_move() == ["rome", "dacia"]
    assert sum(1 for u in st.units.values() if u["power"] == "rome" and u["type"].startswith("legion")) == 10
    assert st.leaders["decebalus"]["hex"] == "B4512"
    assert st.powers["roxolani"]["seat"] == "dacia" and st.powers["iazyges"]["seat"] == ""
    assert st.powers["rome"]["treasury"] == 40 + sum(
        SEQ.B.province_tax(st, p) for p, o in st.province_owner.items() if o == "rome")


def test_scenario_1_sets_up() -> None:
    game = ImperiumRomanumGame.new("s01", [], "s", {})
    assert game.to_move() and game.state.units


def test_every_scenario_starts_and_a_blocked_one_would_name_its_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenario 24 is playable (§28-§32 built); a scenario still missing a special rule is refused
    with that rule's section (game.BLOCKERS)."""
    from rules.imperium_romanum import game as G

    assert G.BLOCKERS == {}
    assert ImperiumRomanumGame.new("s24", [], "s", {}).to_move() == ["diocletian", "carinus"]
    monkeypatch.setitem(G.BLOCKERS, "s24", ("§29", G._("militia")))
    with pytest.raises(NotYetSupported) as err:
        ImperiumRomanumGame.new("s24", [], "s", {})
    assert err.value.section == "§29"


def test_refusals_name_their_rule_and_change_nothing() -> None:
    game = ImperiumRomanumGame.new("s12", [], "s", {})
    before = json.dumps(game.to_json(), sort_keys=True)
    cases = [("nobody", Command("end"), "§5.1"), ("rome", Command("move", {"units": [], "to": "B4406"}), "§12"),
             ("rome", Command("attack", {"hex": "B4406"}), "§14.1"), ("rome", Command("build"), "§7.4"), ("rome", Command("sail"), "§10.2"),
             ("rome", Command("decide", {"choice": "x"}), "§4.0"), ("rome", Command("standing", {"order": "x"}), "§12.4")]  # fmt: skip
    for seat, cmd, section in cases:
        with pytest.raises(RuleError) as err:
            game.apply(seat, cmd)
        assert err.value.section == section, cmd
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_only_the_seat_whose_turn_it_is_may_act() -> None:
    pos = Position(month=6, segment="movement", active="rome")
    legion = pos.unit("dacia", "heavy_infantry_20_8", "B4406", supplied=True)
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("move", {"units": [legion], "to": "B4407"}))
    assert err.value.section == "§4.0"


def test_the_month_runs_through_every_segment() -> None:
    game = ImperiumRomanumGame.new("s12", [], "s", {})
    seen = []
    for _i in range(40):
        seat = game.to_move()[0]
        if game.state.segment not in seen:
            seen.append(game.state.segment)
        game.apply(seat, Command("end") if not game.state.pending else
                   Command("decide", {"choice": game.pending_decision().default}))  # type: ignore[union-attr]
        if game.state.month == 4 and game.state.segment == "diplomacy":
            break
    assert seen[:5] == ["taxation", "diplomacy", "naval", "movement", "combat"]
    assert game.state.month == 4


def test_alliance_needs_both_parties() -> None:
    pos = Position(month=6, segment="diplomacy")
    pos.game.apply("rome", Command("propose_alliance", {"with": "dacia"}))
    answers = [c for c in legal_commands(pos.st, "dacia") if c.name == "answer_offer"]
    assert [c.args["choice"] for c in answers] == ["accept", "decline"]
    pos.game.apply("dacia", answers[0])
    assert pos.st.alliances == [["dacia", "rome"]]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("propose_alliance", {"with": "dacia"}))
    assert err.value.section == "§5.8"


def test_pending_decision_round_trips_through_json() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 2)
    pos.units("dacia", "heavy_infantry_20_8", "B4406", 1)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    decision = pos.game.pending_decision()
    assert decision is not None
    again = ImperiumRomanumGame.from_json(json.loads(json.dumps(pos.game.to_json())))
    assert again.pending_decision() == decision
    assert legal_commands(again.state, "dacia")[0].name == "decide"
    assert legal_commands(again.state, "rome") == []


def test_public_view_shows_only_the_top_unit_and_size_of_a_stack() -> None:
    pos = Position(month=6, segment="movement")
    pos.units("dacia", "heavy_infantry_20_8", "B4512", 3)
    pos.leader("decebalus", "B4512")
    pos.unit("rome", "legion_20_10", "B4415")
    public = pos.game.public_view()
    stack = next(s for s in public["stacks"] if s["side"] == "dacia")
    assert stack == {"hex": "B4512", "side": "dacia", "besieged": False, "top": "heavy_infantry_20_8", "size": 4,
                     "power": "dacia", "colour": "brown"}
    assert "decebalus" not in json.dumps(public)
    rome_view = pos.game.seat_view("rome")
    assert "decebalus" not in json.dumps(rome_view)
    dacia_view = pos.game.seat_view("dacia")
    assert "decebalus" in json.dumps(dacia_view)
    # sharing the hex lifts the veil (3.2)
    pos.unit("rome", "legion_20_10", "B4512")
    assert "decebalus" in json.dumps(pos.game.seat_view("rome"))
    assert "decebalus" not in json.dumps(pos.game.public_view())


def test_a_gift_of_talents_needs_the_receiver_to_accept() -> None:
    pos = Position(month=6, segment="diplomacy")
    rome, dacia = pos.st.powers["rome"]["treasury"], pos.st.powers["dacia"]["treasury"]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("give_talents", {"to": "dacia", "amount": rome + 1}))
    assert err.value.section == "§6.0"
    pos.game.apply("rome", Command("give_talents", {"to": "dacia", "amount": 5}))
    offer = pos.st.proposals[0]
    assert offer[1:4] == ["gift", "rome", "dacia"]
    pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))
    assert (pos.st.powers["rome"]["treasury"], pos.st.powers["dacia"]["treasury"]) == (rome - 5, dacia + 5)


def test_a_prisoner_is_ransomed_when_his_side_pays() -> None:
    pos = Position(month=6, segment="diplomacy")
    pos.leader("diegis", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4512")
    pos.st.leaders["diegis"].update(status="captured", captor="rome")
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("ransom", {"leader": "diegis", "talents": 3}))
    assert err.value.section == "§18.2.1"
    pos.game.apply("rome", Command("ransom", {"leader": "diegis", "talents": 3}))
    offer = pos.st.proposals[0]
    assert offer[1:4] == ["ransom", "rome", "dacia"]
    dacia = pos.st.powers["dacia"]["treasury"]
    pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))
    assert pos.st.leaders["diegis"]["status"] == "map" and pos.st.leaders["diegis"]["hex"] == "B4512"
    assert pos.st.powers["dacia"]["treasury"] == dacia - 3
