"""The automatic players use diplomacy and the optional rules (issue 17): seeded short runs in
which alliances (5.8), plunder (24.1), appeals (42) and treasures (43) each happen, and the
heuristic player's choices from the positions that call for them."""

from __future__ import annotations

import random
from collections import Counter

from rules.core.command import Command
from rules.imperium_romanum import players as P
from rules.imperium_romanum.game import ImperiumRomanumGame
from tests.imperium_romanum.builder import Position

OPTIONS = {"divine_intervention": "yes", "treasure_cities": "yes"}


def _run(scenario: str, player: str, seed: int, commands: int) -> Counter[str]:
    game = ImperiumRomanumGame.new(scenario, [], f"probe-{seed}", OPTIONS)
    rng = random.Random(seed)
    choose = P.heuristic_choice if player == "heuristic" else P.random_choice
    seen: Counter[str] = Counter()
    for _i in range(commands):
        pick = choose(game, rng)
        if pick is None or game.result() is not None:
            break
        seat, cmd = pick
        kind = P.notable(game.state, cmd)
        if kind:
            seen[kind] += 1
        game.apply(seat, cmd)
    return seen


def test_the_heuristic_player_allies_takes_treasures_and_plunders_in_scenario_24() -> None:
    """The two factions begin out of each other's reach, so they ally for the first months
    (test_players_alliances.py); they still take treasures and plunder."""
    seen = _run("s24", "heuristic", 12, 50)
    assert {"alliances", "treasures", "plunders"} <= set(seen), seen


def test_the_heuristic_player_appeals_before_an_attack_at_doubtful_odds() -> None:
    """42: 60 against 40 is worth attacking (at least even) but short of two to one."""
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options["divine_intervention"] = "yes"
    pos.units("rome", "legion_20_10", "B4406", 3)
    pos.units("dacia", "heavy_infantry_20_8", "B4406", 2)
    assert P.heuristic_choice(pos.game, random.Random(0)) == ("rome", Command("appeal"))
    assert P.notable(pos.st, Command("appeal")) == "appeals"


def test_the_random_player_allies_plunders_and_appeals_in_scenario_12() -> None:
    seen = _run("s12", "random", 3, 16)
    assert {"alliances", "plunders", "appeals"} <= set(seen), seen


def test_the_heuristic_player_plunders_an_enemy_province_but_not_its_own() -> None:
    pos = Position("s12", month=6, segment="siege", active="rome")
    pos.st.pending = {"id": "plunder-1", "seat": "rome", "kind": "plunder", "default": "none", "section": "§24.1",
                      "prompt": "", "choices": [["none", ""], ["talents:moesia_superior:rome", ""],
                                                ["talents:dacia:rome", ""]]}  # fmt: skip
    assert (pos.st.province_owner["moesia_superior"], pos.st.province_owner["dacia"]) == ("rome", "dacia")
    pick = P.heuristic_choice(pos.game, random.Random(0))
    assert pick == ("rome", Command("decide", {"id": "plunder-1", "choice": "talents:dacia:rome"}))
