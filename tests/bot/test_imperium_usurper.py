"""Optional rule 44 (Roman usurpation) at the local table: a Roman general who is not the
Emperor wins at adverse odds and his troops proclaim him (44.1). The proclamation and the new
faction's seat are public lines; the new faction is run by the farthest other seat (IR-ENG-101),
which sees it in ``/record`` and ``/game status``; no private choice reaches a public post."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, next_d6, ok, reposition, take_position
from imperium_helpers import IROpener

from bot.local import LocalTable

BATTLE_HEX = "B4406"


async def started(ir_table: IROpener) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia, Roman usurpation chosen (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table(options="roman_usurpation=yes")


def hadrian_against_odds(st: Any) -> None:
    """Rome's combat segment in June: Hadrian (not the Emperor) with one legion beside two
    Dacian heavy infantry (20 against 40, 1/2), the dice set to win the battle and proclaim him."""
    from tests.imperium_romanum.builder import Position

    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.leader("hadrian", BATTLE_HEX)
    pos.unit("rome", "legion_20_10", BATTLE_HEX)
    pos.units("dacia", "heavy_infantry_20_8", BATTLE_HEX, 2)
    pos.st.standing["dacia"].update({"combat": "always_fight", "retreat": "first"})
    take_position(st, pos.st)
    next_d6(st.dice, 4, 5)  # the battle (a modified 6 at 1/2: won by the attacker), then 44.1's roll


async def test_a_usurper_is_proclaimed_publicly_and_run_by_the_farthest_seat(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await reposition(table, hadrian_against_odds)
    start = len(table.outputs)
    table.user = "alice"
    await ok(table, f"/attack zone:{BATTLE_HEX}")
    seq, game = await channel_game(table)
    st = game.state
    assert st.leaders["hadrian"]["power"] == "usurper_hadrian", [o.text for o in table.outputs[start:]]
    new = st.powers["usurper_hadrian"]
    from rules.imperium_romanum import board as B

    joined = [u for u, r in sorted(st.units.items()) if r["power"] == "usurper_hadrian"]
    assert joined and new["seat"] == "dacia" and new["chief"] == "hadrian"  # 44.1, IR-ENG-101
    assert new["morale"] == 100 + sum(B.unit_morale(st.units[u]) for u in joined)  # 44.1, 44.2
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert "troops proclaim him Emperor (44.1)" in public, public
    assert f"{new['name']} is run by dacia (44.1)" in public, public
    assert "usurper_hadrian" not in public  # the faction by its name, never its id
    assert f"{len(joined)} unit goes over to {new['name']} (44.1)." in public, public
    private = [o for o in table.outputs[start:] if o.audience != "public"]
    for line in private:  # no private line is repeated in public
        assert line.text not in public, line.text
    table.user = "bob"  # the seat that now runs the usurper sees him in its /record
    await ok(table, "/record power:usurper_hadrian")
    shown = table.outputs[-1]
    assert shown.audience == "bob" and f"**{new['name']}** (major): treasury {new['treasury']} talents" in shown.text, shown.text
    assert str(new["morale"]) in shown.text, shown.text  # his morale (44.1)
    await ok(table, "/game status")
    status = table.outputs[-1].text
    assert f"{new['name']}: treasury {new['treasury']}, morale {new['morale']}." in status, status
    assert f"dacia plays Dacia (Decebalus), Roxolani, {new['name']}." in status.splitlines(), status
    assert (await channel_game(table))[0] == seq  # looking changes nothing
