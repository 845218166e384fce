"""Every counter stack and status chip of the Imperator map stays in its zone (issue 12): the
middle of its box lies inside the zone's outline, or it hangs on a pin in the zone with a leader
line. Checked on real campaign positions from the engine (the whole map and the theatre view),
not only on hand-made scenes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from render.imperator import THEATRE_MAX_SPAN, _span, render_scene, theatre_zones
from render.imperator_board import BoardGeometry, load_board
from render.imperator_scene import MapScene, from_public_view
from render.layout import centre, inside
from rules.imperator import random_player
from rules.imperator.game import ImperatorGame

MAP_DIR = Path(__file__).resolve().parents[2] / "rules" / "imperator" / "data" / "map"
pytestmark = pytest.mark.skipif(
    not (MAP_DIR / "zones.toml").exists(),
    reason="the Imperator map data (rules/imperator/data/map) is not there",
)


@pytest.fixture(scope="module")
def board() -> BoardGeometry:
    return load_board()


@pytest.fixture(scope="module")
def positions() -> dict[str, MapScene]:
    """The 161 campaign at its start and after 60 commands of the seeded random player (two
    Roman armies moved at both ends of the Empire in one SMC, Peoples in Pax Romana)."""
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "replay-3-1", {})
    found = {"start": from_public_view(game.public_view())}
    rng = random.Random(3)
    for _ in range(60):
        if random_player.step(game, rng) is None:
            random_player.out_of_turn(game, rng)
    found["161 E"] = from_public_view(game.public_view())
    return found


def rings(board: BoardGeometry, viewport: object, zone: str) -> list[list[tuple[float, float]]]:
    to_px = viewport.to_px  # type: ignore[attr-defined]
    return [[to_px(lon, lat) for lon, lat in ring] for ring in board.zones[zone].rings]


@pytest.mark.parametrize("view", ["whole", "theatre"])
@pytest.mark.parametrize("position", ["start", "161 E"])
def test_stacks_and_chips_stay_in_their_zone(board, positions, view: str, position: str) -> None:  # type: ignore[no-untyped-def]
    res = render_scene(positions[position], view, board)
    checked = 0
    astray = []
    for placed in res.placed:
        if placed.kind not in ("stack", "chip"):
            continue
        zone = placed.key.split("/")[0]
        outline = rings(board, res.viewport, zone)
        pin = res.pins.get(placed.key)
        if not inside(pin if pin is not None else centre(placed.rect), outline):
            astray.append((placed.kind, placed.key, "pin" if pin else "box"))
        checked += 1
    assert checked > 20
    assert astray == []


def test_pins_are_drawn_for_boxes_outside_small_zones(board, positions) -> None:  # type: ignore[no-untyped-def]
    """The 161 E position has stacks and chips that do not fit their zone: they are pinned."""
    res = render_scene(positions["161 E"], "whole", board)
    assert res.pins, "no leader line at all"
    for key, pin in res.pins.items():
        placed = next(p for p in res.placed if p.key == key and p.kind in ("stack", "chip"))
        assert inside(pin, rings(board, res.viewport, key.split("/")[0])), key
        assert placed.kind in ("stack", "chip")


def test_a_theatre_of_action_at_both_ends_of_the_empire_keeps_one_end(board, positions) -> None:  # type: ignore[no-untyped-def]
    scene = positions["161 E"]
    every = [z for mv in scene.last_moves for z in (mv.src, *mv.path, mv.dst)]
    assert _span(board, every) > THEATRE_MAX_SPAN  # Rhine and Syria in one SMC
    core, _around = theatre_zones(board, scene)
    assert _span(board, core) <= THEATRE_MAX_SPAN
    last = scene.last_moves[-1]
    assert {last.src, last.dst} <= set(core)  # the latest move is the one shown
