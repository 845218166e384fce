"""Imperium Romanum in Discord (cogs/imperium_romanum.py): seats for the powers, the typed
commands with autocomplete from the engine's legal commands, refusals with the rule's section
and no event, the shared Next step menus, ``/record`` and ``/stack`` showing only what the
caller may see (§3.2, §5.4, §5.5)."""

from __future__ import annotations

import io
import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import channel_game, ok
from imperium_helpers import IROpener, end_until

import cogs.common
from cogs.imperium_romanum import GROUP_NAMES
from bot.clock import FakeClock
from bot.local import LocalTable
from bot.transcript import OK, TranscriptRunner, parse_transcript, replay_file


async def started(ir_table: IROpener, *, hot_seat: bool = False) -> LocalTable:
    """Scenario 12 started: alice holds Rome (and Dacia too when ``hot_seat``), else bob Dacia
    (an opening played once a session: conftest.ir_table)."""
    return await ir_table(seats={"rome": "alice", "dacia": "alice"} if hot_seat else None)


async def test_the_scenario_lists_its_powers_as_seats_and_one_person_may_hold_both(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12")
    assert "Seats: rome, dacia" in table.outputs[-1].text
    await ok(table, "/game join seat:rome")
    await ok(table, "/game join seat:dacia")
    await ok(table, "/game status")
    assert "rome: <@alice>, dacia: <@alice>" in table.outputs[-1].text
    await ok(table, "/game start")
    seq, game = await channel_game(table)
    assert seq == 0 and game.to_move() == ["rome", "dacia"]  # taxation is simultaneous (4.0)


async def test_a_blocked_scenario_is_refused_with_its_section(table: LocalTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scenario that still needs a special rule is refused at /game start with that rule's
    section, and the game stays in the lobby (no scenario is blocked today: one is blocked here)."""
    from rules.core.i18n import _
    from rules.imperium_romanum import game as ir_game

    monkeypatch.setitem(ir_game.BLOCKERS, "s24", ("§28", _("the Roman civil war")))
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s24")
    await ok(table, "/game join seat:diocletian")
    await ok(table, "/game join seat:carinus")
    await table.run_slash("/game start")
    shown = table.outputs[-1]
    assert shown.refusal and "§28" in shown.text, shown.text
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.status == "lobby"


async def test_scenario_24_starts_now_that_its_special_rules_are_in(table: LocalTable) -> None:
    """Scenario 24 (§28, §29, §30, §32) is no longer blocked: /game start opens the game."""
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s24")
    await ok(table, "/game join seat:diocletian")
    await ok(table, "/game join seat:carinus")
    await ok(table, "/game start")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.status == "active"


async def test_build_autocompletes_legal_types_then_cities_for_that_type(ir_table: IROpener) -> None:
    table = await started(ir_table)
    _seq, game = await channel_game(table)
    legal = [c for c in game.legal_commands("rome") if c.name == "build"]
    command, _ = table.find_command(["imperium", "build"])
    types = await command._params["type"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert sorted(c.value for c in types) == sorted({str(c.args["type"]) for c in legal})
    assert any(c.name.startswith("Light infantry") for c in types)  # words, not ids
    cities = await command._params["city"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"type": "legion_20_10"}), "")
    assert sorted(c.value for c in cities) == sorted(
        str(c.args["city"]) for c in legal if c.args["type"] == "legion_20_10")


async def test_a_build_is_told_to_its_builder_and_summed_up_when_every_power_is_done(ir_table: IROpener) -> None:
    """4.0, 7.4: the orders of the simultaneous Taxation & Mobilization Phase reach only their
    seat; once every power has ended it, a public summary says how many units each raised where,
    never their types (3.2)."""
    table = await started(ir_table)
    seq, _game = await channel_game(table)
    start = len(table.outputs)
    await ok(table, "/imperium build type:light_infantry_4_12 city:aquincum")
    assert (await channel_game(table))[0] == seq + 1
    told = [o for o in table.outputs[start:] if "raises a Light infantry" in o.text]
    assert told and all(o.audience == "alice" for o in told)
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert not any("raise" in t for t in public), public
    await ok(table, "/end")
    table.user = "bob"
    await ok(table, "/end")
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Rome (Trajan) raised 1 unit this phase: Aquincum (7.4)." in t for t in public), public
    assert any("Dacia (Decebalus) raises no unit this phase (7.4)." in t for t in public), public
    assert not any("Light infantry" in t for t in public)


async def test_an_illegal_build_is_refused_with_its_section_and_no_event(ir_table: IROpener) -> None:
    table = await started(ir_table)
    seq, _game = await channel_game(table)
    await table.run_slash("/imperium build type:legion_24_10 city:aquincum")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§15.2" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_the_dacian_player_cannot_build_for_rome(ir_table: IROpener) -> None:
    table = await started(ir_table)
    seq, _game = await channel_game(table)
    table.user = "bob"
    await table.run_slash("/imperium build type:light_infantry_4_12 city:aquincum")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "bob" and "§7.4" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_a_hot_seat_player_builds_for_the_power_that_may(ir_table: IROpener) -> None:
    table = await started(ir_table, hot_seat=True)
    await ok(table, "/end")  # Rome ends first (the first of alice's seats to move)
    _seq, game = await channel_game(table)
    assert game.to_move() == ["dacia"]
    await ok(table, "/end")
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"
    await ok(table, "/imperium ally with:dacia")
    assert any("offers an alliance to dacia" in o.text for o in table.outputs[-6:]), table.outputs[-1].text


async def test_record_is_public_but_the_roster_only_for_its_owner(ir_table: IROpener) -> None:
    table = await started(ir_table)
    table.user = "bob"
    await ok(table, "/record power:rome")
    text = "\n".join(o.text for o in table.outputs[-6:] if o.audience == "bob")
    assert "treasury 61 talents, morale 100" in text and "tax base 21 talents" in text, text
    assert "23 in play" in text and "Legion 20-10 at" not in text
    from rules.imperium_romanum.record import power_record

    _seq, game = await channel_game(table)
    legions = power_record(game.state, "rome", "rome")["legions"]  # 5.7: names by counter (IR-ENG-129)
    first = legions["rome.legion_20_10.1"]
    assert not any(name in text for name in legions.values()), text  # only its owner sees the roster
    table.user = "alice"
    await ok(table, "/record power:rome")
    text = "\n".join(o.text for o in table.outputs[-30:] if o.audience == "alice")
    assert f"· {first} (Legion 20-10) at B4415" in text, text  # a named legion by its name
    assert "× Legion 20-10" not in text, text  # every Roman 20-10 of scenario 12 is named


async def test_stack_shows_an_enemy_stack_as_its_top_and_size_only(ir_table: IROpener) -> None:
    table = await started(ir_table)
    _seq, game = await channel_game(table)
    [top] = [s for s in game.public_view()["stacks"] if s["hex"] == "B4415" and s["side"] == "rome"]
    [whole] = [s for s in game.seat_view("rome")["stacks"] if s["hex"] == "B4415"]
    under = whole["units"][1]["name"]  # a named legion under the top one
    table.user = "bob"  # Dacia looks at Trajan's army
    await ok(table, "/stack hex:B4415")
    text = table.outputs[-1].text
    assert "Stacks in B4415" in text and "on top" in text and "pieces in all" in text, text
    assert f"{top['top_name']} (Legion 20-10) on top" in text, text  # printed on the top counter (IR-DIS-20)
    assert "Trajan" not in text and under not in text, text
    table.user = "alice"
    await ok(table, "/stack hex:b4415")
    text = table.outputs[-1].text
    assert "Trajan (3)" in text and f"{under} (Legion 20-10)" in text, text
    table.user = "zoe"  # a spectator
    await ok(table, "/stack hex:B4415")
    assert "Trajan" not in table.outputs[-1].text


async def test_map_draws_a_province_and_refuses_an_unknown_place(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await ok(table, "/imperium map where:dacia")
    assert table.outputs[-1].image is not None and table.outputs[-1].audience == "public"
    await ok(table, "/imperium map mine:true")
    assert table.outputs[-1].image is not None and table.outputs[-1].audience == "alice"
    await table.run_slash("/imperium map where:atlantis")
    assert table.outputs[-1].refusal and "atlantis" in table.outputs[-1].text


async def test_the_one_map_command_draws_this_games_map_in_its_channel(ir_table: IROpener) -> None:
    """Issue 18: ``/map`` is every game's; in an Imperium Romanum channel it draws this game's
    hexes, provinces and cities (the same drawer as ``/imperium map``) and completes its places."""
    table = await started(ir_table)
    await ok(table, "/map zone:dacia")
    shown = table.outputs[-1]
    assert shown.image is not None and shown.audience == "public" and "Map of game #1: dacia." in shown.text
    assert shown.image.name.endswith("imperium_romanum-map-dacia.png"), shown.image.name
    await ok(table, "/map view:B4821")
    assert table.outputs[-1].image is not None and "B4821" in table.outputs[-1].text
    await ok(table, "/map")
    assert "provinces by control" in table.outputs[-1].text
    await table.run_slash("/map zone:atlantis")
    assert table.outputs[-1].refusal and "atlantis" in table.outputs[-1].text
    command, _ = table.find_command(["map"])
    places = await command._params["zone"].autocomplete(table.interaction(), "aquin")  # type: ignore[attr-defined]
    assert [c.value for c in places] == ["aquincum"], places


async def test_next_step_menu_lists_the_legal_builds_and_acts(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await table.click("Next step")
    shown = table.outputs[-1]
    assert shown.audience == "alice" and shown.text.startswith("**rome**"), shown.text
    await table.select(["build"])
    seq, game = await channel_game(table)
    builds = [c for c in game.legal_commands("rome") if c.name == "build"]
    assert f"choices 1-25 of {len(builds)}" in table.outputs[-1].text
    first = table.outputs[-1].components[0].options[0]
    assert "Aquincum" in first[0]  # the city's name, not its id
    await table.select([first[0]])
    assert (await channel_game(table))[0] == seq + 1


async def test_imperium_verbs_are_refused_in_another_game(table: LocalTable) -> None:
    table.user = "alice"
    for line in ("/game new game:rome_iinc scenario:286 options:mode=solo", "/game join seat:east",
                 "/game join seat:west", "/game start"):
        await ok(table, line)
    await table.run_slash("/record power:rome")
    assert table.outputs[-1].refusal and "Imperium Romanum" in table.outputs[-1].text


async def ends_to_movement(table: LocalTable) -> None:
    """Taxation and diplomacy ended by both, Naval Operations by Rome's fleet (imperium_helpers)."""
    await end_until(table, "movement")


async def to_rome_movement(ir_table: IROpener) -> LocalTable:
    """Scenario 12 started, taxation and diplomacy ended by both: Rome's Land Movement (12.0)."""
    table = await ir_table(then=ends_to_movement)
    _seq, game = await channel_game(table)
    table.user = "alice"
    assert game.state.segment == "movement" and game.to_move() == ["rome"]
    return table


async def test_move_offers_groups_then_only_the_hexes_that_group_reaches(ir_table: IROpener) -> None:
    table = await to_rome_movement(ir_table)
    seq, game = await channel_game(table)
    command, _ = table.find_command(["move"])
    groups = await command._params["units"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    moves = [c for c in game.legal_commands("rome") if c.name == "move"]
    firsts = {str(c.args["units"][0]): c.args["units"] for c in moves}
    assert sorted(c.value for c in groups) == sorted(f"group:{f}" for f in firsts)
    assert all(len(c.value) <= 100 for c in groups)
    trajan = next(c for c in groups if "Trajan" in c.name)  # named by its leaders, in words
    pieces = firsts[trajan.value.removeprefix("group:")]
    assert len(",".join(pieces)) > 100  # why a group is offered by its first piece
    # IR-DIS-24: its legions by the name the views give (5.7), the rest counted, within 100
    named = {u["id"]: u["name"] for s in game.seat_view("rome")["stacks"] for u in s.get("units", []) if u.get("name")}
    legions = [named[p] for p in pieces if p in named]
    assert len(legions) == 4
    names = f"Hadrian, Trajan, {', '.join(legions[:3])}"  # as many names as fit GROUP_NAMES
    assert len(names) <= GROUP_NAMES < len(f"{names}, {legions[3]}")
    assert trajan.name == f"{names} and {len(pieces) - 5} more at B4415"
    assert all(len(c.name) <= 100 for c in groups)
    table.set_locale("fr")  # the Next step menu in the reader's language, labels within 100
    await table.click("Next step")
    await table.select(["move"])
    labels = [label for label, _value in table.outputs[-1].components[0].options]
    first = moves[0].args["units"]
    assert first[0] in named and labels[0].startswith(f"{named[first[0]]}, Infanterie légère 4-12 en "), labels
    assert all(len(label) <= 100 for label in labels), labels
    table.set_locale("en")
    reach = await command._params["to"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"units": trajan.value}), "")
    assert sorted(c.value for c in reach) == sorted(str(c.args["to"]) for c in moves if c.args["units"] == pieces)
    await ok(table, f"/move units:{trajan.value} to:{reach[0].value}")
    seq_after, game = await channel_game(table)
    assert seq_after == seq + 1
    for _window in range(8):  # IR-ENG-76: the group first declares its supply (13.2), maybe a shortfall
        pending = game.pending_decision()
        if pending is None or pending.kind not in ("supply", "shortfall"):
            break
        await table.click("Respond")
        await table.select([table.find_component("select", "").options[0][0]])
        _seq, game = await channel_game(table)
    # the group went (a baggage train's march roll may stop it short, 7.7, 12.1), and where it
    # went was told to Rome alone (3.2)
    assert game.state.leaders["trajan"]["hex"] != "B4415"
    told = [o for o in table.outputs[-8:] if "units reach" in o.text]
    assert told and all(o.audience == "alice" for o in told)


async def test_attack_outside_combat_is_refused_with_its_section(ir_table: IROpener) -> None:
    table = await to_rome_movement(ir_table)
    seq, _game = await channel_game(table)
    await table.run_slash("/attack zone:B4512")
    shown = table.outputs[-1]
    assert shown.refusal and "§14.1" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_game_log_and_undo_work_for_imperium_romanum(ir_table: IROpener) -> None:
    table = await started(ir_table)
    await ok(table, "/imperium build type:light_infantry_4_12 city:aquincum")
    seq, game = await channel_game(table)
    treasury = game.state.powers["rome"]["treasury"]
    await ok(table, "/game log")
    assert any(o.text.startswith("Log of game #1: 1 event") for o in table.outputs[-3:])
    await ok(table, "/game undo")
    table.user = "bob"
    await ok(table, "/game undo")  # the other seat consents
    seq_after, game = await channel_game(table)
    assert game.state.powers["rome"]["treasury"] == treasury + 1


@pytest.mark.parametrize("scenario", ["s12", "s01"])
def test_every_legal_command_reads_in_words_over_two_months(scenario: str) -> None:
    """The menus' labeller names every legal command of both playable scenarios (no id left
    bare for a move, a build, an attack), over two months of the heuristic player."""
    import random

    from cogs.imperium_romanum import command_label
    from rules.imperium_romanum.game import GAME
    from rules.imperium_romanum.players import heuristic_choice

    game = GAME.new(scenario, [], f"labels-{scenario}", {})
    rng = random.Random(3)
    labelled: dict[str, int] = {}
    for _step in range(400):
        if game.state.turn > 2 or game.result() is not None:
            break
        for seat in game.state.seats:
            for command in game.legal_commands(seat):
                label = str(command_label(game, command))
                assert label and len(label) > 3, command
                if command.name in ("move", "fortify"):
                    assert re.search(r"\b[a-z]+\.[a-z_0-9]+\.\d+\b", label) is None, label  # no piece ids
                labelled[command.name] = labelled.get(command.name, 0) + 1
        pick = heuristic_choice(game, rng)
        if pick is None:
            break
        game.apply(*pick)
    assert {"move", "end", "build"} <= set(labelled), labelled


async def test_sail_offers_fleet_groups_then_the_hexes_they_reach(ir_table: IROpener) -> None:
    """Scenario 2: in Rome's Naval Operations Segment (10.1) the fleets are offered as groups
    and ``to`` only where that group may sail (10.3); the sail is accepted."""
    table = await ir_table(scenario="s02", seats={"rome": "alice", "pirates": "alice"})
    for _end in range(40):
        _seq, game = await channel_game(table)
        if (game.state.segment == "naval" and game.to_move() == ["rome"]
                and any(c.name == "sail" for c in game.legal_commands("rome"))):
            break
        pending = game.pending_decision()
        if pending is not None and pending.kind != "segment":  # a window, e.g. the supply declaration (13.2)
            await table.click("Respond")
            await table.select([table.find_component("select", "").options[0][0]])
            continue
        await ok(table, "/end")
    assert game.state.segment == "naval" and game.to_move() == ["rome"]
    command, _ = table.find_command(["imperium", "sail"])
    fleets = await command._params["fleets"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    sails = [c for c in game.legal_commands("rome") if c.name == "sail"]
    assert sorted(c.value for c in fleets) == sorted({f"group:{c.args['fleets'][0]}" for c in sails})
    group = fleets[0].value
    pieces = next(c.args["fleets"] for c in sails if f"group:{c.args['fleets'][0]}" == group)
    reach = await command._params["to"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"fleets": group}), "")
    legal_to = [str(c.args["to"]) for c in sails if c.args["fleets"] == pieces]
    shown = [c.value for c in reach if c.value in legal_to]
    assert shown == legal_to[:len(shown)] and len(shown) == min(len(legal_to), 24)  # the guard caps at 25
    assert all(c.value in legal_to or c.value == "…" for c in reach)
    seq, _game = await channel_game(table)
    await ok(table, f"/imperium sail fleets:{group} to:{reach[0].value}")
    assert (await channel_game(table))[0] == seq + 1


