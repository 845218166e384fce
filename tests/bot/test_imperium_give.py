"""``/imperium give`` at the local table (5.8 #8, gifts.py): two allies of this month in
scenario 12's Diplomacy Phase; the autocomplete is the shared one, offering what the engine's
legal commands list (``gifts.commands``, ``gifts.talent_commands``) and nothing else; the offer
reaches the two parties alone, the ally answers with ``/imperium answer`` and the change of
owner is one public line that counts the units without naming them (IR-ENG-123); a forged
unit id is refused to its author alone with §5.8. Also ``/imperium build colour:`` (20.4)."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition

from bot.local import LocalTable
from rules.imperium_romanum import gifts as GIFTS
from rules.imperium_romanum.world import data


async def allies_in_diplomacy(table: LocalTable) -> None:
    """Scenario 12's first Diplomacy Phase, alice Rome and bob Dacia, allied this month (5.8)."""
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12")
    await ok(table, "/game join seat:rome")
    table.user = "bob"
    await ok(table, "/game join seat:dacia")
    table.user = "alice"
    await ok(table, "/game start")
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")

    def ally(st: Any) -> None:
        st.alliances.append(["dacia", "rome"])

    await reposition(table, ally)
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"


async def offered(table: LocalTable, option: str, current: str = "", verb: str = "give",
                  namespace: dict[str, Any] | None = None) -> list[str]:
    command, _ = table.find_command(["imperium", verb])
    found = await command._params[option].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace=namespace or {}), current)
    return [c.value for c in found]


async def test_a_gift_of_units_is_offered_answered_and_announced_without_naming_them(table: LocalTable) -> None:
    await allies_in_diplomacy(table)
    _seq, game = await channel_game(table)
    listed = [c.args for c in game.legal_commands("rome") if c.name == "give"]
    units = [a["units"][0] for a in listed if "units" in a]
    assert listed == GIFTS.commands(game.state, "rome") and units
    table.user = "alice"
    assert await offered(table, "to") == ["dacia"]
    assert await offered(table, "units") == units[:25]
    one, two = units[:2]
    assert await offered(table, "units", f"{one},") == [f"{one},{u}" for u in units if u != one][:25]
    assert await offered(table, "city") == [a["city"] for a in listed if "city" in a][:25]
    assert await offered(table, "fort") == [a["fort"] for a in listed if "fort" in a][:25]
    talents = [c.args for c in game.legal_commands("rome") if c.name == "give_talents"]
    assert talents and await offered(table, "to", verb="gift") == ["dacia"] == sorted({a["to"] for a in talents})
    start = len(table.outputs)
    await ok(table, f"/imperium give to:dacia units:{one},{two}")
    _seq, game = await channel_game(table)
    [offer] = game.state.proposals
    assert offer[1:4] == ["give", "rome", "dacia"] and offer[-1] == f"units:{one},{two}"
    told = [o for o in table.outputs[start:] if one in o.text]
    assert told and {o.audience for o in told} <= {"alice", "bob"}, [(o.audience, o.text) for o in told]
    table.user = "bob"
    await ok(table, f"/imperium answer offer:{offer[0]} choice:accept")
    _seq, game = await channel_game(table)
    assert (game.state.units[one]["power"], game.state.units[two]["power"]) == ("dacia", "dacia")
    assert game.state.proposals == []
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("rome gives 2 units to dacia (5.8)." in t for t in public), public
    assert not any(one in t or two in t for t in public), public
    table.user = "carol"  # a spectator sees no unit named
    await table.run_slash("/game mine")
    assert not any(one in o.text for o in table.outputs[start:] if o.audience not in ("alice", "bob"))
    await city_and_fort_gifts(table)


