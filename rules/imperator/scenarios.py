"""Scenarios: the list offered to players and the opening state of each, all from the data
(``rules/imperator/data/scenarios/*.toml``); each scenario's special rules are data too, applied
by :mod:`rules.imperator.scenario_rules`.
"""

from __future__ import annotations

import hashlib
from typing import Any

from rules.core.command import ScenarioInfo
from rules.core.dice import Dice
from rules.core.errors import NotYetSupported, RuleError
from rules.core.i18n import _
from rules.imperator.model import Board, ImperatorState

SEATS = ("rome", "enemies")


def scenario_infos() -> list[ScenarioInfo]:
    """Scenario 1 first (the introductory one), then the others in data order."""
    try:
        from rules.imperator import adapter

        data = adapter._load()
    except (ImportError, NotYetSupported):  # pragma: no cover - without data
        return []
    ordered = sorted(data.scenarios.items(), key=lambda kv: (kv[0] != "avidius_cassius", kv[1].number))
    return [ScenarioInfo(sid, sc.title, SEATS, f"{sc.start}-{sc.end}. {sc.summary}") for sid, sc in ordered]


def data_hash() -> str:
    try:
        from rules.imperator import adapter

        return adapter.data_hash()
    except ImportError:
        return hashlib.sha256(b"imperator-no-data").hexdigest()


def board_for_source(source: str) -> Board:
    from rules.imperator import adapter

    return adapter.board(source)


def build(scenario: str, seed: str, options: dict[str, str]) -> ImperatorState:
    ids = [s.id for s in scenario_infos()]
    scenario = {"s1": "avidius_cassius", "1": "avidius_cassius"}.get(scenario, scenario)
    if scenario not in ids:
        raise RuleError("", _("unknown scenario {scenario} (known: {known})", scenario=repr(scenario), known=", ".join(ids)))
    try:
        from rules.imperator import adapter
    except ImportError as exc:  # pragma: no cover - until the data lands
        raise NotYetSupported("data", _("the Imperator map and counters are not available")) from exc
    st = adapter.initial_state(scenario, Dice(seed), dict(options))
    return st


def default_rules() -> dict[str, Any]:
    return {
        "stratagems": False,
        "events": False,
        "death_table": False,
        "peoples": False,
        "armenia": False,
        "initiative": {},
        "scenario_rules": [],
        "nominations": {
            "marc_aurele": {"augustus": ["commode"], "caesar": ["commode"]},
            "septime_severe": {"augustus": ["caracalla", "geta"], "caesar": ["*"]},
        },
    }
