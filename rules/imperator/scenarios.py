"""Scenarios: turning the data helper's ``ImperatorData`` into a Board and an opening state.

Only scenario 1 ("The usurpation of Avidius Cassius") is playable; the others need stratagems,
events, the death table and the non-Roman Peoples (they raise NotYetSupported).
"""

from __future__ import annotations

import hashlib
from typing import Any

from rules.core.command import ScenarioInfo
from rules.core.dice import Dice
from rules.core.errors import NotYetSupported, RuleError
from rules.imperator.model import Board, ImperatorState

SEATS = ("rome", "enemies")


def scenario_infos() -> list[ScenarioInfo]:
    infos = [
        ScenarioInfo(
            "avidius_cassius",
            "The usurpation of Avidius Cassius",
            SEATS,
            "175-179. Avidius Cassius has risen in the East; no foreign Peoples, stratagems, events "
            "or death table. Sudden death if Marcus Aurelius or Avidius Cassius dies.",
        )
    ]
    try:
        from rules.imperator import adapter

        data = adapter._load()
    except (ImportError, NotYetSupported):  # pragma: no cover - without data
        return infos
    for sid, sc in sorted(data.scenarios.items(), key=lambda kv: kv[1].number):
        if sid == "avidius_cassius":
            continue
        infos.append(ScenarioInfo(sid, sc.title, SEATS, f"{sc.start}-{sc.end}. {sc.summary}"))
    return infos


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
        raise RuleError("", f"unknown scenario {scenario!r} (known: {', '.join(ids)})")
    try:
        from rules.imperator import adapter
    except ImportError as exc:  # pragma: no cover - until the data lands
        raise NotYetSupported("data", "the Imperator map and counters are not available") from exc
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
        "sudden_death": {},
        "nominations": {
            "marc_aurele": {"augustus": ["commode"], "caesar": ["commode"]},
            "septime_severe": {"augustus": ["caracalla", "geta"], "caesar": ["*"]},
        },
    }
