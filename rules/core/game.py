"""The ``Game`` contract every game implements (DESIGN: The core contract).

A game is a pure function of (scenario, data, seed, commands). A ``Game`` object holds one
state; ``apply`` works on a copy and swaps it in only when the command is accepted, so a
``RuleError`` changes nothing. Seats are names fixed by the game ("rome", "enemies"; "p1".."p4");
the bot maps people to seats.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from rules.core.command import (
    ActionSpec,
    Command,
    GameResult,
    OptionSpec,
    Outcome,
    PendingDecision,
    ScenarioInfo,
)
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.i18n import _, marked_texts, restore_texts

S = TypeVar("S")


class Game(ABC, Generic[S]):
    """Base class for a game's rules. Subclasses hold their state in ``self.state``.

    The state must carry a ``Dice`` reachable through ``dice(state)`` so that rolls made while
    applying a command land in the outcome.
    """

    KIND: ClassVar[str]
    TITLE: ClassVar[str]
    RULES_VERSION: ClassVar[str]
    STATE_VERSION: ClassVar[int] = 1

    def __init__(self, state: S) -> None:
        self.state = state
        self.opening: Outcome | None = None
        """What ``new`` did before anyone acted (draws, rolls), for the bot to post once."""

    # -- creation -----------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        """The scenarios (or variants) a game can be started with."""

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return []

    @classmethod
    def data_hash(cls) -> str:
        """A hash of the data files the rules read (so a data change never alters a game)."""
        return ""

    @classmethod
    @abstractmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> Game[S]:
        """A new game of ``scenario`` for the given seat names, with a secret seed."""

    @classmethod
    def scenario(cls, scenario_id: str) -> ScenarioInfo:
        for info in cls.scenarios():
            if info.id == scenario_id:
                return info
        known = ", ".join(s.id for s in cls.scenarios())
        message = _("unknown scenario {scenario} (known: {known})", scenario=repr(scenario_id), known=known)
        raise RuleError("", message)

    # -- play ---------------------------------------------------------------------------
    def apply(self, seat: str, command: Command) -> Outcome:
        """Apply ``command`` for ``seat``; raise ``RuleError`` and change nothing if illegal."""
        work = self.copy_state(self.state)
        outcome = Outcome()
        self._apply(work, seat, command, outcome)
        rolls = self.dice(work).take_rolls()
        outcome.rolls.extend(rolls)
        if rolls:
            outcome.commit_point = True
        self.state = work
        if self.result() is not None:
            outcome.game_over = True
        return outcome

    def copy_state(self, state: S) -> S:
        """An independent copy for ``apply`` to work on. Games with a large state may override
        it with a faster structured copy; whatever it shares must never be mutated."""
        return copy.deepcopy(state)

    @abstractmethod
    def _apply(self, state: S, seat: str, command: Command, outcome: Outcome) -> None:
        """Mutate ``state`` (a private copy) or raise ``RuleError``."""

    @staticmethod
    @abstractmethod
    def dice(state: S) -> Dice:
        """The state's random source."""

    @abstractmethod
    def to_move(self) -> list[str]:
        """The seats that may act now (the seat of a pending decision when one is open)."""

    @abstractmethod
    def actions(self, seat: str) -> list[ActionSpec]:
        """What ``seat`` may do now (empty when it is not that seat's turn)."""

    def pending_decision(self) -> PendingDecision | None:
        return None

    def result(self) -> GameResult | None:
        """The result once the game is over, else None."""
        return None

    # -- views --------------------------------------------------------------------------
    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """Everything anyone may see. Never contains hidden information."""

    @abstractmethod
    def seat_view(self, seat: str) -> dict[str, Any]:
        """The public view plus what ``seat`` alone may see."""

    def private_lines(self, seat: str) -> list[str]:
        """What ``seat`` alone may see, as short lines (``/game mine``, "My secrets").

        By default: every entry of the seat view that the public view lacks or shows
        differently. Games override it to word their secrets better.
        """
        public = self.public_view()
        return [
            f"{key}: {value}"
            for key, value in self.seat_view(seat).items()
            if key not in public or public[key] != value
        ]

    def status_lines(self) -> list[str]:
        """A few public lines: whose move, what phase (for ``/game status``)."""
        movers = self.to_move()
        return [_("To move: {seats}", seats=", ".join(movers)) if movers else _("To move: nobody")]

    # -- persistence --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """JSON of the game. Sentences stored in the state (a waiting decision's prompt and
        labels, the history, the last battle, the result's summary, ...) are marked
        sentences: ``texts`` keeps their message ids (the state itself holds the English) so
        they are translated after a reload too (DESIGN: Two languages)."""
        state = self._state_to_json(self.state)
        data = {
            "kind": self.KIND,
            "state_version": self.STATE_VERSION,
            "rules_version": self.RULES_VERSION,
            "state": state,
        }
        texts = marked_texts(state)
        if texts:
            data["texts"] = texts
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game[S]:
        if data.get("kind") != cls.KIND:
            raise ValueError(f"state is for {data.get('kind')!r}, not {cls.KIND!r}")
        if data.get("state_version") != cls.STATE_VERSION:
            raise ValueError(
                f"state version {data.get('state_version')} cannot be read by "
                f"{cls.KIND} state version {cls.STATE_VERSION}"
            )
        state = data["state"]
        if data.get("texts"):
            state = restore_texts(state, data["texts"])
        return cls(cls._state_from_json(state))

    @staticmethod
    @abstractmethod
    def _state_to_json(state: S) -> dict[str, Any]: ...

    @staticmethod
    @abstractmethod
    def _state_from_json(data: dict[str, Any]) -> S: ...
