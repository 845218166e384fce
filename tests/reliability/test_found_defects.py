"""Defects the reliability probe found (issue 14), each with the test that failed first."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.moderator import Moderator
from rules.core.command import Outcome
from rules.core.i18n import _, text_from_json, text_to_json


def test_a_sentence_with_a_field_named_n_survives_the_event_log() -> None:
    """Found by the fuzz probe: ``/game mine`` in Rome, IInc. failed with ``KeyError: 'n'``
    because ``_("{empire} Prestige -{n}.", n=2)`` lost its ``n`` when stored with the event."""
    line = _("{empire} Prestige -{n}.", empire="East", n=2)
    stored = Outcome(public=[line]).to_json()
    again = Outcome.from_json(stored).public[0]
    assert again == "East Prestige -2."
    assert text_from_json(text_to_json(line)).params == {"empire": "East"}
    assert text_from_json(text_to_json(line)).n == 2


async def test_every_component_pressed_on_a_game_of_another_kind_is_refused(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    """Found by the fuzz probe: ``imp:md:<id of a Barracks game>:...`` reached Imperator code
    with a Barracks game (``AttributeError: 'BarracksState' object has no attribute
    'role_of'``). Every persistent component, forged with the id of a game of each kind, is
    refused privately (or answered), never an internal error."""
    from cogs.common import DYNAMIC_ITEMS
    from reliability.fuzz import GROUP
    from reliability.harness import Harness
    from reliability.players import Setup, open_game

    moderator = Moderator(sqlite_engine, clock=FakeClock())
    games = {}
    for number, setup in enumerate(
        [Setup("imperator", "avidius_cassius"), Setup("barracks", "standard-2p"),
         Setup("rome_iinc", "286", (("mode", "solo"),), solo=True)]
    ):
        games[setup.kind] = (f"kind-{number}", await open_game(moderator, f"kind-{number}", setup))
    async with Harness(moderator, tmp_path / "images") as harness:
        pressed = 0
        for cls in DYNAMIC_ITEMS:
            pattern = cls.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
            for kind, (channel, game_id) in games.items():
                row = await moderator.get(game_id)
                fills = {"game": str(game_id), "seq": str(row.seq), "page": "0", "mask": "1"}
                custom_id = GROUP.sub(lambda m, f=fills: f.get(m.group(1), "x"), pattern).replace("\\", "")
                for user in sorted(set(row.seats.values())):
                    harness.at(channel, user)
                    start = len(harness.table.outputs)
                    await harness.press(custom_id, ["x"])
                    pressed += 1
                    assert harness.problems_since(start) == [], (custom_id, kind)
                    assert len(harness.table.outputs) > start, (custom_id, kind)
    assert pressed >= 3 * len(DYNAMIC_ITEMS)
