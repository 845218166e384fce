"""Which games exist: the ``praetor.games`` entry-point group plus explicit registrations."""

from __future__ import annotations

import importlib
from importlib.metadata import EntryPoint, entry_points

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


_ENTRY_POINTS: dict[str, EntryPoint] | None = None
_LOADED: dict[str, type[Game]] = {}  # type: ignore[type-arg]


def _entry_points() -> dict[str, EntryPoint]:
    """The ``praetor.games`` entry points by name, read once per process: reading them scans
    every installed distribution (milliseconds), and the Moderator asks at each game it loads
    from the database (issue 14)."""
    global _ENTRY_POINTS
    if _ENTRY_POINTS is None:
        _ENTRY_POINTS = {ep.name: ep for ep in entry_points(group="praetor.games")}
    return _ENTRY_POINTS


def _installed(kind: str) -> type[Game] | None:  # type: ignore[type-arg]
    """The game class of entry point ``kind``, imported the first time it is asked for: a
    process imports the rules of the games it runs only (issue 14: memory at rest)."""
    if kind not in _LOADED:
        ep = _entry_points().get(kind)
        if ep is None:
            return None
        try:
            cls = ep.load()
        except ImportError:
            return None
        _LOADED[kind] = cls
    return _LOADED[kind]


def games() -> dict[str, type[Game]]:  # type: ignore[type-arg]
    """All known games by kind: entry points first, explicit registrations override."""
    found = {}
    for name in _entry_points():
        cls = _installed(name)
        if cls is not None:
            found[cls.KIND] = cls
    found.update(_REGISTERED)
    return found


def get_game(kind: str) -> type[Game]:  # type: ignore[type-arg]
    """The game class of ``kind`` (a registration, else its entry point, imported now)."""
    found = _REGISTERED.get(kind) or _installed(kind)
    if found is None:
        known = games()  # every game imported: an entry point may be named unlike its kind
        if kind in known:
            return known[kind]
        names = ", ".join(sorted(known)) or _("none")
        raise KeyError(_("unknown game {kind} (known: {known})", kind=repr(kind), known=names))
    return found