# -- the simultaneous segments' deadline (4.0, IR-DIS-2) ---------------------------------------
async def timed_table(ir_table: IROpener) -> tuple[LocalTable, FakeClock]:
    """Scenario 12 at a table with a fake clock: ten minutes for orders, a reminder after five
    (the shared opening, played once on a fake clock from the same start)."""
    clock = FakeClock()
    table = await ir_table(options='"decision_seconds=600, reminder_seconds=300"', clock=clock)
    table.user = "alice"
    return table, clock


async def tick(table: LocalTable) -> None:
    await table.bot.get_cog("SchedulerCog").tick()  # type: ignore[union-attr]


async def test_a_simultaneous_segment_closes_at_its_deadline_after_a_reminder(
        ir_table: IROpener) -> None:
    """4.0: Taxation & Mobilization waits for both powers; Rome gives its orders and ends, Dacia
    says nothing: a reminder at five minutes, and at ten the segment closes for Dacia, the public
    summary of the raises follows, and the sequence goes on to Diplomacy."""
    table, clock = await timed_table(ir_table)
    seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.kind == "segment" and pending.default == "close"
    assert pending.id == "segment-1-taxation" and pending.section == "§4.0"
    await ok(table, "/imperium build type:light_infantry_4_12 city:aquincum")
    await ok(table, "/end")
    _seq, game = await channel_game(table)
    assert game.to_move() == ["dacia"] and game.state.segment == "taxation"
    start = len(table.outputs)
    clock.advance(timedelta(minutes=6))
    await tick(table)
    reminded = [o for o in table.outputs[start:] if "waiting for your move as dacia" in o.text]
    assert reminded and reminded[0].pings == ["bob"], [o.text for o in table.outputs[start:]]
    _seq, game = await channel_game(table)
    assert game.state.segment == "taxation"  # a reminder, not yet the deadline
    clock.advance(timedelta(minutes=5))
    await tick(table)
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy", game.state.segment
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Time is up for the Taxation & Mobilization segment: dacia give no more orders (4.0)." in t
               for t in public), public
    assert any("the default applies (end the segment for every power still giving orders)" in t for t in public), public
    assert not any("(close)" in t for t in public), public
    assert any("Rome (Trajan) raised 1 unit this phase: Aquincum (7.4)." in t for t in public), public
    pending = game.pending_decision()
    assert pending is not None and pending.id == "segment-1-diplomacy"


