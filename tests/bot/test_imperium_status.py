"""``/game status`` of an Imperium Romanum game in play answers what a ``/game info`` would
(issue 18): the scenario, the month and segment, every major power with its treasury and
morale, which seat plays which powers, the optional rules chosen with their sections, and whose
turn it is, in the reader's language. There is no separate ``/game info`` (one surface)."""

from __future__ import annotations

from conftest import channel_game, ok
from imperium_helpers import IROpener

from bot.local import LocalTable


async def started(ir_table: IROpener) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia, plague chosen (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table(options="plague=yes")


async def test_status_names_scenario_month_seats_options_and_turn(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await ok(table, "/game status")
    lines = table.outputs[-1].text.splitlines()
    assert lines[0] == "Game #1: imperium_romanum (s12), move 0.", lines
    assert lines[1].startswith("March AD 101") and lines[1].endswith("segment."), lines
    assert "rome plays Rome (Trajan)." in lines and "To move: rome, dacia." in lines, lines
    dacia = next(line for line in lines if line.startswith("dacia plays "))
    assert dacia == "dacia plays Dacia (Decebalus), Roxolani.", dacia  # with the client it runs (5.2)
    assert "Options: Optional rule: plague (45.0): plague=yes." in lines, lines
    # Taxation & Mobilization is simultaneous: the status names every power still giving orders
    # (the engine's segment deadline waits on all of them, PendingDecision.seats), then only
    # those not yet done; never "Waiting for rome to respond" while dacia also gives orders
    waiting = [line for line in lines if line.startswith("Waiting for")]
    assert [w.split(" (default")[0] for w in waiting] == ["Waiting for the orders of rome <@alice>, dacia <@bob>"], lines
    await ok(table, "/end")
    await ok(table, "/game status")
    lines = table.outputs[-1].text.splitlines()
    waiting = [line.split(" (default")[0] for line in lines if line.startswith("Waiting for")]
    assert waiting == ["Waiting for the orders of dacia <@bob>"], lines
    assert "To move: dacia." in lines, lines


async def test_status_in_french(ir_table: IROpener) -> None:
    table = await ir_table(options="plague=yes", locale="fr")  # the same opening, read in French
    await ok(table, "/game status")
    text = table.outputs[-1].text
    assert "rome joue Rome (Trajan)." in text and "plays" not in text, text
    assert "Mars" in text and "(45.0)" in text, text
    assert "En attente des ordres de rome <@alice>, dacia <@bob> (défaut" in text, text


async def test_every_seat_a_simultaneous_segment_waits_on_answers_its_deadline(ir_table: IROpener) -> None:
    """4.0: the segment's deadline waits on every power still giving orders, so the public call
    names them all and each may answer it through Respond for itself (not only the first seat)."""
    table = await started(ir_table)
    public = "\n".join(o.text for o in table.outputs if o.audience == "public")
    assert "<@alice>, <@bob>, you may respond" in public, public[-1500:]
    table.user = "carol"  # no seat: refused privately
    await table.click("Respond")
    assert table.outputs[-1].audience == "carol" and table.outputs[-1].refusal, table.outputs[-1].text
    table.user = "bob"  # the second seat
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "bob" and "waits for your orders" in asked.text, asked.text
    await table.select(["My orders are given"])
    _seq, game = await channel_game(table)
    assert (list(game.state.ended), game.pending_decision().waiting_on()) == (["dacia"], ("rome",))
