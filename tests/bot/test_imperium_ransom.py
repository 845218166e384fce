"""``/imperium ransom`` with a captured leader, end to end at the local table (18.2.1, 4.3,
IR-DIS-3): the autocomplete offers only the prisoners the caller's power holds, by name; the
offer and its answer reach the two parties alone; the Diplomacy Phase's public summary names
the agreement."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable
from rules.imperium_romanum import board as B


async def captures(table: LocalTable) -> None:
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")

    def capture(st: Any) -> None:
        B.lose_leader(st, "diegis", "captured", [], by="rome")
        B.lose_leader(st, "hadrian", "captured", [], by="dacia")

    await reposition(table, capture)


async def started_in_diplomacy(ir_table: IROpener) -> LocalTable:
    """Scenario 12 in its first Diplomacy Phase, alice Rome and bob Dacia, with Rome holding
    Diegis of Dacia and Dacia holding Hadrian of Rome prisoner (18.2)."""
    table = await ir_table(then=captures)
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    assert game.state.leaders["diegis"]["status"] == "captured" and game.state.leaders["diegis"]["captor"] == "rome"
    return table


async def leaders_offered(table: LocalTable, user: str, current: str = "") -> list[tuple[str, str]]:
    table.user = user
    command, _ = table.find_command(["imperium", "ransom"])
    found = await command._params["leader"].autocomplete(table.interaction(), current)  # type: ignore[attr-defined]
    return [(c.value, c.name) for c in found]


async def test_ransom_offers_only_ones_own_prisoner_and_the_agreement_is_public_at_the_summary(
        ir_table: IROpener) -> None:
    table = await started_in_diplomacy(ir_table)
    assert await leaders_offered(table, "alice") == [("diegis", "Diegis")]
    assert await leaders_offered(table, "bob") == [("hadrian", "Hadrian")]
    assert await leaders_offered(table, "alice", "hadr") == []
    start = len(table.outputs)
    table.user = "alice"
    await ok(table, "/imperium ransom leader:diegis talents:4")
    _seq, game = await channel_game(table)
    [offer] = game.state.proposals
    assert offer[1:] == ["ransom", "rome", "dacia", "diegis", "4"]
    table.user = "bob"
    await ok(table, "/game mine")  # the receiver reads it among its secrets
    told = [o for o in table.outputs[start:] if "rome offers to free Diegis for 4 talents." in o.text]
    assert {o.audience for o in told} == {"alice", "bob"}, [(o.audience, o.text) for o in told]
    command, _ = table.find_command(["imperium", "answer"])
    offers = await command._params["offer"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert [(c.value, c.name) for c in offers] == [(offer[0], "rome's offer to free Diegis for 4 talents (18.2.1)")]
    treasuries = {p: game.state.powers[p]["treasury"] for p in ("rome", "dacia")}
    await ok(table, f"/imperium answer offer:{offer[0]} choice:accept")
    _seq, game = await channel_game(table)
    assert game.state.leaders["diegis"]["status"] == "map" and game.state.proposals == []
    assert (game.state.powers["rome"]["treasury"], game.state.powers["dacia"]["treasury"]) == (
        treasuries["rome"] + 4, treasuries["dacia"] - 4)
    assert await leaders_offered(table, "alice") == []  # Diegis is free: no prisoner left to Rome
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    # his counter is on the map again at once (IR-ENG-25), the price only in the summary
    assert any("Diegis is free and rejoins his army at" in t for t in public), public
    assert not any("talents" in t or "offer" in t or "ransom" in t for t in public), public
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Diplomacy this month: rome freed a prisoner of dacia for 4 talents (18.2.1)." in t
               for t in public), public


async def test_a_ransom_of_a_leader_one_does_not_hold_is_refused_privately(ir_table: IROpener) -> None:
    """A typed leader that is not the caller's prisoner (Hadrian is Dacia's; Trajan is on the
    map) is refused to its author alone with the rule's section; no event."""
    table = await started_in_diplomacy(ir_table)
    seq, _game = await channel_game(table)
    table.user = "alice"
    for leader in ("hadrian", "trajan", "nobody"):
        await table.run_slash(f"/imperium ransom leader:{leader} talents:3")
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == "alice" and "§18.2.1" in shown.text, (leader, shown.text)
    assert (await channel_game(table))[0] == seq
