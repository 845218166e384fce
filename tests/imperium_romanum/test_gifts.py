"""Gifts of units, cities and forts between allies (5.8 #8; IR-ENG-120 to IR-ENG-123): an offer
in the Diplomacy Phase that the ally confirms; the engine then moves the ownership."""

from __future__ import annotations

import pytest

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperium_romanum import gifts
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position


def allied() -> Position:
    """Scenario 12 in June, Diplomacy: Rome and Dacia allied for the month."""
    pos = Position(month=6, segment="diplomacy")
    pos.st.alliances.append(["dacia", "rome"])
    return pos


def offer_and_accept(pos: Position, args: dict[str, object]) -> Outcome:
    pos.game.apply("rome", Command("give", {"to": "dacia", **args}))
    [offer] = [p for p in pos.st.proposals if p[1] == "give"]
    return pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))


def test_5_8_units_given_to_an_ally_change_owner_and_keep_their_counter() -> None:
    pos = allied()
    legion, cavalry = pos.unit("rome", "legion_20_10", "B4616"), pos.unit("rome", "cavalry_6_12", "B4616")
    kept = pos.unit("rome", "legion_20_10", "B4616")
    pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion, cavalry]}))
    assert pos.st.units[legion]["power"] == "rome"  # nothing moves before the ally accepts
    [offer] = pos.st.proposals
    assert offer[1:4] == ["give", "rome", "dacia"] and offer[6] == f"units:{legion},{cavalry}"
    outcome = pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))
    assert [pos.st.units[u]["power"] for u in (legion, cavalry, kept)] == ["dacia", "dacia", "rome"]
    assert pos.st.units[legion]["counter"] == "rome"  # IR-ENG-122: Roman colour and CER (20.4's counter)
    assert "rome gives 2 units to dacia (5.8)." in [str(line) for line in outcome.public]
    assert not any(legion in str(line) for line in outcome.public)  # counted, not named (3.2)


def test_5_8_a_declined_gift_changes_nothing() -> None:
    pos = allied()
    legion = pos.unit("rome", "legion_20_10", "B4616")
    pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    pos.game.apply("dacia", Command("answer_offer", {"offer": pos.st.proposals[0][0], "choice": "decline"}))
    assert pos.st.units[legion]["power"] == "rome" and "counter" not in pos.st.units[legion]


def test_ir_eng_121_a_given_city_carries_its_province_and_morale() -> None:
    pos = allied()
    rome, dacia = pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]
    offer_and_accept(pos, {"city": "delminium"})  # Dalmatia's only city, its capital (tax 1)
    assert pos.st.city_owner["delminium"] == "dacia" and pos.st.province_owner["dalmatia"] == "dacia"
    assert (pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]) == (rome - 1, dacia + 1)  # 19.1


def test_ir_eng_121_a_city_that_is_not_its_province_s_capital_leaves_the_province_alone() -> None:
    pos = allied()
    rome = pos.st.powers["rome"]["morale"]
    offer_and_accept(pos, {"city": "oescus"})
    assert pos.st.city_owner["oescus"] == "dacia" and pos.st.province_owner["moesia_inferior"] == "rome"
    assert pos.st.powers["rome"]["morale"] == rome


def test_ir_eng_122_a_given_fort_joins_the_ally_s_at_the_higher_level() -> None:
    pos = allied()
    pos.st.forts["B4616"] = {"rome": 3, "dacia": 1}
    outcome = offer_and_accept(pos, {"fort": "B4616"})
    assert pos.st.forts["B4616"] == {"dacia": 3}
    assert "rome gives the fortification at B4616 to dacia (5.8)." in [str(line) for line in outcome.public]


def test_5_8_refusals_name_their_rule_and_change_nothing() -> None:
    pos = Position(month=6, segment="diplomacy")  # not allied
    legion = pos.unit("rome", "legion_20_10", "B4616")
    foe = pos.unit("dacia", "heavy_infantry_20_8", "B4512")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    assert err.value.section == "§5.8" and "ally" in str(err.value)
    pos.st.alliances.append(["dacia", "rome"])
    for args, section, words in (
        ({"units": [foe]}, "§5.8", "not a unit of yours"),
        ({"units": ["trajan"]}, "§5.8", "not a unit of yours"),  # a leader is not a unit (IR-ENG-120)
        ({"city": "tyras"}, "§5.8", "not a city of yours"),  # a client's (IR-ENG-120)
        ({"fort": "B4616"}, "§5.8", "no fortification"),
        ({"units": [legion], "city": "oescus"}, "§5.8", "exactly one"),
        ({"units": [legion, legion]}, "§5.8", "named twice"),
    ):
        with pytest.raises(RuleError) as err:
            pos.game.apply("rome", Command("give", {"to": "dacia", **args}))
        assert err.value.section == section and words in str(err.value), args
    pos.st.sieges[data().cities["novae"].hex] = {"power": "rome", "city": "novae", "besieger": "dacia", "since": 1, "attrition": 0}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("give", {"to": "dacia", "city": "novae"}))
    assert err.value.section == "§17.1"
    assert pos.st.proposals == [] and pos.st.units[legion]["power"] == "rome"
    pos.st.segment = "movement"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    assert err.value.section == "§5.8" and "Diplomacy Phase" in str(err.value)


def test_ir_eng_123_a_gift_no_longer_possible_on_acceptance_is_not_made() -> None:
    pos = allied()
    legion = pos.unit("rome", "legion_20_10", "B4616")
    pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    pos.st.units.pop(legion)  # lost in the meantime
    outcome = pos.game.apply("dacia", Command("answer_offer", {"offer": pos.st.proposals[0][0], "choice": "accept"}))
    assert any("cannot be made any more" in str(line) for line in outcome.private.get("dacia", []))
    assert outcome.public == []


def test_the_legal_commands_list_each_gift_that_give_accepts_and_no_other() -> None:
    """The engine lists ``give`` (one unit, city or fort each) and ``give_talents`` from
    gifts.py, filtered by the very checks ``give`` and ``give_talents`` run (issue 18)."""
    pos = allied()
    legion = pos.unit("rome", "legion_20_10", "B4616")
    dacian = pos.unit("dacia", "heavy_infantry_20_8", "B4512")
    listed = [c for c in pos.game.legal_commands("rome") if c.name == "give"]
    assert Command("give", {"to": "dacia", "units": [legion]}) in listed
    assert Command("give", {"to": "dacia", "city": "oescus"}) in listed
    assert not any(dacian in c.args.get("units", []) for c in listed)
    for command in listed:  # each one accepted by the check give runs
        gifts.validated(pos.st, "rome", dict(command.args))
    treasury = pos.st.powers["rome"]["treasury"]
    talents = [c.args for c in pos.game.legal_commands("rome") if c.name == "give_talents"]
    assert talents == [{"to": "dacia", "amount": n} for n in dict.fromkeys((treasury, treasury // 2, 1)) if n >= 1]
    pos.st.alliances.clear()
    assert [c for c in pos.game.legal_commands("rome") if c.name == "give"] == []
    with pytest.raises(RuleError) as err:
        gifts.validated(pos.st, "rome", {"to": "dacia", "units": [legion]})
    assert err.value.section == "§5.8"
