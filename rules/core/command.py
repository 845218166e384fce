"""Commands, outcomes and pending decisions: what goes into a game and what comes out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import DiceRoll
from rules.core.i18n import lines_to_json, plain, text_from_json, text_to_json

JSONDict = dict[str, Any]


@dataclass(frozen=True)
class Command:
    """A player's command: a verb (``"move"``) and its named arguments, all JSON values."""

    name: str
    args: JSONDict = field(default_factory=dict)

    def to_json(self) -> JSONDict:
        return {"name": self.name, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: JSONDict) -> Command:
        return cls(name=str(data["name"]), args=dict(data.get("args", {})))

    def arg(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)


@dataclass
class Outcome:
    """What an accepted command produced.

    ``public`` lines go to the channel, ``private[seat]`` lines only to that seat. ``rolls`` are
    the recorded dice. ``commit_point`` is true when dice were rolled or a hidden chit/card was
    drawn or revealed: undo never goes back past such a command (DESIGN: Undo).
    ``highlight`` marks a big event (a battle, a usurpation, a change of emperor): spectators
    who asked for mentions are pinged; the end of a game always counts as one.
    """

    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    rolls: list[DiceRoll] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    map_changed: bool = False
    commit_point: bool = False
    game_over: bool = False
    highlight: bool = False
    rolls_in_lines: bool = False
    """The game wrote each roll into its public lines, next to what it decided (a digest per
    phase, Rome, IInc.): the presenter does not list ``rolls`` again after the lines."""

    def say(self, line: str) -> None:
        self.public.append(line)

    def tell(self, seat: str, line: str) -> None:
        self.private.setdefault(seat, []).append(line)

    def cite(self, section: str) -> None:
        if section not in self.citations:
            self.citations.append(section)

    def to_json(self) -> JSONDict:
        """JSON: ``public``/``private`` hold the English lines (the readable log); ``texts``,
        present when some line was marked with ``_``, holds the same lines with their message
        ids so a stored outcome can still be translated (DESIGN: Two languages)."""
        data: JSONDict = {
            "public": [plain(line) for line in self.public],
            "private": {k: [plain(line) for line in v] for k, v in self.private.items()},
            "rolls": [r.to_json() for r in self.rolls],
            "citations": list(self.citations),
            "map_changed": self.map_changed,
            "commit_point": self.commit_point,
            "game_over": self.game_over,
            "highlight": self.highlight,
        }
        if self.rolls_in_lines:
            data["rolls_in_lines"] = True
        texts: JSONDict = {}
        public = lines_to_json(self.public)
        if public is not None:
            texts["public"] = public
        private = {k: lines_to_json(v) for k, v in self.private.items()}
        if any(v is not None for v in private.values()):
            texts["private"] = {k: v for k, v in private.items() if v is not None}
        if texts:
            data["texts"] = texts
        return data

    @classmethod
    def from_json(cls, data: JSONDict) -> Outcome:
        texts = data.get("texts", {})
        private_texts = texts.get("private", {})
        return cls(
            public=[text_from_json(x) for x in texts.get("public", data.get("public", []))],
            private={
                k: [text_from_json(x) for x in private_texts.get(k, v)]
                for k, v in data.get("private", {}).items()
            },
            rolls=[DiceRoll.from_json(r) for r in data.get("rolls", [])],
            citations=list(data.get("citations", [])),
            map_changed=bool(data.get("map_changed", False)),
            commit_point=bool(data.get("commit_point", False)),
            game_over=bool(data.get("game_over", False)),
            highlight=bool(data.get("highlight", False)),
            rolls_in_lines=bool(data.get("rolls_in_lines", False)),
        )

    def public_json(self) -> JSONDict:
        """The outcome as anyone may see it (no private lines)."""
        data = self.to_json()
        data["private"] = {}
        if "texts" in data:
            data["texts"].pop("private", None)
            if not data["texts"]:
                del data["texts"]
        return data


@dataclass(frozen=True)
class Choice:
    """One option of a decision or one value of a command argument."""

    value: str
    label: str


