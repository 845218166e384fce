"""Praetor in the reader's language (DESIGN: Two languages).

The rules mark sentences with ``rules.core.i18n._``; this module picks the language and
translates them where the bot shows them:

- a reply only one person sees is in that person's Discord language (``interaction.locale``);
- a public post is in the game's language, the ``language`` option chosen at ``/game new``
  (default: the server's preferred language);
- command, option and choice names and descriptions carry Discord localisations through
  :class:`PraetorTranslator`, so a French Discord client shows French commands.

Catalogues are gettext ``.mo`` files under ``bot/locale`` compiled from the ``.po`` files by
``scripts/i18n compile`` (committed; a test checks they match their ``.po``).
"""

from __future__ import annotations

import gettext
import logging
from functools import cache
from pathlib import Path
from typing import Any

from discord import app_commands

from rules.core.i18n import LANGUAGE_OPTION, LANGUAGES, Catalogue, Text, plain, translate

log = logging.getLogger(__name__)

DOMAIN = "praetor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
FRENCH = "fr"
NAME_CONTEXT = "slash-command name"
"""The gettext context of command, group and option names (Discord's name rules apply)."""

NAME_LOCATIONS = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def language_of(locale: Any) -> str:
    """The Praetor language for a Discord locale (``"fr"``, ``"fr-FR"``, ``Locale.french``,
    ``"en-GB"``...): French for any French locale, English otherwise (and for None)."""
    if locale is None:
        return ENGLISH
    code = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else ENGLISH



@cache
def catalogue(language: str) -> Catalogue | None:
    """The compiled catalogue of ``language`` (None for English, the source language)."""
    if language == ENGLISH:
        return None
    try:
        return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language])
    except OSError:
        log.warning("no compiled catalogue for %s under %s: speaking English", language, LOCALE_DIR)
        return None


def localise(value: Any, language: str | None) -> str:
    """``value`` in ``language``: a :class:`Text` is translated, anything else is ``str()``."""
    if isinstance(value, Text):
        return translate(value, catalogue(language or ENGLISH))  # type: ignore[no-any-return]
    return plain(value) if isinstance(value, str) else str(value)


DISCORD_TEXT = 100
"""Discord's limit (characters) for a select option's label and description, an autocomplete
choice's name, and a command's or option's description (checked for every language by
``bot.i18n_catalogue``)."""


def fit_words(text: str, limit: int = DISCORD_TEXT) -> str:
    """``text`` unchanged when it fits ``limit`` characters, else cut after its last whole word
    that leaves room for "…" (one word longer than the limit is cut inside it). Applied after
    :func:`localise`: a French label is longer than its English."""
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    cut = head if text[limit - 1] == " " or " " not in head else head.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;·:") + "…"


def localise_lines(lines: list[Any], language: str | None) -> list[str]:
    return [localise(line, language) for line in lines]


def reader_language(interaction: Any) -> str:
    """The language of the person who sent an interaction (their Discord client's locale)."""
    return language_of(getattr(interaction, "locale", None))


def server_language(interaction: Any) -> str:
    """The language of the server an interaction came from (its preferred locale)."""
    return language_of(getattr(interaction, "guild_locale", None))


def game_language(row: Any) -> str:
    """The language of a game's public posts: its ``language`` option (English if unset)."""
    options = getattr(row, "options", None) or {}
    return language_of(options.get(LANGUAGE_OPTION))


# -- Discord's own localisation -----------------------------------------------------------
def valid_name(name: str) -> bool:
    """Discord's rule for a command, group or option name in any locale: 1 to 32 characters,
    letters, digits, ``-`` and ``_`` only (``^[-_\\p{L}\\p{N}]{1,32}$``), lowercase."""
    return (
        1 <= len(name) <= 32
        and all(ch.isalnum() or ch in "-_" for ch in name)
        and name == name.lower()
    )


def slash_translation(message: str, language: str, is_name: bool) -> str | None:
    """The localisation of one command string (the English itself when the catalogue has
    none), or None when it is not a valid Discord name: Discord then shows the English."""
    found = catalogue(language)
    if found is None:
        return None
    if is_name:
        translated = found.pgettext(NAME_CONTEXT, message)  # type: ignore[attr-defined]
    else:
        translated = found.gettext(message)
    if not translated:
        return None
    if is_name and not valid_name(translated):
        log.warning("French name %r of %r breaks Discord's name rules", translated, message)
        return None
    if not is_name and len(translated) > 100:
        log.warning("translation of %r is over 100 characters", message)
        return None
    return str(translated)


class PraetorTranslator(app_commands.Translator):
    """Gives Discord the French names and descriptions of every command, option and choice.

    discord.py asks it for each ``locale_str`` of the tree (every plain string becomes one) in
    each Discord locale when the tree is synced; English stays the default.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Any,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = language_of(locale)
        if language == ENGLISH:
            return None
        return slash_translation(string.message, language, context.location in NAME_LOCATIONS)
