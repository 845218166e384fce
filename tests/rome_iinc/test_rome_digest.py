"""The automated phases are posted as one digest per phase, every roll under the line it
decided, and the picture only after a phase that changed the map (issue 15)."""

from __future__ import annotations

import random

from bot.present import outcome_lines
from rules.core.command import Command, Outcome
from rules.rome_iinc.game import RomeGame
from rules.rome_iinc.players import heuristic_choice


def _started() -> tuple[RomeGame, Outcome]:
    game = RomeGame.new("286", ["east", "west"], "s1", {"mode": "solo"})  # no task in Turn 1
    return game, game.apply("east", Command("end", {}))


def test_first_turn_is_one_block_per_phase_with_every_roll_in_place() -> None:
    game, outcome = _started()
    assert outcome.rolls_in_lines and outcome.rolls
    heads = [str(block).splitlines()[0] for block in outcome.public]
    assert heads[0] == "The East player starts the game."
    assert "Turn 1, Event Phase." in str(outcome.public[0])
    assert heads[1:] == ["Treasury Phase.", "Unrest Phase."]
    text = "\n".join(str(b) for b in outcome.public)
    for roll in outcome.rolls:  # each roll once, explained by its purpose
        assert text.count("🎲 " + str(roll.describe())) == 1, roll
    taxes = str(outcome.public[1]).splitlines()
    first = next(i for i, line in enumerate(taxes) if line.startswith("Taxes of "))
    assert taxes[first + 1].startswith("  🎲 Tax of ")  # the dice right under their result
    # the presenter does not list the rolls a second time
    assert outcome_lines(outcome) == [str(b) for b in outcome.public]
    again = Outcome.from_json(outcome.to_json())
    assert again.rolls_in_lines and outcome_lines(again) == outcome_lines(outcome)


def test_the_picture_follows_phases_that_changed_the_map_only() -> None:
    game, outcome = _started()
    assert outcome.map_changed  # the phases of Turn 1 moved Wars and changed the tracks
    rng = random.Random(2)
    seen_quiet = seen_drawn = False
    for _ in range(200):
        pick = heuristic_choice(game, rng)
        if pick is None:
            break
        before = (game.state.phase, game.state.turn)
        out = game.apply(*pick)
        after = (game.state.phase, game.state.turn)
        if after == before and game.result() is None:
            assert not out.map_changed, pick  # a build or a fight inside a step: no picture
            seen_quiet = True
        elif out.map_changed:
            seen_drawn = True
    assert seen_quiet and seen_drawn


def test_a_stored_line_with_a_field_named_n_translates_again() -> None:
    """Rome's lines use ``{n}`` without a plural (``{empire} Prestige -{n}.``): the stored JSON
    keeps it (rules/core/i18n.py), so /game log can rebuild the line."""
    from rules.core.i18n import _, text_from_json, text_to_json

    line = _("{empire} Prestige -{n}.", empire="East", n=2)
    again = text_from_json(text_to_json(line))
    assert str(again) == "East Prestige -2." and again.msgid == line.msgid
