"""Imperium Romanum's optional rules at ``/game new`` (issue 18): the ``options`` field
autocompletes every choice of the game's options with its description (the rule's section); the
lobby's announcement, ``/game status`` in the lobby and in play name the options as this game
plays them (the chosen value, else the default), in the reader's or the game's language."""

from __future__ import annotations

from conftest import ok

from bot.local import LocalTable
from rules.core.registry import get_game

KIND = "imperium_romanum"


def optional_rules() -> list[tuple[str, str, str]]:
    """(name, English description, default) of every option the engine declares today."""
    from bot.i18n import localise

    return [(s.name, localise(s.description, "en"), s.default) for s in get_game(KIND).option_specs()]


async def test_options_autocomplete_lists_each_choice_with_its_rule(table: LocalTable) -> None:
    command, _ = table.find_command(["game", "new"])
    cog = command.binding  # type: ignore[attr-defined]  # the lobby's completers are its methods
    found = await command._params["options"].autocomplete(  # type: ignore[attr-defined]
        cog, table.interaction(namespace={"game": KIND}), "")
    specs = get_game(KIND).option_specs()
    assert [c.value for c in found] == [f"{s.name}={v}" for s in specs for v in s.choices]
    assert "random_events=yes — Optional rule: random events (39.0)" in [c.name for c in found]
    after = await command._params["options"].autocomplete(  # type: ignore[attr-defined]
        cog, table.interaction(namespace={"game": KIND}), "decision_seconds=600, random_events=y")
    assert [c.value for c in after] == ["decision_seconds=600, random_events=yes"]
    none = await command._params["options"].autocomplete(  # type: ignore[attr-defined]
        cog, table.interaction(namespace={"game": "no_such_game"}), "")
    assert none == []


async def test_the_lobby_and_status_name_the_options_this_game_plays(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12")
    announced = table.outputs[-1].text
    for name, description, default in optional_rules():
        assert f"{description}: {name}={default}" in announced, announced
    assert "Options: " in announced
    await ok(table, "/game status")
    assert "Optional rule: random events (39.0): random_events=no" in table.outputs[-1].text
    await ok(table, "/game join seat:rome")
    await ok(table, "/game join seat:dacia")
    await ok(table, "/game start")
    await ok(table, "/game status")  # in play, only the options chosen otherwise than the default
    assert "Options" not in table.outputs[-1].text, table.outputs[-1].text


async def test_a_chosen_option_is_shown_as_chosen_and_in_french(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12 options:random_events=yes")
    assert "Optional rule: random events (39.0): random_events=yes" in table.outputs[-1].text
    table.set_locale("fr")
    await ok(table, "/game status")
    shown = table.outputs[-1].text
    assert "Options : " in shown and ": random_events=yes" in shown, shown
    assert "Optional rule" not in shown, shown


async def test_a_game_without_translated_options_shows_no_options_line(table: LocalTable) -> None:
    """The tiny test game has no options: its announcement is unchanged."""
    table.user = "alice"
    await ok(table, "/game new game:tiny scenario:race")
    assert "Options" not in table.outputs[-1].text


async def test_usurpation_named_only_is_offered_and_refused_without_rule_44(table: LocalTable) -> None:
    """44.2's note as an option: ``/game new`` lists it with its description; ``/game start``
    refuses it without ``roman_usurpation=yes``, privately, naming §44.2."""
    command, _ = table.find_command(["game", "new"])
    found = await command._params["options"].autocomplete(  # type: ignore[attr-defined]
        command.binding, table.interaction(namespace={"game": KIND}), "usurpation_named")  # type: ignore[attr-defined]
    assert "usurpation_named_only=yes — Optional rule: only named leaders may usurp (44.2 note)" in [c.name for c in found]
    table.user = "alice"
    await ok(table, "/game new game:imperium_romanum scenario:s12 options:usurpation_named_only=yes")
    await ok(table, "/game join seat:rome")
    await ok(table, "/game join seat:dacia")
    await table.run_slash("/game start")
    shown = table.outputs[-1]
    assert shown.refusal and shown.audience == "alice" and "§44.2" in shown.text, shown.text
    assert "usurpation_named_only needs roman_usurpation=yes" in shown.text, shown.text
