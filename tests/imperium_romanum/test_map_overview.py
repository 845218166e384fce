"""Issue 16: the overview picture in the docs (``docs/imperium-romanum-map.png``) is the one
``scripts/imperium_romanum/render_overview.py`` draws from the committed map data, so a change
of the data that is not drawn again fails here (last session's Corcyra and Rhodus stood on the
mainland in the picture after they had moved to their boxes, IR-MAP-8)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("render_overview", ROOT / "scripts" / "imperium_romanum" / "render_overview.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_overview_is_the_picture_of_the_committed_data() -> None:
    script = _script()
    drawn = script.draw()
    with Image.open(script.OUT) as committed:
        assert committed.size == drawn.size
        assert ImageChops.difference(committed.convert("RGB"), drawn).getbbox() is None
