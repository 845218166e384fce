"""``/imperium demolish`` (21.3) and ``/imperium convert`` (34) at the local table: each option
autocompletes from the engine's legal commands of the caller's Land Movement, an accepted one
is an event, a refusal reaches its author alone with the rule's section."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition
from imperium_helpers import IROpener, end_until

from bot.local import LocalTable


async def ends_to_movement(table: LocalTable) -> None:
    """Taxation and diplomacy ended by both, Naval Operations by Rome's fleet (imperium_helpers)."""
    await end_until(table, "movement")


async def to_rome_movement(ir_table: IROpener) -> LocalTable:
    """Scenario 12 (rule 34 in play), alice Rome and bob Dacia, at Rome's Land Movement."""
    table = await ir_table(then=ends_to_movement)
    _seq, game = await channel_game(table)
    table.user = "alice"
    assert game.state.segment == "movement" and game.to_move() == ["rome"]
    return table


async def offered(table: LocalTable, path: list[str], option: str, user: str,
                  namespace: dict[str, Any] | None = None) -> list[str]:
    table.user = user
    command, _ = table.find_command(path)
    found = await command._params[option].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace=namespace or {}), "")
    return [c.value for c in found]


async def test_demolish_offers_the_heavy_infantry_by_a_fort_and_demolishes_it(ir_table: IROpener) -> None:
    table = await to_rome_movement(ir_table)
    await reposition(table, lambda st: st.forts.__setitem__("B4415", {"rome": 1}))  # a D fort by Trajan
    _seq, game = await channel_game(table)
    legal = [c for c in game.legal_commands("rome") if c.name == "demolish"]
    assert legal and all(c.args["units"][0] in game.state.units for c in legal)
    groups = await offered(table, ["imperium", "demolish"], "units", "alice")
    assert sorted(groups) == sorted({f"group:{c.args['units'][0]}" for c in legal})
    assert await offered(table, ["imperium", "demolish"], "units", "bob") == []
    seq, _game = await channel_game(table)
    table.user = "alice"
    await ok(table, f"/imperium demolish units:{groups[0]}")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1 and "B4415" not in game.state.forts


async def test_demolish_without_a_fort_is_refused_to_its_author_with_its_section(ir_table: IROpener) -> None:
    table = await to_rome_movement(ir_table)
    seq, game = await channel_game(table)
    legion = next(u for u, r in sorted(game.state.units.items()) if r["hex"] == "B4415" and r["type"] == "legion_20_10")
    await table.run_slash(f"/imperium demolish units:{legion}")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§21.3" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_convert_offers_romes_fleet_and_turns_it_into_a_legion(ir_table: IROpener) -> None:
    table = await to_rome_movement(ir_table)
    _seq, game = await channel_game(table)
    legal = [c for c in game.legal_commands("rome") if c.name == "convert"]
    assert legal
    fleets = await offered(table, ["imperium", "convert"], "fleet", "alice")
    assert fleets == [f"group:{c.args['fleet'][0]}" for c in legal]
    assert await offered(table, ["imperium", "convert"], "fleet", "bob") == []
    fid = legal[0].args["fleet"][0]
    hex_id = game.state.units[fid]["hex"]
    seq = _seq
    table.user = "alice"
    await ok(table, f"/imperium convert fleet:{fleets[0]}")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1 and fid not in game.state.units
    assert any(r["hex"] == hex_id and r["type"].startswith("legion") and not r["vet"]
               for r in game.state.units.values())


async def test_convert_of_a_land_unit_is_refused_with_its_section(ir_table: IROpener) -> None:
    """A legion named as the fleet: refused by the fleet rules (§10.2), to alice alone."""
    table = await to_rome_movement(ir_table)
    seq, game = await channel_game(table)
    legion = next(u for u, r in sorted(game.state.units.items()) if r["type"] == "legion_20_10" and r["power"] == "rome")
    await table.run_slash(f"/imperium convert fleet:{legion}")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§10.2" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq
