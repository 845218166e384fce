"""Worked examples T11-T28 of the digest and the stated thresholds, with scripted dice."""

from __future__ import annotations

import pytest
from rome_helpers import ScriptedDice, clear_units, fresh, put

from rules.core.errors import RuleError
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import commands as C
from rules.rome_iinc import enemy as X
from rules.rome_iinc import phases as PH
from rules.rome_iinc import politics as P


def test_T13_gold_cap() -> None:
    st = fresh()
    st.gold["east"] = 495
    P.add_gold(st, "east", 10)
    assert st.gold["east"] == 500


@pytest.mark.parametrize(("dice", "gold"), [((4, 4), 44), ((4, 5), 44), ((5, 5), 22)])
def test_T14_taxes_with_doubling(dice: tuple[int, int], gold: int) -> None:
    st = fresh(list(dice))
    st.status.update({"frisia": "foederati", "suevia": "allied", "germania_iii": "barbarian",
                      "lugdunensis_ii": "roman", "belgica": "roman"})
    st.tribe["frisia"] = "frankish"
    st.commands["gallia"]["gov"] = "julian"
    st.emperors["west"] = "constantius_ii"
    before = st.gold["west"]
    assert PH.tax(st, "gallia") == gold
    assert st.gold["west"] == before + gold


def test_T16_vandal_war_placement_movement_pillage_displacement() -> None:
    # placement 4th of [africa, baleares, mauretania_i, numidia]; Africa; Sicilia; Pillage 2;
    # Neapolis; the Suevian War displaced to Rome
    st = fresh([4, 1, 2, 2, 2, 1])
    for pid in ("mauretania_i", "baleares", "numidia", "africa"):
        st.status[pid] = "foederati"
        st.tribe[pid] = "vandal"
    st.status["carthaginensis"] = "foederati"
    st.tribe["carthaginensis"] = "visigothic"
    for pid in ("byzacena", "tripolitania", "mauretania_ii", "libya"):
        st.status[pid] = "barbarian"
    st.status.update({"sicilia": "roman", "corsica": "allied", "neapolis": "insurgent", "achaea": "roman"})
    clear_units(st, "sicilia", "neapolis", "africa", "numidia", "tripolitania", "byzacena")
    put(st, "sicilia", "auxilia")
    st.wars["suevian_9_1"] = "neapolis"
    st.leaders["gaiseric"] = "home:vandal"
    lines: list = []
    X.place_war(st, "vandal_7_5", lines)
    assert st.wars["vandal_7_5"] == "neapolis"
    assert st.leaders["gaiseric"] == "war:vandal_7_5"
    assert st.wars["suevian_9_1"] == "rome"
    assert st.pillaged == ["vandal_7_5"]
    pillage = [r for r in st.dice.rolls if r.purpose.startswith("Pillage")]
    assert len(pillage) == 1 and pillage[0].result == 6
    assert st.dice.script == []


def test_T21_insurgent_revolt_and_romanisation() -> None:
    for die, status, prestige in ((6, "allied", -1), (3, "insurgent", 0), (2, "roman", 1)):
        st = fresh()
        for pid in ("bosporus", "colchis", "germania_ii", "mesopotamia", "belgica", "osrhoene"):
            st.status[pid] = "roman"
        st.wars["persian_12_3"] = "out"
        st.wars["alamannic_8_1"] = "out"
        st.status["bosporus"] = "roman"
        table = B.revolt_modifiers(st)
        order = list(table)
        script = [die if pid == "lugdunensis_ii" else 1 for pid in order]
        st.dice = ScriptedDice(script)
        before = st.prestige["west"]
        W.revolts(st, [])
        assert st.status["lugdunensis_ii"] == status
        assert st.prestige["west"] - before >= prestige if prestige < 0 else True
        if status != "insurgent":
            assert st.prestige["west"] - before == prestige + _romanised_others(st, order)


def _romanised_others(st, order) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for p in order if p != "lugdunensis_ii" and p in ("belgica",)
               and st.status[p] == "roman")


def test_T22_frontier_revolt_modifiers() -> None:
    st = fresh()
    mods = B.revolt_modifiers(st)["germania_ii"]
    assert B.revolt_threshold(mods) == 5
    put(st, "germania_ii", "fleet")
    assert B.revolt_threshold(B.revolt_modifiers(st)["germania_ii"]) is None
    st2 = fresh()
    st2.status["germania_iii"] = "allied"
    assert sum(v for _, v in B.revolt_modifiers(st2)["germania_ii"]) == 0


