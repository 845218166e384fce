"""The words an image is drawn with, in the game's language (DESIGN: Two languages).

A renderer marks its fixed labels with ``rules.core.i18n._`` and passes them through
``words(view)``: the view's ``language`` (set by the bot from the game's ``language`` option;
absent means English) picks the catalogue, so the same public view draws in English or French.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def words(view: dict[str, Any]) -> Callable[[Any], str]:
    """A function turning a marked label into text in the view's language."""
    from bot.i18n import localise  # the catalogues live with the bot

    language = str(view.get("language") or "en")
    return lambda text: localise(text, language)
