"""Fleets in land combat (14.6, TC-44, IR-ENG-64): the attacker's fleets in the hex may join
his attack at a quarter of their strength, the troops aboard them at half of theirs; a fleet
lost satisfies a quarter of its strength."""

from __future__ import annotations

import pytest

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import fleet_support as FS
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.invariants import violations
from tests.imperium_romanum.builder import Position

PORT = "B5013"  # Durostorum, the Roman river port of scenario 12


def _port_battle(fleets: int, cargo: bool = False) -> tuple[Position, str, list[str]]:
    pos = Position(month=6, segment="combat")
    legion = pos.unit("rome", "legion_20_10", PORT)
    ships = pos.units("rome", "fleet_18_30", PORT, fleets)
    if cargo:
        pos.unit("rome", "light_infantry_4_12", PORT, aboard=ships[0])
    pos.units("dacia", "light_cavalry_6_16", PORT, 2)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    return pos, legion, ships


def _battle_line(outcome: Outcome) -> str:
    return next(str(m) for m in outcome.public if "Battle at" in str(m))


@pytest.mark.parametrize(("fleets", "cargo", "attack"), [
    (0, False, 20),
    (1, False, 20 + 4),      # TC-44: one 18-30 counts 4
    (2, False, 20 + 9),      # TC-44: two count 9 (36 / 4)
    (1, True, 20 + 4 + 2),   # a 4-12 aboard adds half its strength
])  # fmt: skip
def test_tc_44_fleets_join_a_land_attack_at_a_quarter_of_their_strength(fleets: int, cargo: bool, attack: int) -> None:
    pos, _legion, ships = _port_battle(max(fleets, 1), cargo)
    args: dict[str, object] = {"hex": PORT, "fleets": ships[:fleets]} if fleets else {"hex": PORT}
    pos.dice(4)
    outcome = pos.game.apply("rome", Command("attack", args))
    assert f"{attack} against 12," in _battle_line(outcome)
    assert violations(pos.st) == []


def test_tc_44_a_fleet_lost_in_land_combat_satisfies_a_quarter_of_its_strength() -> None:
    pos, legion, ships = _port_battle(1)
    assert FS.loss_value(pos.st.units[ships[0]]) == 4
    assert C.choose_losses(pos.st, [legion, ships[0]], 4) == [ships[0]]  # the fleet covers a 4-SP loss
    assert C.choose_losses(pos.st, [legion, ships[0]], 5) == [ships[0], legion]


def test_14_6_troops_aboard_a_lost_fleet_move_to_another_joining_fleet_or_go_down() -> None:
    pos, _legion, ships = _port_battle(2, cargo=True)
    rider = next(u for u, r in pos.st.units.items() if r.get("aboard") == ships[0])
    FS.lose(pos.st, ships[0], ships, [], "dacia")
    assert pos.st.units[rider]["aboard"] == ships[1] and ships[0] in pos.st.eliminated
    FS.lose(pos.st, ships[1], ships, [], "dacia")
    assert rider in pos.st.eliminated
    assert violations(pos.st) == []


def test_14_6_refusals_name_the_rule() -> None:
    pos, _legion, ships = _port_battle(1)
    far = pos.unit("rome", "fleet_18_30", "B4406")
    for args in ({"hex": PORT, "fleets": [far]}, {"hex": PORT, "fleets": ["dacia.nothing"]}):
        with pytest.raises(RuleError) as err:
            pos.game.apply("rome", Command("attack", args))
        assert err.value.section == "§14.6"


def test_14_6_the_legal_attacks_offer_the_fleets_in_the_hex() -> None:
    pos, _legion, ships = _port_battle(2)
    attacks = [c.args for c in legal_commands(pos.st, "rome") if c.name == "attack"]
    assert {"hex": PORT} in attacks and {"hex": PORT, "fleets": ships} in attacks


def test_tc_44_after_d_e_a_lost_fleet_covers_only_4_of_the_12_sp_so_the_legion_goes_too() -> None:
    pos, legion, ships = _port_battle(1)
    pos.dice(1)  # 24 against 12, column 2/1, roll 3 with the leaders and CER: D/E
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": ships}))
    assert "D/E" in _battle_line(outcome)
    assert ships[0] in pos.st.eliminated and legion in pos.st.eliminated  # 4 + 20 >= 12, 4 alone is not


def test_tc_44_after_a_quarter_d_the_fleet_alone_covers_the_loss_and_the_legion_holds() -> None:
    pos, legion, ships = _port_battle(1)
    pos.dice(4)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": ships}))
    assert "1/4D/E" in _battle_line(outcome)  # the riders' 12 SP: at least 3
    assert ships[0] in pos.st.eliminated and pos.st.units[legion]["hex"] == PORT
