"""The Barracks table image: a PNG, deterministic, drawn from the public view only."""

from __future__ import annotations

import io
import random

from PIL import Image

from render.barracks import render_table
from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose


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