async def test_the_respond_button_of_a_segment_ends_only_its_own_part(
        ir_table: IROpener) -> None:
    """The deadline's Respond choice ``end`` ends the clicker's part as /end would; the other
    power keeps its orders open and its Next step menu (4.0)."""
    table, _clock = await timed_table(ir_table)
    await table.click("Respond")
    assert table.outputs[-1].audience == "alice" and "waits for your orders" in table.outputs[-1].text
    assert ("Default if you do not answer: end the segment for every power still giving orders."
            in table.outputs[-1].text), table.outputs[-1].text  # its words, never the option id `close`
    assert "close" not in table.outputs[-1].text
    await table.select(["My orders are given"])
    _seq, game = await channel_game(table)
    assert game.to_move() == ["dacia"] and game.state.segment == "taxation"
    pending = game.pending_decision()
    assert pending is not None and pending.seat == "dacia" and pending.id == "segment-1-taxation"
    table.user = "bob"
    await table.click("Next step")
    assert table.outputs[-1].audience == "bob" and "dacia" in table.outputs[-1].text, table.outputs[-1].text


async def test_a_forged_close_is_refused_and_changes_nothing(ir_table: IROpener) -> None:
    """``close`` is the deadline's default, never a choice on offer: a forged select value
    carrying it is refused privately and the segment stays open."""
    table, _clock = await timed_table(ir_table)
    seq, _game = await channel_game(table)
    await table.click("Respond")
    component = table.find_component("select", "")
    component.options.append(("close", "close"))
    await table.select(["close"])
    shown = table.outputs[-1]
    assert shown.refusal and "not on offer" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_diplomacy_offers_stay_between_the_two_parties_until_the_summary(ir_table: IROpener) -> None:
    """5.8, 4.3: an alliance offer and its answer are told to Rome and Dacia alone; when the
    Diplomacy Phase closes, one public line gives the month's agreements."""
    table = await started(ir_table, hot_seat=True)
    await ok(table, "/end")
    await ok(table, "/end")
    start = len(table.outputs)
    await ok(table, "/imperium ally with:dacia")
    _seq, game = await channel_game(table)
    offer = game.state.proposals[0][0]
    await ok(table, f"/imperium answer offer:{offer} choice:accept")
    told = [o for o in table.outputs[start:] if "offers an alliance to dacia" in o.text or "are allied this month" in o.text]
    assert told and all(o.audience == "alice" for o in told), [(o.audience, o.text) for o in told]
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert not any("alliance" in t or "allied" in t for t in public), public
    await ok(table, "/end")
    await ok(table, "/end")
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Diplomacy this month: rome and dacia are allied (5.8)." in t for t in public), public


async def to_diplomacy(table: LocalTable) -> None:
    """Both powers end Taxation & Mobilization (alice Rome, bob Dacia)."""
    table.user = "alice"
    await ok(table, "/end")
    table.user = "bob"
    await ok(table, "/end")
    _seq, game = await channel_game(table)
    assert game.state.segment == "diplomacy"


async def test_offers_wait_together_are_answered_one_by_one_and_the_deadline_is_never_restarted(
        ir_table: IROpener) -> None:
    """4.0, 4.3, IR-DIS-3: Rome offers an alliance and 5 talents; both offers wait at once and
    Dacia answers them in its own order through ``/imperium answer`` (autocompleted with the
    offers in words), each told to the two parties alone; the segment keeps the deadline it
    got when it began (ten minutes), however many offers and answers come meanwhile; at the
    deadline the open alliance offer lapses and one public line gives the month's agreement."""
    table, clock = await timed_table(ir_table)
    await to_diplomacy(table)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    deadline = await table.moderator.pending_deadline(row.id or 0, "segment-1-diplomacy")
    assert deadline is not None
    start = len(table.outputs)
    table.user = "alice"
    clock.advance(timedelta(minutes=3))
    await ok(table, "/imperium ally with:dacia")
    await ok(table, "/imperium gift to:dacia amount:5")
    _seq, game = await channel_game(table)
    alliance, gift = (p[0] for p in game.state.proposals)
    table.user = "bob"
    command, _ = table.find_command(["imperium", "answer"])
    offers = await command._params["offer"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert [(c.value, c.name) for c in offers] == [
        (alliance, "rome's offer of an alliance for this month (5.8)"), (gift, "rome's offer of 5 talents (6.0)")]
    clock.advance(timedelta(minutes=3))
    treasuries = {p: game.state.powers[p]["treasury"] for p in ("rome", "dacia")}
    await ok(table, f"/imperium answer offer:{gift} choice:accept")
    _seq, game = await channel_game(table)
    assert (game.state.powers["rome"]["treasury"], game.state.powers["dacia"]["treasury"]) == (
        treasuries["rome"] - 5, treasuries["dacia"] + 5)
    pending = game.pending_decision()
    assert pending is not None and pending.id == "segment-1-diplomacy"
    assert await table.moderator.pending_deadline(row.id or 0, pending.id) == deadline  # not restarted
    told = [o for o in table.outputs[start:] if "offers" in o.text or "gives 5 talents" in o.text]
    assert {o.audience for o in told} == {"alice", "bob"}, [(o.audience, o.text) for o in told]
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert not any("offer" in t or "talents to" in t or "allian" in t for t in public), public
    clock.advance(timedelta(minutes=5))  # eleven minutes since the segment began
    await tick(table)
    _seq, game = await channel_game(table)
    assert game.state.segment != "diplomacy" and game.state.alliances == [] and game.state.proposals == []
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Time is up for the Diplomacy segment: rome, dacia give no more orders (4.0)." in t
               for t in public), public
    assert any("Diplomacy this month: rome gave 5 talents to dacia (6.0)." in t for t in public), public
    assert not any("lapses" in t for t in public), public


