"""Optional rule 39 (random events) in Discord: the options at ``/game new`` and event A's window
(39.2 A, military intelligence). The window goes through the neutral Respond button to the
drawing power alone, with its default in words; the stack examined is told and shown whole to
that power alone (its ``/stack``, its own map), never in a public post or the public view."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, ok, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable


async def started(ir_table: IROpener, options: str = "") -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia; ``options`` as `` options:...`` typed
    after the scenario (a shared opening)."""
    return await ir_table(options=options.strip().removeprefix("options:"))


async def test_random_events_and_plague_are_offered_and_shown_at_game_new(table: LocalTable) -> None:
    command, _ = table.find_command(["game", "new"])
    found = await command._params["options"].autocomplete(  # type: ignore[attr-defined]
        command.binding, table.interaction(namespace={"game": "imperium_romanum"}), "pla")  # type: ignore[attr-defined]
    assert [(c.value, c.name) for c in found] == [
        ("plague=no", "plague=no — Optional rule: plague (45.0)"), ("plague=yes", "plague=yes — Optional rule: plague (45.0)")]
    table.user = "alice"
    await ok(table, '/game new game:imperium_romanum scenario:s12 options:"random_events=yes, plague=yes"')
    shown = table.outputs[-1].text
    assert "Optional rule: random events (39.0): random_events=yes" in shown, shown
    assert "Optional rule: plague (45.0): plague=yes" in shown, shown
    await ok(table, "/game join seat:rome")
    await ok(table, "/game join seat:dacia")
    await ok(table, "/game start")  # the Random Events segment of March plays (39.1)
    _seq, game = await channel_game(table)
    assert game.state.options["random_events"] == "yes" and game.state.turn == 1
    await ok(table, "/game status")
    assert "random_events=yes" in table.outputs[-1].text and "plague=yes" in table.outputs[-1].text


async def test_event_a_is_answered_through_respond_and_seen_by_its_power_alone(ir_table: IROpener) -> None:
    table = await started(ir_table)

    def intelligence(st: Any) -> None:
        from rules.imperium_romanum import random_events

        random_events.military_intelligence(st, "rome", [])

    await reposition(table, intelligence)
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.kind == "intel" and pending.seat == "rome" and pending.section == "§39.2"
    examined = pending.default
    start = len(table.outputs)
    table.user = "alice"
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "alice" and "which stack do you examine" in asked.text, asked.text
    default_label = next(str(c.label) for c in pending.choices if c.value == examined)
    assert f"Default if you do not answer: {default_label}." in asked.text, asked.text
    await table.select([default_label])
    _seq, game = await channel_game(table)
    after = game.pending_decision()
    assert after is not None and after.kind == "segment"  # back to Taxation & Mobilization's deadline
    told = [o for o in table.outputs[start:] if f"the stack at {examined} holds" in o.text]
    assert told and {o.audience for o in told} == {"alice"}, [(o.audience, o.text) for o in told]
    assert "units" not in next(s for s in game.public_view()["stacks"] if s["hex"] == examined)
    assert "units" in next(s for s in game.seat_view("rome")["stacks"] if s["hex"] == examined)
    await ok(table, f"/stack hex:{examined}")
    assert "on top" not in table.outputs[-1].text, table.outputs[-1].text
    table.user = "zoe"  # a spectator sees the top unit and the size only (3.2)
    await ok(table, f"/stack hex:{examined}")
    assert "on top" in table.outputs[-1].text, table.outputs[-1].text
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert not any("holds" in t for t in public), public


async def test_event_x_window_shows_its_default_in_words_and_takes_the_choice(ir_table: IROpener) -> None:
    """39.2 X (increased mobilization): Rome's window asks which area raises one more of each
    type this year; Respond shows alice alone the choices and the default in words (IR-ENG-85:
    the first area of the form); her choice is the area marked."""
    table = await started(ir_table)

    def increased(st: Any) -> None:
        from rules.imperium_romanum import random_events

        random_events.increased_mobilization(st, "rome", [])

    await reposition(table, increased)
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.kind == "extra_area" and pending.seat == "rome"
    assert pending.section == "§39.2" and len(pending.choices) == 2
    labels = {c.value: str(c.label) for c in pending.choices}
    table.user = "alice"
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "alice" and f"Default if you do not answer: {labels[pending.default]}." in asked.text, asked.text
    other = next(v for v in labels if v != pending.default)
    await table.select([labels[other]])
    _seq, game = await channel_game(table)
    assert [m["area"] for m in game.state.events if m["code"] == "Xarea" and m["power"] == "rome"] == [other]