def test_T23_allied_buffer() -> None:
    st = fresh()
    assert sum(v for _, v in B.revolt_modifiers(st)["bosporus"]) == 2
    st.status["gothia_ii"] = "allied"
    assert sum(v for _, v in B.revolt_modifiers(st)["bosporus"]) == 1


def _aegidius_setup(script: list[int]):  # type: ignore[no-untyped-def]
    st = fresh(script)
    st.commands["gallia"]["gov"] = "aegidius"
    st.commands["hispania"]["gov"] = "aegidius"
    st.statesmen["aegidius"] = "governor"
    st.status.update({"aquitania_ii": "foederati", "gallaecia": "foederati", "celtiberia": "allied",
                      "narbonensis": "roman", "tarraconensis": "insurgent"})
    st.tribe.update({"aquitania_ii": "visigothic", "gallaecia": "suevian"})
    clear_units(st, "narbonensis", "tarraconensis", "valentia")
    units = {
        "guard": put(st, "narbonensis", "guards", vet=True),
        "pseudo": put(st, "narbonensis", "pseudo"),
        "vaux": put(st, "narbonensis", "auxilia", vet=True),
        "vlegion": put(st, "tarraconensis", "legion", vet=True),
        "aux": put(st, "tarraconensis", "auxilia"),
        "fleet": put(st, "tarraconensis", "fleet"),
    }
    st.wars["visigothic_12_2"] = "aquitania_ii"
    st.gold["west"] = 100
    st.step, st.phase = "war", "war"
    return st, units


def test_T25_full_war_resolution() -> None:
    st, units = _aegidius_setup([4, 4, 4])
    prestige, unrest = st.prestige["west"], st.unrest["west"] = (20, 10)
    pay = B.pay(st, "west")
    lines: list = []
    W.fight(st, "west", "visigothic_12_2", "gallia",
            ["gallaecia", "celtiberia", "narbonensis", "tarraconensis"], lines)
    assert any("total 8, Triumph" in str(x) for x in lines)
    assert (st.prestige["west"], st.unrest["west"], st.gold["west"]) == (26, 4, 124)
    assert st.wars["visigothic_12_2"] == "box:gallia"
    kinds = [t["kind"] for t in st.tasks]
    assert kinds == ["annex", "promote", "loss"]
    loss = st.tasks[2]
    assert loss["count"] == 4 and loss["forced"] == 0
    for choice in ("disgrace", "tribute", "tribute"):
        W.take_loss(st, loss, choice, lines)
    with pytest.raises(RuleError) as err:
        W.take_loss(st, dict(loss, count=1), "tribute", lines)
    assert err.value.section == "11.3.1"
    W.take_loss(st, loss, f"demote:{units['vaux']}", lines)
    W.promote(st, st.tasks[1], units["fleet"], lines)
    annex = st.tasks[0]
    assert annex["count"] == 2
    W.annex(st, annex, "gallaecia", lines)
    W.annex(st, annex, "gallaecia", lines)
    assert st.status["gallaecia"] == "insurgent"
    assert st.prestige["west"] - prestige == 8
    assert st.unrest["west"] - unrest == -5
    assert st.gold["west"] - 100 == 4
    assert B.pay(st, "west") == pay - 1 + 0
    assert st.units[units["fleet"]]["vet"] is True


def test_T25_unconnected_provinces_refused() -> None:
    st, _units = _aegidius_setup([4, 4, 4])
    with pytest.raises(RuleError) as err:
        W.fight(st, "west", "visigothic_12_2", "gallia", ["belgica"], [])
    assert err.value.section == "11.2.7"
    assert st.wars["visigothic_12_2"] == "aquitania_ii"


def test_T26_disaster_under_doubled_persecution() -> None:
    st = fresh([3, 3, 5])
    st.events[B.cell_of("persecution")] = 2
    st.emperors["east"] = "valens"
    st.statesmen["valens"] = "emperor"
    clear_units(st, "rhodope", "macedonia", "constantinople", "valentia")
    l1 = put(st, "macedonia", "legion", vet=True)
    l2 = put(st, "constantinople", "legion", vet=True)
    ps = put(st, "constantinople", "pseudo")
    st.wars["visigothic_10_2"] = "rhodope"
    st.leaders["fritigern"] = "war:visigothic_10_2"
    st.prestige["east"], st.unrest["east"] = 30, 5
    lines: list = []
    W.fight(st, "east", "visigothic_10_2", "emperor", ["macedonia", "constantinople"], lines)
    assert any("Disaster" in str(x) for x in lines)
    assert (st.prestige["east"], st.unrest["east"]) == (25, 10)
    assert st.statesmen["valens"] == "dead"
    loss = next(t for t in st.tasks if t["kind"] == "loss")
    assert (loss["count"], loss["forced"]) == (5, 3)
    W.take_loss(st, loss, f"demote:{l1}", lines)
    W.take_loss(st, loss, f"demote:{l2}", lines)
    assert loss["forced"] == 3 and W.loss_choices(st, loss) == [f"destroy:{l1}", f"destroy:{l2}"]
    with pytest.raises(RuleError) as err:
        W.take_loss(st, loss, f"destroy:{ps}", lines)
    assert err.value.section == "11.3.1"
    W.take_loss(st, loss, f"destroy:{l1}", lines)
    W.take_loss(st, loss, f"destroy:{l2}", lines)
    W.take_loss(st, loss, f"destroy:{ps}", lines)
    assert [st.units[u]["loc"] for u in (l1, l2, ps)] == ["removed"] * 3


