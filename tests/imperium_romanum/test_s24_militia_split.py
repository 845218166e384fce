"""Militia divided among several forces in one province (§29.3, scenario 24, IR-ENG-78): the
owner posts part of a province's militia with a hex; a combat there gets that post, a combat
elsewhere in the province what no post holds; losses come off the post that fought."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import militia as MIL
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

OPEN = "A1727"  # a clear hex of Tarraconensis, no city (as in test_s24_special_rules)


def _other_hex() -> str:
    return sorted(h for h, c in data().hexes.items() if c.province == "tarraconensis" and c.kind == "land" and h != OPEN)[0]


def _carinus_moves() -> Position:
    pos = Position(scenario="s24", year=285, month=6, segment="movement", active="carinus")
    pos.units("carinus", "light_infantry_4_12", OPEN, 2)
    pos.unit("carinus", "light_infantry_4_12", _other_hex())
    return pos


def test_29_3_militia_posted_with_a_force_joins_it_and_the_rest_joins_the_others() -> None:
    pos = _carinus_moves()
    assert MIL.available(pos.st, "carinus", OPEN) == 12 == MIL.available(pos.st, "carinus", _other_hex())
    assert Command("militia_post", {"province": "tarraconensis", "hex": OPEN, "sp": 12}) in pos.game.legal_commands("carinus")
    pos.game.apply("carinus", Command("militia_post", {"province": "tarraconensis", "hex": OPEN, "sp": 8}))
    st = pos.game.state
    assert st.militia_posts == {"tarraconensis": {OPEN: 8}}
    assert (MIL.available(st, "carinus", OPEN), MIL.available(st, "carinus", _other_hex())) == (8, 4)
    pos.game.apply("carinus", Command("militia_post", {"province": "tarraconensis", "hex": OPEN, "sp": 0}))
    assert pos.game.state.militia_posts == {} and MIL.available(pos.game.state, "carinus", _other_hex()) == 12


def test_29_3_the_post_that_fought_pays_its_losses() -> None:
    pos = _carinus_moves()
    pos.game.apply("carinus", Command("militia_post", {"province": "tarraconensis", "hex": OPEN, "sp": 8}))
    st = pos.game.state
    st.segment, st.active = "combat", st.seats.index("diocletian")
    pos.unit("diocletian", "legion_16_10", OPEN)
    pos.dice(1)  # E/3/4A: the defenders lose 12, the militia first
    lines: list[Text] = []
    C.resolve(st, "diocletian", OPEN, lines)
    assert "16 against 16" in str(lines[0])  # 2 x 4 SP and the 8 posted militia SP
    assert st.militia["tarraconensis"] == 4 and st.militia_posts == {}
    assert MIL.available(st, "carinus", _other_hex()) == 4


@pytest.mark.parametrize(("args", "section"), [
    ({"province": "tarraconensis", "hex": OPEN, "sp": 13}, "§29.3"),
    ({"province": "tarraconensis", "hex": "B4406", "sp": 2}, "§29.3"),
    ({"province": "italia", "hex": OPEN, "sp": 2}, "§29.3"),
    ({"province": "thracia", "hex": OPEN, "sp": 2}, "§29.2"),
])  # fmt: skip
def test_29_3_refusals(args: dict[str, object], section: str) -> None:
    pos = _carinus_moves()
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("militia_post", args))
    assert err.value.section == section


def test_29_2_a_change_of_owner_clears_the_posts() -> None:
    pos = _carinus_moves()
    pos.game.apply("carinus", Command("militia_post", {"province": "tarraconensis", "hex": OPEN, "sp": 5}))
    st = pos.game.state
    MIL.province_changes_hands(st, "tarraconensis", "diocletian")
    assert st.militia_posts == {} and st.militia["tarraconensis"] == 12
