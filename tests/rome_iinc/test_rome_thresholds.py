"""The thresholds the rules text states (digest "Derived boundary tests"), with scripted dice."""

from __future__ import annotations

import pytest
from rome_helpers import ScriptedDice, clear_units, fresh

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import enemy as X
from rules.rome_iinc import phases as PH
from rules.rome_iinc import politics as P
from rules.rome_iinc.game import RomeGame


@pytest.mark.parametrize(("die", "plague", "dead"), [(5, False, False), (6, False, True), (5, True, True)])
def test_mortality_threshold(die: int, plague: bool, dead: bool) -> None:
    st = fresh([1, die, 1])  # Carausius, Diocletian, Maximian
    if plague:
        st.events[B.cell_of("plague")] = 2
    PH.mortality(st, [])
    assert (st.statesmen["diocletian"] == "dead") is dead
    assert st.statesmen["carausius"] == "governor"


def test_abdication_on_turn_3_unless_constantinian() -> None:
    st = fresh([1, 1, 1])
    st.turn = 3
    PH.mortality(st, [])
    assert st.statesmen["diocletian"] == "dead" and st.statesmen["maximian"] == "dead"
    assert st.emperors == {"east": "choosing", "west": "choosing"}
    st2 = fresh([1, 1, 1])
    st2.turn, st2.dynasties = 3, ["constantinian"]
    PH.mortality(st2, [])
    assert st2.emperors == {"east": "diocletian", "west": "maximian"}


@pytest.mark.parametrize(("die", "killed"), [(3, False), (4, True)])
def test_assassination_threshold(die: int, killed: bool) -> None:
    # Governor Procopius (Int 4, Pop 2) against Maximian (Int 4, Pop 2): 1D6 + 8; 11 fails, 12 kills
    st = fresh([die])
    st.commands["italia"]["gov"] = "procopius"
    st.statesmen["procopius"] = "governor"
    clear_units(st, "rome", "aemilia")
    P.assassination(st, "procopius", "governor", "italia", [])
    assert (st.emperors["west"] == "procopius") is killed


@pytest.mark.parametrize(("dice", "rebels"), [((4, 4, 4), False), ((5, 4, 4), True)])
def test_rebellion_threshold(dice: tuple[int, int, int], rebels: bool) -> None:
    # 3D6 + |1 - 2| + Unrest 11: 12 + 12 = 24 stays loyal, 13 + 12 = 25 rebels
    st = fresh(list(dice))
    st.emperors["west"] = "generic"
    st.unrest["west"] = 11
    clear_units(st, "lugdunensis_i", "germania_i", "germania_ii", "belgica", "narbonensis")
    st.wars["visigothic_8_1"] = "box:gallia"
    PH._after_wars(st, [])
    assert bool(st.commands["gallia"]["rebel"]) is rebels


@pytest.mark.parametrize(("die", "moves_on"), [(2, False), (3, True)])
def test_pillage_threshold(die: int, moves_on: bool) -> None:
    # Pillage 1D6 + 1 (Allied) >= 4 continues
    st = fresh([die] + [1] * 20)
    st.wars["suevian_6_1"] = "bosporus"
    X.move_war(st, "suevian_6_1", [])
    assert (st.wars["suevian_6_1"] != "bosporus") is moves_on


@pytest.mark.parametrize(("die", "status"), [(4, "roman"), (5, "insurgent")])
def test_revolt_threshold(die: int, status: str) -> None:
    # Colchis has +2 (Caucasia): a natural 4 gives 6 and holds, a 5 gives 7 and Revolts
    st = fresh()
    table = B.revolt_modifiers(st)
    script = [die if pid == "colchis" else 1 for pid in table]
    st.dice = ScriptedDice(script)
    W.revolts(st, [])
    assert st.status["colchis"] == status


def test_romanisation_equal_to_military() -> None:
    # Lugdunensis II, Insurgent +1 under the Generic Gallia Governor (Military 3): a 2 gives 3
    st = fresh()
    table = B.revolt_modifiers(st)
    st.dice = ScriptedDice([2 if pid == "lugdunensis_ii" else 4 for pid in table])
    W.revolts(st, [])
    assert st.status["lugdunensis_ii"] == "roman"


def test_extra_taxes_only_while_in_debt() -> None:
    game = RomeGame.new("286", ["east", "west"], "s1", {})
    with pytest.raises(RuleError) as err:
        game.apply("east", Command("extra_taxes", {}))
    assert err.value.section == "9.1.4"
    st = fresh([3, 4])
    st.gold["west"] = -5
    from rules.rome_iinc import commands as C

    prestige, unrest = st.prestige["west"], st.unrest["west"]
    C.extra_taxes(st, "west", [])
    assert (st.gold["west"], st.unrest["west"], st.prestige["west"]) == (2, unrest + 1, prestige - 1)


def test_negative_gold_at_phase_end_falls() -> None:
    st = fresh()
    st.gold["west"] = -1
    P.check_fall(st, [])
    assert st.fallen["west"] and st.gold["west"] == 0 and st.prestige["west"] == 0


def test_unrest_accrual_counts_icons_wars_and_rebels() -> None:
    st = fresh()
    base = PH.unrest_due(st, "west")
    clear_units(st, "rome")  # Rome has a Fleet icon
    assert PH.unrest_due(st, "west") == base + 1
    st.wars["saxon_6_3"] = "belgica"
    assert PH.unrest_due(st, "west") == base + 2
