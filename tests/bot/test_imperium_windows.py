"""Two response windows of the optional rules at the local table, through the neutral Respond
button: event L's natural disaster (39.2 L, IR-ENG-85) and the city-centric plunder window
(41.3, IR-ENG-95: city by city only). Each goes to its seat alone with the choices and the
default in words; the public learns only the outcome, never the choices offered."""

from __future__ import annotations

from typing import Any

from conftest import channel_game, next_d6, reposition
from imperium_helpers import IROpener

from bot.local import LocalTable


async def started(ir_table: IROpener, options: str) -> LocalTable:
    """Scenario 12 started, alice Rome and bob Dacia, with ``options`` (an opening played once a session:
    conftest.ir_table)."""
    return await ir_table(options=options)


async def test_event_l_window_goes_to_its_seat_and_destroys_the_city_chosen(ir_table: IROpener) -> None:
    from rules.imperium_romanum.world import data

    table = await started(ir_table, "random_events=yes")

    def disaster(st: Any) -> None:
        from rules.imperium_romanum import random_events

        next_d6(st.dice, 6)  # 39.2 L: a 6 destroys a city
        random_events.natural_disaster(st, "rome", [])

    await reposition(table, disaster)
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.kind == "disaster" and pending.seat == "rome" and pending.section == "§39.2"
    labels = {c.value: str(c.label) for c in pending.choices}
    assert pending.default in labels and len(labels) > 1
    start = len(table.outputs)
    table.user = "bob"  # not his window: Respond refuses him privately
    await table.click("Respond")
    assert table.outputs[-1].audience == "bob" and table.outputs[-1].refusal, table.outputs[-1].text
    table.user = "alice"
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "alice" and "which city is destroyed" in asked.text, asked.text
    assert f"Default if you do not answer: {labels[pending.default]}." in asked.text, asked.text
    chosen = next(v for v in labels if v != pending.default)
    await table.select([labels[chosen]])
    _seq, game = await channel_game(table)
    assert chosen in game.state.destroyed and chosen not in game.state.city_owner
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert f"{data().cities[chosen].name} is destroyed by an earthquake (39.2 L)." in public, public
    assert "which city is destroyed" not in public and labels[pending.default] not in public, public


def city_centric_window(st: Any) -> None:
    """Rome's plunder window under 41.3 (IR-ENG-95), opened as its player turn would."""
    from rules.imperium_romanum import plunder

    plunder.offer(st, "rome")


async def test_city_centric_plunder_window_offers_cities_only_and_plunders_the_one_chosen(ir_table: IROpener) -> None:
    from rules.imperium_romanum import city_centric
    from rules.imperium_romanum.world import data, world

    table = await started(ir_table, "city_centric=yes")
    _seq, game = await channel_game(table)
    offered = city_centric.plunder_options(game.state, "rome")
    assert offered  # Roman cities with a heavy unit in them at the start of scenario 12
    await reposition(table, city_centric_window)
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None and pending.kind == "plunder" and pending.seat == "rome" and pending.default == "none"
    values = [c.value for c in pending.choices]
    assert values[0] == "none" and all(v.split(":")[1] == "city" for v in values[1:]), values  # 41.3: no whole province
    assert sorted({tuple(v.split(":")[2:]) for v in values[1:]}) == sorted(offered)
    labels = {c.value: str(c.label) for c in pending.choices}
    city, power = offered[0]
    treasury = game.state.powers[power]["treasury"]
    start = len(table.outputs)
    table.user = "alice"
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == "alice" and "Default if you do not answer: Do not plunder." in asked.text, asked.text
    await table.select([labels[f"talents:city:{city}:{power}"]])
    _seq, game = await channel_game(table)
    gained = 3 * world("s12").city_value[city].tax  # 24.1: three times the city's tax value
    assert game.state.plundered_cities.get(city) == 2 and game.state.powers[power]["treasury"] == treasury + gained
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert f"plunders {data().cities[city].name} for {gained} talents (24.1)." in public, public
    assert "You may plunder" not in public, public
    again = game.pending_decision()  # the window opens again for the cities left (IR-ENG-74)
    assert len(offered) > 1 and again is not None and again.kind == "plunder"
    assert sorted(c.value for c in again.choices) == sorted(v for v in values if v != f"talents:city:{city}:{power}"
                                                          and not v.startswith(f"sp:city:{city}:"))


