"""A command as a player types it: ``/move leader:"Avidius Cassius" to:Cyrrhus``.

One formatting for every game's ready-to-type suggestions (``/game status``) and the transcript
writers: the slash path, then ``option:value`` for each argument. A list is written
comma-separated, and a value holding a space or a comma is quoted, which is how the bot's
option parser reads it back. Empty lists are left out (the option is optional).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def shown_value(value: Any, name: Callable[[str], str] = str) -> str:
    """An option's value as typed; ``name`` turns a single id into what the player types."""
    text = ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else name(str(value))
    return f'"{text}"' if (" " in text or "," in text) else text


def typed_line(
    path: str,
    args: Mapping[str, Any],
    name: Callable[[str], str] = str,
    option_names: Mapping[str, str] | None = None,
) -> str:
    """``typed_line("/rome fight", {"war": "goths"})`` -> ``/rome fight war:goths``.

    ``option_names`` maps an engine argument to the slash option when they differ."""
    options = option_names or {}
    parts = [path] + [
        f"{options.get(k, k)}:{shown_value(v, name)}" for k, v in args.items() if v != [] and v != ()
    ]
    return " ".join(parts)
