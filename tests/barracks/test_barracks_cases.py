"""The digest's test cases T01-T17 for The Barracks Emperors (rules-notes/barracks-emperors.md §4)."""

from __future__ import annotations

import pytest

from rules.barracks import engine as E
from rules.barracks import flow, solo
from rules.barracks.game import BarracksGame
from rules.barracks.state import BarracksState
from rules.core.command import Command, Outcome
from rules.core.errors import RuleError

RED = ["decius", "gallus", "aemilian", "valerian", "claudius", "aurelian", "probus", "postumus"]
BLUE = ["gordian1", "pupienus", "balbinus", "gordian3", "tacitus", "florian", "hostilian", "gallienus"]
YELLOW = ["philip2", "herennius", "saloninus", "pacatianus", "uranius", "macrianus", "quietus"]


def fixture(scenario: str = "standard-4p", emperors: dict[str, str] | None = None,
            cards: dict[str, str] | None = None, barbs: dict[str, str] | None = None,
            hands: dict[str, list[str]] | None = None, active: str = "p1",
            options: dict[str, str] | None = None) -> BarracksGame:
    """A game whose board is replaced by the given layout (labels -> ids)."""
    g = BarracksGame.new(scenario, [], "fixture", options or {})
    st = g.state
    st.emperors = dict(emperors or {})
    st.cards = dict(cards or {})
    barbs = dict(barbs or {})
    st.barbs = {s: f"barbarian-{i + 1:02d}" if b == "G" else b for i, (s, b) in enumerate(sorted(barbs.items()))}
    st.counters, st.flipped = {}, []
    if hands is not None:
        for s in st.hands:
            st.hands[s] = list(hands.get(s, []))
    st.active, st.phase, st.played, st.demagogue = active, "play", {}, None
    used = set(st.cards.values()) | set(st.barbs.values()) | {c for h in st.hands.values() for c in h}
    st.deck = [c for c in st.deck if c not in used]
    st.forum = [c for c in st.forum if c not in used]
    return g


def apply(g: BarracksGame, seat: str, name: str, **args: object) -> Outcome:
    return g.apply(seat, Command(name, dict(args)))


def finish_turn(g: BarracksGame, seat: str) -> None:
    """Skip abilities and take the leftmost Forum card until the turn passes."""
    while g.state.active == seat and g.state.phase in ("ability", "select", "resolve"):
        if g.state.phase == "ability":
            apply(g, seat, "skip")
        elif g.state.phase == "select":
            apply(g, seat, "forum", choice="1")
        else:
            apply(g, seat, "resolve", emperor=E.resolvable(g.state)[0])


def stats_area(items: list[str]) -> dict[str, int]:
    st = BarracksGame.new("standard-4p", [], "s", {}).state
    st.areas["sword"] = items
    return E.area_stats(st, "sword")


# -- T01-T03 scoring ---------------------------------------------------------------------------
def test_T01_scoring_example() -> None:
    items = BLUE[:4] + RED[:3] + YELLOW[:2] + ["barbarian-01", "barbarian-02"]
    s = stats_area(items)
    assert (s["emperors"] + s["barbarians"], s["sets"], s["score"]) == (11, 2, 17)


def test_T02_set_bonus_edges() -> None:
    assert stats_area(RED[:5] + BLUE[:5])["score"] == 10
    assert stats_area(RED[:1] + BLUE[:1] + YELLOW[:1])["score"] == 6


def _duel(a: list[str], b: list[str]) -> BarracksGame:
    g = BarracksGame.new("standard-2p", [], "s", {})
    g.state.areas = {"p1": a, "p2": b}
    g.state.phase = "over"
    return g