def battle_at_b4410(st: Any) -> None:
    """Rome's player turn, Land Combat: two legions and a light infantry beside Dacia's force at
    B4410 (a heavy and two light infantry), Dacia standing to fight (no battle window, 14.1)."""
    for uid in ("rome.legion_20_10.1", "rome.legion_20_10.2", "rome.light_infantry_4_12.1"):
        st.units[uid]["hex"] = "B4410"
    st.segment, st.active, st.ended, st.pending = "combat", st.seats.index("rome"), [], {}
    st.standing["dacia"]["combat"] = "always_fight"


def natural_6(st: Any) -> None:
    next_d6(st.dice, 6)  # the battle's roll: 1/4D/E on its column, Rome must still lose SP (14.5)


async def respond(table: LocalTable, user: str, other: str) -> tuple[Any, str]:
    """The pending decision, refused through Respond to ``other`` and shown to ``user`` alone."""
    _seq, game = await channel_game(table)
    pending = game.pending_decision()
    assert pending is not None
    ping = next(o for o in reversed(table.outputs) if o.audience == "public" and "you may respond" in o.text)
    assert ping.pings == [user], (ping.pings, ping.text)
    table.user = other
    await table.click("Respond")
    assert table.outputs[-1].audience == other and table.outputs[-1].refusal, table.outputs[-1].text
    table.user = user
    await table.click("Respond")
    asked = table.outputs[-1]
    assert asked.audience == user and not asked.refusal, asked.text
    return pending, asked.text


async def test_donative_and_losses_windows_reach_their_seat_privately_with_the_default_in_words(
        ir_table: IROpener) -> None:
    """19.3.1, 14.5 through Respond: Rome attacks, promises the largest donative offered, Dacia
    is asked in turn and leaves its default; the roll makes Rome lose SP, and Rome picks which
    unit goes. Each window to its seat alone (the other is refused), its default in words, and
    the public hears only the outcome."""
    table = await started(ir_table, "")
    await reposition(table, battle_at_b4410)
    table.user = "alice"
    start = len(table.outputs)
    await table.run_slash("/attack zone:B4410")
    assert not table.outputs[-1].refusal, table.outputs[-1].text
    pending, asked = await respond(table, "alice", "bob")
    assert pending.kind == "donative" and pending.seat == "rome" and pending.section == "§19.3.1"
    assert "promise a donative to your troops" in asked and "Default if you do not answer: 0 talents." in asked, asked
    bid = max(int(c.value) for c in pending.choices)
    assert bid > 0
    await table.select([f"{bid} talents"])
    pending, asked = await respond(table, "bob", "alice")
    assert pending.kind == "donative" and pending.seat == "dacia"
    assert f"the attacker promised {bid} talents" in asked and "Default if you do not answer: 0 talents." in asked, asked
    await reposition(table, natural_6)
    await table.select(["0 talents"])
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert f"Rome (Trajan) pays a donative of {bid} talents (19.3.1)." in public, public
    assert "Dacia (Decebalus) pays a donative" not in public and "promise a donative" not in public, public
    pending, asked = await respond(table, "alice", "bob")
    assert pending.kind == "losses" and pending.seat == "rome" and pending.section == "§14.5"
    labels = {c.value: str(c.label) for c in pending.choices}
    assert "Which unit goes?" in asked and f"Default if you do not answer: {labels[pending.default]}." in asked, asked
    legion = next(v for v in labels if v != pending.default and v.startswith("rome.legion_20_10"))
    start = len(table.outputs)
    await table.select([labels[legion]])
    _seq, game = await channel_game(table)
    assert legion not in game.state.units
    public = "\n".join(o.text for o in table.outputs[start:] if o.audience == "public")
    assert "Rome (Trajan): Legion 20-10 eliminated (combat (14.5))." in public, public
    assert "Which unit goes?" not in public and labels[pending.default] not in public, public
