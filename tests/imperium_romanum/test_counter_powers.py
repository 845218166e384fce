"""The counters of the powers no scenario colours (5.7): a usurper's faction shares the colour of
the faction it rose against and the units going over to it keep their counters (44.1, 44.2,
20.4; rulings IR-ENG-132, IR-ENG-133); the grain rebels and the minors of random events wear no
counter of the mix and count against no colour (22.2.3, 39.2 Q; IR-ENG-134)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import counters, grain, random_events
from rules.imperium_romanum import usurpation as U
from rules.imperium_romanum.grain import REBELS
from tests.imperium_romanum.builder import Position

LEGION, LIGHT = "legion_20_10", "light_infantry_4_12"
NOVAE, TRAJAN_AT = "B4913", "B4415"  # Moesia Inferior; Viminacium, Moesia Superior


def _usurper() -> tuple[Position, str, str, str]:
    """Hadrian proclaimed at Novae with V Macedonica (red 20-10 no. 09); Trajan keeps I Adiutrix
    (no. 01) at Viminacium. Returns the position, the new faction and the two legions."""
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options["roman_usurpation"] = "yes"
    went = pos.unit("rome", LEGION, NOVAE, counter_id="red.legion_20_10.09")
    stayed = pos.unit("rome", LEGION, TRAJAN_AT, counter_id="red.legion_20_10.01")
    pos.leader("hadrian", NOVAE)
    pos.leader("trajan", TRAJAN_AT)
    new = U.proclaim(pos.st, "hadrian", [])
    return pos, new, went, stayed


def test_ir_eng_132_a_usurper_s_faction_shares_the_colour_it_rose_against() -> None:
    """5.7: one counter mix for both factions; the usurper's raise takes the lowest free red
    counter (before: no colour, so no limit and no counter)."""
    pos, new, _went, _stayed = _usurper()
    assert (pos.st.powers[new]["colour"], counters.colour_of(pos.st, new)) == ("red", "red")
    assert counters.mix(pos.st, new, LEGION) == counters.mix(pos.st, "rome", LEGION) == (24, 2)
    assert counters.free_counter(pos.st, new, LEGION) == "red.legion_20_10.02"


def test_ir_eng_132_a_usurper_s_raise_is_refused_when_the_shared_colour_is_full() -> None:
    pos, new, _went, _stayed = _usurper()
    pos.units("rome", LIGHT, TRAJAN_AT, 15)
    pos.unit(new, LIGHT, NOVAE)
    with pytest.raises(RuleError) as err:
        counters.check_free(pos.st, new, LIGHT, "4-12")
    assert err.value.section == "§5.7" and "every 4-12 counter of this colour is in play" in str(err.value)


def test_ir_eng_133_a_legion_going_over_to_a_usurper_keeps_its_counter_and_counts_once() -> None:
    pos, new, went, stayed = _usurper()
    rec = pos.st.units[went]
    assert (rec["power"], rec["counter_id"], counters.legion_name(pos.st, rec)) == (new, "red.legion_20_10.09", "V Macedonica")
    assert pos.st.units[stayed]["counter_id"] == "red.legion_20_10.01"
    assert counters.mix(pos.st, "rome", LEGION)[1] == 2  # each red counter in play once, whoever holds it


def test_ir_eng_134_grain_rebels_and_a_revolt_s_rebels_wear_no_counter_and_count_against_no_colour() -> None:
    pos = Position("s12", month=6, segment="diplomacy", active="rome")
    before = counters.mix(pos.st, "rome", LIGHT)
    lines: list[Text] = []
    grain.rebel(pos.st, "rome", "roma", lines)  # 22.2.3: two 4-12s of CER B hold the capital
    rebels = [rec for rec in pos.st.units.values() if rec["power"] == REBELS]
    assert [(rec["type"], "counter_id" in rec) for rec in rebels] == [(LIGHT, False), (LIGHT, False)]
    assert counters.colour_of(pos.st, REBELS) == "" and counters.mix(pos.st, "rome", LIGHT) == before
    for rec in rebels:  # passed to a player (22.2.3, grain_rebels.claim): still no colour's
        rec.update(power="rome", counter=REBELS)
    assert counters.mix(pos.st, "rome", LIGHT) == before
    random_events._new_minor(pos.st, "rebels_dacia", Text("the rebels of Dacia"), "civilized", "C", "dacia", LIGHT, 3, lines)
    revolt = [rec for rec in pos.st.units.values() if rec["power"] == "rebels_dacia"]
    assert len(revolt) == 3 and not any("counter_id" in rec for rec in revolt)  # 39.2 Q