def test_T03_tie_breaks() -> None:
    barb = [f"barbarian-{i:02d}" for i in range(1, 8)]
    g = _duel(RED[:5] + BLUE[:4] + barb[:3], RED[:6] + BLUE[:4] + barb[3:5])
    res = g.result()
    assert res is not None and res.winners == ("p2",) and dict(res.scores) == {"p1": 12, "p2": 12}
    g = _duel(RED[:2] + BLUE[:3] + YELLOW[:1] + barb[:3], RED[2:4] + BLUE[3:5] + YELLOW[1:3])
    res = g.result()
    assert res is not None and res.winners == ("p1",) and dict(res.scores) == {"p1": 12, "p2": 12}
    g = _duel(RED[:2], RED[2:4])
    res = g.result()
    assert res is not None and res.winners == ("p1", "p2") and "share" in res.summary


# -- T04-T05 geometry and legal plays ----------------------------------------------------------
def test_T04_interlocking_spaces() -> None:
    emps = ["D2", "C3", "E3", "D4"]
    around = {s for e in emps for s in E.SIDES_OF[e].values()}
    assert around == {"D1", "C2", "E2", "B3", "D3", "F3", "C4", "E4", "D5"}
    assert set(E.SPACE_SIDES_L["C2"]) >= {("pillar", "C3"), ("eagle", "D2")}
    assert set(E.SPACE_SIDES_L["D3"]) == {("sword", "D2"), ("wreath", "C3"), ("eagle", "E3"), ("pillar", "D4")}
    assert set(E.SPACE_SIDES_L["D5"]) == {("sword", "D4"), ("pillar", "D6"), ("wreath", "C5"), ("eagle", "E5")}
    g = fixture(emperors={"D2": "decius", "C3": "gallus", "E3": "aemilian", "D4": "valerian"})
    assert [f for f, e in E.SPACE_SIDES_L["D5"] if e in g.state.emperors] == ["sword"]


T05_BOARD = {"C2": "praetorian-7", "E2": "peddling-1", "G2": "popularity-2", "B3": "forcemarch-5",
             "C4": "praetorian-8", "B5": "demagogue-8", "D5": "quaestor-3", "G6": "reinforcements-2",
             "F7": "frumentarii-6"}
T05_EMPERORS = {"B2": "probus", "F2": "tacitus", "B4": "quintillus", "E5": "volusianus", "F6": "philip"}


def test_T05_legal_plays_late_in_round() -> None:
    g = fixture(emperors=T05_EMPERORS, cards=T05_BOARD,
                hands={"p3": ["castra-3"], "p4": ["cavalry-3"]}, active="p3")
    st = g.state
    assert E.legal_spaces(st, "p3") == ["B1", "E4", "F1", "F5"]
    assert E.legal_spaces(st, "p4") == ["F5"]
    with pytest.raises(RuleError) as err:
        apply(g, "p3", "play", card="castra-3", space="E6")
    assert err.value.section == "§9.0"
    apply(g, "p3", "play", card="castra-3", space="F5")
    assert E.legal_spaces(g.state, "p4") == []
    finish_turn(g, "p3")
    assert g.state.round == 2  # Wreath cannot play: the round ends at once (§5.0)


# -- T06 resolution order ----------------------------------------------------------------------
def _t06() -> BarracksGame:
    g = fixture(
        emperors={"D2": "numerian", "D4": "maximinus", "F2": "tacitus", "B4": "florian", "E5": "probus"},
        cards={"D1": "damnatio-7", "C2": "quaestor-3", "E2": "tribute-4", "C4": "forcemarch-6",
               "E4": "foederati-5", "D5": "ambitus-4"},
        hands={"p3": ["flanking-5", "castra-3"]}, active="p3")
    g.state.counters = {"foederati-5": [1]}
    apply(g, "p3", "play", card="flanking-5", space="D3")
    apply(g, "p3", "skip")
    assert g.state.phase == "resolve" and E.resolvable(g.state) == ["D2", "D4"]
    return g


