"""The special rules the playable scenarios name (26-38): fleet conversion (34), the neutral
barbarians of 37.6, and the refusals of 35 and 26; 28 changes nothing without a second Roman
faction (IR-ENG-37)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import NotYetSupported, RuleError
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

DUROSTORUM = "B5013"


def test_34_a_roman_fleet_becomes_an_unseasoned_8_10_legion() -> None:
    pos = Position(segment="movement", active="rome")
    fleet = pos.unit("rome", "fleet_18_30", DUROSTORUM)
    assert any(c.name == "convert" for c in legal_commands(pos.st, "rome"))
    pos.game.apply("rome", Command("convert", {"fleet": [fleet]}))
    assert fleet not in pos.st.units and pos.st.eliminated[fleet]["converted"] is True
    legions = [u for u, r in pos.st.units.items() if r["type"] == "legion_16_10" and r["hex"] == DUROSTORUM]
    assert len(legions) == 1
    rec = pos.st.units[legions[0]]
    assert (rec["vet"], rec["mp"]) == (False, 0)
    assert pos.st.powers["rome"]["morale"] == pos.snapshot().powers["rome"]["morale"]


def test_34_is_refused_out_of_movement_at_sea_and_in_scenarios_without_it() -> None:
    pos = Position(segment="movement", active="rome")
    at_sea = pos.unit("rome", "fleet_18_30", "B5211")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("convert", {"fleet": [at_sea]}))
    assert err.value.section == "§34"
    pos.st.segment = "combat"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("convert", {"fleet": [at_sea]}))
    assert err.value.section == "§34"
    other = Position("s01", month=6, year=-52, segment="movement", active="rome")
    fleet = other.unit("rome", "fleet_18_30", data().cities["roma"].hex)
    with pytest.raises(RuleError) as err:
        other.game.apply("rome", Command("convert", {"fleet": [fleet]}))
    assert err.value.section == "§34" and fleet in other.st.units


@pytest.mark.parametrize(("die", "awake"), [(4, False), (5, True)])
def test_37_6_the_iazyges_wake_when_pannonia_inferior_is_thinly_held(die: int, awake: bool) -> None:
    pos = Position(segment="diplomacy")
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    assert pos.st.province_owner["pannonia_inferior"] == "rome"
    pos.dice(die)
    lines: list = []
    N.barbarian_rolls(pos.st, lines)
    assert pos.st.dice.rolls[-1].purpose == "§37.6 iazyges from pannonia_inferior"
    assert (pos.st.powers["iazyges"]["status"] == "active neutral") is awake


def test_37_6_twenty_roman_sp_keep_them_asleep() -> None:
    pos = Position(segment="diplomacy")
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    hex_id = next(h for h, c in sorted(data().hexes.items()) if c.kind == "land" and c.province == "pannonia_inferior")
    pos.unit("rome", "legion_20_10", hex_id)
    N.barbarian_rolls(pos.st, [])
    assert pos.st.powers["iazyges"]["status"] == "inactive neutral"
    assert not any(r.purpose.startswith("§37.6") for r in pos.st.dice.rolls)


def test_35_new_heavy_units_need_training_not_yet_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenario 12 has no chart to raise legions (IR-ENG-28); with an area that allows one, the
    raise is refused for the training of 35, after every other check passed."""
    pos = Position(month=3, segment="taxation", active="rome")
    city = next(c for c, owner in sorted(pos.st.city_owner.items()) if owner == "rome"
                and pos.st.province_owner.get(data().cities[c].province) == "rome")  # fmt: skip
    monkeypatch.setattr(MOB, "area_of", lambda st, province: ("test", {"limits": {"20-10": 1}}))
    with pytest.raises(NotYetSupported) as err:
        MOB.check_build(pos.st, "rome", "legion_20_10", city)
    assert err.value.section == "§35"
