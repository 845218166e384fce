"""``/imperium interfere`` (27.1.4) at the local table: scenario 2's pirates, in the Diplomacy
Phase, lie off a grain province with fleets in reach of it. The province and the fleets
autocomplete from the engine's legal commands (the fleets narrowed by the province typed); an
accepted order is an event; a refusal reaches its author alone with the rule's section."""

from __future__ import annotations

from conftest import channel_game, ok
from imperium_helpers import IROpener

from bot.local import LocalTable


async def end_taxation(table: LocalTable) -> None:
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")


async def pirates_in_diplomacy(ir_table: IROpener) -> LocalTable:
    """Scenario 2: alice the pirates, bob Rome; both end Taxation & Mobilization."""
    table = await ir_table(scenario="s02", seats={"pirates": "alice", "rome": "bob"}, then=end_taxation)
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    table.user = "alice"
    return table


async def test_interfere_offers_grain_provinces_then_the_fleets_in_reach(ir_table: IROpener) -> None:
    table = await pirates_in_diplomacy(ir_table)
    _seq, game = await channel_game(table)
    legal = [c for c in game.legal_commands("pirates") if c.name == "interfere"]
    assert legal
    command, _ = table.find_command(["imperium", "interfere"])
    provinces = await command._params["province"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert sorted(c.value for c in provinces) == sorted({str(c.args["province"]) for c in legal})
    assert "Sardinia" in [c.name for c in provinces]  # words, not ids
    target = legal[-1]
    fleets = await command._params["fleets"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"province": target.args["province"]}), "")
    assert [c.value for c in fleets] == [f"group:{target.args['fleets'][0]}"]
    seq, _game = await channel_game(table)
    await ok(table, f"/imperium interfere fleets:{fleets[0].value} province:{target.args['province']}")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1
    assert {f: p for f, p in game.state.grain_blocks.items()} == {f: target.args["province"] for f in target.args["fleets"]}
    table.user = "bob"
    command, _ = table.find_command(["imperium", "interfere"])
    assert await command._params["province"].autocomplete(table.interaction(), "") == []  # Rome is no pirate


async def test_interfere_by_rome_or_off_a_province_without_grain_is_refused(ir_table: IROpener) -> None:
    table = await pirates_in_diplomacy(ir_table)
    seq, game = await channel_game(table)
    fleet = next(c.args["fleets"][0] for c in game.legal_commands("pirates") if c.name == "interfere")
    for user, line in (("alice", f"/imperium interfere fleets:{fleet} province:italia"),
                       ("bob", f"/imperium interfere fleets:{fleet} province:sardinia")):
        table.user = user
        await table.run_slash(line)
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == user and "§27.1.4" in shown.text, (line, shown.text)
    assert (await channel_game(table))[0] == seq


async def test_interference_is_the_pirates_secret_until_the_diplomacy_summary(ir_table: IROpener) -> None:
    """IR-DIS-6: an interference is an order of the simultaneous Diplomacy Phase (4.0, 27.1.4):
    told to the pirates alone when given; the public learns how many fleets lie off which
    province (never which fleets) in the summary when the phase closes."""
    table = await pirates_in_diplomacy(ir_table)
    _seq, game = await channel_game(table)
    target = [c for c in game.legal_commands("pirates") if c.name == "interfere"][-1]
    province, fleets = str(target.args["province"]), list(target.args["fleets"])
    from rules.imperium_romanum.world import data

    name = data().provinces[province].name
    start = len(table.outputs)
    await ok(table, f"/imperium interfere fleets:group:{fleets[0]} province:{province}")
    said = [o for o in table.outputs[start:] if "lie off" in o.text or "lies off" in o.text]
    assert said and {o.audience for o in said} == {"alice"}, [(o.audience, o.text) for o in said]
    assert not [o.text for o in table.outputs[start:] if o.audience == "public" and name in o.text]
    summary_start = len(table.outputs)
    await ok(table, "/end")
    assert not [o.text for o in table.outputs[summary_start:] if o.audience == "public" and "lie off" in o.text]
    table.user = "bob"
    await ok(table, "/end")  # the last power ends its part: the phase closes with its summary
    public = [o.text for o in table.outputs[summary_start:] if o.audience == "public"]
    told = [t for t in public if f"{len(fleets)} pirate fleets lie off {name} to seize its grain (27.1.4)." in t]
    assert told, public
    assert not any(f in t for t in told for f in fleets), told  # a count, never the pieces
    text = "\n".join(public)
    assert text.index("Diplomacy this month") < text.index("pirate fleets lie off"), text
    _seq, game = await channel_game(table)
    assert game.state.segment != "diplomacy" and sorted(game.state.grain_blocks) == sorted(fleets)
