"""Which renderer draws which game: ``kind -> (public view, view name) -> PNG bytes``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Renderer = Callable[[dict[str, Any], str], bytes]

# kind -> "module:function"; looked up lazily so a missing renderer never breaks the bot.
KNOWN: dict[str, str] = {
    "imperator": "render.imperator:render_public_view",
    "barracks": "render.barracks:render_public_view",
    "rome_iinc": "render.rome_iinc:render_public_view",
}

_EXTRA: dict[str, Renderer] = {}


def register_renderer(kind: str, renderer: Renderer) -> None:
    _EXTRA[kind] = renderer


def renderer_for(kind: str) -> Renderer | None:
    if kind in _EXTRA:
        return _EXTRA[kind]
    target = KNOWN.get(kind)
    if target is None:
        return None
    module_name, _, function = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, function, None)
    return found if callable(found) else None
