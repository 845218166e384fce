"""Legion names (5.7) in the Discord words of Imperium Romanum (issue 18): the views give a
unit's legion ``name`` to its own seat and a stack's ``top_name`` to everyone (IR-DIS-20), the
record its owner's ``legions``; ``/stack`` and ``/record`` show them. Built from hand-made views
and records (no game: the engine's own tests check what the views hold)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import fit_words, localise
from cogs.imperium_romanum import GROUP_NAMES, command_label, record_lines, stack_lines
from rules.core import Command

NAME = "Legio II Traiana"


def whole_stack() -> dict[str, Any]:
    return {"hex": "B4415", "side": "rome", "besieged": False, "top": "legion_20_10", "size": 3,
            "top_name": NAME,
            "units": [{"id": "rome.legion_20_10.1", "type": "legion_20_10", "name": NAME},
                      {"id": "rome.legion_20_10.2", "type": "legion_20_10"}],
            "leaders": [{"name": "Trajan", "value": 3}]}  # fmt: skip


def test_stack_lines_name_the_legions_of_a_whole_stack_and_the_top_of_another() -> None:
    [line] = stack_lines({"stacks": [whole_stack()]}, "B4415")
    assert str(line) == f"rome: {NAME} (Legion 20-10), Legion 20-10, Trajan (3).", line
    public = {k: v for k, v in whole_stack().items() if k not in ("units", "leaders")}
    [line] = stack_lines({"stacks": [public]}, "B4415")
    assert str(line) == f"rome: {NAME} (Legion 20-10) on top, 3 pieces in all.", line
    public.pop("top_name")
    [line] = stack_lines({"stacks": [public]}, "B4415")
    assert str(line) == "rome: Legion 20-10 on top, 3 pieces in all.", line


def test_record_lists_a_named_legion_by_its_name_and_counts_the_others() -> None:
    record = {"name": "Rome (Trajan)", "status": "major", "treasury": 61, "treasury_held": False, "morale": 100,
              "cer": 3, "provinces": [], "tax_base": 0, "in_play": 3, "eliminated": 1, "whole": True,
              "roster": [("rome.legion_20_10.1", "Legion 20-10", "B4415"), ("rome.legion_20_10.2", "Legion 20-10", "B4415"),
                         ("rome.legion_20_10.3", "Legion 20-10", "B4415"), ("rome.legion_16_10.1", "Legion 16-10", "")],
              "legions": {"rome.legion_20_10.1": NAME, "rome.legion_16_10.1": "Legio V Alaudae"}}  # fmt: skip
    lines = [str(line) for line in record_lines(record)]
    assert f"· {NAME} (Legion 20-10) at B4415" in lines, lines
    assert "· 2 × Legion 20-10 at B4415" in lines, lines
    assert "· Legio V Alaudae (Legion 16-10), eliminated" in lines, lines
    record["whole"] = False  # another seat's look: no roster, no name
    assert not any(NAME in str(line) for line in record_lines(record))


def test_fit_words_keeps_a_text_at_the_limit_and_cuts_one_past_it_after_a_whole_word() -> None:
    at_limit = "Legio " + "x" * 87 + " Gemina"  # 100 characters
    assert len(at_limit) == 100 and fit_words(at_limit) == at_limit
    past = at_limit + "s"  # 101: the last word no longer fits
    assert fit_words(past) == "Legio " + "x" * 87 + "…" and len(fit_words(past)) == 94
    assert fit_words("y" * 101) == "y" * 99 + "…"  # one word longer than the limit is cut inside it
    assert fit_words("a, " + "b" * 97 + " c") == "a…"  # no dangling comma before the dots


@pytest.fixture(scope="module")
def big_group() -> tuple[Any, list[str]]:
    """Scenario 12's set-up with every Roman unit and leader gathered in one hex (not played:
    a label only reads the state)."""
    from rules.imperium_romanum.game import ImperiumRomanumGame

    game = ImperiumRomanumGame.new("s12", ["rome", "dacia"], "legion-names", {})
    pieces = [lid for lid, rec in sorted(game.state.leaders.items()) if rec["power"] == "rome"]
    pieces += [uid for uid, rec in game.state.units.items() if rec["power"] == "rome" and rec["type"] != "fleet_18_30"]
    for pid in pieces:
        (game.state.leaders if pid in game.state.leaders else game.state.units)[pid]["hex"] = "B4415"
    return game, pieces


def test_a_big_group_names_what_fits_and_counts_the_rest_within_100_in_both_languages(
        big_group: tuple[Any, list[str]]) -> None:
    """IR-DIS-24: leaders and legions by name (5.7) up to GROUP_NAMES characters, the other
    pieces counted; a move's label keeps its destination inside Discord's 100."""
    game, pieces = big_group
    label = command_label(game, Command("move", {"units": pieces, "to": "B4214"}))
    english, french = localise(label, "en"), localise(label, "fr")
    names, rest = english.split(" and ", 1)
    shown = names.split(", ")
    assert len(names) <= GROUP_NAMES and len(shown) >= 3, english
    assert rest == f"{len(pieces) - len(shown)} more at B4415 to B4214 (Sirmium)", english
    assert len(english) <= 100 and len(french) <= 100, (english, french)
    assert french == f"{names} et {len(pieces) - len(shown)} autres en B4415 vers B4214 (Sirmium)", french
