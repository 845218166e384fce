"""The Barracks table image: a PNG, deterministic, drawn from the public view only, and
compared with goldens region by region (tests/render/golden_compare.py).

After an intended change of the drawing, regenerate the goldens with::

    PRAETOR_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/barracks/test_barracks_render.py -q

and look at the new PNGs in tests/barracks/golden/ before committing them.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw
from test_barracks_cases import T11_EMPERORS, fixture

from render.barracks import BOARD_CARD, FORUM_CARD, card_texts, render_table
from rules.barracks.data import CARDS
from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose

GOLDEN = Path(__file__).parent / "golden"
# the comparison shared with the Imperator goldens (tests/render is not a package)
_spec = importlib.util.spec_from_file_location(
    "golden_compare", Path(__file__).resolve().parents[1] / "render" / "golden_compare.py")
assert _spec is not None and _spec.loader is not None
golden_compare = sys.modules.setdefault("golden_compare", importlib.util.module_from_spec(_spec))
if not hasattr(golden_compare, "assert_matches"):
    _spec.loader.exec_module(golden_compare)


def _midgame(scenario: str, steps: int) -> BarracksGame:
    g = BarracksGame.new(scenario, [], "render", {})
    rng = random.Random(5)
    for _ in range(steps):
        pick = choose(g, rng)
        if pick is None:
            break
        g.apply(*pick)
    return g


def test_render_is_png_and_deterministic() -> None:
    for scenario, steps in (("standard-4p", 30), ("solo", 10), ("standard-2p", 400)):
        g = _midgame(scenario, steps)
        a = render_table(g.public_view())
        b = render_table(g.public_view())
        assert a == b
        with Image.open(io.BytesIO(a)) as im:
            assert im.format == "PNG" and im.width > 800 and im.height > 700


# -- goldens: fixed positions (not random play), so only a change of drawing moves them ----------
def _four_players() -> dict[str, Any]:
    """The extended example's board after Philip is taken (§7.0): counters, a covered card,
    a face-down card, scores and a Demagogue window."""
    emps = {"B2": "carus", "F2": "volusianus", "B4": "aureolus", "D4": "quintillus", "C5": "sabinianus",
            "B6": "gordian2", "F6": "jotapian", "D2": "decius", "C3": "gallus", "E3": "tacitus",
            "F4": "hostilian", "E5": "aemilian"}
    g = fixture(emperors=emps, cards={"B3": "tribute-4", "C4": "ambitus-4", "G6": "demagogue-8",
                                      "B7": "foederati-5", "E2": "vulgus-5", "D5": "peddling-1",
                                      "E4": "frumentarii-6", "C2": "mob-5"},
                barbs={"D1": "G", "A4": "G", "E6": "G", "G4": "G"})
    st = g.state
    st.counters = {"frumentarii-6": [1, 2]}
    st.flipped = ["mob-5"]
    st.cards["E6"] = "castra-4"  # under the Barbarian at E6
    st.forum = ["popularity-1", "cavalry-4", "castra-3", "praetorian-7"]
    st.areas["eagle"] = ["philip", "barbarian-09"]
    st.demagogue = "p4"
    return g.public_view()


def _solo() -> dict[str, Any]:
    """A solo game with the Sword invasion path under way and Roma breached (§15.2.3)."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards={"D7": "triumph-8", "B3": "praetorian-7",
                                                           "C2": "demagogue-8"},
                barbs={"D7": "G", "C6": "G"})
    st = g.state
    st.path, st.roma = "sword", "unfortified"
    st.forum = ["barbarian-10", "quaestor-3", "mob-5", "forcemarch-5"]
    st.areas["sword"] = ["barbarian-11", "gordian3"]
    return g.public_view()


SCENES = {"barracks_four_players": _four_players, "barracks_solo": _solo}


def _image(view: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(render_table(view))).convert("RGB")


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name: str) -> None:
    img = _image(SCENES[name]())
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(img, path)
        return
    if not path.exists():
        pytest.fail(f"missing golden {path}; run with PRAETOR_UPDATE_GOLDEN=1")
    golden_compare.assert_matches(path, img)


def _moved(view: dict[str, Any], src: str, dst: str) -> dict[str, Any]:
    out = copy.deepcopy(view)
    space = next(s for s in out["spaces"] if s["space"] == src)
    space["space"] = dst
    return out


@pytest.mark.parametrize("change", ["moved", "removed", "other value", "barbarian lifted"])
def test_one_card_changed_is_noticed(change: str) -> None:
    """One card moved, removed, changed in value or uncovered: the golden comparison fails."""
    view = _four_players()
    if change == "moved":
        view = _moved(view, "B3", "A2")
    elif change == "removed":
        view["spaces"] = [s for s in view["spaces"] if s["space"] != "D5"]
    elif change == "other value":
        card = next(s for s in view["spaces"] if s["space"] == "E4")["card"]
        card["counters"], card["effective"] = [1], 7
    else:
        next(s for s in view["spaces"] if s["space"] == "E6")["barbarian"] = None
    with pytest.raises(AssertionError, match="differ from the golden"):
        golden_compare.assert_matches(GOLDEN / "barracks_four_players.png", _image(view))


# -- no text leaves its card ------------------------------------------------------------------------
def _overflowing(box: tuple[int, int, int, int], card: dict[str, Any], small: bool) -> list[str]:
    draw = ImageDraw.Draw(Image.new("RGB", (box[2] + 10, box[3] + 10)))
    out = []
    for x, y, text, font in card_texts(box, card, small):
        left, top, right, bottom = draw.textbbox((x, y), text, font=font, anchor="mm")
        if left < box[0] + 1 or right > box[2] - 1 or top < box[1] + 1 or bottom > box[3] - 1:
            out.append(f"{text!r} {(left, top, right, bottom)} outside {box}")
    return out


@pytest.mark.parametrize("where", ["board", "board under a Barbarian", "forum"])
def test_no_card_text_overflows_its_card(where: str) -> None:
    """Every Influence card, with no counter, one or both (the "6+1+2" of the golden), and
    face down: each of its texts lies inside the card's frame."""
    width, height = FORUM_CARD if where == "forum" else BOARD_CARD
    box = (100, 100, 100 + width, 100 + height)
    problems = []
    for info in CARDS.values():
        if info.is_barbarian:
            continue
        for counters in ([], [1], [2], [1, 2]):
            card = {"name": info.name, "suit": info.suit, "value": info.value, "counters": counters}
            problems += _overflowing(box, card, where == "board under a Barbarian")
        problems += _overflowing(box, {**card, "flipped": True}, where == "board under a Barbarian")
    assert problems == []


def test_overflow_check_sees_a_wide_text() -> None:
    """The check itself: the value text of the golden at the old fixed 22 px is wider than a card."""
    from render.barracks import _font

    box = (0, 0, BOARD_CARD[0], BOARD_CARD[1])
    draw = ImageDraw.Draw(Image.new("RGB", (200, 200)))
    left, _top, right, _bottom = draw.textbbox((box[2] / 2, 20), "6+1+2", font=_font(22, True), anchor="mm")
    assert left < 1 and right > box[2] - 1