async def test_a_forged_offer_is_refused_privately_and_changes_nothing(
        ir_table: IROpener) -> None:
    """A typed offer id that waits for nobody, or an offer answered by its own maker, is refused
    to its author alone with the rule's section; no event."""
    table, _clock = await timed_table(ir_table)
    await to_diplomacy(table)
    table.user = "alice"
    await ok(table, "/imperium ally with:dacia")
    seq, game = await channel_game(table)
    offer = game.state.proposals[0][0]
    for user, line in (("bob", "/imperium answer offer:alliance-999 choice:accept"),
                       ("alice", f"/imperium answer offer:{offer} choice:accept"),
                       ("bob", f"/imperium answer offer:{offer} choice:maybe")):
        table.user = user
        await table.run_slash(line)
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == user and "§4.3" in shown.text, (line, shown.text)
    assert (await channel_game(table))[0] == seq


async def test_game_log_of_a_finished_game_replays_to_the_same_position(tmp_path: Path) -> None:
    """The same guarantee as the other games: once the game is over, the log's export
    (``/chronicle``, as The Barracks Emperors') gives a transcript that ``praetor replay`` plays
    to the same position, here with a build, a
    segment closed by its deadline (the scheduler's default, replayed by waiting, IR-DIS-2), an
    alliance offer answered with ``/imperium answer`` and a segment ended through Respond."""
    runner = TranscriptRunner(tmp_path / "g.db", 5, tmp_path / "images", io.StringIO())
    await runner.open()
    table = runner.table
    assert table is not None

    async def do(*lines: str) -> None:
        for step in parse_transcript("\n".join(lines)):
            await runner.run_step(step)

    await do("as alice", '/game new game:imperium_romanum scenario:s12 options:"decision_seconds=600"',
             "/game join seat:rome", "as bob", "/game join seat:dacia", "as alice", "/game start",
             "/imperium build type:light_infantry_4_12 city:aquincum", "/end", "wait 11m",
             "> Time is up for the Taxation & Mobilization segment",
             "/imperium ally with:dacia")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    offer = (await table.moderator.load(row)).state.proposals[0][0]
    await do("as bob", f"/imperium answer offer:{offer} choice:accept", "/end",
             "as alice", "click Respond", "select My orders are given")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.seq is not None
    game = await table.moderator.load(row)
    assert game.state.segment == "naval" and ["dacia", "rome"] in game.state.alliances
    seq, public = row.seq, json.loads(json.dumps(game.public_view(), default=str))
    await do("as bob", "/game concede", "click Concede", "as alice", "/chronicle")
    exported = [o.image for o in table.outputs if o.image and o.image.name.endswith("replay.txt")]
    assert exported and exported[-1] is not None
    script = exported[-1].read_text()
    assert "/imperium build type:light_infantry_4_12 city:aquincum" in script and "wait 660s" in script
    assert "/imperium propose_alliance" not in script and "/imperium ally with:dacia" in script
    (tmp_path / "replay.txt").write_text(script)
    await runner.close()
    shown = io.StringIO()
    assert await replay_file(tmp_path / "replay.txt", as_json=True, out=shown) == OK, shown.getvalue()[-2000:]
    text = shown.getvalue()
    final = json.loads(text[text.rindex("\n{") + 1:])
    assert final["seq"] == seq and final["public"] == public


