"""No raw option id reaches a player as a decision's default (issue 18): the Respond prompt
(``cogs.common.show_decision``) and the scheduler's "time ran out" line say the default through
``PendingDecision.default_words``, which is a choice's label, or the decision's own
``default_label`` when the default is no choice on offer (a simultaneous segment's deadline).

The test plays every game with its random players (seeded, bounded) and checks every pending
decision met: its default is a choice on offer (shown by that choice's label) or has its own
words; never only the option id."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.i18n import localise
from rules.core.command import PendingDecision
from rules.core.players import random_legal


def imperium_romanum(scenario: str) -> Callable[[], tuple[Any, Callable[[Any, random.Random], None]]]:
    def start() -> tuple[Any, Callable[[Any, random.Random], None]]:
        from rules.imperium_romanum.game import ImperiumRomanumGame

        return ImperiumRomanumGame.new(scenario, [], f"defaults-{scenario}", {}), legal_step
    return start


def legal_step(game: Any, rng: random.Random) -> None:
    pick = random_legal(game, rng, prefer="end", chance=0.5)
    if pick is not None:
        game.apply(*pick)


def barracks() -> tuple[Any, Callable[[Any, random.Random], None]]:
    from rules.barracks.game import BarracksGame

    return BarracksGame.new("solo", [], "defaults", {}), legal_step  # decisions come in solo play


def rome_iinc() -> tuple[Any, Callable[[Any, random.Random], None]]:
    from rules.rome_iinc.game import RomeGame

    scenario = RomeGame.scenarios()[0].id
    return RomeGame.new(scenario, [], "defaults", {}), legal_step


def imperator() -> tuple[Any, Callable[[Any, random.Random], None]]:
    from rules.imperator import random_player
    from rules.imperator.game import ImperatorGame

    def step(game: Any, rng: random.Random) -> None:
        random_player.step(game, rng)

    return ImperatorGame.new("campaign", ["rome", "enemies"], "defaults", {}), step


GAMES = {"imperium_romanum s12": imperium_romanum("s12"), "imperium_romanum s02": imperium_romanum("s02"),
         "barracks": barracks, "rome_iinc": rome_iinc, "imperator": imperator}


def decisions_met(start: Callable[[], tuple[Any, Callable[[Any, random.Random], None]]],
                  steps: int) -> list[PendingDecision]:
    game, step = start()
    rng = random.Random(7)
    met: dict[str, PendingDecision] = {}
    for _step in range(steps):
        pending = game.pending_decision()
        if pending is not None:
            met.setdefault(pending.kind, pending)
        if not game.to_move() or game.result() is not None:
            break
        step(game, rng)
    return list(met.values())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_decision_met_words_its_default(name: str) -> None:
    met = decisions_met(GAMES[name], 250)
    assert met, f"{name}: no decision met in 250 steps"
    for pending in met:
        labels = {c.value: c.label for c in pending.choices}
        expected = labels.get(pending.default) or pending.default_label
        assert expected, (name, pending.kind, pending.default)  # else the raw id would show
        assert pending.default_words() == expected and localise(expected, "fr"), (name, pending.kind)


def test_the_segment_deadline_says_what_its_default_does_in_both_languages() -> None:
    """The deadline's default ``close`` is no choice on offer (IR-DIS-2): it reads "end the
    segment for every power still giving orders", also after a JSON round trip (stored
    decisions), and in French."""
    from rules.imperium_romanum.game import ImperiumRomanumGame

    pending = ImperiumRomanumGame.new("s12", [], "deadline", {}).pending_decision()
    assert pending is not None and pending.default == "close" and pending.section == "§4.0"
    assert "close" not in {c.value for c in pending.choices}
    again = PendingDecision.from_json(pending.to_json())
    for decision in (pending, again):
        assert decision.default_words() == "end the segment for every power still giving orders"
        assert localise(decision.default_words(), "fr") == "terminer le segment pour chaque puissance qui donne encore ses ordres"
