"""French golden images (issue 13): the map and the battle card drawn in the game's language.

The map is a fixed scene (``render_scenes.civil_war``, its theatre view) with ``language: fr``;
the battle card is the one the bot stores after a real battle (Cyrrhus, 175: Rome beaten, then
its retreat to Melitene), kept as JSON with its sentences' message ids (the outbox spec) and
drawn in French. Goldens: ``tests/render/golden/*_fr.png``; regenerate after an intended change
with ``PRAETOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render -q`` and look at them.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import golden_compare
import pytest
import render_scenes as scenes
from PIL import Image
from test_battle_card import cyrrhus_battle

from render.battle_card import aftermath_lines, render_battle_card
from render.imperator import render_map
from render.imperator_board import load_board
from render.imperator_scene import from_public_view
from render.words import words
from rules.core import Command
from rules.core.i18n import deep_from_json, deep_to_json
from rules.imperator import views

GOLDEN = Path(__file__).parent / "golden"
MAP_DIR = Path(__file__).resolve().parents[2] / "rules" / "imperator" / "data" / "map"
needs_map = pytest.mark.skipif(
    not (MAP_DIR / "zones.toml").exists(), reason="the Imperator map data is not there"
)


def matches_golden(image: Image.Image, name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(image, path)
        return
    if not path.exists():
        pytest.fail(f"missing golden {path}; run with PRAETOR_UPDATE_GOLDEN=1")
    golden_compare.assert_matches(path, image)


def french_card() -> dict[str, object]:
    """The final card of the Cyrrhus battle as the outbox stores it, read back."""
    game = cyrrhus_battle()
    pending = game.pending_decision()
    assert pending is not None and pending.section == "§8.3"
    game.apply("rome", Command("decide", {"id": pending.id, "choice": "melitene"}))
    card = {**views.battle_card(game.state.last_battle, game.state), "language": "fr"}
    stored = json.loads(json.dumps(deep_to_json(card)))
    back: dict[str, object] = deep_from_json(stored)
    return back


def test_the_battle_card_golden_in_french() -> None:
    card = french_card()
    lines = [words(card)(line) for line in aftermath_lines(card["defender"])]  # type: ignore[arg-type]
    print(lines)
    png = render_battle_card(card)
    assert png != render_battle_card({**card, "language": "en"})
    matches_golden(Image.open(io.BytesIO(png)).convert("RGB"), "battle_card_aftermath_fr.png")


@needs_map
def test_the_theatre_map_golden_in_french() -> None:
    board = load_board()
    view = {**scenes.civil_war(board), "language": "fr"}
    png = render_map(from_public_view(view), "theatre", board)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    small = img.resize((img.width // 2, img.height // 2), Image.Resampling.BOX)
    english = Image.open(io.BytesIO(render_map(from_public_view(scenes.civil_war(board)), "theatre", board)))
    english_small = english.convert("RGB").resize(small.size, Image.Resampling.BOX)
    assert golden_compare.cell_differences(english_small, small), "the French map differs"
    matches_golden(small, "civil_war_theatre_fr.png")
