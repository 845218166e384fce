"""Units in play carry their counter (5.7, ruling IR-ENG-129): the set-up hands out each
colour's counters in order, a raise takes the lowest free one of its colour and type, an
eliminated counter returns to the pool (a minor's stays its own to rebuild), gifts (5.8) and
defections with the colour (20.4) keep it, a swapped unit takes the heir's (20.3.2), and the
views and the roster give a legion's name (IR-DIS-20). One place counts and numbers them:
``counters.py``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import MappingProxyType

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import accrual, counters
from rules.imperium_romanum import board as B
from rules.imperium_romanum import defection as DEF
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.record import power_record
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position, rome_in_italy_at_taxation

LIGHT, LEGION, SMALL = "light_infantry_4_12", "legion_20_10", "legion_16_10"
RECORDED = Path(__file__).parents[1] / "reliability" / "data" / "imperium_romanum_recorded_by_version_1.json"


@pytest.fixture(scope="module")
def s24() -> IRState:
    """Scenario 24's set-up, read only."""
    return ImperiumRomanumGame.new("s24", [], "counter-ids", {}).state


def _raised(pos: Position, unit_type: str, city: str = "roma") -> str:
    """Raise a unit (7.4) and return its counter id."""
    before = set(pos.st.units)
    pos.game.apply("rome", Command("build", {"type": unit_type, "city": city}))
    [uid] = set(pos.st.units) - before
    return str(pos.st.units[uid]["counter_id"])


def test_5_7_the_set_up_gives_the_named_legions_and_the_other_counters_in_order(s24: IRState) -> None:
    """IR-SCN-6: each legion wears the counter its deployment names; the other units take their
    colour's counters in the order of the deployments."""
    ids = [rec["counter_id"] for rec in s24.units.values()]
    assert len(ids) == len(s24.units) == len(set(ids))  # every unit has one, none twice
    for rec in s24.units.values():
        assert rec["counter_id"].startswith(f"{counters.colour_of(s24, rec['power'])}.{rec['type']}.")
    for power, colour in (("carinus", "red"), ("diocletian", "purple")):
        legions = [rec["counter_id"] for rec in s24.units.values() if rec["power"] == power and rec["type"] == SMALL]
        assert legions == [cid for dep in data().scenarios["s24"].deployments if dep.power == power for cid in dep.legions]
        lights = [rec["counter_id"] for rec in s24.units.values() if rec["power"] == power and rec["type"] == LIGHT]
        assert lights == [f"{colour}.light_infantry_4_12.{n:02d}" for n in range(1, len(lights) + 1)] and lights
    assert s24.units["carinus.legion_16_10.1"]["counter_id"] == "red.legion_16_10.08"  # IV Flavia Felix


def test_5_7_a_raise_takes_the_lowest_free_counter_and_an_eliminated_one_returns_to_the_pool() -> None:
    pos = rome_in_italy_at_taxation(100)
    lights = [pos.unit("rome", LIGHT, "B4406", counter_id=f"red.light_infantry_4_12.{n:02d}") for n in (1, 2, 3)]
    B.eliminate_unit(pos.st, lights[1], [], Text("test"))
    assert _raised(pos, LIGHT) == "red.light_infantry_4_12.02"  # back from the pool
    assert _raised(pos, LIGHT) == "red.light_infantry_4_12.04"
    assert counters.mix(pos.st, "rome", LIGHT) == (16, 4)


def test_5_7_the_count_the_refusal_and_the_id_agree_when_the_mix_is_full() -> None:
    pos = rome_in_italy_at_taxation(100)
    for n in range(1, 16):
        pos.unit("rome", LIGHT, "B4406", counter_id=f"red.light_infantry_4_12.{n:02d}")
    assert counters.free_counter(pos.st, "rome", LIGHT) == "red.light_infantry_4_12.16"
    assert _raised(pos, LIGHT) == "red.light_infantry_4_12.16"
    assert counters.mix(pos.st, "rome", LIGHT) == MOB.counter_mix(pos.st, "rome", LIGHT) == (16, 16)
    assert counters.free_counter(pos.st, "rome", LIGHT) == ""
    with pytest.raises(RuleError) as err:
        _raised(pos, LIGHT)
    assert err.value.section == "§5.7" and "every 4-12 counter of this colour is in play" in str(err.value)