async def test_a_spectator_follows_sees_what_is_public_and_cannot_act(ir_table: IROpener) -> None:
    """Spectators, as in the other games: zoe (no seat) follows the game, is refused any move
    (only a seat acts) and her own view (nothing secret to show), and sees an enemy-of-all
    stack by its top unit and size only (3.2)."""
    table = await started(ir_table)
    seq, _game = await channel_game(table)
    table.user = "zoe"
    await ok(table, "/game follow")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and [f.user_id for f in await table.moderator.followers(row.id or 0)] == ["zoe"]
    for line in ("/end", "/imperium build type:light_infantry_4_12 city:aquincum"):
        await table.run_slash(line)
        shown = table.outputs[-1]
        assert shown.refusal and shown.audience == "zoe" and "no seat" in shown.text, (line, shown.text)
    await table.run_slash("/imperium map mine:true")
    assert table.outputs[-1].refusal and "nothing secret" in table.outputs[-1].text
    await ok(table, "/stack hex:B4415")
    assert "on top" in table.outputs[-1].text and "Legion 20-10," not in table.outputs[-1].text
    assert (await channel_game(table))[0] == seq  # nothing changed


async def test_undo_stops_at_the_last_roll(ir_table: IROpener) -> None:
    """Undo as in the other games: a command that rolled dice (here the last /end of the
    Diplomacy Phase, after which the naval order is rolled, 10.1) cannot be taken back; the
    game is unchanged."""
    table = await started(ir_table, hot_seat=True)
    for _end in range(4):  # Taxation & Mobilization, then Diplomacy, for Rome and Dacia
        await ok(table, "/end")
    seq, game = await channel_game(table)
    assert game.state.segment == "naval"
    events = await table.moderator.events(1)
    assert events[-1].outcome and events[-1].outcome.get("commit_point") is True
    await table.run_slash("/game undo")
    shown = table.outputs[-1]
    assert shown.refusal and "undo stops at the last roll or draw" in shown.text, shown.text
    assert (await channel_game(table))[0] == seq


