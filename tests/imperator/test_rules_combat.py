"""Chapter 8 through the engine's battle: every case here fights a battle with ``/attack``.

The arithmetic lives in ``rules/imperator/combat_math.py`` and nowhere else; these tests reach it
only through ``combat.battle`` (the function the engine runs), so a change to either shows here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator import combat_math
from rules.imperator.game import ImperatorGame

RESULT = re.compile(r"column ([^,\s]+), row (-?\d+): ([^\s.]+)")


def _pos(att: list[dict[str, Any]], dfd: list[dict[str, Any]], *, att_leader: dict[str, Any] | None = None,
         dfd_leader: dict[str, Any] | None = None, zone: str = "vindobona", dfd_people: str = "quadi") -> Pos:
    """Roman attackers against a People's defenders in ``zone``; spare legions keep Rome's
    Fronts garrisoned so no retreat question gets in the way."""
    p = Pos()
    for i, kw in enumerate(att):
        p.unit(f"a{i}", zone, **kw)
    for i, kw in enumerate(dfd):
        p.unit(f"d{i}", zone, "E", people=dfd_people, **kw)
    if att_leader is not None:
        p.leader("gen", zone, **att_leader)
    if dfd_leader is not None:
        p.leader("chief", zone, "E", people=dfd_people, **{"vs": 1, **dfd_leader})
    p.legions(3, "aquincum", prefix="keep")
    p.kw["at_war"] = [dfd_people]
    return p


def fight(p: Pos, roll: int, **state: Any) -> tuple[ImperatorGame, Outcome]:
    g = p.game(active="R", sub="combat", **state)
    script(g, roll)
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    return g, out


def result(out: Outcome) -> tuple[str, int, str]:
    found = [m.groups() for line in out.public if (m := RESULT.search(str(line)))]
    assert len(found) == 1, out.public
    col, row, code = found[0]
    return col, int(row), code


def battle_roll(out: Outcome) -> Any:
    rolls = [r for r in out.rolls if "§8.2 battle" in r.purpose]
    assert len(rolls) == 1
    return rolls[0]


def units(pf: list[int], qu: int | list[int] = 2, bt: int = 0) -> list[dict[str, Any]]:
    qus = qu if isinstance(qu, list) else [qu] * len(pf)
    return [{"pf": f, "qu": q, "bt": bt} for f, q in zip(pf, qus, strict=True)]


# -- §8.2 odds ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("att_pf", "dfd_pf", "column"),
    [
        ([10, 10, 10, 10, 15], [10, 10, 10, 7], "5/4"),  # IMP-162: 55 against 37
        ([10, 10, 10], [10, 10], "3/2"),  # IMP-163 (AMB-04): an exact ratio
        ([10, 10, 10, 7], [10, 10, 10, 10, 15], "2/3"),  # IMP-164
        ([10, 9], [10, 10], "4/5"),
        ([10, 10], [10, 10], "1/1"),
        ([12], [12, 12, 12], "1/3"),
        ([10], [10, 10, 10, 10], "1/3"),
        ([10, 10, 10, 10, 5], [10], "4/1"),
    ],
)
def test_IMP_162_to_164_odds_column_of_the_battle(att_pf: list[int], dfd_pf: list[int], column: str) -> None:
    _, out = fight(_pos(units(att_pf), units(dfd_pf)), 4)
    assert result(out)[0] == column
    assert "§8.2" in out.citations


# -- §8.5 / column modifiers: average quality ---------------------------------------------------


@pytest.mark.parametrize(
    ("att_qu", "dfd_qu", "shift"),
    [
        ([1, 1, 3], [1, 1, 1], 0),  # IMP-165: the average of 1, 1, 3 is 1 (rounded down)
        ([1, 1, 3], [2, 2, 2], -2),
        ([2, 2, 2], [1, 1, 1], 2),  # IMP-166: double
        ([3, 3, 3], [2, 2, 2], 1),  # IMP-166: better, not double
        ([2, 2, 2], [2, 2, 2], 0),
        ([1, 1, 1], [2, 2, 2], -2),  # IMP-167
        ([2, 2, 2], [3, 3, 3], -1),
        ([0, 0, 0], [1, 1, 1], -2),  # AMB-05: 1 is at least double 0
        ([0, 0, 0], [0, 0, 0], 0),
    ],
)
def test_IMP_165_to_167_quality_shift_of_the_battle(att_qu: list[int], dfd_qu: list[int], shift: int) -> None:
    _, out = fight(_pos(units([10, 10, 10], att_qu), units([10, 10, 10], dfd_qu)), 4)
    assert f"shift {shift:+d}" in battle_roll(out).purpose
    assert result(out)[0] == {-2: "2/3", -1: "4/5", 0: "1/1", 1: "5/4", 2: "3/2"}[shift]


def test_IMP_168_column_shift_stops_at_the_edge() -> None:  # AMB-05
    _, out = fight(_pos(units([10] * 5, 2), units([10], 1)), 5)
    assert "shift +2" in battle_roll(out).purpose
    assert result(out)[0] == "4/1"


# -- die modifiers a-e ---------------------------------------------------------------------------


def test_IMP_169_force_bt_is_the_best_leader_or_the_units_average() -> None:  # AMB-07
    p = _pos(units([10, 10, 10]), units([10, 10, 10]), att_leader={"bt": 1})
    p.leader("gen2", "vindobona", bt=2)
    _, out = fight(p, 4)
    assert dict(battle_roll(out).modifiers)["§8.2 die a) attacker BT"] == 2
    p = _pos([{"pf": 10, "qu": 2, "bt": 1}, {"pf": 10, "qu": 2, "bt": 0}, {"pf": 10, "qu": 2, "bt": 0}], units([10]))
    _, out = fight(p, 4)
    assert "§8.2 die a) attacker BT" not in dict(battle_roll(out).modifiers)  # (1 + 0 + 0) / 3 rounds to 0
    p = _pos([{"pf": 10, "qu": 2, "bt": 1}, {"pf": 10, "qu": 2, "bt": 2}], units([10]))
    _, out = fight(p, 4)
    assert dict(battle_roll(out).modifiers)["§8.2 die a) attacker BT"] == 1


def test_IMP_172_table_lookup_baseline() -> None:
    for roll, code in ((3, "R/R"), (5, "1/2/A"), (1, "A/3/4")):
        _, out = fight(_pos(units([10, 10, 10, 10, 15]), units([10, 10, 10, 7])), roll)
        assert result(out) == ("5/4", roll, code)


def test_IMP_173_lookup_with_shift_and_modifier() -> None:
    att = units([11, 11, 11, 11, 11], 2)
    dfd = units([5, 5, 5, 5, 5, 4, 4, 4], 1)
    g, out = fight(_pos(att, dfd, att_leader={"bt": 2}, dfd_leader={"bt": 1}), 4)
    assert sum(v for _, v in battle_roll(out).modifiers) == 1
    assert result(out) == ("2/1", 5, "1/4/A")
    st = g.state
    assert all(st.units[f"d{i}"].reduced for i in range(8))
    assert sum(st.units[f"a{i}"].reduced for i in range(5)) == 2  # 1/4 of 8 units hit


def test_IMP_174_defender_quality_double() -> None:
    _, out = fight(_pos(units([10, 10, 10, 10, 15], 1), units([10, 10, 10, 7], 2)), 3)
    assert result(out)[0] == "4/5" and result(out)[2] == "A/3/4"


# -- §8.3 losses ---------------------------------------------------------------------------------


def test_IMP_180_small_fraction_rounds_to_zero() -> None:
    """1/4 of 3 units hit is 0.75, rounded down: the winner loses nothing."""
    g, out = fight(_pos(units([10] * 5, 2), units([10, 10, 10], 2)), 6)
    assert result(out) == ("3/2", 6, "1/4/A")
    assert not any(g.state.units[f"a{i}"].reduced for i in range(5))
    assert all(g.state.units[f"d{i}"].reduced for i in range(3))


def test_IMP_181_defender_wins_with_a_fraction() -> None:
    g, out = fight(_pos(units([10] * 4), units([6] * 10)), 3)
    assert result(out) == ("2/3", 3, "A/1/2")
    st = g.state
    assert all(st.units[f"a{i}"].reduced for i in range(4))
    assert sum(st.units[f"d{i}"].reduced for i in range(10)) == 2  # half of the 4 units hit


def test_IMP_182_result_e_eliminates_reduced_and_normal_alike() -> None:
    att = [{"pf": 2, "qu": 2, "reduced": False}, {"pf": 2, "qu": 2, "reduced": True}]
    g, out = fight(_pos(att, units([10, 10, 10, 10])), 1, event=3)
    assert result(out)[2] == "E/R"
    assert g.state.units["a0"].status == g.state.units["a1"].status == "eliminated"


# -- §10 battle VP -------------------------------------------------------------------------------


def test_IMP_186_battle_vp_counts_the_pf_at_the_start() -> None:  # AMB-23
    for q_pf, vp in ((15, 1), (14, 0)):
        g, out = fight(_pos(units([10, 10]), units([q_pf])), 6)
        assert g.state.vp["rome"] == vp, (q_pf, out.public)
    assert combat_math.BATTLE_VP_MIN_PF == 35


# -- events (Events table: battle modifiers) -----------------------------------------------------


@pytest.mark.parametrize(
    ("event", "attacker", "people", "praetorian", "label", "value"),
    [
        (3, "R", "quadi", False, "Events table, event 3: Legions lose heart", -1),  # IMP-218
        (3, "E", "quadi", False, "Events table, event 3: Legions lose heart", 1),
        (5, "R", "quadi", False, "Events table, event 5: Germanic fighting spirit", -2),  # IMP-220
        (5, "E", "quadi", False, "Events table, event 5: Germanic fighting spirit", 2),
        (5, "R", "jazyges", False, None, 0),  # no German unit in the battle
        (11, "R", "quadi", True, "Events table, event 11: Gift to the Praetorians", 1),  # IMP-224
        (11, "E", "quadi", True, "Events table, event 11: Gift to the Praetorians", -1),
        (11, "R", "quadi", False, None, 0),  # a Praetorian cohort is elsewhere (AMB-51)
        (12, "R", "quadi", False, "Events table, event 12: Gift to the legions", 1),  # IMP-225
        (12, "E", "quadi", False, "Events table, event 12: Gift to the legions", -1),
        (15, "E", "quadi", False, "Events table, event 15: Hunger in Germania", -1),  # IMP-228
        (15, "R", "quadi", False, "Events table, event 15: Hunger in Germania", 1),
        (15, "R", "jazyges", False, None, 0),
        (8, "R", "quadi", False, None, 0),  # events without a battle modifier add nothing
    ],
)
def test_IMP_188_event_modifiers_in_the_engine_battle(
    event: int, attacker: str, people: str, praetorian: bool, label: str | None, value: int
) -> None:
    p = Pos()
    p.unit("r", "vindobona", pf=10, praetorian=praetorian)
    p.unit("pr", "vindobona" if praetorian else "italia", pf=5, praetorian=True)
    p.unit("q", "vindobona", "E", people=people, pf=10)
    p.legions(3, "aquincum", prefix="keep")
    p.kw["at_war"] = [people]
    g = p.game(active=attacker, sub="combat", event=event)
    script(g, 4)
    out = g.apply("rome" if attacker == "R" else "enemies", Command("attack", {"zone": "vindobona"}))
    mods = dict(battle_roll(out).modifiers)
    event_mods = {k: v for k, v in mods.items() if k.startswith("Event")}
    assert event_mods == ({} if label is None else {label: value})


@pytest.mark.parametrize("event", [1, 2, 4, 6, 7, 9, 10, 13, 14])
def test_events_without_a_battle_modifier_add_none(event: int) -> None:
    _, out = fight(_pos(units([10, 10]), units([10, 10])), 4, event=event)
    assert not [k for k, _ in battle_roll(out).modifiers if k.startswith("Event")]


def test_IMP_219_ill_augustus_bt_does_not_count() -> None:  # AMB-33
    p = _pos(units([10, 10]), units([10, 10]), att_leader={"bt": 2, "title": "augustus"})
    p.leader("legate", "vindobona", bt=1)
    g = p.game(active="R", sub="combat", event=4)
    g.state.leaders["gen"].ill = True
    script(g, 4)
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    assert dict(battle_roll(out).modifiers)["§8.2 die a) attacker BT"] == 1


# -- chapter 6 stratagems that set the battle row -------------------------------------------------


def _hand(g: ImperatorGame, seat: str, *chits: str) -> None:
    st = g.state
    st.rules["stratagems"] = True
    for s in st.roles:
        st.hands.setdefault(s, [])
    st.hands[seat].extend(f"{c}#{90 + i}" for i, c in enumerate(chits))


def _answer(g: ImperatorGame, seat: str, choice: str) -> Outcome:
    d = g.pending_decision()
    assert d is not None and d.kind == "bstrat" and d.seat == seat, d
    return g.apply(seat, Command("decide", {"id": d.id, "choice": choice}))


def test_IMP_124_roma_victor_attacking_sets_row_9() -> None:
    att = units([11, 11, 11, 11, 11], 2)
    g = _pos(att, units([5, 5, 5, 5, 5, 4, 4, 4], 1)).game(active="R", sub="combat")
    _hand(g, "rome", "roma_victor")
    g.apply("rome", Command("attack", {"zone": "vindobona"}))
    _answer(g, "enemies", "pass")
    _answer(g, "rome", "roma_victor")
    out = _answer(g, "enemies", "pass")
    assert result(out) == ("2/1", 9, "R/E")  # the column keeps its quality shift (D-30)
    assert not [r for r in out.rolls if "§8.2 battle" in r.purpose]  # no die rolled
    assert all(g.state.units[f"d{i}"].status == "eliminated" for i in range(8))


def test_IMP_125_roma_victor_defending_sets_row_minus_2() -> None:
    p = Pos()
    p.unit("r", "vindobona", pf=10)
    p.unit("q", "vindobona", "E", people="quadi", pf=10)
    p.legions(3, "aquincum", prefix="keep")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", sub="combat")
    _hand(g, "rome", "roma_victor")
    g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    out = _answer(g, "rome", "roma_victor")
    out = _answer(g, "enemies", "pass")
    assert result(out) == ("1/1", -2, "A/R")


def test_IMP_140_faveur_divine_in_battle_keeps_the_modifiers() -> None:  # AMB-45
    g = _pos(units([10, 10]), units([10, 10]), att_leader={"bt": 2}).game(active="R", sub="combat")
    _hand(g, "rome", "faveur_divine")
    g.apply("rome", Command("attack", {"zone": "vindobona"}))
    _answer(g, "enemies", "pass")
    out = _answer(g, "rome", "faveur_divine@6")
    rec = battle_roll(out)
    assert (rec.natural, rec.result, rec.modifiers) == (6, 8, (("§8.2 die a) attacker BT", 2),))
    assert result(out) == ("1/1", 8, "1/4/A")
