"""§6 (the phase letter printed after each stratagem's name): a chit marked
"playable now" in a seat's private lines is exactly one the engine would accept at that moment,
by the ``stratagem`` command or as a choice of the decision waiting on that seat. One check
(``stratagems.play_refusal``) serves the command, the menus and the mark; one test per kind of
phase and timing in the data."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperator import stratagems
from rules.imperator.game import ImperatorGame


def _game(phase: str, active: str, hand: dict[str, list[str]]) -> ImperatorGame:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.leader("king", "parthia", "E", people="parthians")
    p.unit("leg", "vindobona")
    p.unit("cat", "parthia", "E", people="parthians")
    p.people("cotini", "cotini_home")  # a Minor People at peace: Soulèvement has a target (AMB-93)
    p.rules["stratagems"] = True
    g = p.game(phase=phase, active=active)
    g.state.hands = {"rome": [], "enemies": [], **hand}
    g.state.cup = []
    return g


def _mark(g: ImperatorGame, seat: str) -> str:
    return g.private_lines(seat)[1]


def _menu(g: ImperatorGame, seat: str) -> list[str]:
    return [c.value for a in g.actions(seat) if a.name == "stratagem" for c in a.args[0].choices or ()]


def _refusal(g: ImperatorGame, seat: str, tid: str) -> RuleError:
    with pytest.raises(RuleError) as err:
        g.apply(seat, Command("stratagem", {"id": tid}))
    return err.value


@pytest.mark.parametrize(("phase", "active", "playable"), [("C", "E", False), ("D", "R", False), ("E", "R", True)])
def test_s6_any_time_of_phase_e_chits_are_playable_in_phase_e_only(phase: str, active: str, playable: bool) -> None:
    """A phase E chit (Assassinat, any time of phase E, even in the other side's SMC): marked in
    phase E only; outside it the command is refused citing the chit's section (§6.3)."""
    g = _game(phase, active, {"enemies": ["assassinat#1"]})
    assert stratagems.playable_now(g.state, "enemies", "assassinat#1") is playable
    assert _mark(g, "enemies") == ("Stratagems in hand: Assassinat (phase E, playable now)" if playable
                                   else "Stratagems in hand: Assassinat (phase E)")
    assert ("assassinat" in _menu(g, "enemies")) is playable
    if not playable:
        err = _refusal(g, "enemies", "assassinat")
        assert (err.section, str(err.message)) == ("§6.3", "Assassinat is played in phase E only")


@pytest.mark.parametrize(("phase", "active", "playable", "message"), [
    ("C", "E", True, ""),
    ("C", "R", False, "Soulèvement d'un Peuple mineur is played during the Enemies of Rome's phase C step"),
    ("E", "E", False, "Soulèvement d'un Peuple mineur is played in phase C only"),
])
def test_s6_2_phase_c_chits_are_playable_in_the_enemies_phase_c_step(phase: str, active: str, playable: bool,
                                                                      message: str) -> None:
    """A (C) chit: only during the Enemies of Rome's step of phase C (§2.C, §6.2)."""
    g = _game(phase, active, {"enemies": ["soulevement_d_un_peuple_mineur#1"]})
    assert stratagems.playable_now(g.state, "enemies", "soulevement_d_un_peuple_mineur#1") is playable
    assert _mark(g, "enemies").endswith("(phase C, playable now)" if playable else "(phase C)")
    if not playable:
        err = stratagems.play_refusal(g.state, "enemies", "soulevement_d_un_peuple_mineur")
        assert err is not None and (err.section, str(err.message)) == ("§6.2; §4.4", message)


def test_s6_3_initiative_is_playable_only_when_its_window_is_open() -> None:
    """A (B) chit: never by the command; marked when the initiative window offers it (§2.B)."""
    g = _game("E", "R", {"rome": ["initiative#1"]})
    assert _mark(g, "rome") == "Stratagems in hand: Initiative (phase B)"
    st = g.state
    st.phase, st.step, st.active = "B", "B-wait", "R"
    stratagems.open_initiative_window(st, "R")
    assert stratagems.playable_now(st, "rome", "initiative#1") is True
    assert _mark(g, "rome") == "Stratagems in hand: Initiative (phase B, playable now)"
    err = stratagems.play_refusal(st, "rome", "initiative")
    assert err is not None and err.section == "§6.3; §2.B"


@pytest.mark.parametrize("tid", ["roma_victor", "fuite_opportune", "faveur_divine"])
def test_s6_window_chits_are_marked_only_while_a_window_offers_them(tid: str) -> None:
    """Roma Victor (before the battle roll), Fuite opportune (before a battle) and Faveur divine
    (before a die roll): not by the command, even in phase E; marked while the decision waiting on
    the seat lists them, and not while the opponent's decision waits."""
    g = _game("E", "R", {"rome": [f"{tid}#1"]})
    st = g.state
    assert stratagems.playable_now(st, "rome", f"{tid}#1") is False
    assert _menu(g, "rome") == []
    assert _refusal(g, "rome", tid).section == stratagems.types()[tid].section
    choice = {"roma_victor": "roma_victor", "fuite_opportune": "fuite_opportune@noricum",
              "faveur_divine": "faveur_divine@6"}[tid]
    st.pending = [{"id": "d-1", "role": "R", "kind": "bstrat", "prompt": "?", "choices": [["pass", "pass"], [choice, "x"]],
                   "default": "pass", "section": "§6", "data": {}}]
    assert stratagems.playable_now(st, "rome", f"{tid}#1") is True
    assert _mark(g, "rome").endswith("(phase E, playable now)")
    st.pending[0]["role"] = "E"
    assert stratagems.playable_now(st, "rome", f"{tid}#1") is False


def test_s6_2_la_fleche_du_parthe_is_playable_only_right_after_a_persian_battle() -> None:
    """After a battle with a Persian unit (flag ``persian_battle``), and only then (§6.2)."""
    g = _game("E", "E", {"enemies": ["fleche_du_parthe#1"]})
    st = g.state
    assert (stratagems.playable_now(st, "enemies", "fleche_du_parthe#1"), _menu(g, "enemies")) == (False, [])
    err = _refusal(g, "enemies", "fleche_du_parthe")
    assert (err.section, str(err.message)) == ("§6.2", "La flèche du Parthe follows a battle in which a Persian unit fought")
    st.persian_battle = True
    assert (stratagems.playable_now(st, "enemies", "fleche_du_parthe#1"), _menu(g, "enemies")) == (True, ["fleche_du_parthe"])
    assert _mark(g, "enemies") == "Stratagems in hand: La flèche du Parthe (phase E, playable now)"


def test_s6_a_chit_of_the_other_side_is_never_marked() -> None:
    """A Roman chit drawn by the Enemies is kept unplayed (§6): never marked, refused by side."""
    g = _game("E", "E", {"enemies": ["pax_romana#1"]})
    assert (stratagems.playable_now(g.state, "enemies", "pax_romana#1"), _mark(g, "enemies")) == (
        False, "Stratagems in hand: Pax Romana (phase E)")
    assert _refusal(g, "enemies", "pax_romana").section == "§6.1"
