"""Ready-to-type commands for ``/game status`` (issue 12): what a seat may send **now**, one
example per verb, built from the engine's own legal commands (``Game.legal_commands``), so a
suggestion is always a command the rules accept. A game with its own ``suggestions`` is asked
instead (Imperator tries each candidate on a copy); The Barracks Emperors and Rome, IInc. go
through here.

The only knowledge kept here is the slash path of an engine verb typed otherwise than
``/<verb>`` (Rome, IInc.'s ``/rome`` subcommands), which the cog that defines the command
registers (``register_slash_path``).
"""

from __future__ import annotations

from typing import Any

from rules.core import Command
from rules.core.i18n import _, _n, join
from rules.core.typed import shown_value, typed_line

SLASH_PATHS: dict[tuple[str, str], str] = {}
"""``(game kind, engine verb) -> what the player types``, when it is not ``/<verb>``."""

EXAMPLES_PER_VERB = 3
"""When a seat has one or two verbs, a verb with many legal values (a card in each space) shows
this many examples, each with a different first value (a different card); with more verbs, one
each. Either way the last example says how many more the menus hold."""


def register_slash_path(kind: str, verb: str, path: str) -> None:
    SLASH_PATHS[(kind, verb)] = path


def typed(kind: str, command: Command) -> str:
    """``Command("play", {"card": "quaestor-3", "space": "F3"})`` -> ``/play card:quaestor-3 space:F3``."""
    if command.name == "decide":
        return "/respond"
    return typed_line(SLASH_PATHS.get((kind, command.name), f"/{command.name}"), command.args)


def _labels(game: Any, seat: str) -> dict[tuple[str, str, str], str]:
    """``(verb, option, value) -> label`` from the game's action specs (what the menus show)."""
    found: dict[tuple[str, str, str], str] = {}
    for action in game.actions(seat):
        for arg in action.args:
            for choice in arg.choices or ():
                found[(action.name, arg.name, choice.value)] = choice.label
    return found


def _note(command: Command, labels: dict[tuple[str, str, str], str], descriptions: dict[str, str]) -> str:
    """What the example does: the labels of its values (``Quaestor Yellow 3``), else the
    action's description."""
    words = []
    for option, value in command.args.items():
        text = ",".join(value) if isinstance(value, list) else str(value)
        label = labels.get((command.name, option, text), text)
        if label != text:
            words.append(label)
    return join(", ", words) if words else descriptions.get(command.name, "")


def ready_to_type(kind: str, game: Any, seat: str) -> list[str]:
    """Lines ``/verb option:value — what it does`` for ``seat`` now: each legal verb once (up
    to ``EXAMPLES_PER_VERB`` examples for one with many values), ``/end`` last. Empty when the
    game does not list its legal commands or ``seat`` may do nothing."""
    legal = getattr(game, "legal_commands", None)
    if not callable(legal):
        return []
    commands: list[Command] = legal(seat)
    if not commands:
        return []
    pending = game.pending_decision()
    answers_only = all(c.name == "decide" for c in commands)  # a deadline leaves the orders open
    if pending is not None and pending.seat == seat and answers_only:
        return [_("/respond — {prompt}", prompt=pending.prompt)]
    labels = _labels(game, seat)
    descriptions = {a.name: a.description for a in game.actions(seat)}
    by_verb: dict[str, list[Command]] = {}
    for command in commands:
        by_verb.setdefault(command.name, []).append(command)
    lines: list[str] = []
    per_verb = EXAMPLES_PER_VERB if len(by_verb) <= 2 else 1  # keep the reply short
    # stable: the engine's order, then /end
    for verb in sorted(by_verb, key=lambda v: int(v == "end")):
        group = by_verb[verb]
        firsts: list[Command] = []
        seen: set[str] = set()
        for command in group:
            first = shown_value(next(iter(command.args.values()), ""))
            if first not in seen:
                seen.add(first)
                firsts.append(command)
            if len(firsts) == per_verb:
                break
        for command in firsts:
            note = _note(command, labels, descriptions)
            line = typed(kind, command)
            lines.append(_("{command} — {note}", command=line, note=note) if note else _("{command}", command=line))
        more = len(group) - len(firsts)
        if more > 0:
            hint = _n("(+{n} more choice in its menus)", "(+{n} more choices in its menus)", more)
            final = firsts[-1]
            note = _note(final, labels, descriptions)
            line = typed(kind, final)
            lines[-1] = (
                _("{command} — {note} {more}", command=line, note=note, more=hint)
                if note
                else _("{command} — {more}", command=line, more=hint)
            )
    return lines
