"""The Barracks table image: every name fits its card, who placed each card is shown, the
compass labels face their edge, a legend, and the final image shows the scores (issue 12)."""

from __future__ import annotations

import io
import random

from PIL import Image

from render import barracks as R
from rules.barracks.data import CARDS, EMPERORS
from rules.barracks.game import BarracksGame


def test_every_card_and_emperor_name_fits_its_box() -> None:
    for info in CARDS.values():
        lines, font = R._fitted(info.name, 92 - 24 - 6, 2, 11)
        assert len(lines) <= 2 and all(font.getlength(line) <= 62 for line in lines), info.name
        lines, font = R._fitted(info.name, 80 - 6, 2, 11)  # a Forum card
        assert all(font.getlength(line) <= 74 for line in lines), info.name
    for emperor in EMPERORS.values():
        lines, font = R._fitted(emperor.name, R.CELL - 22, 2, 12, True)
        assert len(lines) <= 2 and all(font.getlength(line) <= R.CELL - 22 for line in lines)


def played_game(moves: int | None) -> BarracksGame:
    game = BarracksGame.new("standard-4p", ["p1", "p2", "p3", "p4"], "render-test", {})
    rng = random.Random(2)
    done = 0
    while game.result() is None and (moves is None or done < moves):
        seat = game.to_move()[0]
        game.apply(seat, rng.choice(game.legal_commands(seat)))
        done += 1
    return game


def test_the_view_says_who_placed_each_card() -> None:
    view = played_game(40).public_view()
    placed = [s for s in view["spaces"] if s.get("card")]
    assert placed and all(s["by"] in ("p1", "p2", "p3", "p4") for s in placed)


def test_final_image_shows_the_scores_and_a_legend() -> None:
    view = played_game(None).public_view()
    assert view["phase"] == "over"
    img = Image.open(io.BytesIO(R.render_table(view))).convert("RGB")
    grid = 7 * R.CELL + 2 * R.MARGIN
    # The final-scores box (dark red) heads the side panel.
    assert img.getpixel((grid + 20, R.TOP + 14)) == (120, 20, 24)
    mid = Image.open(io.BytesIO(R.render_table(played_game(40).public_view()))).convert("RGB")
    assert mid.getpixel((grid + 20, R.TOP + 14)) != (120, 20, 24)
