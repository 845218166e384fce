"""The translation catalogues, managed with Babel: extract, update, compile, check.

``scripts/i18n extract|update|compile|check`` runs this module (Babel is a development
dependency; the running bot reads only the compiled ``.mo`` files with :mod:`gettext`).

Three sources make the template ``bot/locale/praetor.pot``:

- every ``_("...")`` and ``_n("...", "...", n)`` in the code (``babel.cfg``);
- the names of the game data listed in :data:`DATA_NAMES` (card names, unit types), which the
  rules show through ``rules.core.i18n.data_name``;
- every name, description and choice of the slash-command tree, read from the loaded tree
  itself (names under the context ``"slash-command name"``: Discord's name rules apply).

Headers carry fixed dates and locations carry no line numbers, so files change only when the
messages do.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from bot.i18n import DISCORD_TEXT, DOMAIN, LOCALE_DIR, NAME_CONTEXT, NAME_LOCATIONS, valid_name

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("rules", "bot", "cogs", "render", "db")
KEYWORDS: dict[str, Any] = {"_": None, "_n": (1, 2)}
TRANSLATED = ("fr",)
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
FIELD = re.compile(r"\{(\w*)[^{}]*\}")

DATA_NAMES: tuple[tuple[str, str, str], ...] = (
    ("rules/barracks/data/influence.toml", "card", "name"),
    ("rules/barracks/data/influence.toml", "card", "text"),
    ("rules/barracks/data/influence.toml", "card", "solo_text"),
    ("rules/imperium_romanum/data/units.toml", "unit", "name"),
    ("rules/imperium_romanum/data/scenarios/*.toml", "scenario", "name"),
    ("rules/imperium_romanum/data/scenarios/*.toml", "power", "name"),
    ("rules/imperator/data/tables/events.toml", "events", "name"),
    ("rules/imperator/data/tables/events.toml", "events", "description"),
    ("rules/imperator/data/counters/materiel.toml", "fleet", "name"),
)
"""(file or glob, table or array of tables, key): the data names shown through ``data_name``
(docs/i18n.md, ruling I18N-1)."""

Key = tuple[str | None, str]
"""A message's identity: (context, msgid)."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def new_catalogue(language: str | None = None) -> Catalog:
    return Catalog(
        locale=language,
        domain=DOMAIN,
        project="Praetor",
        version="",
        copyright_holder="the Praetor authors",
        msgid_bugs_address="",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )


def extract_code(template: Catalog, root: Path = ROOT) -> None:
    """Add every ``_``/``_n`` message of the code (rules, bot, cogs, render, db)."""
    with open(root / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    for directory in SOURCE_DIRS:
        found = extract_from_dir(
            root / directory,
            method_map,
            options_map,
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, _lineno, message, comments, context in found:
            location = (f"{directory}/{filename}", 0)
            template.add(message, None, [location], auto_comments=comments, context=context)


def extract_data_names(template: Catalog, root: Path = ROOT) -> None:
    """Add every name of :data:`DATA_NAMES` (each data file's entries, in file order)."""
    import tomllib

    for pattern, table, key in DATA_NAMES:
        for path in sorted(root.glob(pattern)):
            file = str(path.relative_to(root))
            document = tomllib.loads(path.read_text(encoding="utf-8"))
            entries = document.get(table, [])
            for entry in [entries] if isinstance(entries, dict) else entries:
                name = entry.get(key)
                if isinstance(name, str) and name:
                    template.add(name, None, [(file, 0)])


async def command_strings() -> list[tuple[str | None, str, str]]:
    """Every string of the slash-command tree as (context, message, where), in tree order."""
    from discord import app_commands

    from bot.client import PraetorBot
    from bot.moderator import Moderator
    from db.engine import make_engine

    seen: dict[tuple[str | None, str], str] = {}

    class Recorder(app_commands.Translator):
        async def translate(
            self,
            string: app_commands.locale_str,
            locale: Any,
            context: app_commands.TranslationContext[Any, Any],
        ) -> str | None:
            if str(locale) == "fr" and string.message:
                is_name = context.location in NAME_LOCATIONS
                key = (NAME_CONTEXT if is_name else None, string.message)
                seen.setdefault(key, context.location.name)
            return None

    engine = make_engine("sqlite:///:memory:")
    try:
        bot = PraetorBot(Moderator(engine), run_scheduler=False)
        await bot.tree.set_translator(Recorder())
        await bot.load_praetor_cogs()
        await bot.translated_command_tree_payload()
    finally:
        await engine.dispose()
    return [(context, message, where) for (context, message), where in seen.items()]


def build_template(root: Path = ROOT) -> Catalog:
    """The template: the code's messages, then the command tree's."""
    template = new_catalogue()
    extract_code(template, root)
    extract_data_names(template, root)
    for context, message, where in asyncio.run(command_strings()):
        template.add(message, None, [(f"slash-commands:{where}", 0)], context=context)
    return template


def write_catalogue(path: Path, catalogue: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, sort_output=True, ignore_obsolete=True,
             include_lineno=False)
    path.write_bytes(buffer.getvalue())


def read_catalogue(path: Path, language: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def update(root: Path = ROOT) -> Catalog:
    """Write the template and merge it into each language's ``.po`` (new messages empty)."""
    template = build_template(root)
    write_catalogue(TEMPLATE, template)
    for language in TRANSLATED:
        path = po_path(language)
        catalogue = read_catalogue(path, language) if path.exists() else new_catalogue(language)
        catalogue.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalogue.revision_date = FIXED_DATE
        write_catalogue(path, catalogue)
    return template


def compile_catalogue(language: str) -> bytes:
    """The ``.mo`` bytes of a language's ``.po`` (untranslated messages left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalogue(po_path(language), language), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for language in TRANSLATED:
        mo_path(language).write_bytes(compile_catalogue(language))


def messages(catalogue: Catalog) -> dict[Key, Any]:
    """(context, msgid) -> msgstr (a tuple for plurals) of every message but the header."""
    found: dict[Key, Any] = {}
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        string = message.string
        context = message.context
        if isinstance(context, bytes):  # read_mo leaves contexts undecoded
            context = context.decode("utf-8")
        found[(context, msgid)] = tuple(string) if isinstance(string, list | tuple) else string
    return found


def fields(text: str) -> list[str]:
    return sorted(set(FIELD.findall(text)))


def problems(language: str, template: Catalog) -> list[str]:
    """Everything wrong with a language's catalogue against the template: a message missing or
    untranslated or fuzzy, other ``{fields}`` than the English, an invalid Discord name, a
    slash-command description over Discord's 100 characters, a
    plural without every form, a compiled ``.mo`` that does not match its ``.po``."""
    found: list[str] = []
    catalogue = read_catalogue(po_path(language), language)
    for message in template:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        where = f"{msgid!r}" + (f" [{message.context}]" if message.context else "")
        translated = catalogue.get(message.id, message.context)
        if translated is None or not translated.string or translated.fuzzy:
            found.append(f"{language}: no translation for {where}")
            continue
        forms = (
            list(translated.string)
            if isinstance(translated.string, tuple | list)
            else [translated.string]
        )
        if any(not form for form in forms):
            found.append(f"{language}: a plural form is missing for {where}")
            continue
        english = message.id if isinstance(message.id, tuple | list) else [message.id]
        wanted = sorted({f for text in english for f in fields(text)})
        for form in forms:
            extra = set(fields(form)) - set(wanted)
            if extra or (len(forms) == 1 and fields(form) != wanted):
                found.append(f"{language}: fields of {where} differ: {form!r}")
        if message.context == NAME_CONTEXT and not valid_name(forms[0]):
            found.append(f"{language}: {forms[0]!r} for {where} breaks Discord's name rules")
        described = any(str(place).startswith("slash-commands:") and "description" in str(place)
                        for place, _line in message.locations)
        if described and not 1 <= len(forms[0]) <= DISCORD_TEXT:
            found.append(f"{language}: the description for {where} is {len(forms[0])} characters "
                         f"(Discord allows 1-{DISCORD_TEXT})")
    compiled = mo_path(language)
    if not compiled.exists():
        found.append(f"{language}: {compiled} is missing (scripts/i18n compile)")
    else:
        with open(compiled, "rb") as file:
            if messages(read_mo(file)) != {
                key: value for key, value in messages(catalogue).items() if value
            }:
                found.append(f"{language}: {compiled} is stale (scripts/i18n compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/i18n", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["extract", "update", "compile", "check"])
    args = parser.parse_args(argv)
    if args.action == "extract":
        write_catalogue(TEMPLATE, build_template())
    elif args.action == "update":
        update()
    elif args.action == "compile":
        compile_all()
    else:
        template = build_template()
        wrong = [p for language in TRANSLATED for p in problems(language, template)]
        for line in wrong:
            print(line)
        print(f"{len(wrong)} problem(s)", file=sys.stderr)
        return 1 if wrong else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