async def test_status_suggests_the_orders_while_a_segment_waits_under_its_deadline(ir_table: IROpener) -> None:
    """The segment's deadline is a pending decision of the first power still giving orders, but
    its orders stay open: ``/game status`` suggests its builds and /end, not only /respond."""
    table = await started(ir_table)
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.seat == "rome" and pending.kind == "segment"
    await ok(table, "/game status")
    text = "\n".join(o.text for o in table.outputs[-3:] if o.audience == "alice")
    assert "/imperium build type:" in text and "/end" in text, text
    assert "/respond" not in text, text


async def test_help_covers_the_game_by_segment_with_windows_and_standing_orders_in_both_languages(
        table: LocalTable) -> None:
    """``/help game:imperium_romanum``, like the other games': the commands segment by segment,
    the response windows and deadlines, the standing orders, only to the asker; in French for
    a French reader."""
    table.user = "alice"
    await ok(table, "/help game:imperium_romanum")
    text = "\n".join(o.text for o in table.outputs if o.audience == "alice")
    for title in ("Start a game", "Taxation & Mobilization, every power at once", "Diplomacy, every power at once",
                  "Naval operations, one power after the other", "Your player turn: land movement",
                  "Your player turn: land combat", "When asked: response windows and deadlines",
                  "Standing orders: a window answered for you"):
        assert f"**Imperium Romanum: {title}" in text, title
    for example in ("/game new game:imperium_romanum scenario:s12", "/imperium answer offer:alliance-3 choice:accept",
                    "/imperium standing order:intercept value:never",
                    "/respond", "/imperium build type:light_infantry_4_12 city:aquincum", "/record power:rome"):
        assert f"`{example}`" in text, example
    assert "Imperator" not in text and not any(o.audience == "public" for o in table.outputs)
    table.user = "bob"
    table.set_locale("fr")
    await ok(table, "/help game:imperium_romanum")
    french = "\n".join(o.text for o in table.outputs if o.audience == "bob")
    assert "Diplomatie, toutes les puissances à la fois" in french, french[:500]
    assert "Ordres permanents : une fenêtre à laquelle on répond pour vous" in french
    assert "**Imperium Romanum: Lancer une partie**" in french and "places rome et dacia (les autres : s01, s02, s24)" in french
    assert "Standing orders" not in french and "every power at once" not in french


