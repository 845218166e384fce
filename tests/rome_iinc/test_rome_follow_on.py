"""Following on from Rome, Inc. (13.3): T30 (Units, 13.3.3), T31 (Rebels, 13.3.4), the Treasury
(13.3.1) and the Provinces (13.3.2)."""

from __future__ import annotations

import pytest
from rome_helpers import ScriptedDice

from rules.core.errors import RuleError
from rules.rome_iinc import follow_on as F
from rules.rome_iinc.data import data


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
