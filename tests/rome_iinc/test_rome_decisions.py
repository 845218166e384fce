"""Choices the rules leave to the player, settled by default then offered as a pending decision
(rules/rome_iinc/decisions.py): where a Unit that must leave a Province goes (2.3.2, ruling
ROME-8) and which side a Governor of both Empires keeps (5.2.5, T07, ruling ROME-20)."""

from __future__ import annotations

import pytest
from rome_helpers import fresh

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import commands as C
from rules.rome_iinc import phases as PH
from rules.rome_iinc.game import RomeGame


def _forced_out() -> tuple[RomeGame, str, list[str]]:
    st = fresh()
    uid = B.units_in(st, "britannia_ii")[0]
    st.status["britannia_ii"] = "allied"
    lines: list = []
    W.overstack(st, "britannia_ii", lines)
    st.step = "begin"  # nothing automated runs after the answer
    return RomeGame(st), uid, [str(x) for x in lines]


def test_a_unit_forced_out_is_placed_by_default_then_its_player_chooses() -> None:
    game, uid, lines = _forced_out()
    st = game.state
    decision = game.pending_decision()
    assert decision is not None and decision.kind == "withdraw" and decision.section == "2.3.2"
    values = [c.value for c in decision.choices]
    assert len(values) > 1 and st.units[uid]["loc"] == decision.default == values[0]
    assert all(st.status[p] in ("roman", "insurgent") and B.province_empire(st, p) == "west"
               for p in values)
    assert decision.seat == "west" and game.to_move() == ["west"]
    unrest = st.unrest["west"]
    other = values[-1]
    game.apply("west", Command("decide", {"id": decision.id, "choice": other}))
    assert game.state.units[uid]["loc"] == other
    assert game.state.unrest["west"] == unrest  # same Command: no Unrest either way (2.3.2)
    assert game.pending_decision() is None or game.pending_decision().id != decision.id


def test_the_default_changes_nothing_and_other_commands_wait() -> None:
    game, uid, _lines = _forced_out()
    decision = game.pending_decision()
    assert decision is not None
    with pytest.raises(RuleError) as err:
        game.apply("west", Command("bread", {"points": "1"}))
    assert err.value.section == "2.3.2"
    with pytest.raises(RuleError) as err:
        game.apply("west", Command("decide", {"id": decision.id, "choice": "constantinople"}))
    assert err.value.section == "2.3.2"
    where = game.state.units[uid]["loc"]
    outcome = game.apply("west", Command("decide", {"id": decision.id, "choice": decision.default}))
    assert game.state.units[uid]["loc"] == where and "stays in" in str(outcome.public[0])


def test_T07_the_governor_of_both_empires_may_keep_the_other_side() -> None:
    st = fresh()
    st.statesmen["galerius"] = "up"
    lines: list = []
    C.appoint(st, "east", "galerius", "moesia", lines, ["pannonia", "thracia"])
    st.dynasties.append("constantinian")
    PH.dynasty_enters(st, "constantinian", lines)
    st.step = "begin"
    game = RomeGame(st)
    decision = game.pending_decision()
    assert decision is not None and decision.kind == "side" and decision.section == "5.2.5"
    assert decision.default == "west" and decision.seat == "west"  # more Commands there (ROME-20)
    assert [c.value for c in decision.choices] == ["east", "west"]
    game.apply("west", Command("decide", {"id": decision.id, "choice": "east"}))
    govs = {c: game.state.commands[c]["gov"] for c in ("moesia", "pannonia", "thracia")}
    assert govs == {"moesia": "generic", "pannonia": "generic", "thracia": "galerius"}
    assert game.pending_decision() is None
