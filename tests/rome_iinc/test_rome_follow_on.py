"""Following on from Rome, Inc. (13.3): T30 (Units, 13.3.3), T31 (Rebels, 13.3.4), the Treasury
(13.3.1), the Provinces (13.3.2), the Statesmen (13.3.5) and a whole follow-on game chained into
the next scenario (13.2)."""

from __future__ import annotations

import random

import pytest
from rome_helpers import ScriptedDice

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.rome_iinc import battle as W
from rules.rome_iinc import follow_on as F
from rules.rome_iinc.data import data
from rules.rome_iinc.game import RomeGame
from rules.rome_iinc.players import heuristic_choice, play_out
from rules.rome_iinc.state import RomeState


def test_T30_units_of_britannia() -> None:
    """Britannia Inferior: VI Victrix Veteran Legion, XX Valeria Legion, 2 Auxilia, a Wall;
    the II Augusta Legion and a Veteran Fleet in Britannia Superior. With two Legion counters
    left, Britannia I (first by id) takes one, the Veteran the other, XX Valeria becomes a
    Pseudo Legion (as the example says)."""
    out = F.units({"Britannia Inferior": ["legion*", "legion", "auxilia", "auxilia", "wall"],
                   "Britannia Superior": ["legion", "fleet*"]},
                  {"legion": 2, "pseudo": 5, "auxilia": 5, "fleet": 5, "cavalry": 1, "guards": 1})
    assert sorted(out.placed["britannia_ii"]) == sorted(
        [("legion", True), ("pseudo", False), ("auxilia", False), ("auxilia", False),
         ("fort", False)])
    assert sorted(out.placed["britannia_i"]) == [("fleet", True), ("legion", False)]
    assert out.removed == []


def test_T30_excess_units_are_removed() -> None:
    out = F.units({"Britannia Inferior": ["auxilia", "auxilia", "auxilia"]}, {"auxilia": 2})
    assert out.placed == {"britannia_ii": [("auxilia", False), ("auxilia", False)]}
    assert out.removed == ["britannia_ii:auxilia"]
    with pytest.raises(RuleError) as err:
        F.units({"Britannia Inferior": ["elephant"]})
    assert err.value.section == "13.3.3"


def test_T30_new_and_barbarian_provinces() -> None:
    assert "valentia" in F.NEW_PROVINCES and len(F.NEW_PROVINCES) == 10
    assert all(p in data().provinces for p in F.NEW_PROVINCES)
    assert F.province("Caledonia") == "caledonia" and F.province("Hibernia") == "hibernia"
    with pytest.raises(RuleError) as err:
        F.province("Atlantis")
    assert err.value.section == "13.3.2"


def test_T31_rebels_oriens_and_thracia() -> None:
    """Carinus holds the Pontica and Syria counters, no Rebel in Aegyptus, a Generic Rebel of
    Moesia; 1D6 = 4 sends the Thracia counter to Carinus."""
    dice = ScriptedDice([4])
    out, dead = F.rebels({"Pontica": "carinus", "Syria": "carinus", "Moesia": "generic:Moesia"},
                         dice)
    assert out == {"moesia": "generic:Moesia", "oriens": "carinus", "pontica": "carinus",
                   "thracia": "carinus"}
    assert dead == [] and dice.script == []
    out, _dead = F.rebels({"Pontica": "carinus", "Syria": "carinus", "Moesia": "generic:Moesia"},
                          ScriptedDice([3]))
    assert out["thracia"] == "generic:Moesia"


def test_T31_two_rebels_of_aegyptus_and_syria_one_dies() -> None:
    out, dead = F.rebels({"Aegyptus": "aemilianus", "Syria": "carinus"}, ScriptedDice([2]))
    assert out == {"oriens": "aemilianus"} and dead == ["carinus"]


def test_treasury_split_east_rounds_up() -> None:
    prestige, gold = F.treasury(151, 45)
    assert prestige == {"east": 1, "west": 0} and gold == {"east": 23, "west": 22}
    prestige, _gold = F.treasury(100, 0)  # may go negative (13.3.1)
    assert prestige == {"east": -25, "west": -25}


# -- the whole follow-on (13.3.1-13.3.5) from the example position of follow_on.toml ----------

def _follow_on(extra: dict[str, str] | None = None) -> RomeGame:
    return RomeGame.new("286", ["east", "west"], "fo", {"mode": "solo", "follow_on": "example",
                                                         **(extra or {})})


def _units_at(st: RomeState, pid: str) -> list[tuple[str, bool]]:
    return sorted((u["type"], u["vet"]) for u in st.units.values() if u["loc"] == pid)