def test_T06_resolution_numerian_first() -> None:
    g = _t06()
    apply(g, "p3", "resolve", emperor="D2")
    st = g.state
    assert st.areas["pillar"] == ["numerian", "maximinus"]
    assert "C2" not in st.cards and "quaestor-3" in st.discard  # orphaned
    assert "damnatio-7" in st.discard and "flanking-5" in st.discard
    assert st.cards["E2"] == "tribute-4" and st.cards["C4"] == "forcemarch-6"


def test_T06_resolution_thrax_first() -> None:
    g = _t06()
    apply(g, "p3", "resolve", emperor="D4")
    st = g.state
    assert st.areas["pillar"] == ["maximinus"] and "flanking-5" in st.discard
    assert "D2" in st.emperors and st.cards["C2"] == "quaestor-3"
    assert E.resolvable(st) == [] and not E.surrounded(st, "D2")  # Numerian is left with 3 cards
    assert st.phase == "select"


# -- T07-T09 the Forum -------------------------------------------------------------------------
def test_T07_forum_reach() -> None:
    st = fixture().state
    st.forum = ["barbarian-18", "popularity-1", "cavalry-4", "praetorian-7"]
    st.exhausted = False
    for value, n in ((0, 4), (2, 4), (3, 3), (4, 3), (5, 2), (6, 2), (7, 1), (8, 1)):
        st.played = {"value": value}
        assert E.forum_options(st) == list(range(n))


def test_T08_forum_ordering_ties() -> None:
    assert E.forum_from_deal(["foederati-5", "castra-3", "mob-5", "barbarian-01"]) == [
        "barbarian-01", "castra-3", "foederati-5", "mob-5"]
    st = fixture().state
    st.forum = ["castra-3", "foederati-5", "praetorian-7"]
    E.forum_insert(st, "mob-5")
    assert st.forum == ["castra-3", "foederati-5", "mob-5", "praetorian-7"]


def test_T09_extended_example_forum_flow() -> None:
    st = fixture().state
    st.forum = ["barbarian-01", "barbarian-02", "forcemarch-6", "praetorian-7"]
    st.deck = ["vulgus-5", "peddling-1", "barbarian-03", "popularity-1", "cavalry-4", "damnatio-8",
               "frumentarii-6", "castra-4", "forcemarch-5", "quaestor-4", "princeps-4"]
    rows = [
        (4, "forcemarch-6", ["barbarian-01", "barbarian-02", "vulgus-5", "praetorian-7"]),
        (3, "vulgus-5", ["barbarian-01", "barbarian-02", "peddling-1", "praetorian-7"]),
        (4, "peddling-1", ["barbarian-01", "barbarian-02", "barbarian-03", "praetorian-7"]),
        (8, "barbarian-01", ["barbarian-02", "barbarian-03", "popularity-1", "praetorian-7"]),
        (5, "barbarian-02", ["barbarian-03", "popularity-1", "cavalry-4", "praetorian-7"]),
        (5, "barbarian-03", ["popularity-1", "cavalry-4", "praetorian-7", "damnatio-8"]),
        (1, "damnatio-8", ["popularity-1", "cavalry-4", "frumentarii-6", "praetorian-7"]),
        (0, "frumentarii-6", ["popularity-1", "cavalry-4", "castra-4", "praetorian-7"]),
        (0, "praetorian-7", ["popularity-1", "cavalry-4", "castra-4", "forcemarch-5"]),
        (0, "forcemarch-5", ["popularity-1", "cavalry-4", "castra-4", "quaestor-4"]),
        (8, "popularity-1", ["cavalry-4", "castra-4", "quaestor-4", "princeps-4"]),
    ]
    for value, take, after in rows:
        st.played = {"value": value}
        slot = st.forum.index(take)
        assert slot in E.forum_options(st)
        st.forum.pop(slot)
        E.forum_insert(st, st.deck.pop(0))
        assert st.forum == after
    st.played = {"value": 6}
    assert [st.forum[i] for i in E.forum_options(st)] == ["cavalry-4", "castra-4"]


