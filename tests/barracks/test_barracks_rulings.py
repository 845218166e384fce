"""Rulings re-read against the rule book (docs/rulings.md, BE-06 and BE-09)."""

from __future__ import annotations

from test_barracks_cases import apply, fixture

from rules.barracks import engine as E
from rules.barracks import flow
from rules.barracks.game import BarracksGame
from rules.core.command import Command, Outcome

EMPS = {"D4": "decius", "B2": "gallus", "F6": "aemilian", "B6": "valerian", "F2": "gordian1"}


def _under_demagogue(hand: list[str]) -> BarracksGame:
    """Wreath (p4) has an open Demagogue; Sword (p1) is to play ``hand``."""
    g = fixture(emperors=dict(EMPS), hands={"p1": hand})
    g.state.demagogue = "p4"
    return g


def test_BE06_demagogue_silences_on_play_abilities() -> None:
    """§10.0 Demagogue: abilities that act when a card is played are ignored (Tribute here)."""
    g = _under_demagogue(["tribute-4", "cavalry-3"])
    g.state.barbs = {"D7": "barbarian-01"}
    apply(g, "p1", "play", card="tribute-4", space="D5")
    assert g.state.phase == "select" and g.state.played["abil"] is False
    assert "D7" in g.state.barbs


def test_BE06_princeps_senatus_acts_at_the_end_of_the_turn_despite_the_demagogue() -> None:
    """§10.0: Demagogue ignores abilities "that would trigger when the card is played";
    Princeps Senatus acts at the end of the turn, so it stays available."""
    g = _under_demagogue(["princeps-4", "cavalry-3"])
    apply(g, "p1", "play", card="princeps-4", space="D5")
    assert g.state.phase == "ability" and flow.ability_targets(g.state, "p1") == ["draw"]
    size = len(g.state.hands["p1"])
    top = g.state.deck[0]
    apply(g, "p1", "ability", target="draw")
    assert top in g.state.hands["p1"] and len(g.state.hands["p1"]) >= size + 1


def test_BE06_frumentarii_replaces_the_forum_choice_despite_the_demagogue() -> None:
    """§10.0: Frumentarii acts instead of the Forum choice at the end of the turn."""
    g = _under_demagogue(["frumentarii-6", "cavalry-3"])
    apply(g, "p1", "play", card="frumentarii-6", space="D5")
    assert g.state.phase == "select"
    assert Command("forum", {"choice": "frumentarii"}) in g.legal_commands("p1")
    seen = g.state.deck[:4]
    apply(g, "p1", "forum", choice="frumentarii")
    assert g.state.phase == "frumentarii" and g.state.seen == seen


def test_BE06_placement_abilities_stay_blocked() -> None:
    """The extended example: Foederati cannot take a Barbarian's space under the Demagogue."""
    g = _under_demagogue(["foederati-5", "cavalry-3"])
    g.state.barbs = {"D5": "barbarian-01"}
    assert "D5" not in E.placement_spaces(g.state, "p1", "foederati-5")
    g.state.demagogue = None
    assert E.placement_spaces(g.state, "p1", "foederati-5")["D5"] == "foederati"


def test_BE09_an_unclaimed_pretender_is_shuffled_into_the_emperor_deck() -> None:
    """§4.0: at the start of rounds 2 and 3 every unclaimed Emperor on the board goes back into
    the Emperor deck; only the set-aside ones (still in the Pretenders box) stay out."""
    g = fixture(emperors=dict(EMPS))
    st = g.state
    pretender = st.pretenders.pop(0)
    st.emperors["D2"] = pretender
    boxed = list(st.pretenders)
    flow.end_round(st, Outcome())
    assert st.round == 2
    assert pretender not in st.pretenders and st.pretenders == boxed
    assert pretender in set(st.emperor_deck) | set(st.emperors.values())
    assert not set(boxed) & (set(st.emperor_deck) | set(st.emperors.values()))


def test_capture_line_shows_the_value_after_counters() -> None:
    """§6.1 counters count in the trick: the line announcing the capture gives the value that
    won (Force March 5 with +1 and +2 counters wins as an 8, over Praetorian Guard 7)."""
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "forcemarch-5", "C4": "praetorian-7", "E4": "tribute-3"},
                hands={"p1": ["castra-4", "cavalry-3"]})
    g.state.counters = {"forcemarch-5": [1, 2]}
    out = apply(g, "p1", "play", card="castra-4", space="D5")
    assert "decius" in g.state.areas["pillar"]
    line = next(line for line in out.public if "Decius" in line)
    assert "(+3: 8)" in line and "Pillar" in line


def test_capture_by_a_face_down_card_says_so() -> None:
    """A card turned face down by Mob counts 0 with no suit (§10.0); when the three 3s around it
    cancel, it is the only card left and wins: the line says it was face down."""
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "forcemarch-5", "C4": "tribute-3", "E4": "ambitus-3", "D5": "castra-3"})
    g.state.flipped = ["forcemarch-5"]
    v = E.judge(g.state, "D4")
    assert v.kind == "capture" and v.space == "D3"
    out = Outcome()
    E.resolve(g.state, "D4", out)
    assert "face down" in out.public[0] and "Pillar" in out.public[0]
