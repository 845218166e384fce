"""``/imperium militia`` (29.4) at the local table: scenario 24, where rule 29 is in play. The
province autocompletes from the engine's legal commands (only the caller's provinces below
their militia value, by name); a rebuild is an event; every refusal goes to its author alone
with the rule's section and changes nothing; ``/help`` lists the command in both languages."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable


async def losses(table: LocalTable) -> None:
    def fewer(st: Any) -> None:
        st.militia["baetica"], st.militia["lusitania"] = 9, 11

    await reposition(table, fewer)


async def started_with_losses(ir_table: IROpener) -> LocalTable:
    """Scenario 24's first Taxation & Mobilization Phase, alice Diocletian and bob Carinus, with
    Carinus's Baetica down to 9 militia SP and Lusitania to 11 (their value is 12, 29.1)."""
    table = await ir_table(scenario="s24", seats={"diocletian": "alice", "carinus": "bob"}, then=losses)
    _seq, game = await channel_game(table)
    assert game.state.segment == "taxation" and game.state.militia["gallaecia"] == 12
    return table


async def provinces_offered(table: LocalTable, user: str, current: str = "") -> list[tuple[str, str]]:
    table.user = user
    command, _ = table.find_command(["imperium", "militia"])
    found = await command._params["province"].autocomplete(table.interaction(), current)  # type: ignore[attr-defined]
    return [(c.value, c.name) for c in found]


async def test_militia_autocompletes_the_provinces_below_their_value_and_rebuilds(ir_table: IROpener) -> None:
    table = await started_with_losses(ir_table)
    assert await provinces_offered(table, "bob") == [("baetica", "Baetica"), ("lusitania", "Lusitania")]
    assert await provinces_offered(table, "bob", "lusi") == [("lusitania", "Lusitania")]
    assert await provinces_offered(table, "alice") == []  # Diocletian holds no province with militia
    seq, game = await channel_game(table)
    treasury = game.state.powers["carinus"]["treasury"]
    table.user = "bob"
    await ok(table, "/imperium militia province:baetica sp:2")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1 and game.state.militia["baetica"] == 11
    spent = treasury - game.state.powers["carinus"]["treasury"]
    assert spent > 0 and spent % 2 == 0  # two points at the period's price each (29.4)
    await ok(table, "/imperium militia province:lusitania")  # one point if sp is left out
    _seq, game = await channel_game(table)
    assert game.state.militia["lusitania"] == 12
    assert await provinces_offered(table, "bob") == [("baetica", "Baetica")]


async def test_a_militia_refusal_reaches_only_its_author_with_its_section(ir_table: IROpener) -> None:
    table = await started_with_losses(ir_table)
    seq, _game = await channel_game(table)
    for user, line, section in (
            ("bob", "/imperium militia province:baetica sp:4", "§29.4"),  # room for 3
            ("bob", "/imperium militia province:gallaecia", "§29.4"),  # at its value
            ("alice", "/imperium militia province:baetica", "§29.2"),  # not Diocletian's
            ("bob", "/imperium militia province:nowhere", "§29.2")):
        table.user = user
        await table.run_slash(line)
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == user and section in shown.text, (line, shown.text)
    assert (await channel_game(table))[0] == seq


async def test_militia_is_refused_outside_taxation_and_mobilization(ir_table: IROpener) -> None:
    table = await started_with_losses(ir_table)
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")
    seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    table.user = "bob"
    await table.run_slash("/imperium militia province:baetica")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "bob" and "§29.4" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_help_lists_militia_in_english_and_french(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/help game:imperium_romanum")
    text = "\n".join(o.text for o in table.outputs if o.audience == "alice")
    assert "`/imperium militia province:baetica sp:1` — rebuild a province's militia" in text, text
    table.user = "bob"
    table.set_locale("fr")
    await ok(table, "/help game:imperium_romanum")
    french = "\n".join(o.text for o in table.outputs if o.audience == "bob")
    assert "`/imperium militia province:baetica sp:1` — reconstituer la milice" in french, french