# -- T10 the extended example on the board -----------------------------------------------------
def test_T10_extended_example_board() -> None:
    emps = {"B2": "carus", "F2": "volusianus", "B4": "aureolus", "D4": "quintillus", "C5": "sabinianus",
            "B6": "gordian2", "D6": "philip", "F6": "jotapian", "D2": "decius", "C3": "gallus",
            "E3": "tacitus", "F4": "hostilian", "E5": "aemilian"}
    hands = {"p1": ["tribute-4", "foederati-5", "barbarian-10", "cavalry-3"],
             "p2": ["castra-3", "vulgus-5", "barbarian-11", "cavalry-4"],
             "p3": ["ambitus-4", "peddling-1", "damnatio-8", "mob-6"],
             "p4": ["demagogue-8", "barbarian-12", "frumentarii-6", "mob-5"]}
    g = fixture(emperors=emps, barbs={"D1": "G", "A4": "G", "G4": "G", "D7": "G"}, hands=hands)
    st = g.state
    st.forum = ["quaestor-3", "spiculum-7", "spiculum-8", "triumph-7"]
    apply(g, "p1", "play", card="tribute-4", space="B3")  # a
    apply(g, "p1", "ability", target="D7")
    assert "D7" not in g.state.barbs
    finish_turn(g, "p1")
    apply(g, "p2", "play", card="castra-3", space="C6")  # b
    finish_turn(g, "p2")
    apply(g, "p3", "play", card="ambitus-4", space="C4")
    finish_turn(g, "p3")
    apply(g, "p4", "play", card="demagogue-8", space="G6")
    apply(g, "p4", "ability", target="on")
    assert g.state.demagogue == "p4"
    finish_turn(g, "p4")
    apply(g, "p1", "play", card="foederati-5", space="B7")  # c
    assert g.state.played["abil"] is False and g.state.phase == "select"
    finish_turn(g, "p1")
    apply(g, "p2", "play", card="vulgus-5", space="E2")  # d: no ability step
    assert g.state.phase == "select"
    finish_turn(g, "p2")
    apply(g, "p3", "play", card="peddling-1", space="D5")  # e: no counter
    assert g.state.phase == "select"
    finish_turn(g, "p3")
    assert g.state.demagogue is None  # f: Brad's turn begins, his window closes
    apply(g, "p4", "play", card="barbarian-12", space="D7")
    finish_turn(g, "p4")
    assert [m for m in E.barbarian_moves(g.state) if m[0] == "D7"] == [("D7", "E6")]  # g
    apply(g, "p1", "move", card="barbarian-10", **{"from": "D7", "to": "E6"})
    finish_turn(g, "p1")
    apply(g, "p2", "play", card="barbarian-11", space="D7")  # h
    st = g.state
    assert "philip" in st.areas["eagle"]
    assert "castra-3" in st.discard and "D7" not in st.barbs
    assert st.cards["D5"] == "peddling-1" and "E6" in st.barbs
    finish_turn(g, "p2")
    apply(g, "p3", "play", card="damnatio-8", space="B5")  # i
    assert "B4" in flow.ability_targets(g.state, "p3")
    apply(g, "p3", "ability", target="B4")
    st = g.state
    assert "aureolus" in st.removed and "A4" not in st.barbs
    assert all("aureolus" not in a for a in st.areas.values())
    finish_turn(g, "p3")
    apply(g, "p4", "play", card="frumentarii-6", space="E4")  # j
    lead = E.leader(g.state, "D4")
    assert lead is not None and lead.space == "E4" and not E.surrounded(g.state, "D4")


# -- T11-T14 solo ------------------------------------------------------------------------------
T11_EMPERORS = {"D2": "carus", "C3": "volusianus", "B4": "numerian", "C5": "maximinus", "B6": "jotapian",
                "D6": "licinianus", "B2": "decius", "E3": "gallus", "E5": "aemilian", "F2": "gordian1",
                "F4": "pupienus", "F6": "balbinus"}


def _solo(**kw: object) -> BarracksGame:
    return fixture("solo", **kw)  # type: ignore[arg-type]


