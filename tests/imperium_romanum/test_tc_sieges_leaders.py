"""Worked examples TC-01, TC-48 to TC-53 of the digest (the Farthest Power rule, sieges,
leaders, morale and the treasury)."""

from __future__ import annotations

from rules.core.command import Command
from rules.imperium_romanum import board as B
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum import siege as SG
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def test_tc_01_the_farthest_player_controls_an_activated_neutral() -> None:
    pos = Position(month=6, segment="movement")
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    pos.unit("dacia", "heavy_infantry_20_8", "B4104")
    pos.unit("rome", "legion_20_10", "B4214")
    assert N.farthest_seat(pos.st, "iazyges", []) == "dacia"


def test_tc_01_a_tie_is_broken_by_a_roll_off() -> None:
    pos = Position(month=6, segment="movement")
    for city in list(pos.st.city_owner):
        pos.st.city_owner[city] = ""
    pos.unit("iazyges", "horse_archers_6_16", "B4406")
    pos.unit("rome", "legion_20_10", "B4404")
    pos.unit("dacia", "heavy_infantry_20_8", "B4408")
    pos.dice(2, 5)
    assert N.farthest_seat(pos.st, "iazyges", []) == "dacia"


def test_tc_01_entering_a_neutral_activates_it_and_stops_the_mover() -> None:
    pos = Position(month=6, segment="movement")
    iazygia = sorted(h for h, c in data().hexes.items() if c.province == "iazygia")
    pos.unit("iazyges", "horse_archers_6_16", iazygia[0])
    start = next(e.to for h in iazygia for e in world("s12").edges[h] if data().hexes[e.to].province != "iazygia")
    entry = next(e.to for e in world("s12").edges[start] if e.to in iazygia and not e.crossing)
    legion = pos.unit("rome", "legion_20_10", start, supplied=True)
    pos.game.apply("rome", Command("move", {"units": [legion], "to": entry}))
    assert pos.st.powers["iazyges"]["status"] == "active neutral"
    assert pos.st.units[legion]["mp"] == 0
    # 5.3: the Roman legion now stands in Iazygia, so Dacia is the farthest player and runs it
    assert pos.st.powers["iazyges"]["seat"] == "dacia"


def _siege_position(city: str, besieged: list[tuple[str, str]], besiegers: list[tuple[str, bool]]) -> Position:
    pos = Position(month=6, segment="siege")
    hex_id = data().cities[city].hex
    pos.st.city_owner[city] = "dacia"
    for kind, _v in besieged:
        pos.unit("dacia", kind, hex_id, besieged=True)
    for kind, vet in besiegers:
        pos.unit("rome", kind, hex_id, vet=vet)
    pos.st.sieges[hex_id] = {"power": "dacia", "city": city, "since": pos.st.turn, "besieger": "rome",
                             "seat": "dacia", "rolls": 0}  # fmt: skip
    return pos


def test_tc_48_no_attrition_roll_in_the_month_the_siege_is_laid() -> None:
    pos = _siege_position("singidunum", [("light_infantry_4_12", "")], [("legion_20_10", True)])
    SG.siege_resolution(pos.st, "rome", [])
    assert pos.st.dice.rolls == []
    pos.st.turn += 1
    pos.dice(6)
    SG.siege_resolution(pos.st, "rome", [])
    assert [r.purpose for r in pos.st.dice.rolls] == ["§17.3.1 siege attrition at " + data().cities["singidunum"].hex]


def test_tc_48_a_baggage_train_inside_delays_the_count() -> None:
    pos = _siege_position("singidunum", [("light_infantry_4_12", "")], [("legion_20_10", True)])
    hex_id = data().cities["singidunum"].hex
    bt = pos.unit("dacia", "baggage_train", hex_id, besieged=True, sp=2)
    pos.st.turn += 1
    SG.siege_resolution(pos.st, "rome", [])
    assert pos.st.dice.rolls == []
    pos.st.units[bt]["sp"] = 0
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", [])
    assert pos.st.stats["siege_losses"] == 1


def test_tc_49_a_siege_breaks_below_a_quarter() -> None:
    weak = [("light_infantry_4_12", True), ("light_infantry_4_12", False), ("light_cavalry_6_16", False)]  # 9 SP
    pos = _siege_position("singidunum", [("heavy_infantry_20_8", ""), ("heavy_infantry_20_8", "")], weak)
    SG.check_sieges(pos.st, [])
    assert pos.st.sieges == {}
    assert not any(u["besieged"] for u in pos.st.units.values())
    pos = _siege_position("singidunum", [("heavy_infantry_20_8", ""), ("heavy_infantry_20_8", "")],
                          [*weak, ("light_infantry_4_12", False)])  # 11 SP >= 10
    SG.check_sieges(pos.st, [])
    assert len(pos.st.sieges) == 1


