"""The automatic players use diplomacy and the optional rules (issue 17): seeded short runs in
which alliances (5.8), plunder (24.1), appeals (42) and treasures (43) each happen, and the
heuristic player's choices from the positions that call for them."""

from __future__ import annotations

import random
from collections import Counter

from rules.core.command import Command
from rules.imperium_romanum import diplomacy as D
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


def test_the_heuristic_player_takes_treasures_plunders_and_appeals_in_scenario_24() -> None:
    seen = _run("s24", "heuristic", 3, 40)
    assert {"treasures", "plunders", "appeals"} <= set(seen), seen
    assert seen["treasures"] >= 1 and seen["plunders"] >= 1 and seen["appeals"] >= 1


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


def test_the_heuristic_player_offers_an_alliance_when_weak_and_accepts_one_with_nothing_to_attack() -> None:
    pos = Position("s12", month=6, segment="diplomacy", active="rome")
    pos.unit("rome", "legion_20_10", "B4415")
    pos.units("dacia", "heavy_infantry_20_8", "B4613", 3)
    cmds = P.legal_commands(pos.st, "rome")
    assert P._heuristic_diplomacy(pos.st, "rome", cmds) == Command("propose_alliance", {"with": "dacia"})
    pos.st.proposals = [["offer-1", "alliance", "rome", "dacia", "", "0"]]
    answer = P._heuristic_diplomacy(pos.st, "dacia", [])
    assert answer == Command("answer_offer", {"offer": "offer-1", "choice": D.DECLINE})  # Dacia outweighs Rome
    pos.units("rome", "legion_20_10", "B4415", 4)
    assert P._heuristic_diplomacy(pos.st, "dacia", []) == Command("answer_offer", {"offer": "offer-1",
                                                                                    "choice": D.ACCEPT})  # fmt: skip