def test_T11_rival_selection() -> None:
    g = _solo(emperors=T11_EMPERORS, cards={"D7": "triumph-8", "B3": "praetorian-7"}, barbs={"C6": "G"})
    assert solo.choose_spaces(g.state, "pillar", "demagogue-8") == ["C2"]
    st = g.state
    st.cards.update({"C2": "demagogue-8", "D3": "triumph-7"})
    assert solo.choose_spaces(st, "pillar", "vulgus-5") == ["C4"]
    st.active, st.phase = "pillar", "rival"
    solo.rival_place(st, "pillar", "vulgus-5", "C4", Outcome())  # b) and Pillar captures Volusianus
    assert "volusianus" in st.areas["pillar"] and "demagogue-8" in st.discard
    late = {k: v for k, v in T11_EMPERORS.items() if k in ("D2", "B4", "C5", "B6", "D6")}
    g = _solo(emperors=late, cards={"B3": "praetorian-7", "D3": "triumph-7", "C4": "vulgus-5",
                                    "A4": "foederati-5", "B7": "mob-5", "D7": "triumph-8"},
              barbs={"C6": "G"})
    assert E.legal_spaces(g.state, "eagle") == ["A6", "B5", "C2"]
    assert solo.choose_spaces(g.state, "eagle", "frumentarii-6") == ["C2"]
    wins, surrounded = solo._simulate(g.state, "eagle", "frumentarii-6", "C2")
    assert surrounded == 0 and not any(wins.values())  # nothing is completed
    wins, _ = solo._simulate(g.state, "eagle", "frumentarii-6", "B5")
    assert wins["pillar"] == 1  # the spot criterion 3 liked would hand Numerian to Pillar


def test_T12_invasion_path() -> None:
    g = _solo(emperors=dict(T11_EMPERORS), hands={"p1": ["triumph-7", "princeps-3"]})
    st = g.state
    st.forum = ["quaestor-3", "mob-5", "cavalry-3"]
    st.deck = ["barbarian-07", "forcemarch-5", *[c for c in st.deck if c not in ("barbarian-07", "forcemarch-5")]]
    assert solo.player_draw(st, "p1", "refill", Outcome()) is True  # 1: it invades, you draw again
    assert st.barbs == {"D7": "barbarian-07"} and st.forum[-1] == "forcemarch-5"
    st.barbs, st.path = {}, None
    st.box.append("barbarian-07")
    out = Outcome()
    assert solo.invade(st, "barbarian-01", "sword", out) is False
    assert st.barbs == {"D7": "barbarian-01"} and st.path == "sword"
    assert solo.invade(st, "barbarian-02", "eagle", out) is True  # #2: both empty, the player chooses
    assert st.pending["kind"] == "path" and {c for c, _ in st.pending["choices"]} == {"C6", "E6"}
    solo.decide(st, "p1", st.pending["id"], "C6", out)
    assert st.barbs["C6"] == "barbarian-02"
    apply(g, "p1", "play", card="triumph-7", space="D7")
    st = g.state
    assert "barbarian-01" in st.areas["sword"] and st.path == "sword"
    out = Outcome()
    st.pending = {}
    assert solo.invade(st, "barbarian-03", "pillar", out) is False
    assert st.barbs["D7"] == "barbarian-03"  # covers the Triumph
    solo.invade(st, "barbarian-04", "pillar", out)
    assert st.barbs["D5"] == "barbarian-04"
    solo.invade(st, "barbarian-05", "pillar", out)
    assert st.roma == "unfortified" and "barbarian-05" in st.box
    solo.invade(st, "barbarian-06", "pillar", out)
    assert st.roma == "sacked" and st.lost


