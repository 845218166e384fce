"""Whole games of The Barracks Emperors replayed against a recorded transcript (a golden master).

Each game is played by the seeded random player; at every step the transcript records the
command, every public and private line it produced, the dice, the citations, who moves next, the
pending decision, the status lines, the Discord menu (``actions`` with its labels) and digests
of the public view and of the mover's own view. Any change in what the engine says or decides,
however small (a message, a citation, a menu label, a value shown), changes the transcript: the
test then fails and shows the first step that differs. It is what kills the mutants of
``rules/barracks`` that no rule-by-rule test notices (docs/development.md, "Mutation testing").

After an intended change, regenerate with ``PRAETOR_UPDATE_GOLDEN=1`` and read the diff of
``tests/barracks/golden/games/*.txt`` before committing it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose

GAMES = Path(__file__).parent / "golden" / "games"
# scenario, options, seed, steps (None: to the end of the game)
CASES: dict[str, tuple[str, dict[str, str], str, int | None]] = {
    "four_players": ("standard-4p", {"rounds": "1"}, "golden-4p", None),
    "three_players": ("standard-3p", {"rounds": "1"}, "golden-3p", None),
    "two_players": ("standard-2p", {"rounds": "1"}, "golden-2p", None),
    "partnership": ("partnership-4p", {"rounds": "1"}, "golden-pp", None),
    "learning": ("learning", {}, "golden-learn", 60),
    "solo_normal": ("solo", {"rounds": "1"}, "golden-solo", None),
    "solo_hard_unfortified": ("solo", {"rounds": "1", "difficulty": "hard", "roma": "unfortified"},
                              "golden-solo-hard", None),
    "solo_easy_full": ("solo", {"difficulty": "easy"}, "golden-solo-easy", None),
}


def _digest(value: Any) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:12]


def _menu(game: BarracksGame, seat: str) -> list[Any]:
    return [[a.name, a.description, [[g.name, g.description, [[c.value, c.label] for c in g.choices or ()]]
                                      for g in a.args]] for a in game.actions(seat)]


def _snapshot(game: BarracksGame) -> list[str]:
    movers = game.to_move()
    lines = [f"  to move: {movers}", *(f"  status: {s}" for s in game.status_lines())]
    dec = game.pending_decision()
    if dec is not None:
        lines.append(f"  decision: {dec.seat} {dec.kind} {dec.section} default={dec.default} "
                     f"{[c.value + '=' + c.label for c in dec.choices]} | {dec.prompt}")
    lines.append(f"  public view {_digest(game.public_view())}")
    for seat in movers:
        lines.append(f"  {seat}: view {_digest(game.seat_view(seat))} menu {_digest(_menu(game, seat))}")
    return lines


def transcript(case: str) -> Iterator[str]:
    """The transcript's lines, step by step (the test stops at the first line that differs)."""
    scenario, options, seed, steps = CASES[case]
    game = BarracksGame.new(scenario, [], seed, options)
    rng = random.Random(seed)
    yield f"# {case}: {scenario} {options} seed {seed}"
    yield from _snapshot(game)
    step = 0
    while steps is None or step < steps:
        pick = choose(game, rng)
        if pick is None:
            break
        seat, command = pick
        out = game.apply(seat, command)
        step += 1
        yield f"{step} {seat} {command.name} {json.dumps(command.args, sort_keys=True)}"
        yield from (f"  | {line}" for line in out.public)
        for who in sorted(out.private):
            yield from (f"  ({who}) {line}" for line in out.private[who])
        yield from (f"  roll {r.purpose}: {r.natural}" for r in out.rolls)
        if out.citations:
            yield f"  cites {out.citations}"
        yield from _snapshot(game)
    result = game.result()
    if result is not None:
        yield f"result: winners {list(result.winners)} scores {list(result.scores)} | {result.summary}"
    yield f"final public view: {json.dumps(game.public_view(), sort_keys=True, default=str)}"


def test_scenarios_and_options_are_as_recorded() -> None:
    """The scenario list and the game options offered to Discord (names, texts, defaults)."""
    assert [(s.id, s.title, s.seats, s.min_seats, s.description) for s in BarracksGame.scenarios()] == [
        ("standard-4p", "Four players", ("p1", "p2", "p3", "p4"), None,
         "Sword, Eagle, Pillar, Wreath; 3 rounds."),
        ("standard-3p", "Three players", ("p1", "p2", "p3"), None,
         "Wreath is unplayed; anyone may use its sides (§12.0)."),
        ("standard-2p", "Two players", ("p1", "p2"), None, "Each player holds two opposite factions (§11.0)."),
        ("partnership-4p", "Four players in partnerships", ("p1", "p2", "p3", "p4"), None,
         "Sword + Pillar against Eagle + Wreath (§13.0)."),
        ("learning", "Learning game", ("p1", "p2", "p3", "p4"), 2,
         "No Barbarians and no card abilities (§14.0)."),
        ("short", "Short game", ("p1", "p2", "p3", "p4"), 2,
         "One round unless the rounds option says 2 (§14.0)."),
        ("solo", "Solo against the rivals", ("p1",), None, "You are Sword against three rivals (§15.0)."),
    ]
    assert [(o.name, o.description, o.default, o.choices) for o in BarracksGame.option_specs()] == [
        ("rounds", "Number of rounds (the short game plays 1 or 2, §14.0)", "", ("1", "2", "3")),
        ("learning", "Learning game: no Barbarians, no abilities (§14.0)", "no", ("no", "yes")),
        ("difficulty", "Solo difficulty (§15.1)", "normal", ("easy", "normal", "hard")),
        ("roma", "Solo: Roma starts fortified or not (§15.1)", "fortified", ("fortified", "unfortified")),
    ]


@pytest.mark.parametrize("case", sorted(CASES))
def test_game_replays_its_transcript(case: str) -> None:
    path = GAMES / f"{case}.txt"
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        GAMES.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(line + "\n" for line in transcript(case)), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"missing transcript {path}; run with PRAETOR_UPDATE_GOLDEN=1")
    expected = path.read_text(encoding="utf-8").splitlines()
    count = 0
    for count, have in enumerate(transcript(case), start=1):
        assert count <= len(expected), f"{case}: longer than its transcript ({len(expected)} lines)"
        assert have == expected[count - 1], f"{case}: line {count} differs from the transcript"
    assert count == len(expected), f"{case}: {count} lines, the transcript has {len(expected)}"
    if CASES[case][3] is None:  # a whole game reaches its result
        assert any(line.startswith("result: winners") for line in expected)
