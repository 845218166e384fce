"""Rulings re-read against the rule book (docs/rulings.md, BE-06 and BE-09)."""

from __future__ import annotations

import pytest
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
    """§10.0: Demagogue blocks the abilities a card sets off on being played;
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
    assert line == "Decius (Red) at D4 is won by Force March Red 5 (+3: 8) on the Pillar side: he goes to Pillar."


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
    assert out.public[0] == ("Decius (Red) at D4 is won by Force March Red 5, face down (0) on the Pillar side: "
                             "he goes to Pillar.")


# -- §10.0: what each on-play ability may aim at (BE-02, BE-11, BE-12) ---------------------------
TARGET_BOARD = {"D3": "ambitus-3", "C4": "quaestor-4", "E4": "tribute-3", "A2": "frumentarii-5",
                "B1": "castra-3"}


def _targets(card: str, scenario: str = "standard-4p", **state: object) -> list[str]:
    """p1 has just played ``card`` at D5 (Sword side of Decius, D4). C4's Quaestor is face down,
    A2's Frumentarii lies under a Barbarian, D7 holds another Barbarian."""
    g = fixture(scenario, emperors={"D4": "decius", "B2": "gallus", "F6": "aemilian", "B6": "valerian"},
                cards=dict(TARGET_BOARD, D5=card), barbs={"A2": "G", "D7": "G"})
    st = g.state
    st.flipped = ["quaestor-4"]
    st.played = {"card": card, "space": "D5", "value": 5, "how": "normal", "actor": "p1", "abil": True}
    for k, v in state.items():
        setattr(st, k, v)
    return flow.ability_targets(st, "p1")


@pytest.mark.parametrize(("card", "targets"), [
    ("vulgus-5", ["D3"]),  # another face-up, uncovered Yellow card anywhere
    ("popularity-2", ["D3"]),  # a counter on another face-up, uncovered Yellow card
    ("peddling-1", ["E4"]),  # Blue: the covered Frumentarii is out of reach
    ("reinforcements-1", []),  # the only other Red card is a Castra
    ("spiculum-8", ["C4", "D3", "E4"]),  # the other cards on Decius, face-down ones included
    ("mob-5", ["D3", "E4"]),  # ... but Mob does not turn a face-down card again
    ("tribute-4", ["A2", "D7"]),  # any Barbarian on the board
    ("princeps-3", ["draw"]),
    ("damnatio-7", ["D4"]),  # the Emperors next to the space
    ("pretender-7", ["D2", "F2", "C3", "E3", "B4", "F4", "C5", "E5", "D6"]),  # empty, board order
    ("demagogue-8", ["on"]),
    ("cavalry-4", []),  # ongoing abilities are not used
])
def test_ability_targets(card: str, targets: list[str]) -> None:
    assert _targets(card) == targets


def test_ability_targets_when_nothing_is_left() -> None:
    assert _targets("princeps-3", exhausted=True) == []
    assert _targets("princeps-3", deck=[]) == []
    assert _targets("pretender-7", pretenders=[]) == []
    assert _targets("tribute-4", barbs={}) == []
    assert _targets("vulgus-5", played={"card": "vulgus-5", "space": "D5", "abil": False}) == []


def test_solo_tribute_aims_at_the_barbarian_nearest_roma() -> None:
    """§10.0 solo Tribute: only the Barbarian closest to Roma; the solo Pretender never takes D4."""
    assert _targets("tribute-4", "solo", path="sword") == ["D7"]
    assert _targets("tribute-4", "solo", barbs={}) == []
    assert "D4" not in _targets("pretender-7", "solo")
