"""Optional rules 40-44 as game options chosen at ``/game new`` (issue 17).

Each option is ``yes`` or ``no`` (``no`` by default); ``enabled`` tells a rule's module whether
its game plays it. ``usurpation_named_only`` is 44.2's note (only named leaders usurp) and is
refused without ``roman_usurpation``. Rule 39 (random events) and 45 (plague) have their own options elsewhere.
"""

from __future__ import annotations

from rules.core.command import OptionSpec
from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum.state import IRState

YES, NO = "yes", "no"
OPTIONS: tuple[tuple[str, str, Text], ...] = (
    ("combat_advantage", "§40", _("Optional rule: missile and cavalry advantage in land combat (40.0)")),
    ("city_centric", "§41", _("Optional rule: the city-centric game (41.0)")),
    ("divine_intervention", "§42", _("Optional rule: divine intervention (42.0)")),
    ("treasure_cities", "§43", _("Optional rule: treasure cities (43.0)")),
    ("roman_usurpation", "§44", _("Optional rule: Roman usurpation (44.0)")),
    ("usurpation_named_only", "§44.2", _("Optional rule: only named leaders may usurp (44.2 note)")),
)
"""(option name, section, description): one game option per optional rule of 40-44, and the
note of 44.2 that limits usurpation to named leaders (``usurpation.may_usurp``)."""
SECTION = {name: section for name, section, _text in OPTIONS}


def specs() -> list[OptionSpec]:
    return [OptionSpec(name, text, NO, (NO, YES)) for name, _section, text in OPTIONS]


def check(options: dict[str, str]) -> None:
    """Refuse a value other than yes or no, naming the option's rule."""
    for name, section, _text in OPTIONS:
        value = options.get(name, NO)
        if value not in (NO, YES):
            raise RuleError(section, _("the option {name} is yes or no, not {value}", name=name, value=value))
    if options.get("usurpation_named_only", NO) == YES and options.get("roman_usurpation", NO) != YES:
        raise RuleError("§44.2", _("the option usurpation_named_only needs roman_usurpation=yes"))


def enabled(st: IRState, name: str) -> bool:
    """Whether this game plays the optional rule ``name`` (one of ``OPTIONS``)."""
    assert name in SECTION, name
    return st.options.get(name, NO) == YES