def test_T13_defeat_thresholds() -> None:
    g = _solo(emperors=dict(T11_EMPERORS), barbs={"D7": "G", "C6": "G", "D5": "G"},
              hands={"p1": ["cavalry-3", "castra-4", "forcemarch-5", "flanking-6", "spiculum-8",
                            "mob-5", "mob-6"]})
    st = g.state
    st.path = "sword"
    assert solo.defeat_limit(st, "D5") == 4 and solo.defeat_limit(st, "D7") == 8
    assert solo.defeat_limit(st, "roma") == 2
    out = Outcome()
    with pytest.raises(RuleError) as refusal:
        solo._apply_defeat(st, "p1", "flanking-6", [], "D5", st.barbs["D5"], out)
    assert refusal.value.section == "§15.2.4"
    solo._apply_defeat(st, "p1", "flanking-6", ["mob-5"], "D5", st.barbs["D5"], out)
    assert "D5" not in st.barbs
    solo._apply_defeat(st, "p1", "spiculum-8", [], "D7", st.barbs["D7"], out)
    offers = {(r, len(m)) for r, m in solo.defeat_offers(st, "p1", 2)}
    assert ("castra-4", 1) in offers and ("cavalry-3", 1) in offers
    assert ("forcemarch-5", 1) not in offers


def test_T14_victory_level() -> None:
    g = _solo(emperors=dict(T11_EMPERORS))
    st = g.state
    st.barbs, st.forum = {}, ["quaestor-3", "mob-5", "cavalry-3", "forcemarch-5"]
    st.areas["sword"] = ["barbarian-01", "decius"]
    pts = solo.victory_points(st)
    assert sum(pts.values()) == 19 and solo.title_for(19) == "Princeps Civitatis"
    st.phase = "over"
    res = g.result()
    assert res is not None and res.winners == ("p1",) and res.level == "Princeps Civitatis"


# -- T15-T17 -----------------------------------------------------------------------------------
def _trick(colour_emp: str, cards: dict[str, str], barbs: dict[str, str] | None = None) -> BarracksState:
    return fixture(emperors={"D4": colour_emp}, cards=cards, barbs=barbs).state


SIDES = ("D3", "C4", "E4", "D5")  # pillar, eagle, wreath, sword of D4


def test_T15_resolution_edges() -> None:
    st = _trick("decius", {}, dict.fromkeys(SIDES, "G"))
    assert E.judge(st, "D4").kind == "died"
    st = _trick("decius", {"D3": "castra-3", "C4": "tribute-3", "E4": "ambitus-3"}, {"D5": "G"})
    assert E.judge(st, "D4").kind == "died"
    E.resolve(st, "D4", None)
    assert "decius" in st.removed and not any("decius" in a for a in st.areas.values())
    st = fixture(emperors={"D4": "decius", "D6": "gallus"},
                 cards={"D3": "castra-3", "C4": "tribute-3", "E4": "ambitus-3"}, barbs={"D5": "G"}).state
    E.resolve(st, "D4", None)
    assert "decius" in st.removed and "D5" in st.barbs  # the winning Barbarian stays (it touches D6)
    st = _trick("decius", {"D3": "castra-4", "C4": "tribute-4", "E4": "mob-6", "D5": "foederati-6"})
    assert E.judge(st, "D4").kind == "stuck" and E.resolvable(st) == []
    st.counters["mob-6"] = [1]
    v = E.judge(st, "D4")
    assert v.kind == "capture" and v.space == "E4"
    st = _trick("gordian1", {"D3": "cavalry-4", "C4": "tribute-4", "E4": "pretender-7"}, {"D5": "G"})
    assert E.judge(st, "D4").space == "E4"
    st = _trick("gordian1", {"D3": "cavalry-4", "C4": "tribute-4", "E4": "peddling-2"}, {"D5": "G"})
    assert E.judge(st, "D4").space == "E4"
    st = _trick("gordian1", {"D3": "cavalry-4", "C4": "tribute-4", "E4": "ambitus-3", "D5": "quaestor-4"})
    assert E.judge(st, "D4").space == "D3"  # Quaestor: no trump, the Cavalry 4 is highest
    st = _trick("decius", {"D3": "praetorian-8", "C4": "castra-3", "E4": "mob-5", "D5": "tribute-4"},
                {"D3": "G"})
    assert E.judge(st, "D4").space == "C4"  # the covered Praetorian is a Gray 0; Castra is the only Red


