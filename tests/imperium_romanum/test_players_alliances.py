"""The heuristic player's alliances (5.8): a month's alliance is a month's truce with that seat,
so it offers one when the other seat can strike none of its stacks this month and it can strike
none of theirs (or is at most half as strong), and accepts one when it can strike nothing of the
offering seat's. Strike: a stack that reaches an enemy stack this month over the map's movement
costs (12.1) and outweighs it by half again, or fleets at least as strong as the enemy's in
their hex or in reach outside winter waters (10.3)."""

from __future__ import annotations

import random

from rules.core.command import Command
from rules.imperium_romanum import diplomacy as D
from rules.imperium_romanum import players as P
from tests.imperium_romanum.builder import Position

NEAR_ROME, NEAR_DACIA = "B4415", "B4613"  # three hexes apart
FAR_ROME, FAR_DACIA = "B4616", "B4104"  # Naissus and the far north of Dacia


def _diplomacy(rome: str, dacia: str, rome_legions: int, dacia_infantry: int) -> Position:
    pos = Position("s12", month=6, year=102, segment="diplomacy", active="rome")
    pos.units("rome", "legion_20_10", rome, rome_legions)
    pos.units("dacia", "heavy_infantry_20_8", dacia, dacia_infantry)
    return pos


def test_5_8_the_weaker_seat_in_reach_of_a_stronger_one_offers_nothing_and_an_offer_to_the_stronger_is_declined() -> None:
    pos = _diplomacy(NEAR_ROME, NEAR_DACIA, 1, 3)
    assert (P._can_strike(pos.st, "dacia", "rome"), P._can_strike(pos.st, "rome", "dacia")) == (True, False)
    assert P._heuristic_diplomacy(pos.st, "rome", P.legal_commands(pos.st, "rome")) is None
    pos.st.proposals = [["offer-1", "alliance", "rome", "dacia", "", "0"]]
    assert P._heuristic_diplomacy(pos.st, "dacia", []) == Command("answer_offer", {"offer": "offer-1", "choice": D.DECLINE})


def test_5_8_a_seat_that_can_strike_nothing_of_the_offering_seat_accepts() -> None:
    pos = _diplomacy(NEAR_ROME, NEAR_DACIA, 5, 3)  # 100 against 60: Dacia outweighs no Roman stack
    assert P._can_strike(pos.st, "dacia", "rome") is False
    pos.st.proposals = [["offer-1", "alliance", "rome", "dacia", "", "0"]]
    assert P._heuristic_diplomacy(pos.st, "dacia", []) == Command("answer_offer", {"offer": "offer-1", "choice": D.ACCEPT})


def test_5_8_two_seats_out_of_each_other_s_reach_ally_for_the_month() -> None:
    """The offer comes from the first seat, the acceptance from the second, each in its turn
    of the simultaneous Diplomacy Phase (the heuristic picks the seat that has something to say)."""
    pos = _diplomacy(FAR_ROME, FAR_DACIA, 1, 3)
    assert (P._can_strike(pos.st, "dacia", "rome"), P._can_strike(pos.st, "rome", "dacia")) == (False, False)
    rng = random.Random(0)
    seat, offer = P.heuristic_choice(pos.game, rng) or ("", Command("end"))
    assert (seat, offer) == ("rome", Command("propose_alliance", {"with": "dacia"}))
    pos.game.apply(seat, offer)
    seat, answer = P.heuristic_choice(pos.game, rng) or ("", Command("end"))
    assert (seat, answer.name, answer.args["choice"]) == ("dacia", "answer_offer", D.ACCEPT)
    assert P.notable(pos.st, answer) == "alliances"
    pos.game.apply(seat, answer)
    assert ["dacia", "rome"] in pos.st.alliances


def test_5_8_fleets_able_to_attack_the_other_seat_s_fleets_count_as_a_strike() -> None:
    pos = Position("s02", month=6, year=67, segment="diplomacy", active="pirates")
    fleets = pos.units("rome", "fleet_18_30", "B4030", 2, in_port=False)
    pirates = pos.unit("pirates", "fleet_18_30", "B4030", in_port=False)
    assert P._can_strike(pos.st, "rome", "pirates") is True
    assert P._can_strike(pos.st, "pirates", "rome") is False  # one fleet against two
    del fleets, pirates
