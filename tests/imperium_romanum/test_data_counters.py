"""The counter manifest (5.7): counters per colour and period from the Maximum Unit Build Chart
and the legion names of ``charts_build.toml``; set-ups and raises never use more counters of a
type than the colour has, and a major power never takes the counters of a minor power's losses."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import counters
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum.counters import count, manifest
from rules.imperium_romanum.validate_charts import LEGION_TYPES, PERIODS
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position
from tests.imperium_romanum.conftest import BrokenData


def test_the_manifest_has_one_counter_per_unit_of_the_build_chart() -> None:
    book = data().tables
    assert book is not None
    for colour, row in sorted(book.max_build.items()):
        counters = manifest(book, "P3", colour)
        assert len({c.id for c in counters}) == len(counters) == sum(row.values())
        assert all(count(book, "P3", colour, t) == n for t, n in row.items())
    red = manifest(book, "P3", "red")
    assert red[0].id == "red.legion_24_10.01" and (red[0].name, red[0].src) == ("XXX Ulpia Victrix", "history")
    legions = [c for c in red if c.unit_type.startswith("legion")]
    assert len(legions) == 6 + 24 + 16 and sum(1 for c in legions if c.name) == 30
    assert legions[-1] == dataclasses.replace(legions[-1], name="", src="design")  # numbered, ours
    assert [c.name for c in manifest(book, "P4", "purple") if c.name][:2] == ["I Italica", "I Parthica"]
    assert not any(c.name for c in manifest(book, "P3", "brown"))  # barbarian counters carry no names


def test_the_validator_refuses_more_names_than_legion_counters(broken_data: BrokenData) -> None:
    problems = broken_data("charts_build.toml", '{ colour = "red", src = "design", units = { legion_24_10 = 6, legion_20_10 = 24, legion_16_10 = 16',
                        '{ colour = "red", src = "design", units = { legion_24_10 = 0, legion_20_10 = 10, legion_16_10 = 0')  # fmt: skip
    assert "charts_build.toml: counters.legions[9]: 23 names for the 10 legion_20_10 counters of red (5.7)" in problems
    assert "charts_build.toml: counters.legions[9]: 6 names for the 0 legion_24_10 counters of red (5.7)" in problems


def test_the_validator_refuses_a_set_up_beyond_the_colour_s_counters(broken_data: BrokenData) -> None:
    """5.7: scenario 12 sets up more red 20-10s than the red mix of 24 holds."""
    problems = broken_data("scenarios/s12_trajan_dacia.toml", "units = { legion_20_10 = 4, light_infantry_4_12 = 2",
                           "units = { legion_20_10 = 20, light_infantry_4_12 = 2")  # fmt: skip
    assert problems == ["scenarios/s12: 25 legion_20_10 of colour red set up, the colour has 24 such counters (5.7)"]


def test_a_major_power_never_takes_the_counters_of_a_minor_s_losses(monkeypatch: pytest.MonkeyPatch) -> None:
    """5.7: when a major and a minor power share a colour, the minor's eliminated units stay
    its own to rebuild; the major's raise is refused while they fill the colour's mix."""
    d = data()
    s01 = d.scenarios["s01"]
    shared = tuple(dataclasses.replace(p, colour="red") if p.id == "gauls" else p for p in s01.powers)
    patched = dataclasses.replace(d, scenarios=MappingProxyType({**d.scenarios, "s01": dataclasses.replace(s01, powers=shared)}))
    monkeypatch.setattr(MOB, "data", lambda: patched)
    monkeypatch.setattr(counters, "_data", lambda: patched)  # the one count of 5.7
    pos = Position("s01", month=3, year=-52, segment="taxation", active="rome")
    pos.st.province_owner["italia"] = "rome"
    for city in world("s01").city_value:
        if d.cities[city].province == "italia":
            pos.st.city_owner[city] = "rome"
    pos.st.tm_seen = 2
    pos.st.powers["rome"]["treasury"] = 100
    pos.st.powers["gauls"]["major"] = False
    pos.units("rome", "light_infantry_4_12", "B4406", 15)
    lost = pos.unit("gauls", "light_infantry_4_12", "A2912")
    assert MOB.counter_mix(pos.st, "rome", "light_infantry_4_12") == (16, 16)
    pos.st.eliminated[lost] = {**pos.st.units.pop(lost), "hex": ""}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "light_infantry_4_12", "city": "roma"}))
    assert err.value.section == "§5.7"
    assert MOB.counter_mix(pos.st, "gauls", "light_infantry_4_12") == (16, 15)  # the minor may rebuild it


def test_5_7_every_colour_that_raises_legions_has_names_in_every_period() -> None:
    """Issue 16: legion names for each Roman colour (the four with legion counters) in each of
    the six periods, tagged ``history`` (legions of the age) or ``design`` (ours)."""
    book = data().tables
    assert book is not None
    legion_colours = sorted(c for c, row in book.max_build.items() if any(row.get(t, 0) for t in LEGION_TYPES))
    assert legion_colours == ["blue", "green", "purple", "red"]
    pairs = sorted(book.legion_names)
    assert pairs == sorted((p, c) for p in PERIODS for c in legion_colours)
    assert {book.legion_name_src[pair] for pair in pairs} == {"history", "design"}
    design = sorted(pair for pair in pairs if book.legion_name_src[pair] == "design")
    assert design == [("P1", "blue"), ("P1", "green"), ("P1", "purple"), ("P2", "blue"), ("P5", "green"), ("P6", "blue"), ("P6", "green")]
    p4 = {c.id: c for c in manifest(book, "P4", "purple")}
    assert (p4["purple.legion_16_10.01"].name, p4["purple.legion_16_10.01"].src) == ("I Italica", "history")
    p4_red = {c.id: c.name for c in manifest(book, "P4", "red")}
    assert (p4_red["red.legion_16_10.01"], p4_red["red.legion_16_10.16"], p4_red["red.legion_20_10.01"], p4_red["red.legion_24_10.01"]) == (
        "I Adiutrix", "XXX Ulpia Victrix", "III Augusta", "")  # one list per type: scenario 24's 16-10s are named
    p1 = manifest(book, "P1", "green")
    assert (p1[0].id, p1[0].name, p1[0].src) == ("green.legion_24_10.01", "Mariana I", "design")


def test_the_validator_refuses_a_legion_name_twice_in_a_colour_s_period(broken_data: BrokenData) -> None:
    """5.7: a scenario names its legions (IR-SCN-6), so a name is one counter of its colour."""
    problems = broken_data("charts_build.toml", 'legion_16_10 = ["XI Claudia"]', 'legion_16_10 = ["XIII Gemina"]')
    assert "charts_build.toml: counters.legions[9]: needs a list of names, each once" in problems