def test_tc_50_an_empty_city_is_worn_down_then_taken() -> None:
    w = world("s12")
    # an inland city: a port its owner's province feeds from the sea takes no attrition (17.3, 17.2.1)
    city = next(c for c in sorted(w.city_value) if w.city_value[c].defence == 2 and not w.is_port(data().cities[c].hex))
    pos = _siege_position(city, [], [("legion_20_10", True)])
    pos.st.province_owner[data().cities[city].province] = "dacia"
    pos.st.turn += 1
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", [])
    assert B.city_defence(pos.st, city) == 1
    pos.st.turn += 1
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", [])
    assert pos.st.city_owner[city] == "rome"
    assert pos.st.sieges == {}


def test_tc_50_a_broken_siege_restores_the_defence() -> None:
    w = world("s12")
    city = next(c for c in sorted(w.city_value) if w.city_value[c].defence == 2)
    pos = _siege_position(city, [], [("legion_20_10", True)])
    pos.st.turn += 1
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", [])
    assert B.city_defence(pos.st, city) == 1
    for uid in [u for u in pos.st.units if u.startswith("rome")]:
        del pos.st.units[uid]
    SG.check_sieges(pos.st, [])
    assert B.city_defence(pos.st, city) == 2


def test_tc_51_leader_morale() -> None:
    pos = Position()
    for lid in ("licinius_sura", "lusius_quietus", "trajan", "decebalus"):
        pos.leader(lid, "B4406")
    assert B.leader_loss_morale(pos.st, "licinius_sura") == 4  # named +1
    assert B.leader_loss_morale(pos.st, "lusius_quietus") == 6  # named +2
    assert B.leader_loss_morale(pos.st, "decebalus") == 30  # +2 Rex
    assert B.leader_loss_morale(pos.st, "trajan") == 40  # +3 Emperor


def test_tc_52_unit_morale() -> None:
    pos = Position()
    legion = pos.unit("rome", "legion_20_10", "B4406")
    aux = pos.unit("rome", "light_infantry_4_12", "B4406")
    rome, dacia = pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]
    B.eliminate_unit(pos.st, legion, [], "test", by="dacia")
    assert (pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]) == (rome - 4, dacia + 4)
    B.eliminate_unit(pos.st, aux, [], "test", by="dacia")
    assert (pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]) == (rome - 6, dacia + 6)
    assert legion in pos.st.eliminated and legion not in pos.st.units


def test_tc_53_treasury_carried_by_a_leader_lost_in_combat() -> None:
    pos = Position()
    pos.leader("decebalus", "B4406")
    pos.st.powers["dacia"]["treasury"] = 40
    rome_before = pos.st.powers["rome"]["treasury"]
    B.lose_leader(pos.st, "decebalus", "dead", [], by="rome", in_combat=True)
    assert pos.st.powers["dacia"]["treasury"] == 20
    assert pos.st.powers["rome"]["treasury"] == rome_before + 10


def test_tc_53_treasury_lost_otherwise() -> None:
    pos = Position()
    pos.leader("decebalus", "B4406")
    pos.st.powers["dacia"]["treasury"] = 40
    B.lose_leader(pos.st, "decebalus", "dead", [])
    assert pos.st.powers["dacia"]["treasury"] == 20


def test_tc_03_a_province_falls_with_its_capital_and_half_its_other_cities() -> None:
    pos = Position()
    w = world("s12")
    capital = w.capital_of["italia"]
    others = sorted(c for c in w.city_value if data().cities[c].province == "italia" and c != capital)
    assert len(others) == 10  # digest §3.4 #4: ten other cities in column 11-16
    pos.st.province_owner["italia"] = "rome"
    for city in [capital, *others]:
        pos.st.city_owner[city] = "rome"
    B.take_city(pos.st, capital, "dacia", [])
    for city in others[:4]:
        B.take_city(pos.st, city, "dacia", [])
    assert pos.st.province_owner["italia"] == ""  # the owner lost it, nobody holds it
    B.take_city(pos.st, others[4], "dacia", [])
    assert pos.st.province_owner["italia"] == "dacia"


def test_ir_eng_27_an_invader_does_not_control_the_neutral() -> None:
    pos = Position(month=6, segment="movement")
    iazygia = sorted(h for h, c in data().hexes.items() if c.province == "iazygia")
    pos.unit("iazyges", "horse_archers_6_16", iazygia[0])
    pos.unit("rome", "legion_20_10", iazygia[1])
    pos.unit("dacia", "heavy_infantry_20_8", iazygia[0])
    assert N.farthest_seat(pos.st, "iazyges", []) == ""
    del pos.st.units[next(u for u in pos.st.units if u.startswith("dacia"))]
    assert N.farthest_seat(pos.st, "iazyges", []) == "dacia"
