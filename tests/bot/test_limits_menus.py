"""Issue 10 item 5: no silent truncation at 25. The engine offers every legal option; decision
menus page beyond 25 choices; autocomplete says how many more there are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.client import cap_choices
from bot.local import LocalTable
from bot.moderator import Moderator
from rules.core import Choice, Outcome


def test_a_new_leader_may_enter_in_every_zone_with_a_friendly_unit() -> None:
    """§2.C: with Roman units in 29 zones at the start of the campaign, a Roman leader who
    arrives in 169 may enter in any of the 29; the engine used to offer only 25."""
    from rules.imperator import fate
    from rules.imperator.game import ImperatorGame
    from rules.imperator.model import ROMAN

    st = ImperatorGame.new("campaign", ["rome", "enemies"], "seed-x", {}).state
    zones = sorted(
        {
            s.loc
            for u, s in st.units.items()
            if s.status == "map" and s.owner == "R" and s.loc and st.udef(u).people == ROMAN
        }
    )
    assert len(zones) > 25
    st.year = 169
    fate.arrivals(st, Outcome())
    places = [d for d in st.pending if d["kind"] == "place"]
    assert places, "no placement decision opened"
    offered = [c[0] for c in places[0]["choices"]]
    assert offered == zones
    assert places[0]["section"] == "§2.C"


def test_autocomplete_beyond_25_says_how_many_more() -> None:
    many = [app_commands.Choice(name=f"zone {n}", value=f"z{n}") for n in range(57)]
    capped = cap_choices(many, "zo")
    assert len(capped) == 25 and capped[:24] == many[:24]
    assert "33 more" in capped[24].name and capped[24].value == "zo"
    assert cap_choices(many[:25], "") == many[:25]


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    from rules.core.registry import register_module

    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


async def test_a_decision_with_57_choices_pages_through_all_of_them(
    table: LocalTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tinygame import TinyGame

    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
        ("alice", "/play steps:2"),
    ]:
        table.user = user
        await table.run_slash(line)
    original = TinyGame.pending_decision

    def many_choices(self: Any) -> Any:
        pending = original(self)
        if pending is None:
            return None
        extra = tuple(Choice(f"x{n}", f"Option {n}") for n in range(55))
        return type(pending)(**{**pending.__dict__, "choices": (*pending.choices, *extra)})

    monkeypatch.setattr(TinyGame, "pending_decision", many_choices)
    table.user = "bob"
    await table.click("Respond")
    seen: list[str] = []
    for _ in range(3):
        shown = table.outputs[-1]
        assert shown.audience == "bob"
        select = [c for c in shown.components if c.kind == "select"]
        assert len(select) == 1 and len(select[0].options) <= 25
        seen.extend(value for _, value in select[0].options)
        if "Next ▶" not in [c.label for c in shown.components]:
            break
        assert "of 57" in shown.text
        await table.click("Next ▶")
    assert len(seen) == 57 and len(set(seen)) == 57
    await table.click("◀ Previous")
    assert "Choices 26-50 of 57" in table.outputs[-1].text


def test_march_says_how_to_reach_destinations_beyond_the_menu() -> None:
    """Martius Verus reaches 38 zones at the start of the campaign: the select holds the 25
    nearest and the message says how to reach the 13 others."""
    import sys

    import cogs.imperator_operations  # noqa: F401
    from rules.imperator import queries
    from rules.imperator.game import ImperatorGame

    operations = sys.modules["cogs.imperator_operations"]
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "seed-x", {})
    reachable = queries.reachable(game.state, "R", "martius_verus", [])
    assert len(reachable) > 25
    text, view = operations._destinations_view(game, 1, 1, "rome", "martius_verus", 0, "en")
    assert view is not None
    select = view.children[0].item  # type: ignore[attr-defined]
    assert len(select.options) == 25
    assert f"25 nearest of {len(reachable)} zones" in text
    assert f"one of the {len(reachable) - 25} others use /move" in text
