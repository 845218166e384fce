"""Transfers (10.7) and Gifts of Gold (9.1.5) among the legal commands, so that the menus and
``/game status`` offer them (ruling ROME-35)."""

from __future__ import annotations

import copy

from rome_helpers import clear_units, put

from rules.core.command import Command
from rules.rome_iinc import board as B
from rules.rome_iinc import commands as C
from rules.rome_iinc.game import RomeGame, legal_commands


def _unrest_step() -> RomeGame:
    game = RomeGame.new("286", ["east", "west"], "consent", {"mode": "solo"})
    game.apply("east", Command("end", {}))
    assert game.state.step == "unrest"
    return game


def test_gift_amounts_that_matter() -> None:
    st = _unrest_step().state
    st.gold = {"east": 90, "west": -7}
    assert C.gift_amounts(st, "east") == [7, 10, 1, 45, 90]  # the debt, 10, 1, half, all
    st.gold = {"east": 15, "west": 20}
    assert C.gift_amounts(st, "east") == [10, 1, 7, 15]
    st.gold["east"] = 0
    assert C.gift_amounts(st, "east") == []
    st.gold["east"] = 50
    st.rebel_emperor["west"] = True  # no exchange with a Rebel Emperor (9.1.5)
    assert C.gift_amounts(st, "east") == []


def test_legal_commands_offer_gifts_and_transfers_and_each_is_accepted() -> None:
    game = _unrest_step()
    seat = game.to_move()[0]
    offered = [c for c in legal_commands(game.state, seat) if c.name in ("transfer", "give_gold")]
    transfers = [c for c in offered if c.name == "transfer"]
    gifts = [c.args["amount"] for c in offered if c.name == "give_gold"]
    assert transfers and gifts == [str(n) for n in C.gift_amounts(game.state, seat)]
    for command in offered:  # every offer is a command the engine takes
        trial = RomeGame(copy.deepcopy(game.state))
        trial.apply(seat, command)
        if command.name == "transfer" and not trial.state.pending:
            assert trial.state.units[command.args["unit"]]["loc"] == command.args["to"]
    names = {a.name: a for a in game.actions(seat)}
    assert [c.value for c in names["give_gold"].args[0].choices or ()] == gifts


def test_a_transfer_is_offered_to_fill_an_empty_legion_icon() -> None:
    game = _unrest_step()
    st = game.state
    clear_units(st, "moesia_i")  # a Legion icon of the East, now empty (10.1)
    spare = put(st, "cappadocia", "legion")  # no icon, no War near: the only spare Legion
    offers = [(u, p) for u, p in C.transfer_offers(st, "east") if p == "moesia_i"]
    assert (spare, "moesia_i") in offers
    assert [st.units[u]["type"] for u, _p in offers].count("legion") == 1  # one per type


def test_offers_never_send_a_unit_back() -> None:
    """A Unit moved by an offer fills an icon or a front, so it is not offered away again."""
    game = _unrest_step()
    seat = game.to_move()[0]
    for _round in range(6):
        offers = C.transfer_offers(game.state, seat)
        local = [(u, p) for u, p in offers if B.province_empire(game.state, p) == seat]
        if not local:
            break
        uid, dest = local[0]
        game.apply(seat, Command("transfer", {"unit": uid, "to": dest}))
        assert all(u != uid for u, _p in C.transfer_offers(game.state, seat))
