"""The Rome, IInc. menus (cogs/rome_iinc.py): after each command the next step of the same
player as select menus built from the engine's legal commands (paged beyond 25), else a public
Next step panel; each choice acts for the seat it was built for, and a stale one is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from test_rome_cog import seq, solo_unrest_step

from bot.local import LocalTable
from bot.moderator import Moderator


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


def menus(table: LocalTable, prefix: str) -> list[str]:
    return [c.custom_id for o in table.outputs[-3:] for c in o.components
            if c.custom_id.startswith(prefix)]


async def test_next_step_menu_pages_the_builds_and_acts_for_its_seat(table: LocalTable) -> None:
    await solo_unrest_step(table)
    await table.run_slash("/rome circus points:1")
    assert not table.outputs[-2].refusal
    shown = table.outputs[-1]
    assert shown.audience == "alice" and menus(table, "praetor:rverb:"), shown.text
    seat = menus(table, "praetor:rverb:")[0].split(":")[-1]
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    builds = [c for c in game.legal_commands(seat) if c.name == "build"]
    assert len(builds) > 25  # so the menu must page
    await table.select(["build"])
    shown = table.outputs[-1]
    assert f"choices 1-25 of {len(builds)}" in shown.text, shown.text
    assert [c.label for c in shown.components if c.kind == "button"] == ["Next ▶"]
    await table.click("Next ▶")
    shown = table.outputs[-1]
    assert f"choices 26-{min(50, len(builds))} of {len(builds)}" in shown.text, shown.text
    target = builds[25]
    before = await seq(table)
    option = next(lbl for lbl, v in table.outputs[-1].components[0].options if v == "25")
    await table.select([option])
    assert await seq(table) == before + 1
    game = await table.moderator.load(await table.moderator.get(row.id or 0))
    unit = next(u for u in game.state.units.values() if u["loc"] == target.args["province"]
                and u["type"] == target.args["unit"])
    assert unit  # the 26th build of the list was the one made


async def test_a_stale_menu_is_refused_and_changes_nothing(table: LocalTable) -> None:
    await solo_unrest_step(table)
    await table.run_slash("/rome circus points:1")
    stale = list(table.last_components["alice"])
    await table.run_slash("/rome circus points:1")
    table.last_components["alice"] = stale  # the older menu, still on screen
    before = await seq(table)
    await table.select(["circus"])
    assert table.outputs[-1].refusal and "out of date" in table.outputs[-1].text
    assert await seq(table) == before


async def test_coop_panel_opens_each_players_own_menu(table: LocalTable) -> None:
    table.user = "alice"
    for line in ("/game new game:rome_iinc scenario:286 options:mode=coop", "/game join seat:east"):
        await table.run_slash(line)
    table.user = "bob"
    await table.run_slash("/game join seat:west")
    table.user = "alice"
    await table.run_slash("/game start")
    panel = next(o for o in reversed(table.outputs) if "your next step is behind" in o.text)
    assert panel.audience == "public" and [c.label for c in panel.components] == ["Next step"]
    table.user = "zoe"
    await table.click("Next step")
    assert table.outputs[-1].refusal and "not your move" in table.outputs[-1].text
    table.user = "bob"
    await table.click("Next step")
    shown = table.outputs[-1]
    assert shown.audience == "bob" and shown.text.startswith("**west**"), shown.text
    assert any(c.custom_id.startswith(("praetor:rverb:", "praetor:rcmd:")) and ":west" in c.custom_id
               for c in shown.components), shown