def test_T18_bread_cap() -> None:
    st = fresh()
    st.emperors["east"] = "constantius_ii"
    st.gold["east"] = 100
    C.bread(st, "east", "4", [])
    assert st.gold["east"] == 60
    with pytest.raises(RuleError) as err:
        C.bread(st, "east", "1", [])
    assert err.value.section == "10.5.1"


def test_T19_circus_no_cap_never_below_zero() -> None:
    st = fresh()
    st.gold["east"], st.unrest["east"] = 100, 5
    C.circus(st, "east", "8", [])
    assert (st.gold["east"], st.unrest["east"]) == (20, 0)


def test_T05_succession_falls_to_the_senate() -> None:
    st = fresh()
    for sid in st.statesmen:
        st.statesmen[sid] = "out"
    for sid in ("leo_i", "aspar", "ricimer", "pope_leo", "majorian"):
        st.statesmen[sid] = "up"
    st.statesmen["leo_i"] = "emperor"
    st.emperors["east"] = "leo_i"
    st.emperors["west"] = "majorian"
    st.statesmen["majorian"] = "emperor"
    st.dynasties = ["leonid"]
    lines: list = []
    P.emperor_dies(st, "west", lines, "assassination")
    assert st.emperors["west"] == "generic"
    assert st.tasks == []


@pytest.mark.parametrize(("prestige", "level"), [(76, "minor_victory"), (75, "draw"), (50, "draw"),
                                                 (49, "minor_defeat")])
def test_victory_bands(prestige: int, level: str) -> None:
    assert PH.victory_level(prestige) == level


def test_major_victory_needs_both_above_75() -> None:
    st = fresh()
    st.prestige = {"east": 76, "west": 76}
    assert PH.victory_result(st)["kind"] == "major_victory"
    st.prestige = {"east": 76, "west": 75}
    assert PH.victory_result(st)["levels"] == {"east": "minor_victory", "west": "draw"}


def test_unrest_fall_boundary() -> None:
    st = fresh()
    st.unrest["west"] = 25
    P.check_fall(st, [])
    assert st.fallen["west"] is False
    st.unrest["west"] = 26
    P.check_fall(st, [])
    assert st.fallen["west"] is True and st.sole == "east"


def test_stacking_refusals() -> None:
    st = fresh()
    st.gold["west"] = 200
    with pytest.raises(RuleError) as err:
        C.build(st, "west", "legion", "germania_i", [])
    assert err.value.section == "10.6.1"
    with pytest.raises(RuleError) as err:
        C.build(st, "west", "fleet", "spoletium", [])
    assert err.value.section == "10.6.1"


def test_d1d3_mapping() -> None:
    st = fresh([1, 2, 3, 4, 5, 6])
    assert [X.d1d3(st, "test") for _ in range(6)] == [1, 1, 2, 2, 3, 3]


def test_T21_variant_one_unit_never_revolts_and_romanises_on_1_to_3() -> None:
    st = fresh()
    put(st, "lugdunensis_ii", "auxilia")
    mods = B.revolt_modifiers(st)["lugdunensis_ii"]
    assert B.revolt_threshold(mods) is None
    assert sum(v for _, v in mods) == 0  # Romanised while the natural die <= Military 3


def test_T22_variants_fort_or_veteran_auxilia() -> None:
    for kind, vet in (("fort", False), ("auxilia", True)):
        st = fresh()
        for uid in [u for u, x in st.units.items() if x["loc"] == "germania_ii" and x["type"] == "auxilia"]:
            st.units[uid]["loc"] = "barracks"
        put(st, "germania_ii", kind, vet)
        put(st, "germania_ii", "auxilia")
        assert sum(v for _, v in B.revolt_modifiers(st)["germania_ii"]) == 0
