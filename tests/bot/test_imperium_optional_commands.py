"""Optional rules 42 (divine intervention) and 43 (treasure cities) in Discord: ``/imperium
appeal`` arms an appeal when the engine offers it, ``/imperium treasure city:`` autocompletes
the treasure cities the caller may take now; refusals reach their author alone with the rule's
section; both options show at ``/game new``."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable


async def started(ir_table: IROpener, options: str) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia, with ``options`` (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table(options=options)


async def test_appeal_is_offered_then_armed_once(ir_table: IROpener) -> None:
    table = await started(ir_table, "divine_intervention=yes")
    assert "divine_intervention=yes" in table.outputs[0].text, table.outputs[0].text
    _seq, game = await channel_game(table)
    assert any(c.name == "appeal" for c in game.legal_commands("rome"))
    seq = _seq
    await ok(table, "/imperium appeal")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1 and not any(c.name == "appeal" for c in game.legal_commands("rome"))
    await table.run_slash("/imperium appeal")  # one armed appeal at a time
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§42" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq_after


async def test_appeal_without_the_option_is_refused_with_its_section(ir_table: IROpener) -> None:
    table = await started(ir_table, "random_events=no")
    seq, _game = await channel_game(table)
    await table.run_slash("/imperium appeal")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§42" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def to_rome_movement(table: LocalTable) -> None:
    users = {"rome": "alice", "dacia": "bob"}
    for _end in range(8):
        _seq, game = await channel_game(table)
        if game.state.segment == "movement":
            break
        table.user = users[game.to_move()[0]]
        await ok(table, "/end")
    table.user = "alice"
    assert game.state.segment == "movement" and game.to_move() == ["rome"]


async def test_treasure_autocompletes_the_cities_rome_may_take_and_takes_one(ir_table: IROpener) -> None:
    from rules.imperium_romanum.treasure import treasure_cities
    from rules.imperium_romanum.world import data

    table = await started(ir_table, "treasure_cities=yes")
    await to_rome_movement(table)
    _seq, game = await channel_game(table)
    city = next(c for c in treasure_cities("s12") if game.state.city_owner.get(c) == "rome")

    def garrison(st: Any) -> None:
        legion = next(u for u, r in sorted(st.units.items()) if r["power"] == "rome" and r["type"] == "legion_20_10")
        st.units[legion]["hex"] = data().cities[city].hex

    await reposition(table, garrison)
    command, _ = table.find_command(["imperium", "treasure"])
    found = await command._params["city"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert [(c.value, c.name) for c in found] == [(city, data().cities[city].name)]
    seq, game = await channel_game(table)
    treasury = game.state.powers["rome"]["treasury"]
    await ok(table, f"/imperium treasure city:{city}")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1 and game.state.powers["rome"]["treasury"] > treasury
    await table.run_slash(f"/imperium treasure city:{city}")  # once per scenario (43.2)
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§43.2" in shown.text, shown.text
