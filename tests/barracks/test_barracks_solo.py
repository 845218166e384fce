"""Solo game (§15): Emperors completed by an invader, the rivals' look-ahead, the final result."""

from __future__ import annotations

import pytest
from test_barracks_cases import T11_EMPERORS, apply, fixture

from rules.barracks import engine as E
from rules.barracks import solo
from rules.barracks.game import BarracksGame
from rules.core.command import Outcome

# Licinianus (Yellow, D6) has three cards: Pillar's Mob 6 at D5, Eagle's Castra 3 at C6 and
# Wreath's Tribute 4 at E6; its Sword side D7 is the #1 space of the Sword invasion path.
LICINIANUS_THREE_SIDES = {"D5": "mob-6", "C6": "castra-3", "E6": "tribute-4", "C4": "cavalry-3"}


def _at_select(cards: dict[str, str], barbs: dict[str, str] | None = None,
               deck_top: tuple[str, ...] = (), deck_is: tuple[str, ...] | None = None) -> BarracksGame:
    """p1 (Sword) is taking a Forum card; no Red in hand and no Blue in the Forum, so an
    invader cannot be stopped (nothing to ask); ``deck_top`` are the next cards drawn
    (``deck_is``: the whole deck)."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards=cards, barbs=barbs,
                hands={"p1": ["mob-5", "ambitus-3"]})
    st = g.state
    st.forum = ["vulgus-6", "quaestor-4"]
    rest = [c for c in st.deck if c not in deck_top and c not in st.forum]
    st.deck = [*deck_top, *rest] if deck_is is None else list(deck_is)
    st.phase = "select"
    st.played = {"card": "pretender-7", "space": "", "value": 7, "how": "normal", "actor": "p1", "abil": False}
    if barbs:
        st.path = "sword"
    return g


def test_emperor_completed_by_an_invader_on_a_forum_refill_is_resolved_at_once() -> None:
    """§7.0 with §15.2.2: the Barbarian drawn on the refill lands at D7 and surrounds Licinianus;
    he is resolved in that same turn (Yellow trump: Pillar's Mob 6 takes him), even when the
    refill also empties the deck and so ends the round (§15.2) before any rival plays."""
    g = _at_select(dict(LICINIANUS_THREE_SIDES), deck_is=("barbarian-05", "ambitus-4"))
    out = apply(g, "p1", "forum", choice="2")
    st = g.state
    assert st.round == 2  # the last card was drawn: the round ended after your turn
    assert "licinianus" in st.areas["pillar"] and "licinianus" not in st.emperor_deck
    won = [i for i, line in enumerate(out.public) if "Licinianus" in line and "Pillar" in line]
    ended = [i for i, line in enumerate(out.public) if line.startswith("Round 1 ends")]
    assert won and ended and won[0] < ended[0]
    assert "§7.0" in out.citations


def test_invader_completes_an_emperor_before_any_rival_plays() -> None:
    """The resolution belongs to your turn: it is reported before Eagle draws."""
    g = _at_select(dict(LICINIANUS_THREE_SIDES), deck_top=("barbarian-05", "ambitus-4", "praetorian-8"))
    out = apply(g, "p1", "forum", choice="2")
    won = [i for i, line in enumerate(out.public) if "Licinianus" in line and "Pillar" in line]
    eagle = [i for i, line in enumerate(out.public) if line.startswith("Eagle")]
    assert won and eagle and won[0] < eagle[0]
    assert g.state.barbs["D7"] == "barbarian-05" and "D6" not in g.state.emperors


def test_rival_look_ahead_is_not_fooled_by_an_emperor_an_invader_completed() -> None:
    """§15.2.5: Eagle draws Praetorian Guard 8 right after the refill. With Licinianus gone,
    criterion 2 holds on Maximinus (Red) at B5 and on three empty Red Emperors; tie-break 3
    (most cards) picks B5. Had Licinianus stayed surrounded, every look-ahead would give him to
    Pillar and the override would have sent the card to criterion 5."""
    g = _at_select(dict(LICINIANUS_THREE_SIDES), deck_top=("barbarian-05", "ambitus-4", "praetorian-8"))
    clean = _at_select(dict(LICINIANUS_THREE_SIDES)).state
    del clean.emperors["D6"]
    del clean.cards["D5"]
    assert solo.choose_spaces(clean, "eagle", "praetorian-8") == ["B5"]
    apply(g, "p1", "forum", choice="2")
    assert g.state.cards["B5"] == "praetorian-8"


def test_look_ahead_counts_only_what_the_placement_itself_completes() -> None:
    """§15.2.5 criterion 1 and the override ask what *this* placement wins: an Emperor already
    surrounded before the card is placed is not credited to (or blamed on) every space."""
    clean = _at_select(dict(LICINIANUS_THREE_SIDES)).state
    stale = _at_select(dict(LICINIANUS_THREE_SIDES), barbs={"D7": "barbarian-05"}).state
    assert E.resolvable(stale) == ["D6"]
    assert solo.choose_spaces(stale, "eagle", "praetorian-8") == solo.choose_spaces(clean, "eagle", "praetorian-8")
    wins, _ = solo._simulate(stale, "eagle", "praetorian-8", "A2")
    assert wins["pillar"] == 0


# C5 Maximinus (Red) and B6 Jotapian (Yellow) wait for their Sword / Wreath side C6, the #2
# space of the Sword path (#1, D7, is taken). The invader covers the Quaestor 3 at C6 and
# completes both. B5 holds Praetorian 7: it wins Maximinus for Eagle, and as Jotapian's Pillar
# side it keeps him surrounded; Yellow is trump on Jotapian, so Mobile Vulgus 6 at B7 takes him
# for Sword.
TWO_EMPERORS = {"C4": "cavalry-4", "B5": "praetorian-7", "D5": "tribute-3", "A6": "mob-5",
                "B7": "vulgus-6", "C6": "quaestor-3"}


@pytest.mark.parametrize(("first", "sword", "eagle", "left"), [
    ("B6", ["jotapian"], ["maximinus"], []),
    ("C5", [], ["maximinus"], ["B6"]),
])
def test_player_orders_the_emperors_an_invader_completes(first: str, sword: list[str], eagle: list[str],
                                                          left: list[str]) -> None:
    """§7.0: the active player (you, on your refill) chooses the order; taking Maximinus first
    removes the Praetorian 7 from B5 and leaves Jotapian with three cards."""
    g = _at_select(dict(TWO_EMPERORS), barbs={"D7": "barbarian-01"}, deck_top=("barbarian-05", "ambitus-4"))
    apply(g, "p1", "forum", choice="2")
    pending = g.pending_decision()
    assert pending is not None and pending.kind == "resolve_order" and pending.seat == "p1"
    assert sorted(c.value for c in pending.choices) == ["B6", "C5"] and pending.section == "§7.0"
    assert g.state.barbs["C6"] == "barbarian-05"
    apply(g, "p1", "decide", id=pending.id, choice=first)
    st = g.state
    assert [i for i in st.areas["sword"] if i in ("jotapian", "maximinus")] == sword
    assert [i for i in st.areas["eagle"] if i in ("jotapian", "maximinus")] == eagle
    assert [e for e in ("B6", "C5") if e in st.emperors] == left
    assert "ambitus-4" in st.forum and st.active == "eagle"  # the refill and the turn went on


def test_decision_outcome_is_not_lost() -> None:
    """The pending order decision is answered through the usual ``decide`` and its outcome
    reports the resolution (§7.0)."""
    g = _at_select(dict(TWO_EMPERORS), barbs={"D7": "barbarian-01"}, deck_top=("barbarian-05", "ambitus-4"))
    apply(g, "p1", "forum", choice="2")
    pending = g.pending_decision()
    assert pending is not None
    out: Outcome = apply(g, "p1", "decide", id=pending.id, choice="B6")
    assert any("Jotapian" in line for line in out.public) and "§7.0" in out.citations


# -- §15.3 the result --------------------------------------------------------------------------
def _over(areas: dict[str, list[str]]) -> BarracksGame:
    g = fixture("solo", emperors=dict(T11_EMPERORS))
    st = g.state
    st.areas = {f: list(areas.get(f, [])) for f in E.FACTIONS_ALL}
    st.barbs, st.forum = {}, ["quaestor-3", "mob-5", "cavalry-3", "forcemarch-5"]
    st.phase = "over"
    return g


def test_full_tie_with_a_rival_is_a_shared_victory() -> None:
    """§3.0 (still tied after every tie-break: the victory is shared) read with §15.3 (you win
    with the highest score): a full tie with Eagle is your victory, shared, with its level."""
    g = _over({"sword": ["decius", "gordian1", "barbarian-01"], "eagle": ["gallus", "pupienus", "barbarian-02"],
               "pillar": ["aemilian"]})
    res = g.result()
    assert res is not None and res.winners == ("p1",)
    assert res.level == solo.title_for(sum(solo.victory_points(g.state).values()))
    assert "shared" in res.summary.lower() and "Eagle" in res.summary and "Pillar" not in res.summary


def test_a_rival_ahead_on_a_tie_break_is_a_defeat_naming_only_those_ahead() -> None:
    """Equal points, but Eagle has more Red Emperors (§3.0, second tie-break): a defeat, and the
    text names Eagle, never your own faction nor a rival behind you."""
    g = _over({"sword": ["gordian1", "pupienus", "barbarian-01"], "eagle": ["decius", "gordian3", "barbarian-02"],
               "pillar": ["aemilian"]})
    res = g.result()
    assert res is not None and res.winners == () and res.level == "defeat"
    assert "Eagle" in res.summary and "Sword" not in res.summary and "Pillar" not in res.summary


def test_defeat_lists_every_rival_ahead() -> None:
    g = _over({"sword": ["decius"], "eagle": ["gallus", "pupienus"], "pillar": ["aemilian", "balbinus"],
               "wreath": ["philip2", "herennius", "saloninus"]})
    res = g.result()
    assert res is not None and res.winners == ()
    for name in ("Eagle", "Pillar", "Wreath"):
        assert name in res.summary
    assert "Sword" not in res.summary