async def test_a_raise_reaches_no_public_post_or_picture_before_the_summary(
        ir_table: IROpener, monkeypatch: pytest.MonkeyPatch) -> None:
    """4.0, 3.2, IR-ENG-60: Rome raises a unit at Aquincum in the simultaneous Taxation &
    Mobilization Phase. Until the phase closes no public line, no picture drawn for anyone
    (the theatre after each command, /map), no ``/stack`` and no ``/record`` of another player
    shows it: Aquincum's stack keeps its two pieces. The summary then tells how many units
    Rome raised where, and from then on the pictures show the stack of three."""
    drawn: list[dict[str, Any]] = []
    real = cogs.common.renderer_for

    def spying(kind: str) -> Any:
        renderer = real(kind)
        if renderer is None:
            return None

        def draw(view: dict[str, Any], name: str) -> bytes:
            drawn.append(view)
            return renderer(view, name)
        return draw

    monkeypatch.setattr(cogs.common, "renderer_for", spying)

    def aquincum_sizes() -> list[int]:
        return [int(s["size"]) for view in drawn for s in view["stacks"] if s["hex"] == "B4012"]

    table = await started(ir_table)
    table.user = "bob"
    await ok(table, "/record power:rome")
    before = table.outputs[-1].text
    assert "Units: 23 in play" in before, before
    start, drawn[:] = len(table.outputs), []
    table.user = "alice"
    await ok(table, "/imperium build type:light_infantry_4_12 city:aquincum")
    await ok(table, "/end")
    table.user = "zoe"
    await ok(table, "/map")
    table.user = "bob"
    await ok(table, "/stack hex:B4012")
    assert "2 pieces in all" in table.outputs[-1].text, table.outputs[-1].text
    await ok(table, "/record power:rome")
    assert "Units: 23 in play" in table.outputs[-1].text, table.outputs[-1].text
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert drawn and set(aquincum_sizes()) == {2}, aquincum_sizes()
    assert not any("raise" in t or "Light infantry" in t for t in public), public
    drawn[:] = []
    await ok(table, "/end")  # Dacia ends: the phase closes, the summary is public
    public = [o.text for o in table.outputs[start:] if o.audience == "public"]
    assert any("Rome (Trajan) raised 1 unit this phase: Aquincum (7.4)." in t for t in public), public
    await ok(table, "/map")
    assert drawn and set(aquincum_sizes()) == {3}, aquincum_sizes()
    await ok(table, "/record power:rome")
    assert "Units: 24 in play" in table.outputs[-1].text, table.outputs[-1].text


async def test_ally_offers_only_the_powers_one_may_still_ally_with(
        ir_table: IROpener) -> None:
    """5.8, IR-DIS-3: ``/imperium ally with:`` autocompletes from the engine's legal offers: in
    Diplomacy, Dacia for Rome; once Rome's offer waits, or once Dacia has ended its part,
    nobody (an offer would be refused, §5.8)."""
    table, _clock = await timed_table(ir_table)
    command, _ = table.find_command(["imperium", "ally"])

    async def offered(user: str) -> list[str]:
        table.user = user
        found = await command._params["power"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
        return [c.value for c in found]

    assert await offered("alice") == []  # Taxation & Mobilization: no diplomacy yet
    await to_diplomacy(table)
    assert await offered("alice") == ["dacia"] and await offered("bob") == ["rome"]
    table.user = "alice"
    await ok(table, "/imperium ally with:dacia")
    assert await offered("alice") == [] and await offered("bob") == []  # one offer per pair waits
    await table.run_slash("/imperium ally with:dacia")
    assert table.outputs[-1].refusal and "§5.8" in table.outputs[-1].text, table.outputs[-1].text