def test_5_7_a_minor_s_eliminated_counter_stays_its_own_to_rebuild(monkeypatch: pytest.MonkeyPatch) -> None:
    d = data()
    s01 = d.scenarios["s01"]
    shared = tuple(dataclasses.replace(p, colour="red") if p.id == "gauls" else p for p in s01.powers)
    patched = dataclasses.replace(d, scenarios=MappingProxyType({**d.scenarios, "s01": dataclasses.replace(s01, powers=shared)}))
    monkeypatch.setattr(counters, "_data", lambda: patched)
    pos = rome_in_italy_at_taxation(100)
    pos.st.powers["gauls"]["major"] = False
    lost = pos.unit("gauls", LIGHT, "A2912", counter_id="red.light_infantry_4_12.01")
    B.eliminate_unit(pos.st, lost, [], Text("test"))
    assert _raised(pos, LIGHT) == "red.light_infantry_4_12.02"  # not the minor's
    accrual.revive(pos.st, lost, "A2912")  # 8.3: the minor rebuilds it
    assert pos.st.units[lost]["counter_id"] == "red.light_infantry_4_12.01"


def test_7_8_a_fleet_s_counter_is_set_aside_when_begun_and_launched_with_it() -> None:
    pos = rome_in_italy_at_taxation(100)
    pos.unit("rome", "fleet_18_30", "B3918", counter_id="red.fleet_18_30.01")
    pos.game.apply("rome", Command("build", {"type": "fleet_18_30", "city": "roma"}))
    [yard] = pos.st.shipyards
    assert yard["counter_id"] == "red.fleet_18_30.02"
    assert counters.free_counter(pos.st, "rome", "fleet_18_30") == "red.fleet_18_30.03"  # 02 is taken
    pos.st.turn = yard["ready"]
    SEQ.start_month(pos.st, [])
    [launched] = [u for u, rec in pos.st.units.items() if rec["type"] == "fleet_18_30" and rec.get("raised")]
    assert pos.st.units[launched]["counter_id"] == "red.fleet_18_30.02" and not pos.st.shipyards


def test_5_8_a_given_unit_keeps_its_counter() -> None:
    pos = Position(month=6, segment="diplomacy")
    pos.st.alliances.append(["dacia", "rome"])
    legion = pos.unit("rome", LEGION, "B4616", counter_id="red.legion_20_10.05")
    pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    [offer] = pos.st.proposals
    pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))
    assert (pos.st.units[legion]["power"], pos.st.units[legion]["counter_id"]) == ("dacia", "red.legion_20_10.05")
    assert counters.mix(pos.st, "rome", LEGION)[1] == 1  # still one of red's counters (IR-ENG-122)
    assert counters.legion_name(pos.st, pos.st.units[legion]) == data().tables.legion_names[("P3", "red")][LEGION][4]  # type: ignore[union-attr]


def test_20_3_2_a_unit_swapped_for_the_heir_s_colour_takes_its_counter_20_4_one_with_the_colour_keeps_it() -> None:
    pos = Position(scenario="s24", year=285, month=6, segment="movement", active="diocletian")
    here = "B4816"
    swapped = pos.unit("carinus", LEGION, here, counter_id="red.legion_20_10.07")
    pos.unit("diocletian", LEGION, "B5016", counter_id="purple.legion_20_10.01")
    gained: dict[str, dict[str, list[object]]] = {"diocletian": {"units": []}}
    DEF._defect_stack(pos.st, "carinus", [swapped], "diocletian", gained, MOB.counter_mix, [])  # type: ignore[arg-type]
    assert (pos.st.units[swapped]["power"], pos.st.units[swapped]["counter_id"]) == ("diocletian", "purple.legion_20_10.02")
    kept = pos.unit("carinus", LEGION, here, counter_id="red.legion_20_10.08")
    pos.st.powers["diocletian"]["colours"] = ["carinus"]  # 20.4: the heir gained the colour
    DEF._defect_stack(pos.st, "carinus", [kept], "diocletian", gained, MOB.counter_mix, [])  # type: ignore[arg-type]
    assert (pos.st.units[kept]["power"], pos.st.units[kept]["counter_id"]) == ("diocletian", "red.legion_20_10.08")


