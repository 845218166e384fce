"""Optional rule 45 (plague) at the local table: a province that qualified rolls two dice when
the Diplomacy Phase closes (45.1); on a 2 the plague strikes it at once (45.2): the public
line names the province, each stack there loses a third of its legion equivalents, the
province is in plague in the views. Nothing a stack holds is named in a public post (3.2)."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, next_d6, ok, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable

USERS = {"rome": "alice", "dacia": "bob"}


async def started(ir_table: IROpener, options: str) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia, with ``options`` (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table(options=options)


async def end_segment(table: LocalTable) -> None:
    """Every seat ends its part of the simultaneous segment."""
    _seq, game = await channel_game(table)
    for seat in list(game.to_move()):
        table.user = USERS[seat]
        await ok(table, "/end")


def biggest_roman_stack(st: Any) -> str:
    from rules.imperium_romanum import board as B

    hexes = sorted({r["hex"] for r in st.units.values() if r["power"] == "rome" and not B.is_fleet(r)})
    return max(hexes, key=lambda h: (sum(B.le_halves(st.units[u]) for u in B.units_at(st, h)), h))


async def test_plague_strikes_a_watched_province_when_diplomacy_closes(ir_table: IROpener) -> None:
    from rules.imperium_romanum.world import data

    table = await started(ir_table, "plague=yes")
    await end_segment(table)  # Taxation & Mobilization
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    where = biggest_roman_stack(game.state)
    province = data().hexes[where].province
    from rules.imperium_romanum.plague import stacks_in

    before = sorted(u for pieces in stacks_in(game.state, province).values() for u in pieces)

    def watched(st: Any) -> None:
        st.plague_watch = [province]  # as if a city of it had been plundered (45.0)
        next_d6(st.dice, 1, 1)  # 45.1: two dice showing 2

    await reposition(table, watched)
    start = len(table.outputs)
    await end_segment(table)  # Diplomacy closes: 45.1's roll
    _seq, game = await channel_game(table)
    st = game.state
    assert st.plague == {province: st.turn}
    after = sorted(u for u in before if u in st.units)
    assert after and len(after) < len(before), (before, after)  # a third of the LE, rounded down (45.2)
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert f"Plague in {data().provinces[province].name} (45.1)." in public, public
    assert public.count("eliminated (plague (§45.2))") == len(before) - len(after), public
    assert game.public_view()["plague"] == [province] and game.seat_view("dacia")["plague"] == [province]
    assert not any(u in public for u in before), public  # pieces by type, never by id