async def city_and_fort_gifts(table: LocalTable) -> None:
    """The same game goes on: a city, answered through bob's Next step menu, then a fort (21.2)
    answered with ``/imperium answer``: each offer told to the two parties alone, each change
    of owner one public line, the engine's state changed as the line says (5.8 #8)."""
    _seq, game = await channel_game(table)
    city = next(a["city"] for a in GIFTS.commands(game.state, "rome") if "city" in a)
    name = data().cities[city].name
    table.user = "alice"
    assert name in await offered_names(table, "city")
    start = len(table.outputs)
    await ok(table, f"/imperium give to:dacia city:{city}")
    offer_line = f"rome offers the city of {name} to dacia."
    told = [o for o in table.outputs[start:] if offer_line in o.text]
    assert {o.audience for o in told} == {"alice"}, [(o.audience, o.text) for o in table.outputs[start:]]
    table.user = "bob"  # told to bob in his secrets, then his answer through the shared Next step menu
    await ok(table, "/game mine")
    assert table.outputs[-1].audience == "bob" and offer_line in table.outputs[-1].text, table.outputs[-1].text
    await table.click("Next step")
    await table.select(["answer_offer"])
    accept = next(lbl for lbl, _v in table.find_component("select", "").options if lbl.startswith("Accept"))
    assert name in accept, accept
    await table.select([accept])
    _seq, game = await channel_game(table)
    assert game.state.city_owner[city] == "dacia" and game.state.proposals == []
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any(f"rome gives {name} to dacia (5.8)." in t for t in public), public
    assert not any(offer_line in t for t in public), public

    hex_id = next(rec["hex"] for _u, rec in sorted(game.state.units.items()) if rec["power"] == "rome")

    def fort(st: Any) -> None:
        st.forts[hex_id] = {"rome": 1}

    await reposition(table, fort)
    table.user = "alice"
    assert hex_id in await offered(table, "fort", namespace={"to": "dacia"})
    start = len(table.outputs)
    await ok(table, f"/imperium give to:dacia fort:{hex_id}")
    _seq, game = await channel_game(table)
    [offer] = game.state.proposals
    table.user = "bob"
    await ok(table, f"/imperium answer offer:{offer[0]} choice:accept")
    _seq, game = await channel_game(table)
    assert game.state.forts[hex_id] == {"dacia": 1}
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any(f"rome gives the fortification at {hex_id} to dacia (5.8)." in t for t in public), public
    assert not any(o.audience not in ("alice", "bob", "public") for o in table.outputs[start:]
                   if "offers the fortification" in o.text)
    assert not any("offers the fortification" in t for t in public), public


async def offered_names(table: LocalTable, option: str) -> list[str]:
    command, _ = table.find_command(["imperium", "give"])
    found = await command._params[option].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    return [c.name for c in found]


async def test_a_forged_unit_is_refused_privately_with_its_section(table: LocalTable) -> None:
    await allies_in_diplomacy(table)
    seq, game = await channel_game(table)
    dacian = next(u for u, rec in sorted(game.state.units.items()) if rec["power"] == "dacia")
    table.user = "alice"
    not_roman = next(c for c, owner in sorted(game.state.city_owner.items()) if owner != "rome")
    assert {"to": "dacia", "city": not_roman} not in GIFTS.commands(game.state, "rome")
    for forged in ("units:rome.nothing.9", f"units:{dacian}", f"city:{not_roman}", "fort:B0000"):
        await table.run_slash(f"/imperium give to:dacia {forged}")
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == "alice" and "§5.8" in shown.text, (forged, shown.text)
    await table.run_slash("/imperium give to:dacia")  # none of the three: refused, §5.8
    assert table.outputs[-1].refusal and "§5.8" in table.outputs[-1].text, table.outputs[-1].text
    assert (await channel_game(table))[0] == seq and game.state.proposals == []


async def test_build_offers_a_gained_colour_and_raises_a_unit_in_it(table: LocalTable) -> None:
    """20.4: with Dacia's colour gained (set on Rome's record), ``colour:`` autocompletes from
    ``build_commands`` and the raise wears that colour's counter."""
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12")
    await ok(table, "/game join seat:rome")
    table.user = "bob"
    await ok(table, "/game join seat:dacia")
    table.user = "alice"
    await ok(table, "/game start")

    def gain(st: Any) -> None:
        st.powers["rome"]["colours"] = ["dacia"]

    await reposition(table, gain)
    _seq, game = await channel_game(table)
    assert game.state.segment == "taxation"
    legal = [c.args for c in game.legal_commands("rome") if c.name == "build" and c.args.get("colour")]
    assert legal, "the engine offers no raise in the gained colour"
    wanted = legal[0]
    command, _ = table.find_command(["imperium", "build"])
    found = await command._params["colour"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"type": wanted["type"], "city": wanted["city"]}), "")
    assert [c.value for c in found] == ["dacia"]
    before = set(game.state.units)
    await ok(table, f"/imperium build type:{wanted['type']} city:{wanted['city']} colour:dacia")
    _seq, game = await channel_game(table)
    [new] = [u for u in game.state.units if u not in before]
    assert game.state.units[new]["power"] == "rome" and game.state.units[new]["counter"] == "dacia"
