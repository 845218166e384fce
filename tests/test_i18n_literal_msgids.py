"""Every sentence marked for translation is a literal, so Babel extracts it into the catalogue.

``_(SOME_CONSTANT, ...)`` or ``_(title)`` marks a sentence Babel cannot read: it never reaches
``bot/locale/praetor.pot``, no translator sees it, and a French player reads it in English (the
Imperator battle headline and the Rome, IInc. scenario titles did, session 12). The one form
allowed is ``_(text.msgid, ...)``: the same already-extracted sentence given new fields.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "bot", "cogs", "render", "db")


def non_literal_msgids(source: str) -> list[tuple[int, str]]:
    """The (line, argument) of each ``_(...)`` or ``_n(...)`` call whose sentence is not a
    string literal (nor the ``msgid`` of a marked sentence)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "_n")):
            continue
        texts = node.args[:2] if node.func.id == "_n" else node.args[:1]
        for arg in texts:
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            rewrap = isinstance(arg, ast.Attribute) and arg.attr == "msgid"
            if not (literal or rewrap):
                found.append((node.lineno, ast.unparse(arg)))
    return found


def test_the_check_finds_a_constant_a_variable_and_a_plural_built_at_run_time() -> None:
    source = (
        'HEAD = "battle in {zone}"\n'
        "a = _(HEAD, zone=z)\n"
        "b = _(title)\n"
        'c = _n("one", plural_word, n)\n'
        'd = _("a literal {x}", x=1)\n'
        "e = _(label.msgid, peoples=p)\n"
    )
    assert non_literal_msgids(source) == [(2, "HEAD"), (3, "title"), (4, "plural_word")]


def test_every_marked_sentence_of_the_code_is_a_literal() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}: _({arg})"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, arg in non_literal_msgids(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_two_sentences_found_so_now_read_in_french() -> None:
    from bot.i18n import localise
    from rules.imperator.views import BATTLE_HEADLINE, battle_headline
    from rules.rome_iinc.game import RomeGame

    headline = battle_headline("Cyrrhus", "Rome (1 unit, 10 PF)", "the Enemies of Rome (1 unit, 4 PF)")
    assert headline.msgid == BATTLE_HEADLINE
    assert localise(headline, "fr") == (
        "§8.2 : bataille en Cyrrhus ; en attaque : Rome (1 unit, 10 PF) ; en défense : the Enemies of Rome (1 unit, 4 PF)."
    )
    first = RomeGame.scenarios()[0]
    assert (localise(first.title, "fr"), localise(first.description, "fr")) == (
        "286 apr. J.-C. : Dioclétien et la Tétrarchie", "Dix tours à partir de la Tétrarchie (13.1).")
