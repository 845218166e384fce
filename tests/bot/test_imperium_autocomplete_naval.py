"""Autocomplete of ``/imperium embark``, ``debark``, ``naval`` and ``fortify`` at the local table:
each option offers only what the position allows its caller (the engine's legal commands), the
other seat is offered nothing, and a forged value typed past the menu is refused to its author
alone with the rule's section, changing nothing."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition, take_position
from imperium_helpers import IROpener

from bot.local import LocalTable

BRUNDISIUM, DYRRHACHIUM, INLAND = "B4421", "B4519", "B4406"


async def started(ir_table: IROpener) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table()


async def offered(table: LocalTable, sub: str, option: str, user: str, namespace: dict[str, Any] | None = None) -> list[str]:
    table.user = user
    command, _ = table.find_command(["imperium", sub])
    found = await command._params[option].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace=namespace or {}), "")
    return [c.value for c in found]


async def refused(table: LocalTable, line: str, section: str) -> None:
    seq, _game = await channel_game(table)
    table.user = "alice"
    await table.run_slash(line)
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and section in shown.text, (line, shown.text)
    assert (await channel_game(table))[0] == seq


def at_sea(st: Any) -> None:
    """Rome's Naval Operations: a fleet and a legion at Brundisium; a Roman fleet and a Dacian
    one in Dyrrhachium, a Dacian port (the builder's naval position of tests/imperium_romanum)."""
    from tests.imperium_romanum.builder import Position

    pos = Position(month=6, segment="naval")
    pos.st.naval_order = ["rome"]
    for city in ("brundisium", "tarentum", "rhegium", "messana", "syracusae"):
        pos.st.city_owner[city] = "rome"
    pos.st.city_owner["dyrrhachium"] = "dacia"
    pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    pos.unit("rome", "legion_16_10", BRUNDISIUM)
    pos.unit("rome", "fleet_18_30", DYRRHACHIUM)
    pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    take_position(st, pos.st)


def ids(st: Any, power: str, kind: str, hex_id: str) -> list[str]:
    return sorted(u for u, r in st.units.items() if r["power"] == power and r["type"] == kind and r["hex"] == hex_id)


async def test_embark_and_debark_offer_only_the_groups_and_hexes_of_the_position(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await reposition(table, at_sea)
    _seq, game = await channel_game(table)
    st = game.state
    fleet, legion = ids(st, "rome", "fleet_18_30", BRUNDISIUM)[0], ids(st, "rome", "legion_16_10", BRUNDISIUM)[0]
    dacian = ids(st, "dacia", "fleet_18_30", DYRRHACHIUM)[0]
    assert await offered(table, "embark", "fleets", "alice") == [f"group:{fleet}"]  # the fleets with troops beside them
    assert await offered(table, "embark", "units", "alice", {"fleets": f"group:{fleet}"}) == [f"group:{legion}"]
    assert await offered(table, "embark", "fleets", "bob") == []  # not his segment
    await refused(table, f"/imperium embark fleets:{dacian} units:{legion}", "§5.1")  # another power's fleet
    await ok(table, f"/imperium embark fleets:group:{fleet} units:group:{legion}")
    _seq, game = await channel_game(table)
    legal = sorted({str(c.args["to"]) for c in game.legal_commands("rome") if c.name == "debark"})
    assert legal and INLAND not in legal
    hexes = await offered(table, "debark", "to", "alice", {"fleets": f"group:{fleet}"})
    assert sorted(hexes) == legal
    assert await offered(table, "debark", "fleets", "alice") == [f"group:{fleet}"]
    await refused(table, f"/imperium debark fleets:group:{fleet} to:{INLAND}", "§10.4.3")  # no sea beside it


async def test_naval_offers_the_fleets_sharing_a_hex_with_an_enemy_fleet(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await reposition(table, at_sea)
    _seq, game = await channel_game(table)
    st = game.state
    roman = ids(st, "rome", "fleet_18_30", DYRRHACHIUM)[0]
    at_brundisium = ids(st, "rome", "fleet_18_30", BRUNDISIUM)[0]
    dacian = ids(st, "dacia", "fleet_18_30", DYRRHACHIUM)[0]
    assert await offered(table, "naval", "fleets", "alice") == [f"group:{roman}"]  # not the fleet alone at Brundisium
    assert await offered(table, "naval", "fleets", "bob") == []
    await refused(table, f"/imperium naval fleets:{at_brundisium}", "§10.7")  # no enemy fleet in its hex
    await refused(table, f"/imperium naval fleets:{dacian}", "§5.1")  # not Rome's


def legions_inland(st: Any) -> None:
    """Rome's Land Movement: four legions at B4406, a fleet in port at Brundisium."""
    from tests.imperium_romanum.builder import Position

    pos = Position(month=6, segment="movement")
    pos.units("rome", "legion_20_10", INLAND, 4)
    pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    take_position(st, pos.st)


async def test_fortify_offers_the_groups_that_may_build_and_refuses_a_forged_one(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await reposition(table, legions_inland)
    _seq, game = await channel_game(table)
    st = game.state
    legions = ids(st, "rome", "legion_20_10", INLAND)
    fleet = ids(st, "rome", "fleet_18_30", BRUNDISIUM)[0]
    legal = sorted({f"group:{c.args['units'][0]}" for c in game.legal_commands("rome") if c.name == "fortify"})
    assert legal == [f"group:{legions[0]}"]
    assert await offered(table, "fortify", "units", "alice") == legal
    assert await offered(table, "fortify", "units", "bob") == []
    await refused(table, f"/imperium fortify units:{fleet}", "§21.1")  # a fleet builds no fort
    treasury = st.powers["rome"]["treasury"]
    await ok(table, f"/imperium fortify units:{legal[0]}")
    _seq, game = await channel_game(table)
    assert game.state.powers["rome"]["treasury"] == treasury - len(legions)  # one talent per legion (21.1)
