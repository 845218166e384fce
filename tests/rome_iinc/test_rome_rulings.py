"""The Rome, IInc. rulings of docs/rulings.md (ROME-n), one test each where it can fail."""

from __future__ import annotations

import pytest
from rome_helpers import clear_units, fresh, put

from rules.core.errors import RuleError
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import commands as C
from rules.rome_iinc import politics as P


def test_ROME_02_odd_strength_rounds_up() -> None:
    st = fresh([1, 1, 2])
    st.wars["alamannic_8_1"] = "out"
    st.wars["blemmyan_4_1"] = "arcadia"
    clear_units(st, "arcadia", "valentia")
    put(st, "arcadia", "legion")
    st.wars["blemmyan_4_1"] = "arcadia"
    prestige, unrest = st.prestige["east"], st.unrest["east"] = (20, 6)
    W.fight(st, "east", "blemmyan_4_1", "oriens", ["arcadia"], [])
    assert (st.prestige["east"], st.unrest["east"]) == (prestige + 2, unrest - 2)


def test_ROME_04_sea_links_do_not_count_for_revolts() -> None:
    st = fresh()
    assert st.commands["britannia"]["rebel"]
    assert "maxima" not in B.revolt_modifiers(st)  # Saxon Homeland across the sea only
    assert B.frontier(st, "maxima") == []


def test_ROME_11_defeat_forces_half_the_losses_on_legions() -> None:
    st = fresh([6, 5, 4])
    clear_units(st, "rhodope", "macedonia", "valentia")
    legion = put(st, "macedonia", "legion")
    st.wars["persian_12_3"] = "rhodope"
    W.fight(st, "east", "persian_12_3", "moesia", ["macedonia"], [])
    loss = next(t for t in st.tasks if t["kind"] == "loss")
    assert (loss["count"], loss["forced"]) == (4, 2)
    assert f"destroy:{legion}" in W.loss_choices(st, loss)
    for choice in ("disgrace", "disgrace"):
        W.take_loss(st, loss, choice, [])
    assert W.loss_choices(st, loss) == [f"destroy:{legion}"]


def test_ROME_contradiction_9_veteran_auxilia_are_promoted_not_built() -> None:
    st = fresh()
    st.gold["west"] = 100
    C.build(st, "west", "auxilia", "lugdunensis_ii", [])
    uid = next(u for u, x in st.units.items() if x["loc"] == "lugdunensis_ii")
    assert st.units[uid]["vet"] is False and st.gold["west"] == 95
    C.upgrade(st, "west", uid, [])
    assert st.units[uid]["vet"] is True and st.gold["west"] == 90
    assert B.pay_of(st, uid) == 2
    with pytest.raises(RuleError) as err:
        C.build(st, "west", "auxilia*", "lugdunensis_ii", [])
    assert err.value.section == "10.6.1"


def test_ROME_contradiction_4_popularity_difference_is_absolute() -> None:
    st = fresh([5, 5, 3])
    st.emperors["west"] = "generic"
    st.unrest["west"] = 8
    clear_units(st, "lugdunensis_i", "germania_i", "germania_ii", "belgica", "narbonensis")
    total = P.rebellion_roll(st, "gallia", "test")
    assert total == 13 + 1 + 8


def test_ROME_19_solo_transfer_between_empires_needs_no_consent() -> None:
    from rules.core.command import Command
    from rules.rome_iinc.game import RomeGame

    game = RomeGame.new("286", ["east", "west"], "consent", {"mode": "solo"})
    game.apply("east", Command("end", {}))
    st = game.state
    uid = next(u for u, x in sorted(st.units.items()) if x["loc"] == "constantinople" and x["type"] == "guards")
    game.apply("east", Command("transfer", {"unit": uid, "to": "spoletium"}))
    assert game.pending_decision() is None and game.state.units[uid]["loc"] == "spoletium"


def test_sole_emperor_fights_one_war_a_turn() -> None:
    st = fresh([1, 1, 2])
    st.emperors = {"east": "diocletian", "west": "diocletian"}
    st.sole = "east"
    st.wars["moorish_7_1"] = "out"
    clear_units(st, "valentia")
    st.wars["blemmyan_4_1"] = "arcadia"
    put(st, "arcadia", "legion")
    W.fight(st, "east", "blemmyan_4_1", "emperor", ["arcadia"], [])
    assert "emperor" not in W.commanders(st, "west")
    assert "emperor" not in W.commanders(st, "east")


def test_foederati_event_adds_a_revolt_roll_under_a_foederati_war() -> None:
    st = fresh()
    st.wars["alamannic_8_1"] = "out"
    st.wars["persian_12_3"] = "out"
    st.wars["visigothic_8_1"] = "moesia_ii"
    st.events[B.cell_of("foederati")] = 1
    table = B.revolt_modifiers(st)
    from rome_helpers import ScriptedDice

    st.dice = ScriptedDice([1] * (len(table) + 1))
    W.revolts(st, [])
    rolls = [r.purpose for r in st.dice.rolls if "Moesia II" in r.purpose]
    assert rolls == ["Revolt of Moesia II (11.1)", "Extra Revolt of Moesia II (Foederati Event)"]


def test_cavalry_protects_a_governor_from_an_emperors_assassin() -> None:
    st = fresh([1, 6])  # target pick (only Galerius), then the 1D6
    for sid in list(st.statesmen):
        if st.statesmen[sid] in ("down", "up"):
            st.statesmen[sid] = "out"
    st.emperors["east"] = "procopius"
    st.statesmen.update({"procopius": "emperor", "galerius": "governor", "maximian": "out",
                         "diocletian": "out", "carausius": "out"})
    st.emperors["west"] = "generic"
    st.commands["oriens"]["gov"] = "galerius"
    P.assassination(st, "procopius", "emperor", "east", [])
    roll = [r for r in st.dice.rolls if r.purpose.startswith("Assassination")][0]
    assert ("Cavalry", -1) in roll.modifiers
