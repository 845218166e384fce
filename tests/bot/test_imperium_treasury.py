"""What the others see of a treasury while a simultaneous segment's orders are secret (IR-DIS-5):
the treasury is public (5.4), but a raise in Taxation & Mobilization (7.4) and a gift in
Diplomacy (6.0) stay secret until the segment's summary (4.0, IR-ENG-60, IR-DIS-3). Until then
every surface (the public view, ``/game status``, ``/record`` of another player or a
spectator) shows each power's treasury as it stood when the segment opened; its own seat sees
the real figure at once, and the summary shows everyone what was spent."""

from __future__ import annotations

import re

from conftest import channel_game, ok
from imperium_helpers import IROpener

from bot.local import LocalTable

ROME_STATUS = re.compile(r"Rome \(Trajan\): treasury (\d+),")
RECORD = re.compile(r"\*\*(?P<name>[^*]+)\*\* \([^)]*\): treasury (?P<treasury>\d+) talents")
HELD_NOTE = "(The treasury as it stood when this segment opened"


async def started(ir_table: IROpener) -> LocalTable:
    """Scenario 12: alice holds Rome, bob Dacia; zoe watches (a shared opening)."""
    return await ir_table()


async def record_of(table: LocalTable, user: str, power: str) -> tuple[int, str]:
    """The treasury ``/record power:`` shows ``user``, and the whole answer."""
    table.user = user
    await ok(table, f"/record power:{power}")
    shown = table.outputs[-1]
    assert shown.audience == user, shown
    found = RECORD.search(shown.text)
    assert found, shown.text
    return int(found["treasury"]), shown.text


async def test_a_raise_shows_in_no_other_treasury_before_the_summary(ir_table: IROpener) -> None:
    """Rome raises a unit: bob's and zoe's ``/record``, the public view and ``/game status``
    keep Rome's treasury as the phase opened (with a note that says so, whether or not Rome
    spent); alice sees the drop at once; once both powers end, everyone sees it."""
    table = await started(ir_table)
    _seq, game = await channel_game(table)
    opened = game.state.powers["rome"]["treasury"]
    bob_before, text = await record_of(table, "bob", "rome")
    assert bob_before == opened and HELD_NOTE in text, text  # the note is there before any spending
    start = len(table.outputs)
    table.user = "alice"
    await ok(table, "/imperium build type:light_infantry_4_12 city:aquincum")
    _seq, game = await channel_game(table)
    spent = opened - game.state.powers["rome"]["treasury"]
    assert spent > 0
    own, text = await record_of(table, "alice", "rome")
    assert own == opened - spent and HELD_NOTE not in text, text
    for user in ("bob", "zoe"):
        seen, text = await record_of(table, user, "rome")
        assert seen == opened and HELD_NOTE in text, (user, text)
    assert game.public_view()["powers"]["rome"]["treasury"] == opened
    assert game.seat_view("dacia")["powers"]["rome"]["treasury"] == opened
    assert game.seat_view("rome")["powers"]["rome"]["treasury"] == opened - spent
    table.user = "zoe"
    await ok(table, "/game status")
    assert ROME_STATUS.findall(table.outputs[-1].text) == [str(opened)], table.outputs[-1].text
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert not any(re.search(rf"treasury {opened - spent}\b", t) for t in public), public
    table.user = "alice"
    await ok(table, "/end")
    table.user = "bob"
    await ok(table, "/end")  # the phase closes: the summary
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Rome (Trajan) raised 1 unit this phase: Aquincum (7.4)." in t for t in public), public
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    now = game.state.powers["rome"]["treasury"]
    assert now == opened - spent  # Diplomacy opened on the treasury after the raise
    for user in ("bob", "zoe", "alice"):
        seen, _text = await record_of(table, user, "rome")
        assert seen == opened - spent, user
    await ok(table, "/game status")
    assert ROME_STATUS.findall(table.outputs[-1].text) == [str(opened - spent)], table.outputs[-1].text


async def test_a_gift_moves_no_treasury_the_public_sees_before_the_diplomacy_summary(ir_table: IROpener) -> None:
    """6.0, IR-DIS-3: an accepted gift is told to the two parties alone; zoe's ``/record`` keeps
    both treasuries as Diplomacy opened until the phase's summary, which names the gift; the
    receiver sees its own treasury grow at once."""
    table = await started(ir_table)
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    opened = {p: game.state.powers[p]["treasury"] for p in ("rome", "dacia")}
    table.user = "alice"
    await ok(table, "/imperium gift to:dacia amount:5")
    _seq, game = await channel_game(table)
    offer = game.state.proposals[0][0]
    table.user = "bob"
    await ok(table, f"/imperium answer offer:{offer} choice:accept")
    _seq, game = await channel_game(table)
    assert game.state.powers["dacia"]["treasury"] == opened["dacia"] + 5
    assert (await record_of(table, "bob", "dacia"))[0] == opened["dacia"] + 5
    assert (await record_of(table, "bob", "rome"))[0] == opened["rome"]  # Rome's own figure is Rome's
    for power in ("rome", "dacia"):
        assert (await record_of(table, "zoe", power))[0] == opened[power], power
    for user in ("alice", "bob"):
        table.user = user
        await ok(table, "/end")
    public = [o.text for o in table.outputs if o.audience == "public"]
    assert any("Diplomacy this month: rome gave 5 talents to dacia (6.0)." in t for t in public), public
    assert (await record_of(table, "zoe", "rome"))[0] == opened["rome"] - 5
    assert (await record_of(table, "zoe", "dacia"))[0] == opened["dacia"] + 5
