"""The battle card shows the shifts the rules give, and nothing else (docs/rules-fidelity.md, O3).

The card (render/battle_card.py) draws the ``shifts`` of ``views.battle_card``, copied from the
battle record the engine writes in ``combat.battle``: the quality column shift (§8.2, the Battle
table's column modifiers) and the named die modifiers (§8.2, the Battle table's die modifiers
a-e). Each battle here is fought by the engine in a built position whose modifiers are known;
the test lists the card's shifts in full, each label carrying the section and letter that give
it (``§8.2 die a) attacker BT +2``), and reads the line the picture draws, in English and in
French. No rule gives a shift for a river (the Danuvius borders the Quadi's
land here): none may appear."""

from __future__ import annotations

from typing import Any

import pytest
from imperator_builder import Pos, civil_war_in_vindobona, script
from PIL import ImageDraw

from render.battle_card import render_battle_card
from rules.core.command import Command
from rules.imperator import views
from rules.imperator.game import ImperatorGame


def _fight(p: Pos, zone: str, roll: int) -> dict[str, Any]:
    """Rome attacks in ``zone`` (a chief who may evade chooses to fight); the card of the battle."""
    g: ImperatorGame = p.game(active="R", sub="combat")
    script(g, roll)
    g.apply("rome", Command("attack", {"zone": zone}))
    dec = g.pending_decision()
    if dec is not None and dec.kind == "evade":
        script(g, roll)
        g.apply(dec.seat, Command("decide", {"id": dec.id, "choice": "fight"}))
    assert g.state.last_battle is not None
    return views.battle_card(g.state.last_battle, g.state)


def _outside_the_empire() -> Pos:
    """Two quality-2 legions under a BT 2 general attack two quality-1 Quadi under a BT 1 chief in
    the Quadi's own land, across the Danuvius from Carnuntum."""
    p = Pos()
    p.leader("gen", "quadi", bt=2)
    p.unit("r1", "quadi", qu=2).unit("r2", "quadi", qu=2)
    p.leader("chief", "quadi", "E", people="quadi", bt=1)
    p.unit("q1", "quadi", "E", people="quadi", qu=1).unit("q2", "quadi", "E", people="quadi", qu=1)
    p.legions(3, "aquincum", prefix="keep")
    p.kw["at_war"] = ["quadi"]
    return p


def _even() -> Pos:
    """Two equal Roman-against-Quadi forces inside the Empire, no leader: nothing shifts."""
    p = Pos()
    p.unit("r1", "vindobona")
    p.unit("q1", "vindobona", "E", people="quadi")
    p.legions(3, "aquincum", prefix="k")
    p.kw["at_war"] = ["quadi"]
    return p


# each battle: the card's shifts in order, each with the section and letter it must carry (the
# Battle table of §8.2: column modifiers a-d, die modifiers a-e) and why the rule gives it
BATTLES = [
    ("outside_the_empire", _outside_the_empire, [
        ("§8.2 column c) quality 2 against 1: +2", "§8.2 column c)", "the attacker's quality is double"),
        ("§8.2 die a) attacker BT +2", "§8.2 die a)", "the attacker's BT"),
        ("§8.2 die a) defender BT -1", "§8.2 die a)", "minus the defender's BT"),
        ("§8.2 die b) EoR defends outside the Empire -1", "§8.2 die b)", "a non-Roman force defends outside"),
    ]),
    ("civil_war", civil_war_in_vindobona, [
        ("§8.2 die d) attacker's better CP +1", "§8.2 die d)", "the attacker's CP is higher, both forces Roman"),
    ]),
    ("even", _even, []),
]


@pytest.mark.parametrize(("build", "expected"), [b[1:] for b in BATTLES], ids=[b[0] for b in BATTLES])
def test_the_card_lists_exactly_the_engines_shifts(build: Any, expected: list[tuple[str, str, str]],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    card = _fight(build(), "quadi" if build is _outside_the_empire else "vindobona", 3)
    assert card["shifts"] == [label for label, _section, _why in expected]
    assert [label.split(")")[0] + ")" for label in card["shifts"]] == [section for _label, section, _why in expected]
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(str(text))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    render_battle_card(card)
    shown = [line for line in drawn if line.startswith("Shifts: ")]
    assert shown == ["Shifts: " + ("; ".join(card["shifts"]) if expected else "none")]
    assert [line for line in drawn if "river" in line.lower() or "danuvius" in line.lower()] == []
    drawn.clear()
    render_battle_card({**card, "language": "fr"})
    french = [line for line in drawn if line.startswith("Décalages : ")]
    assert len(french) == 1
    parts = french[0].removeprefix("Décalages : ").split("; ") if expected else []
    assert [part.split(")")[0] + ")" for part in parts] == [
        section.replace("column", "colonne").replace("die", "dé") for _label, section, _why in expected]
