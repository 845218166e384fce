"""Fleets in land combat at the local table (14.6, IR-ENG-160, issue 18): ``/imperium attack
fleets:`` offers only the caller's fleets in the attacked hex or a sea hex next to it, refuses a
fleet out of reach privately with §14.6, and the Next step menu tells an attack with fleets from
one without; a landing is offered in Land Combat (``/imperium debark``, 10.5); the defender's
``port_fleets`` window reaches him alone through Respond with its default in words."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition, take_position
from imperium_helpers import IROpener

from bot.i18n import localise
from bot.local import LocalTable
from cogs.imperium_romanum import command_label

PORT, NEAR_SEA, OTHER_SEA, FAR, SHORE = "B4421", "B4420", "B4422", "B5013", "B4321"
"""Brundisium (a Dacian port in this position), two sea hexes next to it, Durostorum far away,
and a land hex on the shore of the second sea hex."""


def port_attack(st: Any) -> None:
    """Rome's Land Combat: Roman infantry in Dacia's Brundisium, held by a Dacian legion with a
    fleet in its port; a Roman fleet in the sea next to it, another with a legion aboard in the
    other sea hex with Trajan (whose shore has Dacian light infantry to invade), a third far away at Durostorum."""
    from tests.imperium_romanum.builder import Position

    pos = Position(month=6, segment="combat")
    pos.st.city_owner["brundisium"] = "dacia"
    pos.unit("dacia", "legion_20_10", PORT)
    pos.unit("dacia", "fleet_18_30", PORT)
    pos.units("rome", "heavy_infantry_20_8", PORT, 3)
    pos.unit("rome", "fleet_18_30", NEAR_SEA)
    carrier = pos.unit("rome", "fleet_18_30", OTHER_SEA)
    pos.unit("rome", "legion_16_10", OTHER_SEA, aboard=carrier)
    pos.st.leaders[pos.leader("trajan", OTHER_SEA)]["aboard"] = carrier  # 10.5: a +2 or +3 leader leads an invasion
    pos.unit("rome", "fleet_18_30", FAR)
    pos.unit("dacia", "light_infantry_4_12", SHORE)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    take_position(st, pos.st)


def fleet_at(st: Any, hex_id: str) -> str:
    return next(u for u in sorted(st.units) if st.units[u]["type"] == "fleet_18_30" and st.units[u]["hex"] == hex_id)


async def offered(table: LocalTable, sub: str, option: str, namespace: dict[str, Any]) -> list[str]:
    table.user = "alice"
    command, _ = table.find_command(["imperium", sub])
    found = await command._params[option].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace=namespace), "")
    return [c.value for c in found]


async def test_attack_with_fleets_offers_refuses_labels_and_opens_the_port_window(ir_table: IROpener) -> None:
    table = await ir_table()
    await reposition(table, port_attack)
    seq, game = await channel_game(table)
    st = game.state
    near, carrier, far = fleet_at(st, NEAR_SEA), fleet_at(st, OTHER_SEA), fleet_at(st, FAR)
    assert await offered(table, "attack", "fleets", {"hex": PORT}) == sorted([carrier, near])  # 14.6: in reach only
    landings = [c for c in game.legal_commands("rome") if c.name == "debark"]
    assert [(c.args["fleets"], c.args["to"]) for c in landings] == [([carrier], SHORE)]  # 10.5 in Land Combat
    assert await offered(table, "debark", "to", {"fleets": carrier}) == [SHORE]
    labels = [command_label(game, c) for c in game.legal_commands("rome") if c.name == "attack"]
    town, fleets = f"{PORT} (Brundisium)", f"Fleet 18-30 at {NEAR_SEA}, Fleet 18-30 at {OTHER_SEA}"
    assert sorted(map(str, labels)) == [f"Attack at {town}", f"Attack at {town} with {fleets}"], labels
    assert localise(labels[-1], "fr").startswith(f"Attaquer en {town} avec "), localise(labels[-1], "fr")
    command, _ = table.find_command(["imperium", "attack"])
    more = await command._params["fleets"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"hex": PORT}), f"{near},")
    assert [c.value for c in more] == [f"{near},{carrier}"]  # one more fleet in reach, the typed one kept
    for forged in (far, "rome.fleet_18_30.forged"):  # out of reach; no such fleet
        await table.run_slash(f"/imperium attack hex:{PORT} fleets:{forged}")
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == "alice" and "§14.6" in shown.text, shown.text
        assert (await channel_game(table))[0] == seq
    await ok(table, f"/imperium attack hex:{PORT} fleets:{near}")
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and (pending.kind, pending.seat, pending.section) == ("port_fleets", "dacia", "§14.6")
    choices = {c.value: str(c.label) for c in pending.choices}
    table.user = "alice"
    await table.click("Respond")
    assert table.outputs[-1].audience == "alice" and table.outputs[-1].refusal, table.outputs[-1].text
    table.user = "bob"
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "bob" and not asked.refusal, asked.text
    assert "your fleets in its port stay and defend it, or put out to sea (14.6)?" in asked.text, asked.text
    assert "Default if you do not answer: Stay in the port and defend with it." in asked.text, asked.text
    assert choices[pending.default] == "Stay in the port and defend with it"
