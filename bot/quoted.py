"""Quotes around a typed option, removed in one place for every game.

``/game status`` suggests lines such as ``/move units:"a, b" to:X``: the quotes are how the
local table reads a value with spaces. In Discord each option is its own field, so a pasted
line brings the quotes into the value. Every string option passes through :func:`unquoted`
before a cog sees it: in Discord from :meth:`bot.client.PraetorTree.interaction_check` (commands
and autocomplete alike), at the local table from ``LocalTable.run_slash``. Ruling DIS-1 (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _

DOUBLE_QUOTES = '"“”„‟«»'
"""The marks taken for a double quote: straight, typographic (“ ” „ ‟) and French (« »)."""

STRING_OPTION = 3
"""Discord's option type for a string (``discord.AppCommandOptionType.string``)."""


class UnbalancedQuote(ValueError):
    """A value that opens a quote without closing it, or closes one never opened."""


def unquoted(text: str) -> str:
    """``' "IV Scythica, XII Fulminata" '`` -> ``'IV Scythica, XII Fulminata'``: one pair of
    enclosing double quotes and the spaces around and inside them removed; anything else as
    typed but for the surrounding spaces. A quote at one end only raises :class:`UnbalancedQuote`."""
    value = text.strip()
    opens = value[:1] in DOUBLE_QUOTES and value != ""
    closes = value[-1:] in DOUBLE_QUOTES and value != ""
    if opens and closes and len(value) >= 2:
        return value[1:-1].strip()
    if opens or closes:
        raise UnbalancedQuote(value)
    return value


def loosely_unquoted(text: str) -> str:
    """For autocomplete, while the player is still typing: an opening quote not yet closed is
    dropped rather than refused (``'"Avid'`` -> ``'Avid'``)."""
    try:
        return unquoted(text)
    except UnbalancedQuote:
        return text.strip().strip(DOUBLE_QUOTES).strip()


def unquote_options(options: list[dict[str, Any]], *, typing: bool = False) -> str | None:
    """Unquote, in place, the string options of a Discord interaction's data (subcommands and
    groups nest their options); the name of the first unbalanced one, or ``None``. ``typing``
    (autocomplete) never refuses: see :func:`loosely_unquoted`."""
    for option in options:
        nested = option.get("options")
        if isinstance(nested, list):
            bad = unquote_options(nested, typing=typing)
            if bad is not None:
                return bad
        value = option.get("value")
        if option.get("type") != STRING_OPTION or not isinstance(value, str):
            continue
        if typing:
            option["value"] = loosely_unquoted(value)
            continue
        try:
            option["value"] = unquoted(value)
        except UnbalancedQuote:
            return str(option.get("name", "?"))
    return None


def unquote_values(values: dict[str, Any], strings: set[str]) -> str | None:
    """The same for the local table's parsed options (``strings``: the names of the string
    options); the name of the first unbalanced one, or ``None``."""
    for name in sorted(strings & values.keys()):
        try:
            values[name] = unquoted(values[name])
        except UnbalancedQuote:
            return name
    return None


def unbalanced_message(option: str) -> Text:
    """The private refusal of an unbalanced quote."""
    return _(
        "The option {option} has a quote mark at one end only: remove it, or close the quote "
        "(quotes are optional in Discord).",
        option=option,
    )
