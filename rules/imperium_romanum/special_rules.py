"""Special rules (§26-§38) the engine does not model (or not whole), refused when a scenario names them.

No playable scenario (1, 2, 12, 24) names any of them; the book's "used in scenarios" lines
give where each would be needed: 31 (legion reform) in 25-41, 33 (grain under Constantinople)
in 34-41, 36 (Roman archers) in 33-41, 37.1 (Berbers) in 36-40, 37.2 (Saxon and Frisian
pirates) and 37.4 (Suevi) in 35-40, 37.3 (Lombards) in 39-40, 37.5 (Persia, whose army is
placed in its provinces when it wakes) in 31-34, 36 and 38, 37.7 (Gallic rebels) in 6-8,
37.8 (Gallaecian rebels) in 6-10, and 38 (leaders at sea, 38.1) in 4-10 and 39-40. A scenario
that names one of them, or a whole rule holding one (``37``, ``38``), is refused at
``/game new`` with the first such section, never played without it (issue 17).

38.2 (naval leaders, ``naval_leaders.py``) and 38.3 (divine favour, ``deity.favoured``) are
modelled; so are the special rules the playable scenarios name. Persia's activation roll is
modelled (``persia.py``, IR-ENG-72) but not the placement of its set-up when it wakes, so a
scenario naming 37.5 is refused with §37.5 (IR-ENG-138).
"""

from __future__ import annotations

from rules.core.errors import NotYetSupported
from rules.core.i18n import Text, _

NOT_MODELLED: dict[str, Text] = {
    "31": _("the legion reform"),
    "33": _("the grain of Constantinople"),
    "36": _("the Roman archers"),
    "37.1": _("the Berbers"),
    "37.2": _("the Saxon and Frisian pirates"),
    "37.3": _("the Lombards"),
    "37.4": _("the Suevi"),
    "37.5": _("the Persian army placed on activation"),
    "37.7": _("the Gallic rebels"),
    "37.8": _("the Gallaecian rebels"),
    "38.1": _("leaders moving by sea on their own"),
}
"""Each special rule the engine does not model, and what it is, in the order of the book."""


def missing(special_rules: tuple[str, ...]) -> str:
    """The first rule of ``NOT_MODELLED`` a scenario's list names, itself or through the whole
    rule that holds it (``38`` holds 38.1); "" when none."""
    for rule in NOT_MODELLED:
        if any(rule == named or rule.startswith(named + ".") for named in special_rules):
            return rule
    return ""


def check(special_rules: tuple[str, ...]) -> None:
    """Refuse a scenario that needs a special rule the engine does not model."""
    rule = missing(special_rules)
    if rule:
        raise NotYetSupported(f"§{rule}", _("{what}, which this scenario needs", what=NOT_MODELLED[rule]))
