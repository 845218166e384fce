"""§6 with each chit's own paragraph (§6.1, §6.2, §6.3): a chit is "playable now" only when it
has at least one legal target (ruling AMB-93). ``stratagems.chit_targets`` gives each chit's
target list, the very list its effect checks; ``play_refusal`` (the command, the menus and the
private "playable now" mark) refuses a chit whose list is empty, citing the chit's section.
Before, a Pacification with no People at war was marked playable and then refused by its effect.
One test per chit that names a target: not offered without one, offered with one."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from imperator_builder import Pos

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperator import stratagems
from rules.imperator.game import ImperatorGame
from rules.imperator.model import ImperatorState

Change = Callable[[ImperatorState], None]


def _game(phase: str, active: str) -> ImperatorGame:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.leader("gen", "italia")
    p.leader("king", "parthia", "E", people="parthians")
    p.unit("leg", "vindobona")
    p.unit("cat", "parthia", "E", people="parthians")
    p.people("cotini", "cotini_home")  # a Minor People
    p.rules["stratagems"] = True
    g = p.game(phase=phase, active=active)
    g.state.cup = []
    return g


def _at_war(*peoples: str) -> Change:
    def change(st: ImperatorState) -> None:
        st.at_war = list(peoples)
    return change


def _gen(title: str | None, at: str) -> Change:
    def change(st: ImperatorState) -> None:
        st.leaders["gen"].title, st.leaders["gen"].loc = title, at
    return change


def _dead(cid: str) -> Change:
    def change(st: ImperatorState) -> None:
        if cid in st.units:
            st.units[cid].status, st.units[cid].loc = "eliminated", None
        else:
            st.leaders[cid].status, st.leaders[cid].loc = "dead", None
    return change


def _marker(chit: str, zone: str) -> Change:
    def change(st: ImperatorState) -> None:
        st.chits_on_map = {chit: zone}
    return change


def _nothing(st: ImperatorState) -> None:
    return None


MAJORS = ("quadi", "jazyges", "parthians")
PACIFY = "no People at war that {} may pacify"
RAISE = "no People at peace that {} may raise now"
USURP = "no general may claim the purple with {} now"

# (chit, seat, phase, side moving, no target, one target, section, refusal)
CASES = [
    ("pacification_d_un_peuple_mineur", "rome", "E", "R", _at_war("quadi"), _at_war("cotini"), "§6.1",
     PACIFY.format("Pacification d'un Peuple mineur")),
    ("pacification_de_deux_peuples_mineurs", "rome", "E", "R", _at_war("quadi"), _at_war("cotini"), "§6.1",
     PACIFY.format("Pacification de deux Peuples mineurs")),
    ("pacification_de_trois_peuples_mineurs", "rome", "E", "R", _at_war("quadi"), _at_war("cotini"), "§6.1",
     PACIFY.format("Pacification de trois Peuples mineurs")),
    ("pacification_d_un_peuple_majeur", "rome", "E", "R", _at_war("cotini"), _at_war("quadi"), "§6.1",
     PACIFY.format("Pacification d'un Peuple majeur")),
    ("pacification_d_une_nationalite", "rome", "E", "R", _at_war(), _at_war("cotini"), "§6.1",
     PACIFY.format("Pacification d'une Nationalité")),
    ("pax_romana", "rome", "E", "R", _at_war(), _at_war("parthians"), "§6.1", PACIFY.format("Pax Romana")),
    ("soulevement_d_un_peuple_mineur", "enemies", "C", "E", _at_war("cotini"), _at_war(), "§6.2",
     RAISE.format("Soulèvement d'un Peuple mineur")),
    ("soulevement_de_deux_peuples_mineurs", "enemies", "C", "E", _at_war("cotini"), _at_war(), "§6.2",
     RAISE.format("Soulèvement de deux Peuples mineurs")),
    ("soulevement_de_trois_peuples_mineurs", "enemies", "C", "E", _at_war("cotini"), _at_war(), "§6.2",
     RAISE.format("Soulèvement de trois Peuples mineurs")),
    ("soulevement_d_un_peuple_majeur", "enemies", "C", "E", _at_war(*MAJORS), _at_war("quadi", "jazyges"), "§6.2",
     RAISE.format("Soulèvement d'un Peuple majeur")),
    ("soulevement_de_trois_peuples_majeurs", "enemies", "C", "E", _at_war(*MAJORS), _at_war("parthians"), "§6.2",
     RAISE.format("Soulèvement de trois Peuples majeurs")),
    ("usurpation", "enemies", "C", "E", _nothing, _gen(None, "antiochia"), "§6.2", USURP.format("Usurpation")),
    ("usurpation_d_un_caesar", "enemies", "C", "E", _gen("caesar", "italia"), _gen("caesar", "antiochia"), "§6.2",
     USURP.format("Usurpation d'un Caesar")),
    ("usurpation_d_un_augustus", "enemies", "C", "E", _gen("augustus", "italia"), _gen("augustus", "antiochia"),
     "§6.2", USURP.format("Usurpation d'un Augustus")),
    ("assassinat", "rome", "E", "R", _dead("king"), _nothing, "§6.3", "no enemy leader is in play"),
    ("mutinerie", "enemies", "E", "E", _gen(None, "vindobona"), _nothing, "§6.3",
     "no zone where Mutinerie may be placed"),
    ("desertion", "enemies", "E", "E", _dead("leg"), _nothing, "§6.3",
     "no zone with enemy units that Désertion may strike"),
    ("fleche_du_parthe", "enemies", "E", "E", _dead("leg"), _nothing, "§6.2",
     "no Roman unit of the Roman player on the map"),
    ("coup_d_etat_parthe", "rome", "E", "R", _marker("coup_d_etat_parthe#2", "parthia"), _nothing, "§6.1",
     "a Coup d'état parthe marker is already in Ctesiphon"),
    ("intrigue_au_senat", "enemies", "E", "E", _marker("intrigue_au_senat#2", "rome"), _nothing, "§6.2",
     "an Intrigue au Sénat marker is already in Rome"),
]


def _menu(g: ImperatorGame, seat: str) -> list[str]:
    return [c.value for a in g.actions(seat) if a.name == "stratagem" for c in a.args[0].choices or ()]


@pytest.mark.parametrize(("tid", "seat", "phase", "active", "without", "with_one", "section", "refusal"), CASES,
                         ids=[c[0] for c in CASES])
def test_amb_93_a_chit_is_offered_only_with_a_legal_target(
    tid: str, seat: str, phase: str, active: str, without: Change, with_one: Change, section: str, refusal: str,
) -> None:
    """Without a target: not marked, not in the menu, and the command's refusal cites the chit's
    section and says what is missing; with one target (the same position otherwise): marked and
    offered, its target list not empty (what each position adds is in CASES)."""
    g = _game(phase, active)
    st = g.state
    st.hands = {"rome": [], "enemies": [], seat: [f"{tid}#1"]}
    st.persian_battle = tid == "fleche_du_parthe"  # its own timing (§6.2) holds in both positions
    without(st)
    assert (stratagems.playable_now(st, seat, f"{tid}#1"), _menu(g, seat), stratagems.chit_targets(st, st.role_of(seat), tid)) == (
        False, [], [])
    err = stratagems.play_refusal(st, seat, tid)
    assert err is not None and (err.section, str(err.message)) == (section, refusal)
    g = _game(phase, active)
    st = g.state
    st.hands = {"rome": [], "enemies": [], seat: [f"{tid}#1"]}
    st.persian_battle = tid == "fleche_du_parthe"
    with_one(st)
    assert (stratagems.playable_now(st, seat, f"{tid}#1"), _menu(g, seat)) == (True, [tid])
    assert len(stratagems.chit_targets(st, st.role_of(seat), tid) or []) >= 1


def test_amb_93_the_chits_that_name_no_target_keep_no_target_check() -> None:
    """The plague chits (any land zone), Alliance arménienne and the window chits name no target
    the position can lack: :func:`stratagems.chit_targets` gives None for them, the other chits a
    list."""
    st = _game("E", "R").state
    none = sorted(t for t in stratagems.types() if stratagems.chit_targets(st, "R", t) is None)
    assert none == ["alliance_armenienne", "epidemie_de_peste", "faveur_divine", "foyer_de_peste", "fuite_opportune",
                    "furor_germanicus", "initiative", "roma_victor"]


def test_amb_93_a_named_target_outside_the_list_gets_the_effect_s_own_reason() -> None:
    """A player who names a People gets why that People is refused (§6.1: not at war), from the
    same list, rather than the general "no target" line."""
    g = _game("E", "R")
    st = g.state
    st.hands = {"rome": ["pacification_d_un_peuple_mineur#1"], "enemies": []}
    err = stratagems.play_refusal(st, "rome", "pacification_d_un_peuple_mineur", aimed=True)
    assert err is None
    with pytest.raises(RuleError) as caught:
        g.apply("rome", Command("stratagem", {"id": "pacification_d_un_peuple_mineur", "peoples": ["cotini"]}))
    assert (caught.value.section, str(caught.value.message)) == ("§6.1", "Cotini is not at war with Rome")
