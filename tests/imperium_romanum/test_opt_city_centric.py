"""Optional rule 41: the city-centric game (41.2 taxation; 41.3 mobilization, plunder, militia)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import city_centric as CC
from rules.imperium_romanum import militia as MIL
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import plunder as PL
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

MACEDONIA = ("dyrrhachium", "pharsalus", "philppi", "thessalonica")
"""Scenario 12's Macedonia: tax values 1, 1, 1 and 4; 7 on the Tax Value Chart."""


def _macedonia(on: bool = True, segment: str = "taxation", month: int = 3) -> Position:
    """Scenario 12 with Rome holding Macedonia only and every treasury at 0."""
    pos = Position("s12", month=month, segment=segment, active="rome")
    pos.st.options["city_centric"] = "yes" if on else "no"
    pos.st.city_owner = {c: "rome" for c in MACEDONIA}
    pos.st.province_owner = {"macedonia": "rome"}
    for rec in pos.st.powers.values():
        rec["treasury"] = 0
    return pos


def _taxes(pos: Position) -> dict[str, int]:
    lines: list[Text] = []
    SEQ.collect_taxes(pos.st, lines)
    return {p: rec["treasury"] for p, rec in pos.st.powers.items() if rec["treasury"]}


def test_41_2_a_power_holding_every_city_taxes_the_chart_total() -> None:
    pos = _macedonia()
    assert B.province_tax(pos.st, "macedonia") == 7
    assert _taxes(pos) == {"rome": 7}


def test_41_2_a_shared_province_pays_each_power_its_cities() -> None:
    pos = _macedonia()
    pos.st.city_owner["thessalonica"] = "dacia"
    assert _taxes(pos) == {"rome": 3, "dacia": 4}


def test_41_2_without_the_option_only_the_province_owner_taxes() -> None:
    pos = _macedonia(on=False)
    pos.st.city_owner["thessalonica"] = "dacia"
    assert _taxes(pos) == {"rome": 7}


def test_41_3_a_plundered_city_pays_nothing_and_loses_a_marker_at_taxation() -> None:
    pos = _macedonia()
    pos.st.plundered_cities["pharsalus"] = 2
    assert _taxes(pos) == {"rome": 6}
    assert pos.st.plundered_cities == {"pharsalus": 1}


def test_41_3_holding_a_city_is_enough_to_raise_units_there() -> None:
    pos = _macedonia()
    pos.st.province_owner["macedonia"] = "dacia"
    pos.st.powers["rome"]["treasury"] = 50
    pos.st.tm_seen = 2
    power, _tick, cost = MOB.check_build(pos.st, "rome", "light_infantry_4_12", "pharsalus")
    assert power == "rome" and cost > 0
    pos.st.options["city_centric"] = "no"
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "rome", "light_infantry_4_12", "pharsalus")
    assert err.value.section == "§7.4"


def test_41_3_a_plundered_city_raises_nothing() -> None:
    pos = _macedonia()
    pos.st.powers["rome"]["treasury"] = 50
    pos.st.tm_seen = 2
    pos.st.plundered_cities["pharsalus"] = 2
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "rome", "light_infantry_4_12", "pharsalus")
    assert err.value.section == "§24.1"


def test_41_3_plunder_takes_one_city_for_three_times_its_tax_value() -> None:
    pos = _macedonia(segment="siege", month=6)
    pos.unit("rome", "legion_20_10", data().cities["thessalonica"].hex)
    pos.unit("rome", "legion_20_10", data().cities["pharsalus"].hex)  # two of four cities: the province could go whole
    pos.st.standing["rome"]["plunder"] = "ask"
    PL.offer(pos.st, "rome")
    choices = [c[0] for c in pos.st.pending["choices"]]
    assert choices == ["none", "talents:city:pharsalus:rome", "talents:city:thessalonica:rome"]  # no whole province
    assert pos.st.pending["section"] == "§24.1"
    before = B.city_defence(pos.st, "thessalonica")
    pos.game.apply("rome", Command("decide", {"id": pos.st.pending["id"], "choice": "talents:city:thessalonica:rome"}))
    assert pos.st.powers["rome"]["treasury"] == 3 * 4
    assert pos.st.plundered_cities == {"thessalonica": PL.MARKERS}
    assert "macedonia" not in pos.st.plunder
    assert before == 1 and B.city_defence(pos.st, "thessalonica") == 0


def test_41_3_without_the_option_the_whole_province_is_offered() -> None:
    pos = _macedonia(on=False, segment="siege", month=6)
    pos.unit("rome", "legion_20_10", data().cities["thessalonica"].hex)
    pos.unit("rome", "legion_20_10", data().cities["pharsalus"].hex)
    pos.st.standing["rome"]["plunder"] = "ask"
    PL.offer(pos.st, "rome")
    assert "talents:macedonia:rome" in [c[0] for c in pos.st.pending["choices"]]


def test_41_3_a_city_needs_its_own_heavy_unit() -> None:
    pos = _macedonia(segment="siege", month=6)
    pos.unit("rome", "light_infantry_4_12", data().cities["thessalonica"].hex)
    pos.st.standing["rome"]["plunder"] = "ask"
    assert CC.plunder_options(pos.st, "rome") == []
    pos.unit("rome", "legion_20_10", data().cities["thessalonica"].hex)
    assert CC.plunder_options(pos.st, "rome") == [("thessalonica", "rome")]
    pos.unit("dacia", "heavy_infantry_20_8", data().cities["philppi"].hex)  # an enemy in the province (24.1)
    assert CC.plunder_options(pos.st, "rome") == []


def test_41_3_plunder_into_a_baggage_train_takes_half_rounded_up() -> None:
    pos = _macedonia(segment="siege", month=6)
    hex_id = data().cities["thessalonica"].hex
    pos.unit("rome", "legion_20_10", hex_id)
    train = pos.unit("rome", "baggage_train", hex_id, sp=0)
    pos.st.standing["rome"]["plunder"] = "ask"
    PL.offer(pos.st, "rome")
    assert "sp:city:thessalonica:rome" in [c[0] for c in pos.st.pending["choices"]]
    pos.game.apply("rome", Command("decide", {"id": pos.st.pending["id"], "choice": "sp:city:thessalonica:rome"}))
    assert pos.st.units[train]["sp"] == 6  # 3 x 4 / 2


def _baetica() -> Position:
    pos = Position("s24", month=6, segment="movement", active="diocletian")
    pos.st.options["city_centric"] = "yes"
    pos.st.militia["baetica"] = 12
    pos.st.city_owner["hispalis"] = "diocletian"  # 6 of Baetica's 9
    return pos


def test_41_3_militia_is_split_by_the_tax_value_each_roman_power_holds() -> None:
    pos = _baetica()
    assert pos.st.province_owner["baetica"] == "carinus"
    assert MIL.share(pos.st, "diocletian", "baetica") == 8  # 12 x 6 / 9
    assert MIL.share(pos.st, "carinus", "baetica") == 4  # 12 x 3 / 9
    pos.st.options["city_centric"] = "no"
    assert MIL.share(pos.st, "diocletian", "baetica") == 0
    assert MIL.share(pos.st, "carinus", "baetica") == 12