@dataclass(frozen=True)
class PendingDecision:
    """A choice a seat may make out of turn (DESIGN: Decisions out of turn).

    The game waits on it. ``default`` applies when ``timeout_seconds`` pass (the bot turns it
    into an absolute deadline and stores it). Answer it with ``Command("decide", {"id": ...,
    "choice": value})`` from ``seat``.
    """

    id: str
    seat: str
    kind: str
    prompt: str
    choices: tuple[Choice, ...]
    default: str
    timeout_seconds: int = 600
    section: str = ""
    default_label: str = ""
    """What the default does, in words, when it is no choice on offer (a simultaneous
    segment's deadline closes it for everyone); else the default choice's label is used."""
    seats: tuple[str, ...] = ()
    """Every seat the decision waits on when it is several (a simultaneous segment's deadline:
    the powers still giving orders, ``seat`` first); empty when it waits on ``seat`` alone."""

    def waiting_on(self) -> tuple[str, ...]:
        """The seats this decision waits on (``/game status`` names them all)."""
        return self.seats or (self.seat,)

    def default_words(self) -> str:
        """The default as a player reads it: its choice's label, or ``default_label``; never
        the raw option id (a game whose default has neither fails
        ``tests/core/test_decision_defaults.py``)."""
        for choice in self.choices:
            if choice.value == self.default:
                return choice.label
        return self.default_label or self.default

    def to_json(self) -> JSONDict:
        """JSON; ``prompt_text``/``labels_text`` (when marked with ``_``) keep the message ids
        next to the English ``prompt`` and labels."""
        data: JSONDict = {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "prompt": plain(self.prompt),
            "choices": [[c.value, plain(c.label)] for c in self.choices],
            "default": self.default,
            "timeout_seconds": self.timeout_seconds,
            "section": self.section,
        }
        prompt = text_to_json(self.prompt)
        if prompt != data["prompt"]:
            data["prompt_text"] = prompt
        labels = lines_to_json([c.label for c in self.choices])
        if labels is not None:
            data["labels_text"] = labels
        if self.default_label:
            data["default_label"] = text_to_json(self.default_label)
        if self.seats:
            data["seats"] = list(self.seats)
        return data

    @classmethod
    def from_json(cls, data: JSONDict) -> PendingDecision:
        labels = data.get("labels_text") or [lbl for _, lbl in data["choices"]]
        return cls(
            id=data["id"],
            seat=data["seat"],
            kind=data["kind"],
            prompt=text_from_json(data.get("prompt_text", data["prompt"])),
            choices=tuple(
                Choice(str(v), text_from_json(lbl))
                for (v, _), lbl in zip(data["choices"], labels, strict=True)
            ),
            default=data["default"],
            timeout_seconds=int(data.get("timeout_seconds", 600)),
            section=data.get("section", ""),
            default_label=text_from_json(data.get("default_label", "")),
            seats=tuple(data.get("seats", ())),
        )


@dataclass(frozen=True)
class ArgSpec:
    """One argument of an action a seat may take now, with its legal values when finite."""

    name: str
    description: str = ""
    choices: tuple[Choice, ...] | None = None
    required: bool = True


@dataclass(frozen=True)
class ActionSpec:
    """An action a seat may take now: the command name and its arguments (for autocomplete)."""

    name: str
    description: str
    args: tuple[ArgSpec, ...] = ()


def actions_from_commands(
    commands: list[Command],
    describe: Callable[[str], str],
    label: Callable[[str, str], str] = lambda option, value: value,
    describe_option: Callable[[str], str] = lambda option: option,
) -> list[ActionSpec]:
    """The action specs (menus, autocomplete) of a list of legal commands: one per command
    name, in order, each option with the distinct values the commands give it (a list value
    comma-joined). ``describe(name)`` words the action, ``describe_option(option)`` an option
    and ``label(option, value)`` a value."""
    by_name: dict[str, list[Command]] = {}
    for c in commands:
        by_name.setdefault(c.name, []).append(c)
    specs = []
    for name, group in by_name.items():
        keys: list[str] = []
        for c in group:
            keys += [k for k in c.args if k not in keys]
        args = []
        for k in keys:
            values: list[str] = []
            for c in group:
                v = c.args.get(k)
                v = ",".join(v) if isinstance(v, list) else v
                if v is not None and str(v) not in values:
                    values.append(str(v))
            args.append(ArgSpec(k, describe_option(k), tuple(Choice(v, label(k, v)) for v in values)))
        specs.append(ActionSpec(name, describe(name), tuple(args)))
    return specs


@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    title: str
    seats: tuple[str, ...]
    description: str = ""
    min_seats: int | None = None


@dataclass(frozen=True)
class OptionSpec:
    """A per-game option (a ruling players may choose, a variant)."""

    name: str
    description: str
    default: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the winning seats (empty for a draw), a level and a summary."""

    winners: tuple[str, ...]
    summary: str
    level: str = ""
    scores: tuple[tuple[str, int], ...] = ()
