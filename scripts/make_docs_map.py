"""Draw docs/map.png: scenario 1's real opening position (phase A of 175), whole map.

It is built from the engine's own public view of a new scenario 1 game, so the picture shows
what that scenario has and nothing else. ``tests/imperator/test_scenario_images.py`` checks the
shipped file against a fresh drawing. Run: ``.venv/bin/python scripts/make_docs_map.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from render.imperator import render_map  # noqa: E402
from rules.imperator.game import ImperatorGame  # noqa: E402
from rules.imperator.views import public_view  # noqa: E402

OUT = ROOT / "docs" / "map.png"


def render_scenario_1() -> bytes:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "docs-map", {})
    return render_map(public_view(game.state), "whole")


def main() -> None:
    OUT.write_bytes(render_scenario_1())
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
