"""Tests written against the surviving mutants of rules/imperator/stratagems.py (issue 11,
mutation testing), and the stratagem data that must say what the engine does."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import stratagems
from rules.imperator import tables as T
from rules.imperator.model import ImperatorState


def test_fuite_opportune_description_says_the_units_left_behind_fight() -> None:
    """§6.3 with §8 (ruling "§6.3 Fuite opportune: what stays behind fights"): the chit's data text
    no longer claims it avoids the battle; it says the leaders take their CCs and what they
    cannot take fights, as `combat._fuite_go` does (test_mut_rule_questions.py plays both cases)."""
    fuite = {s.id: s for s in T.stratagem_types()}["fuite_opportune"]
    assert fuite.section == "§6.3; §8.1"
    text = fuite.description
    assert not text.startswith("Avoids a battle")
    assert "at most their CCs of units" in text
    assert "units left behind stay with the attacker and the battle is fought with them alone" in text
    assert "only when the whole force gets away is no battle fought" in text


def _cup_state(*cup: str) -> ImperatorState:
    st = Pos().state(phase="A")
    st.rules["stratagems"] = True
    st.cup = list(cup)
    st.hands = {seat: [] for seat in st.roles}
    return st


def test_phase_a_draw_rome_first_each_told_privately_what_he_drew() -> None:
    """§2.A (AMB-11): Rome draws first, then the Enemies, each at random from the cup; the
    channel hears only the count held, each seat hears its chit, and whether his side may use
    it; with the cup empty the seat draws nothing and says so."""
    st = _cup_state("pax_romana#1", "coup_d_etat_parthe#1", "initiative#1")
    st.dice.script.extend([2, 0])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.draw(st, out)
    assert st.hands == {"rome": ["initiative#1"], "enemies": ["pax_romana#1"]}
    assert st.cup == ["coup_d_etat_parthe#1"]
    assert out.public == ["§2.A: rome draws a stratagem (1 held).", "§2.A: enemies draws a stratagem (1 held)."]
    assert out.private == {"rome": ["You drew Initiative."],
                           "enemies": ["You drew Pax Romana (not usable by your side: it goes back in phase F)."]}
    assert (out.citations, out.commit_point) == (["§2.A"], True)
    st = _cup_state()
    out = Outcome()
    stratagems.draw(st, out)
    assert (out.public, out.commit_point) == (["§2.A: the stratagem cup is empty; rome draws nothing.",
                                               "§2.A: the stratagem cup is empty; enemies draws nothing."], False)


def test_phase_f_returns_only_the_chits_a_side_cannot_use() -> None:
    """§2.F, §6 (AMB-11): the Enemies' Pax Romana and Coup d'état parthe (Rome's chits) go back
    to the cup, counted in public and named to their holder; Initiative (both sides) stays."""
    st = _cup_state()
    st.hands = {"rome": ["initiative#1"], "enemies": ["pax_romana#1", "initiative#2", "coup_d_etat_parthe#1"]}
    out = Outcome()
    stratagems.return_unusable(st, out)
    assert st.hands == {"rome": ["initiative#1"], "enemies": ["initiative#2"]}
    assert st.cup == ["pax_romana#1", "coup_d_etat_parthe#1"]
    assert out.public == ["§2.F: enemies returns 2 stratagems to the cup."]
    assert out.private == {"enemies": ["Returned to the cup: Pax Romana, Coup d'état parthe."]}
