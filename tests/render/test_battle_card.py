"""The battle card (render/battle_card.py): what each side lost, who retreated where and who
died, read from the engine after a real battle, and drawn under each side's counters (issue 12).

Golden: ``tests/render/golden/battle_card_aftermath.png`` (full size); regenerate after an
intended change with ``PRAETOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render -q`` and look at it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import golden_compare
import pytest
import render_scenes as scenes
from PIL import Image

from render.battle_card import aftermath_lines, render_battle_card
from rules.core import Command
from rules.imperator import views
from rules.imperator.game import ImperatorGame

GOLDEN = Path(__file__).parent / "golden" / "battle_card_aftermath.png"


def cyrrhus_battle() -> ImperatorGame:
    """Scenario 175: Avidius Cassius attacks XVIe Flavia in Cyrrhus; the seed rolls R/A, so Rome
    loses a step and must retreat (a decision left open)."""
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "replay-1-1", {})
    for seat, command in (
        ("rome", Command("reserve", {"fronts": ["orient"]})),
        ("rome", Command("end", {})),
        ("enemies", Command("move", {"leader": "avidius_cassius", "units": ["iv_scythica"], "to": "cyrrhus"})),
        ("enemies", Command("end", {})),
        ("enemies", Command("attack", {"zone": "cyrrhus"})),
    ):
        game.apply(seat, command)
    return game


def test_the_card_lists_each_sides_losses_and_the_open_retreat() -> None:
    game = cyrrhus_battle()
    card = views.battle_card(game.state.last_battle, game.state)
    assert card["result"]["attacker"] == "R" and card["result"]["defender"] == "A"
    assert card["attacker"]["losses"] == [] and card["attacker"]["loss_code"] == "R: no loss"
    assert card["defender"]["losses"] == ["XVIe Flavia (reduced)"]
    assert card["defender"]["retreats"] == []
    assert card["waiting"] == "rome still chooses (retreat)"
    assert aftermath_lines(card["defender"]) == [
        "Losses: XVIe Flavia (reduced)",
        "Result A: each of its units takes a step loss",
    ]


def test_the_card_after_the_retreat_names_where_the_force_went() -> None:
    game = cyrrhus_battle()
    pending = game.pending_decision()
    assert pending is not None and pending.section == "§8.3"
    game.apply("rome", Command("decide", {"id": pending.id, "choice": "melitene"}))
    card = views.battle_card(game.state.last_battle, game.state)
    assert card["defender"]["retreats"] == ["XVIe Flavia → Melitene"]
    assert card["defender"]["deaths"] == [] and "waiting" not in card
    assert "Retreat: XVIe Flavia → Melitene" in aftermath_lines(card["defender"])


def aftermath_card() -> dict[str, Any]:
    return {
        "zone": "Vindobona",
        "year": 171,
        "smc": 2,
        "attacker": {
            "side": "R",
            "name": "Maximianus",
            "strength": 20,
            "counters": [scenes.leader("Maximianus"), scenes.legion(9, "Gemina", "danube")],
            "losses": ["IXe Gemina (reduced)"],
            "loss_code": "1/2: step losses on half as many units as the enemy lost",
        },
        "defender": {
            "side": "E",
            "name": "Ballomar",
            "strength": 12,
            "counters": [scenes.leader("Ballomar", people="marcomans"),
                         scenes.people_unit("quades"), scenes.people_unit("marcomans")],
            "losses": ["Quades (eliminated)", "Marcomans (eliminated)"],
            "loss_code": "E: all its units are eliminated",
            "deaths": ["Ballomar"],
        },
        "odds": "3/2",
        "column": "2/1",
        "shifts": ["quality 2 against 1: +1"],
        "roll": 5,
        "result": {"attacker": "1/2", "defender": "E", "winner": "Rome wins"},
    }


def test_battle_card_golden() -> None:
    img = Image.open(io.BytesIO(render_battle_card(aftermath_card()))).convert("RGB")
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(img, GOLDEN)
        return
    if not GOLDEN.exists():
        pytest.fail(f"missing golden {GOLDEN}; run with PRAETOR_UPDATE_GOLDEN=1")
    golden_compare.assert_matches(GOLDEN, img)


def test_losses_make_the_card_taller_not_overflow() -> None:
    bare = aftermath_card()
    for side in ("attacker", "defender"):
        bare[side] = {k: v for k, v in bare[side].items() if k not in ("losses", "loss_code", "deaths")}
    plain = Image.open(io.BytesIO(render_battle_card(bare)))
    full = Image.open(io.BytesIO(render_battle_card(aftermath_card())))
    assert full.width == plain.width == 760
    assert full.height > plain.height
