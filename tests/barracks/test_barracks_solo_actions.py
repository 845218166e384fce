"""§15.2.4 the solo player's three ways out (Defeat, Citizenship, the forced discard) and §15.3
the titles, line by line: what each says, what it moves, and each refusal with its reason."""

from __future__ import annotations

import pytest
from test_barracks_cases import T11_EMPERORS, apply, fixture
from test_barracks_solo import _stop_offers

from rules.barracks import solo
from rules.barracks.data import INFLUENCE_SPACES, label
from rules.core.errors import RuleError


def _refused(g: object, name: str, **args: object) -> RuleError:
    before = g.state.to_json()  # type: ignore[attr-defined]
    with pytest.raises(RuleError) as e:
        apply(g, "p1", name, **args)  # type: ignore[arg-type]
    assert g.state.to_json() == before  # type: ignore[attr-defined]
    return e.value


def test_defeat_with_a_red_card_alone() -> None:
    g = _stop_offers()
    bid = g.state.barbs["C6"]
    out = apply(g, "p1", "defeat", card="castra-3", militia=[])
    st = g.state
    assert out.public[0] == "The Barbarian at C6 is defeated with Castra Red 3."
    assert "§15.2.4" in out.citations
    assert "C6" not in st.barbs and bid in st.box and "castra-3" not in st.hands["p1"] and "castra-3" in st.discard
    assert (st.played["card"], st.played["how"], st.played["value"]) == ("castra-3", "defeat", 0)


def test_defeat_with_militia_named_as_text() -> None:
    """§15.2.4: each Yellow card used as militia takes 2 off the Red card's value."""
    g = _stop_offers()
    out = apply(g, "p1", "defeat", card="spiculum-8", militia="mob-5")
    st = g.state
    assert out.public[0] == "The Barbarian at C6 is defeated with Spiculum Red 8 and 1 militia."
    assert "mob-5" in st.discard and "spiculum-8" in st.discard and st.hands["p1"] == ["castra-3", "vulgus-6"]


def test_defeat_with_two_militia_joined_by_plus() -> None:
    g = _stop_offers()
    out = apply(g, "p1", "defeat", card="spiculum-8", militia="mob-5+vulgus-6")
    assert out.public[0] == "The Barbarian at C6 is defeated with Spiculum Red 8 and 2 militia."
    assert g.state.hands["p1"] == ["castra-3"]


@pytest.mark.parametrize(("args", "reason"), [
    ({"card": "mob-5"}, "defeating a Barbarian takes a Red card from your hand"),
    ({"card": "triumph-8"}, "defeating a Barbarian takes a Red card from your hand"),
    ({"card": "spiculum-8", "militia": ["mob-5", "mob-5"]}, "militia are Yellow cards from your hand, each used once"),
    ({"card": "spiculum-8", "militia": ["castra-3"]}, "militia are Yellow cards from your hand, each used once"),
    ({"card": "spiculum-8", "militia": ["demagogue-8"]}, "militia are Yellow cards from your hand, each used once"),
    ({"card": "spiculum-8"}, "here the Red card must count 6 or less after militia (yours counts 8)"),
])
def test_defeat_refusals(args: dict[str, object], reason: str) -> None:
    err = _refused(_stop_offers(), "defeat", **args)
    assert (err.section, err.message) == ("§15.2.4", reason)


def test_citizenship_needs_a_slot_number() -> None:
    err = _refused(_stop_offers(), "citizenship", slot="two")
    assert (err.section, err.message) == ("§15.2.4", "name the Forum slot (1-4) of a Blue card")


def test_citizenship_refused_on_a_slot_that_is_not_blue() -> None:
    err = _refused(_stop_offers(), "citizenship", slot="4")
    assert err.section == "§15.2.4"
    assert err.message == "Citizenship replaces a Blue Influence card of the Forum, never its last Influence card"


def test_defeat_and_citizenship_need_a_barbarian_on_the_board() -> None:
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["castra-3"]})
    for name in ("defeat", "citizenship"):
        err = _refused(g, name, card="castra-3", slot="2")
        assert (err.section, err.message) == ("§15.2.4", "there is no Barbarian on the board")


def test_discard_only_without_a_legal_play() -> None:
    g = _stop_offers()
    err = _refused(g, "discard", card="castra-3")
    assert (err.section, err.message) == ("§15.2.4", "you may discard only when you have no legal play")


def test_a_forced_discard_ends_the_turn_without_a_forum_card() -> None:
    full = {label(p): "tribute-4" for p in INFLUENCE_SPACES}  # every Influence space taken: no play
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards=full, hands={"p1": ["castra-3", "mob-5"]})
    err = _refused(g, "discard", card="spiculum-8")
    assert (err.section, err.message) == ("§15.2.4", "'spiculum-8' is not in your hand")
    out = apply(g, "p1", "discard", card="castra-3")
    st = g.state
    assert out.public[0] == "You have no legal play and discard Castra Red 3; no Forum card this turn."
    assert "§15.2.4" in out.citations and "castra-3" in st.discard and "castra-3" not in st.hands["p1"]


@pytest.mark.parametrize(("points", "title"), [
    (-1, "Plebeian"), (0, "Plebeian"), (4, "Plebeian"), (5, "Imperator"), (9, "Imperator"), (10, "Augustus"),
    (14, "Augustus"), (15, "Princeps Civitatis"), (19, "Princeps Civitatis"), (20, "Dictator Perpetuo"),
    (24, "Dictator Perpetuo"), (25, "Restitutor Orbis"), (29, "Restitutor Orbis"), (30, "Dominus et Deus"),
    (99, "Dominus et Deus"),
])
def test_titles_by_points(points: int, title: str) -> None:
    """§15.3: the title of a solo victory by its points."""
    assert solo.title_for(points) == title