def test_follow_on_converts_the_example_position() -> None:
    st = _follow_on().state
    # 13.3.1: 330 - 150 = 180 Prestige, 161 Gold, halves with the East rounding up; Unrest kept
    assert (st.prestige, st.gold) == ({"east": 90, "west": 90}, {"east": 81, "west": 80})
    assert st.unrest == {"east": 2, "west": 2}  # ruling ROME-30
    # 13.3.2: the new Provinces are Insurgent; a carved-out Province shares its status
    assert all(st.status[p] == "insurgent" for p in F.NEW_PROVINCES)
    assert st.status["belgica"] == "insurgent" and st.status["mauretania_ii"] == "allied"
    assert st.status["sicilia"] == "roman" and st.status["gothia_ii"] == "barbarian"
    # 13.3.3: T30's Britannia, and Pannonia Inferior's legions in Valeria (the Chart)
    assert _units_at(st, "britannia_ii") == [("auxilia", False), ("auxilia", False),
                                             ("fort", False), ("legion", False), ("legion", True)]
    assert _units_at(st, "valeria") == [("auxilia", False), ("fleet", False), ("legion", True)]
    assert _units_at(st, "lugdunensis_ii") == []
    # 13.3.4-13.3.5: Carausius keeps Britannia; Caesar is East Emperor; the West chooses
    assert st.commands["britannia"] == {"gov": "carausius", "rebel": True}
    assert st.emperors == {"east": "diocletian", "west": "choosing"}
    assert [s for s in ("maximian", "aper", "constantius_chlorus", "asclepiodotus")
            if st.statesmen[s] == "up"] == ["maximian", "aper", "constantius_chlorus", "asclepiodotus"]
    assert st.statesmen["carus"] == "dead" and st.statesmen["galerius"] == "down"
    # the 286 set-up is ignored but for its counters in the boxes: its Wars are in the cup
    assert st.wars["alamannic_8_1"] == "alamannic" and st.wars["saxon_6_3"] == "cup"
    assert st.leaders["shapur"] == "home:persian"
    assert st.tasks[0]["kind"] == "emperor" and st.tasks[0]["empire"] == "west"


def test_13_3_5_the_other_emperor_then_the_governors_west_first() -> None:
    game = _follow_on({"follow_on": "example:west"})
    assert game.state.emperors["west"] == "diocletian" and game.to_move() == ["east"]
    game.apply("east", Command("emperor", {"choice": "maximian"}))
    st = game.state
    assert st.emperors == {"east": "maximian", "west": "diocletian"}
    assert game.to_move() == ["west"] and st.step == "appoint"
    with pytest.raises(RuleError) as err:  # the face-up Statesmen must be placed (10.3.3)
        game.apply("west", Command("end", {}))
    assert err.value.section == "10.3"
    with pytest.raises(RuleError) as err:  # the East waits for the West (13.3.5)
        game.apply("east", Command("appoint", {"statesman": "aper", "command": "oriens"}))
    assert err.value.section == "13.3.5"
    with pytest.raises(RuleError) as err:  # nothing but appointments before Turn 1
        game.apply("west", Command("bread", {"points": "1"}))
    assert err.value.section == "10.0"
    for sid, cid in (("constantius_chlorus", "gallia"), ("asclepiodotus", "hispania"),
                     ("aper", "italia")):
        game.apply("west", Command("appoint", {"statesman": sid, "command": cid}))
    assert game.state.commands["gallia"]["gov"] == "constantius_chlorus"
    game.apply("west", Command("end", {}))  # Africa stays Generic: nobody is left face up
    st = game.state
    assert game.to_move() == ["east"]
    assert {c.name for c in game.legal_commands("east")} == {"give_gold", "end"}
    game.apply("east", Command("end", {}))
    st = game.state
    assert st.step != "appoint" and st.phase != "event"  # Turn 1 has begun
    assert st.turn == 1


def test_ROME_34_a_rebel_of_both_empires_is_fought_once_a_turn() -> None:
    st = _follow_on().state
    st.emperors["west"] = "maximian"
    st.statesmen["maximian"] = "emperor"
    st.commands["oriens"] = {"gov": "carausius", "rebel": True}
    assert W.compulsory_civil(st, "east") == ["oriens"]
    assert W.compulsory_civil(st, "west") == ["britannia"]
    st.dice = ScriptedDice([3, 3, 3])
    W.civil_war(st, "west", "britannia", [])
    assert W.compulsory_civil(st, "east") == [] and W.civil_targets(st, "east") == []


def test_ROME_31_stacking_excess_is_removed_and_merged_provinces_take_the_worst_status() -> None:
    out = F.units({"Syria Coele": ["legion", "legion"], "Syria Phoenice": ["legion", "cavalry"]})
    assert sorted(out.placed["syria"]) == [("cavalry", False), ("legion", False), ("legion", False)]
    assert out.removed == ["syria:legion"]
    assert F.province("Aquitania") == "narbonensis"  # Aquitania II is new (13.3.2)


def test_rome_inc_statesmen_have_popularity_one_and_iinc_abilities() -> None:
    d = data()
    inc = [s for s in d.statesmen.values() if s.scenario == "222"]
    assert inc and all(s.pop == 1 for s in inc)
    assert d.statesmen["aper"].special == "assassin"


def test_follow_on_game_chains_two_scenarios() -> None:
    """The follow-on game with extended=363 (13.2, 13.3): the heuristic player plays the 286
    scenario to its end and the game goes on into 363 with the 13.2.1 changes."""
    reached = None
    for seed in range(40):
        game = RomeGame.new("286", ["east", "west"], f"chain-{seed}",
                            {"mode": "solo", "follow_on": "example", "extended": "363"})
        rng = random.Random(seed)
        while game.state.scenario == "286" and not game.state.result:
            pick = heuristic_choice(game, rng)
            assert pick is not None
            before = dict(game.state.prestige)
            game.apply(*pick)
        if game.state.scenario == "363":
            reached = (game, before)
            break
    assert reached is not None, "no follow-on game of 40 reached the 363 scenario"
    game, _before = reached
    st = game.state
    assert (st.turn, st.next_scenarios) == (1, [])
    assert st.statesmen["valens"] in ("down", "up", "governor", "emperor")  # the 363 pool joined
    assert st.statesmen["carus"] == "dead"  # the Rome, Inc. position carries over
    assert any("363 CE scenario" in line for line in st.last)
    play_out(game, random.Random(0), "heuristic")
    assert game.result() is not None and st.scenario == "363"