def test_T16_modifiers() -> None:
    g = fixture(emperors={"D4": "decius", "B2": "gallus", "F6": "aemilian"},
                cards={"D3": "flanking-5", "F5": "castra-3", "C2": "tribute-3"},
                hands={"p1": ["reinforcements-1", "cavalry-3"], "p2": ["mob-5", "cavalry-4"],
                       "p3": ["reinforcements-2", "castra-4"]})
    apply(g, "p1", "play", card="reinforcements-1", space="D5")
    assert flow.ability_targets(g.state, "p1") == ["D3"]  # not itself, not Blue, not the Castra
    apply(g, "p1", "ability", target="D3")
    finish_turn(g, "p1")
    apply(g, "p2", "play", card="cavalry-4", space="C4")
    finish_turn(g, "p2")
    apply(g, "p3", "play", card="reinforcements-2", space="B1")
    apply(g, "p3", "ability", target="D3")
    assert E.card_value(g.state, "flanking-5") == 8


def _counters_fixture(hand: list[str]) -> BarracksGame:
    """Force March 5 at D3 carrying +1 and +2 (an 8); p1 (Sword) holds ``hand``."""
    g = fixture(emperors={"D4": "decius", "C3": "gallus", "F6": "aemilian"},
                cards={"D3": "forcemarch-5", "F5": "castra-3"}, hands={"p1": hand})
    g.state.counters = {"forcemarch-5": [1, 2]}
    assert E.card_value(g.state, "forcemarch-5") == 8
    return g


def test_T16_flanking_swap_carries_the_counters() -> None:
    g = _counters_fixture(["flanking-6", "cavalry-3"])
    apply(g, "p1", "play", card="flanking-6", space="C4")  # Sword side of C3, diagonal to D3
    assert "D3" in flow.ability_targets(g.state, "p1")
    apply(g, "p1", "ability", target="D3")
    st = g.state
    assert st.cards["C4"] == "forcemarch-5" and st.cards["D3"] == "flanking-6"
    assert E.card_value(st, "forcemarch-5") == 8


def test_T16_mob_flip_removes_the_counters() -> None:
    g = _counters_fixture(["mob-5", "cavalry-3"])
    apply(g, "p1", "play", card="mob-5", space="D5")  # Sword side of D4, whose Pillar side is D3
    assert flow.ability_targets(g.state, "p1") == ["D3"]  # never the Castra
    apply(g, "p1", "ability", target="D3")
    st = g.state
    assert "forcemarch-5" in st.flipped and "forcemarch-5" not in st.counters
    assert E.card_value(st, "forcemarch-5") == 0
    st.played = {"card": "reinforcements-2", "space": "D5", "abil": True}
    assert "D3" not in flow.ability_targets(st, "p1")  # a flipped card takes no counter


def test_T17_deck_exhaustion() -> None:
    g = fixture(emperors={"D4": "decius", "B2": "gallus", "F6": "aemilian", "B6": "valerian"},
                hands={"p1": ["castra-3", "cavalry-3"], "p2": ["castra-4", "foederati-5"],
                       "p3": ["tribute-3"], "p4": []})
    st = g.state
    st.deck = ["mob-5"]
    st.forum = ["quaestor-3", "mob-6", "cavalry-4", "forcemarch-5"]
    apply(g, "p1", "play", card="castra-3", space="D5")
    apply(g, "p1", "forum", choice="1")
    st = g.state
    assert st.exhausted and st.forum == [] and st.deck == []
    assert {"mob-6", "cavalry-4", "forcemarch-5", "mob-5"} <= set(st.discard)  # the whole Forum
    apply(g, "p2", "play", card="castra-4", space="C4")
    st = g.state
    assert st.active == "p3" and st.phase == "play"  # no selection step after the deck ran out
    assert st.hands["p2"] == ["foederati-5"]  # the hand shrinks by the card played
    apply(g, "p3", "play", card="tribute-3", space=E.legal_spaces(st, "p3")[0])
    finish_turn(g, "p3")
    assert g.state.round == 2  # Wreath's hand is empty: the round ends at its turn


