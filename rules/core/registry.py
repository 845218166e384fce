"""Which games exist: the ``praetor.games`` entry-point group plus explicit registrations."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from rules.core.game import Game
from rules.core.i18n import _

_REGISTERED: dict[str, type[Game]] = {}  # type: ignore[type-arg]


def register(game_class: type[Game]) -> None:  # type: ignore[type-arg]
    _REGISTERED[game_class.KIND] = game_class


def register_module(module_name: str) -> None:
    """Import ``module_name`` and register its ``GAME`` class (``--games`` in replay)."""
    module = importlib.import_module(module_name)
    game_class = getattr(module, "GAME", None)
    if game_class is None:
        raise ValueError(f"module {module_name} has no GAME class")
    register(game_class)


_INSTALLED: dict[str, type[Game]] | None = None  # type: ignore[type-arg]


def _installed() -> dict[str, type[Game]]:  # type: ignore[type-arg]
    """The games of the ``praetor.games`` entry points, read once per process: reading them
    scans every installed distribution (milliseconds), and the Moderator asks at each game it
    loads from the database (issue 14)."""
    global _INSTALLED
    if _INSTALLED is None:
        found: dict[str, type[Game]] = {}  # type: ignore[type-arg]
        for ep in entry_points(group="praetor.games"):
            try:
                cls = ep.load()
            except ImportError:
                continue
            found[cls.KIND] = cls
        _INSTALLED = found
    return _INSTALLED


def games() -> dict[str, type[Game]]:  # type: ignore[type-arg]
    """All known games by kind: entry points first, explicit registrations override."""
    found = dict(_installed())
    found.update(_REGISTERED)
    return found


def get_game(kind: str) -> type[Game]:  # type: ignore[type-arg]
    known = games()
    if kind not in known:
        names = ", ".join(sorted(known)) or _("none")
        raise KeyError(_("unknown game {kind} (known: {known})", kind=repr(kind), known=names))
    return known[kind]
