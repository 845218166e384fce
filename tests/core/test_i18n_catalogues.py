"""The French catalogue is complete, compiled and consistent (issue 13; scripts/i18n)."""

from __future__ import annotations

import gettext

import pytest

from bot.i18n import LOCALE_DIR, NAME_CONTEXT, catalogue, language_of, localise
from bot.i18n_catalogue import build_template, po_path, problems, read_catalogue
from rules.core.i18n import _, _n


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return build_template()


def test_every_message_has_a_french_translation(template) -> None:  # type: ignore[no-untyped-def]
    """Fails on any extracted message (code or slash command) without a French translation,
    with other {fields} than the English, or when the .mo is stale. Fix: `scripts/i18n update`,
    translate the new entries in bot/locale/fr/LC_MESSAGES/praetor.po, `scripts/i18n compile`."""
    assert problems("fr", template) == []


def test_template_holds_code_and_command_messages(template) -> None:  # type: ignore[no-untyped-def]
    assert template.get("{section}: {message}") is not None  # rules/core/errors.py
    assert template.get("game", NAME_CONTEXT) is not None  # the /game group
    assert template.get("Open a game in this channel") is not None


def test_french_plural_forms() -> None:
    """French counts 0 and 1 as singular: nplurals=2; plural=(n > 1)."""
    po = read_catalogue(po_path("fr"), "fr")
    assert po.plural_forms == "nplurals=2; plural=(n > 1);"
    compiled = gettext.translation("praetor", localedir=LOCALE_DIR, languages=["fr"])
    forms = [compiled.plural(n) for n in (0, 1, 2, 5)]  # type: ignore[attr-defined]
    assert forms == [0, 0, 1, 1]


def test_rule_citations_keep_their_numbers_in_french() -> None:
    line = _("{section}: {message}", section="§7.2", message=_n("{n} card", "{n} cards", 2))
    assert localise(line, "fr").startswith("§7.2 : ")


def test_locales_resolve_to_languages() -> None:
    assert [language_of(x) for x in ("fr", "fr-FR", "en-US", "de", None)] == [
        "fr",
        "fr",
        "en",
        "en",
        "en",
    ]
    assert catalogue("en") is None and catalogue("fr") is not None


def test_a_french_description_longer_than_discord_allows_is_a_problem(template, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Discord refuses a command tree whose description (any language) passes 100 characters:
    the catalogue check names the entry and its length before a sync does."""
    import bot.i18n_catalogue as C

    french = read_catalogue(po_path("fr"), "fr")
    french.get("Open a game in this channel").string = "x" * 101
    po, mo = tmp_path / "praetor.po", tmp_path / "praetor.mo"
    C.write_catalogue(po, french)
    monkeypatch.setattr(C, "po_path", lambda language: po)
    mo.write_bytes(C.compile_catalogue("fr"))
    monkeypatch.setattr(C, "mo_path", lambda language: mo)
    assert problems("fr", template) == [
        "fr: the description for 'Open a game in this channel' is 101 characters (Discord allows 1-100)"]