# -- BE-17: a rival's tie between the other rivals is the player's choice ----------------------
TIE_CARDS = {"F5": "praetorian-8", "E6": "tribute-4", "F7": "mob-5", "G6": "triumph-7",
             "D5": "forcemarch-6", "E4": "foederati-5"}


def _rival_tie() -> BarracksGame:
    """Eagle's turn has surrounded F6 and E5; the Praetorian 8 at F5 wins either one (Pillar's
    side of F6, Wreath's side of E5) and leaves with it, so only the first is captured."""
    g = _solo(emperors={"F6": "decius", "E5": "gallus"}, cards=dict(TIE_CARDS))
    st = g.state
    st.deck = []  # the round ends right after Eagle's turn: nothing else moves
    st.active, st.phase = "eagle", "rival"
    flow.continue_resolution(st, "eagle", Outcome())
    return g


@pytest.mark.parametrize(("choice", "winner", "loser"), [("E5", "wreath", "pillar"), ("F6", "pillar", "wreath")])
def test_rival_tie_between_other_rivals_is_the_players_choice(choice: str, winner: str, loser: str) -> None:
    g = _rival_tie()
    pending = g.pending_decision()
    assert pending is not None and pending.kind == "rival_tie" and pending.seat == "p1"
    assert [c.value for c in pending.choices] == ["E5", "F6"] and pending.default == "E5"  # board order
    assert g.to_move() == ["p1"] and g.legal_commands("p1") == [
        Command("decide", {"id": pending.id, "choice": c}) for c in ("E5", "F6")]
    assert "Pillar takes Decius" in dict((c.value, c.label) for c in pending.choices)["F6"]
    with pytest.raises(RuleError) as refusal:
        apply(g, "p1", "play", card="x", space="D7")  # nothing else until it is answered
    assert refusal.value.section == "§15.2.3"
    apply(g, "p1", "decide", id=pending.id, choice=choice)
    areas = g.state.areas
    captured = {"E5": "gallus", "F6": "decius"}[choice]
    assert captured in areas[winner] and not [i for i in areas[loser] if i in ("gallus", "decius")]
    assert g.state.round == 2 and not g.state.pending


def test_rival_prefers_its_own_capture_without_asking() -> None:
    cards = dict(TIE_CARDS, G6="triumph-7")
    g = _solo(emperors={"F6": "decius", "E5": "gallus"}, cards=cards)
    st = g.state
    st.deck = []
    st.active, st.phase = "pillar", "rival"  # Pillar wins F6 itself: nothing to ask
    flow.continue_resolution(st, "pillar", Outcome())
    assert not st.pending and "decius" in st.areas["pillar"] and "gallus" not in st.areas["wreath"]


def test_public_view_lists_each_area_s_emperors_and_counts_them() -> None:
    """§3.0 scoring: the public view of a scoring area names the Emperors it captured (in the
    order taken; the Barbarians are counted, not listed there) next to the counts the score is
    made of; the list is no longer overwritten by the count."""
    g = BarracksGame.new("standard-4p", [], "s", {})
    st = g.state
    st.areas["sword"] = ["gallus", "barbarian-01", "gordian1", "philip2", "decius"]
    area = g.public_view()["areas"]["sword"]
    assert area["emperor_ids"] == ["gallus", "gordian1", "philip2", "decius"]
    assert (area["emperors"], area["red"], area["blue"], area["yellow"], area["barbarians"], area["sets"],
            area["score"]) == (4, 2, 1, 1, 1, 1, 8)