def test_ir_dis_20_the_views_and_the_roster_give_a_legion_s_name() -> None:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", LEGION, "B4616", counter_id="red.legion_20_10.01")
    pos.unit("rome", LIGHT, "B4616", counter_id="red.light_infantry_4_12.01")
    name = data().tables.legion_names[("P3", "red")][LEGION][0]  # type: ignore[union-attr]
    assert name == "I Adiutrix"
    [public] = [s for s in pos.game.public_view()["stacks"] if s["hex"] == "B4616"]
    assert (public["top_name"], "units" in public) == (name, False)  # the top counter's name is public
    [own] = [s for s in pos.game.seat_view("rome")["stacks"] if s["hex"] == "B4616"]
    assert [(u["counter"], u.get("name")) for u in own["units"]] == [("red.legion_20_10.01", name), ("red.light_infantry_4_12.01", None)]
    record = power_record(pos.st, "rome", "rome")
    assert record["legions"] == {legion: name} and record["counters"][legion] == "red.legion_20_10.01"
    assert power_record(pos.st, "rome")["legions"] == {}  # the roster is its seat's (IR-DIS-1)


def test_a_game_recorded_by_an_older_version_replayed_gives_every_unit_its_counter() -> None:
    """A stored game of an older RULES_VERSION is replayed from its log (bot/rules_version.py):
    the replay hands out the counters, the set-up's and the raises'."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    game = ImperiumRomanumGame.new(recorded["scenario"], list(recorded["seats"]), recorded["secret_seed"], recorded["options"])
    for event in recorded["events"][:2]:  # a 30-16 raised at Sirmium, a baggage train at Thessalonica
        game.apply(event["seat"], Command.from_json(event["command"]))
    st = game.state
    assert all(rec.get("counter_id") for rec in st.units.values())
    raised = sorted(rec["counter_id"] for rec in st.units.values() if rec.get("raised"))
    trains, cavalry = (sum(1 for rec in st.units.values() if rec["power"] == "rome" and rec["type"] == kind
                           and not rec.get("raised")) for kind in ("baggage_train", "heavy_cavalry_30_16"))  # fmt: skip
    assert (trains, cavalry) == (2, 1)  # scenario 12's set-up
    assert raised == ["red.baggage_train.03", "red.heavy_cavalry_30_16.02"]


def test_15_2_an_elite_conversion_changes_the_counter_and_frees_the_20_10_s() -> None:
    """5.7 with 15.2: the converted legion wears the lowest free elite 24-10 counter of its colour;
    its 20-10 counter returns to the pool, so the next 20-10 raised takes it without two units
    wearing one counter (the random-game invariant found this, session 9)."""
    from rules.imperium_romanum import combat
    from rules.imperium_romanum.invariants import violations

    pos = rome_in_italy_at_taxation(100)
    veteran = pos.unit("rome", LEGION, "B4406", counter_id="red.legion_20_10.04")
    pos.unit("rome", "legion_24_10", "B4406", counter_id="red.legion_24_10.01")
    assert combat.elite_candidates(pos.st, [veteran]) == [veteran]
    pos.st.pending = {"id": "elite-1", "seat": "rome", "kind": "elite", "great_leader": False}
    pos.dice(1)  # 15.2: 1 or 2 succeeds
    combat.answer_elite(pos.st, veteran, [])
    assert (pos.st.units[veteran]["type"], pos.st.units[veteran]["counter_id"]) == ("legion_24_10", "red.legion_24_10.02")
    assert _raised(pos, LEGION) == "red.legion_20_10.01"
    assert counters.free_counter(pos.st, "rome", LEGION).endswith(".02")
    assert [v for v in violations(pos.st) if "counter" in v] == []


def test_15_2_no_conversion_is_offered_when_every_elite_counter_is_in_play() -> None:
    """5.7: a colour whose elite 24-10 counters are all on the map converts no more legions."""
    from rules.imperium_romanum import combat

    pos = rome_in_italy_at_taxation(100)
    veteran = pos.unit("rome", LEGION, "B4406", counter_id="red.legion_20_10.01")
    most, _taken = counters.mix(pos.st, "rome", "legion_24_10")
    for n in range(1, most + 1):
        pos.unit("rome", "legion_24_10", "B4406", counter_id=f"red.legion_24_10.{n:02d}")
    assert counters.mix(pos.st, "rome", "legion_24_10") == (most, most)
    assert combat.elite_candidates(pos.st, [veteran]) == []
