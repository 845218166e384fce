"""The ``/rome`` commands (cogs/rome_iinc.py): autocomplete from the engine's legal commands,
refusals with the rule's section and no event, and what the solo transcript proves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import LocalTable
from bot.moderator import Moderator

TRANSCRIPT = Path(__file__).resolve().parents[1] / "transcripts" / "rome_iinc_solo.txt"


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


async def solo_unrest_step(table: LocalTable) -> None:
    """A solo 286 game started, Turn 1 run up to the East's Unrest step."""
    table.user = "alice"
    for line in (
        "/game new game:rome_iinc scenario:286 options:mode=solo",
        "/game join seat:east",
        "/game join seat:west",
        "/game start",
        "/end",
    ):
        await table.run_slash(line)
        assert not table.outputs[-1].refusal, table.outputs[-1].text
    for _answer in range(10):  # the open tasks first (an Annex, a Loss), typed as /rome verbs
        row = await table.moderator.channel_game(table.channel_id)
        assert row is not None
        game = await table.moderator.load(row)
        if game.state.step == "unrest" and not game.state.tasks:
            return
        task = game.legal_commands(game.to_move()[0])[0]
        await table.run_slash(f"/rome {task.name} choice:{task.args['choice']}")
        assert not table.outputs[-1].refusal, table.outputs[-1].text
    raise AssertionError("no Unrest step after ten answers")


async def seq(table: LocalTable) -> int:
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    return row.seq or 0


async def test_build_autocompletes_the_legal_unit_kinds(table: LocalTable) -> None:
    await solo_unrest_step(table)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    legal = sorted({str(c.args["unit"]) for seat in game.to_move()
                    for c in game.legal_commands(seat) if c.name == "build"})
    assert "auxilia" in legal
    command, _ = table.find_command(["rome", "build"])
    param: Any = command._params["unit"]
    choices = await param.autocomplete(table.interaction(), "")
    assert len(legal) < 25  # else the guard's last choice says how many more
    assert sorted({c.value for c in choices}) == legal


async def test_fight_in_the_unrest_step_is_refused_with_its_section(table: LocalTable) -> None:
    await solo_unrest_step(table)
    before = await seq(table)
    await table.run_slash("/rome fight war:alamannic_8_1 commander:emperor provinces:noricum")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice"
    assert "11.2" in shown.text, shown.text
    assert await seq(table) == before


async def test_rome_verbs_are_refused_in_another_game(table: LocalTable) -> None:
    table.user = "alice"
    for line in ("/game new game:barracks scenario:solo", "/game join", "/game start"):
        await table.run_slash(line)
    before = await seq(table)
    await table.run_slash("/rome bread points:1")
    shown = table.outputs[-1]
    assert shown.refusal and "belongs to Rome, IInc." in shown.text
    assert await seq(table) == before


def test_the_solo_transcript_plays_all_ten_turns_with_the_rome_verbs() -> None:
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    verbs = {line.split()[1] for line in lines if line.startswith("/rome ")}
    assert {"appoint", "fight", "loss", "annex", "build", "circus", "gold", "taxes",
            "civilwar"} <= verbs
    coop = (TRANSCRIPT.parent / "rome_iinc_coop.txt").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("/rome bread ") for line in coop)  # Bread in the co-op game
    assert lines[-2:] == ["/game status", "> Game over"]  # the ten turns were played out
    assert lines.count("> Game over") == 2


def test_the_coop_transcript_has_a_consented_transfer_and_three_turns() -> None:
    lines = (TRANSCRIPT.parent / "rome_iinc_coop.txt").read_text(encoding="utf-8").splitlines()
    offer = next(i for i, line in enumerate(lines) if line.startswith("/rome transfer"))
    assert lines[offer + 1] == "> waiting for the"  # 10.7.4: the other Empire must consent
    assert lines[offer + 4: offer + 8] == ["as bob", "click Respond", "select accept",
                                           "> transfers to"]
    assert lines[-2:] == ["/game status", "> Turn 4 of 10"]


async def test_game_status_lists_ready_to_type_rome_commands(table: LocalTable) -> None:
    """/game status names what may be done now as lines to type (issue 15 item 3), each one
    a command the engine accepts."""
    await solo_unrest_step(table)
    await table.run_slash("/game status")
    shown = table.outputs[-1].text
    assert "may now type, for example:" in shown, shown
    typed = [line.strip().split(" — ")[0] for line in shown.splitlines() if line.startswith("  /")]
    assert any(t.startswith("/rome build unit:") for t in typed), shown
    assert any(t.startswith("/rome transfer unit:") for t in typed), shown
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    # a Gift of Gold (ROME-35) is shown, once per seat, exactly when the engine offers one: its
    # amounts follow the treasury, which the game's own dice decide
    offered = [[c for c in game.legal_commands(seat) if c.name == "give_gold"] for seat in ("east", "west")]
    expected = sorted(f"/rome gold amount:{golds[0].args['amount']}" for golds in offered if golds)
    assert sorted(t for t in typed if t.startswith("/rome gold ")) == expected, shown
    build = next(t for t in typed if t.startswith("/rome build"))
    before = row.seq or 0
    await table.run_slash(build)
    assert not table.outputs[-1].refusal, table.outputs[-1].text
    assert await seq(table) == before + 1
