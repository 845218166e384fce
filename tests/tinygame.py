"""A tiny two-seat race game that exists only to prove the pipeline (never shipped).

Red and Blue race to 10. Each holds a hidden token (a number 100-999) that only its owner sees
until the game ends. On your turn: ``play steps:1|2|3`` (no dice: undoable), ``attack`` (roll a
d6 and advance that far: a commit point) or ``end`` (pass). After a ``play`` the other seat may
``block`` it out of turn (once per game): a pending decision whose default is ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import (
    ActionSpec,
    ArgSpec,
    Choice,
    Command,
    Dice,
    Game,
    GameResult,
    Outcome,
    PendingDecision,
    RuleError,
    ScenarioInfo,
)

GOAL = 10


@dataclass
class TinyState:
    dice: Dice
    seats: list[str]
    positions: dict[str, int]
    tokens: dict[str, int]
    blocks: dict[str, int]
    turn: str
    pending: dict[str, Any] | None = None
    decisions: int = 0
    winner: str | None = None
    history: list[str] = field(default_factory=list)


class TinyGame(Game[TinyState]):
    KIND = "tiny"
    TITLE = "Tiny race (test game)"
    RULES_VERSION = "1"

    @classmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        return [ScenarioInfo("race", "Race to 10", ("red", "blue"), "a test game")]

    @classmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> TinyGame:
        cls.scenario(scenario)
        dice = Dice(seed)
        tokens = {seat: dice.randint(100, 999) for seat in seats}
        state = TinyState(
            dice=dice,
            seats=list(seats),
            positions={s: 0 for s in seats},
            tokens=tokens,
            blocks={s: 1 for s in seats},
            turn=seats[0],
        )
        return cls(state)

    @staticmethod
    def dice(state: TinyState) -> Dice:
        return state.dice

    def _other(self, state: TinyState, seat: str) -> str:
        return next(s for s in state.seats if s != seat)

    def _apply(self, state: TinyState, seat: str, command: Command, outcome: Outcome) -> None:
        if state.winner:
            raise RuleError("§4", "the race is over")
        if state.pending is not None:
            if command.name != "decide" or seat != state.pending["seat"]:
                raise RuleError("§3", f"waiting for {state.pending['seat']} to decide on a block")
            self._decide(state, seat, command, outcome)
            return
        if seat != state.turn:
            raise RuleError("§1", f"it is {state.turn}'s turn")
        if command.name == "play":
            steps = command.arg("steps")
            try:
                steps = int(steps)
            except (TypeError, ValueError):
                raise RuleError("§2", "steps must be 1, 2 or 3") from None
            if steps not in (1, 2, 3):
                raise RuleError("§2", "steps must be 1, 2 or 3")
            state.positions[seat] += steps
            outcome.say(f"{seat} runs {steps} to {state.positions[seat]}.")
            outcome.map_changed = True
            other = self._other(state, seat)
            if state.blocks[other] > 0:
                state.decisions += 1
                state.pending = {
                    "id": f"block-{state.decisions}",
                    "seat": other,
                    "steps": steps,
                    "mover": seat,
                }
                outcome.say(f"{other} may block that run (§3).")
                return
            self._finish_turn(state, seat, outcome)
        elif command.name == "attack":
            roll = state.dice.d6(f"{seat}'s sprint (§2)")
            state.positions[seat] += roll.result
            outcome.say(f"{seat} sprints {roll.result} to {state.positions[seat]}.")
            outcome.map_changed = True
            self._finish_turn(state, seat, outcome)
        elif command.name == "end":
            outcome.say(f"{seat} waits.")
            self._finish_turn(state, seat, outcome)
        else:
            raise RuleError("§1", f"unknown action {command.name!r}: play, attack or end")

    def _decide(self, state: TinyState, seat: str, command: Command, outcome: Outcome) -> None:
        pending = state.pending
        assert pending is not None
        if command.arg("id") != pending["id"]:
            raise RuleError("§3", "that decision is no longer open")
        choice = command.arg("choice")
        if choice not in ("block", "pass"):
            raise RuleError("§3", "choose block or pass")
        mover = pending["mover"]
        if choice == "block":
            state.blocks[seat] -= 1
            state.positions[mover] -= pending["steps"]
            outcome.say(f"{seat} blocks: {mover} goes back to {state.positions[mover]}.")
        else:
            outcome.say(f"{seat} lets the run stand.")
        state.pending = None
        self._finish_turn(state, mover, outcome)

    def _finish_turn(self, state: TinyState, seat: str, outcome: Outcome) -> None:
        if state.positions[seat] >= GOAL:
            state.winner = seat
            outcome.say(
                f"{seat} wins the race! Tokens: "
                + ", ".join(f"{s} {t}" for s, t in state.tokens.items())
            )
            outcome.commit_point = True
            return
        state.turn = self._other(state, seat)

    def to_move(self) -> list[str]:
        if self.state.winner:
            return []
        if self.state.pending is not None:
            return [self.state.pending["seat"]]
        return [self.state.turn]

    def actions(self, seat: str) -> list[ActionSpec]:
        if seat not in self.to_move() or self.state.pending is not None:
            return []
        steps = tuple(Choice(str(n), f"{n} step{'s' if n > 1 else ''}") for n in (1, 2, 3))
        return [
            ActionSpec("play", "Run 1 to 3 steps", (ArgSpec("steps", "how far", steps),)),
            ActionSpec("attack", "Sprint a d6"),
            ActionSpec("end", "Wait"),
        ]

    def pending_decision(self) -> PendingDecision | None:
        pending = self.state.pending
        if pending is None:
            return None
        return PendingDecision(
            id=pending["id"],
            seat=pending["seat"],
            kind="block",
            prompt=f"Block {pending['mover']}'s run of {pending['steps']}?",
            choices=(Choice("block", "Block the run"), Choice("pass", "Let it stand")),
            default="pass",
            timeout_seconds=300,
            section="§3",
        )

    def result(self) -> GameResult | None:
        if self.state.winner is None:
            return None
        return GameResult(
            winners=(self.state.winner,),
            summary=f"{self.state.winner} reached {GOAL}.",
            scores=tuple(self.state.positions.items()),
        )

    def public_view(self) -> dict[str, Any]:
        s = self.state
        return {
            "positions": dict(s.positions),
            "turn": s.turn,
            "blocks": dict(s.blocks),
            "pending": None if s.pending is None else {"seat": s.pending["seat"]},
            "winner": s.winner,
            "tokens": dict(s.tokens) if s.winner else None,
        }

    def seat_view(self, seat: str) -> dict[str, Any]:
        view = self.public_view()
        view["my_token"] = self.state.tokens.get(seat)
        return view

    def status_lines(self) -> list[str]:
        s = self.state
        return [
            f"Positions: {', '.join(f'{k} {v}' for k, v in s.positions.items())}",
            f"To move: {', '.join(self.to_move()) or 'nobody'}",
        ]

    @staticmethod
    def _state_to_json(state: TinyState) -> dict[str, Any]:
        return {
            "dice": state.dice.to_json(),
            "seats": state.seats,
            "positions": state.positions,
            "tokens": state.tokens,
            "blocks": state.blocks,
            "turn": state.turn,
            "pending": state.pending,
            "decisions": state.decisions,
            "winner": state.winner,
        }

    @staticmethod
    def _state_from_json(data: dict[str, Any]) -> TinyState:
        return TinyState(
            dice=Dice.from_json(data["dice"]),
            seats=data["seats"],
            positions=data["positions"],
            tokens=data["tokens"],
            blocks=data["blocks"],
            turn=data["turn"],
            pending=data["pending"],
            decisions=data["decisions"],
            winner=data["winner"],
        )


GAME = TinyGame
