"""The golden comparison notices one counter moved, removed or turned to the other side, and
does not mistake the 256-colour quantisation of a stored golden for a change."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import golden_compare
import pytest
import render_scenes as scenes
from PIL import Image

from render.imperator import render_map
from render.imperator_board import load_board
from render.imperator_scene import from_public_view

GOLDEN = Path(__file__).parent / "golden" / "civil_war_whole.png"
MAP_DIR = Path(__file__).resolve().parents[2] / "rules" / "imperator" / "data" / "map"
pytestmark = pytest.mark.skipif(
    not (MAP_DIR / "zones.toml").exists(), reason="the Imperator map data is not there"
)


@pytest.fixture(scope="module")
def board() -> Any:
    return load_board()


@pytest.fixture(scope="module")
def view(board: Any) -> dict[str, Any]:
    return scenes.civil_war(board)


def _half(view: dict[str, Any], board: Any) -> Image.Image:
    img = Image.open(io.BytesIO(render_map(from_public_view(view), "whole", board))).convert("RGB")
    return img.resize((img.width // 2, img.height // 2), Image.Resampling.BOX)


def _a_lone_stack(view: dict[str, Any]) -> str:
    """A zone holding a single stack of a single counter (so one counter is the whole change)."""
    return next(z for z, d in sorted(view["zones"].items())
                if len(d.get("stacks", [])) == 1 and len(d["stacks"][0]["counters"]) == 1)


def test_quantised_golden_matches_its_own_render(board: Any, view: dict[str, Any]) -> None:
    img = _half(view, board)
    stored = img.quantize(256, method=Image.Quantize.FASTOCTREE).convert("RGB")
    assert golden_compare.cell_differences(stored, img) == []


def test_one_counter_removed_is_noticed(board: Any, view: dict[str, Any]) -> None:
    changed = copy.deepcopy(view)
    del changed["zones"][_a_lone_stack(view)]["stacks"][0]["counters"][0]
    with pytest.raises(AssertionError, match="differ from the golden"):
        golden_compare.assert_matches(GOLDEN, _half(changed, board))


def test_one_counter_turned_to_the_other_side_is_noticed(board: Any, view: dict[str, Any]) -> None:
    changed = copy.deepcopy(view)
    stack = changed["zones"][_a_lone_stack(view)]["stacks"][0]
    stack["side"] = "E" if stack["side"] == "R" else "R"
    with pytest.raises(AssertionError, match="differ from the golden"):
        golden_compare.assert_matches(GOLDEN, _half(changed, board))


def test_one_counter_moved_is_noticed(board: Any, view: dict[str, Any]) -> None:
    changed = copy.deepcopy(view)
    zone = _a_lone_stack(view)
    counter = changed["zones"][zone]["stacks"][0]["counters"].pop()
    target = next(z for z in sorted(board.zones) if z not in changed["zones"] and z != zone
                  and board.zones[z].kind == "land")
    changed["zones"][target] = {"stacks": [{"side": view["zones"][zone]["stacks"][0]["side"],
                                            "counters": [counter]}]}
    with pytest.raises(AssertionError, match="differ from the golden") as err:
        golden_compare.assert_matches(GOLDEN, _half(changed, board))
    assert "region(s)" in str(err.value)


def test_unchanged_scene_matches_the_golden(board: Any, view: dict[str, Any]) -> None:
    golden_compare.assert_matches(GOLDEN, _half(view, board))
    assert golden_compare.cell_differences(Image.open(GOLDEN).convert("RGB"), _half(view, board)) == []
