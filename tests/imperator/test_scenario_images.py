"""The pictures agree with the data (issue 11): the event drawn is the Events table's, and
docs/map.png is scenario 1's real opening position."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from render.imperator_scene import from_public_view
from rules.imperator import tables
from rules.imperator.game import ImperatorGame
from rules.imperator.views import public_view

ROOT = Path(__file__).resolve().parents[2]


def test_the_event_drawn_is_named_by_the_events_table() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "images", {})
    game.state.event = 1
    scene = from_public_view(public_view(game.state))
    assert scene.active_event is not None
    assert scene.active_event.id == "1"
    assert scene.active_event.name == tables.event(1).name == "Sickness in Rome"


def test_no_event_draws_none() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "images", {})
    game.state.event = 0
    assert from_public_view(public_view(game.state)).active_event is None


def test_docs_map_is_scenario_1_opening() -> None:
    """docs/map.png is made by scripts/make_docs_map.py from scenario 1's public view."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_docs_map", ROOT / "scripts/make_docs_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    png = module.render_scenario_1()
    made = Image.open(io.BytesIO(png)).convert("RGB")
    shipped = Image.open(ROOT / "docs/map.png").convert("RGB")
    assert made.size == shipped.size
    from PIL import ImageChops

    changed = ImageChops.difference(made, shipped).convert("L").point(lambda v: 255 if v else 0)
    diff = changed.histogram()[255]
    assert diff <= made.width * made.height // 1000, diff


def test_scenario_1_view_shows_no_peoples_and_no_armenia() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "images", {})
    view = public_view(game.state)
    assert view["peoples"] == {} and view["armenia"] == {}
    scene = from_public_view(view)
    assert scene.armenia_status is None


def test_campaign_view_keeps_its_peoples_and_armenia() -> None:
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "images", {})
    view = public_view(game.state)
    assert view["peoples"]["parthians"]["status"] == "war"
    assert view["armenia"] == {"status": "parthian"}
