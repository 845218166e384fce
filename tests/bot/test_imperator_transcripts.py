"""The Imperator transcripts prove issue 6's "Done when": each replays to exit 0 and its output
holds the facts it is there to show, so a regenerated transcript that loses one fails here.

Regenerate them with ``.venv/bin/python scripts/make_imperator_transcripts.py``.
"""

from __future__ import annotations

import asyncio
import sys
from functools import cache
from pathlib import Path

from bot.transcript import OK

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from replays import replayed as shared_replay  # noqa: E402

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"


@cache
def replayed(name: str) -> tuple[str, list[str]]:
    """(the transcript's text, the lines of its replay's output); the replay must exit 0."""
    path = TRANSCRIPTS / name
    code, output = asyncio.run(shared_replay(path))  # tests/replays.py: once per session
    assert code == OK, output[-3000:]
    return path.read_text(encoding="utf-8"), output.splitlines()


def public(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[public]")]


def count(lines: list[str], text: str) -> int:
    return sum(1 for line in lines if text in line)


def answered_through_respond(script: str, chosen: str) -> bool:
    """A ``select`` naming ``chosen`` right after the Respond button (or /respond) was opened."""
    steps = [s.strip() for s in script.splitlines() if s.strip() and not s.startswith(("#", ">"))]
    for before, step in zip(steps, steps[1:], strict=False):
        if (
            step.startswith("select ")
            and chosen in step
            and before in ("click Respond", "/respond")
        ):
            return True
    return False


# -- scenario 1 -------------------------------------------------------------------------------
def test_scenario_1_has_three_battles_and_an_evasion_attempt() -> None:
    script, lines = replayed("imperator_s1_full.txt")
    shown = public(lines)
    assert count(shown, "§8.2: battle in ") >= 3
    offered = [line for line in lines if "Try to evade with" in line]
    assert offered and all(line.startswith("[to ") for line in offered)  # only to the defender
    assert count(shown, "§8.1: the evasion succeeds") + count(shown, "§8.1: the evasion fails") >= 1
    assert answered_through_respond(script, "try to evade")


def test_scenario_1_ends_by_its_victory_condition() -> None:
    _script, lines = replayed("imperator_s1_full.txt")
    shown = public(lines)
    # At the end of 179 the side with more VP wins (§10); nobody died for a sudden death.
    assert count(shown, "campaign result for 179") == 1
    assert count(shown, "§10: the game ends.") == 1
    over = [line for line in shown if "Game over" in line]
    assert len(over) == 1 and "sudden death" not in over[0]
    assert not any(
        " is dead" in line and ("Marc-Aurèle" in line or "Avidius Cassius" in line)
        for line in shown
    )


def test_scenario_1_restarts_and_refuses_a_stale_button() -> None:
    script, lines = replayed("imperator_s1_full.txt")
    assert "\nrestart\n" in script
    assert any("out of date" in line for line in lines if line.startswith("[to "))
    assert "! click Respond" in script


# -- the campaign year ------------------------------------------------------------------------
def test_campaign_year_goes_through_every_phase() -> None:
    _script, lines = replayed("imperator_campaign_year.txt")
    shown = public(lines)
    # Phase A of 161 is played when the game starts: the spectator's panel counts the chits.
    assert any(
        "Stratagems held: Rome 1, Enemies 1" in line
        for line in lines
        if line.startswith("[to carol]")
    )
    markers = [
        "161, phase B",
        "§2.B: ",
        "§2.C: ",
        "§2.D: ",
        "§2.E: SMC 1 of",
        "§2.E.2: ",
        "§2.F: campaign result for 161",
        "Year 162: phase A",
        "§2.A: ",
    ]
    at = 0
    for marker in markers:  # in this order
        found = next((i for i, line in enumerate(shown) if i >= at and marker in line), None)
        assert found is not None, marker
        at = found


def test_campaign_year_has_an_event_a_war_and_a_usurpation_attempt() -> None:
    _script, lines = replayed("imperator_campaign_year.txt")
    shown = public(lines)
    assert count(shown, "Events table: ") >= 1
    assert count(shown, "go to war against Rome") >= 1
    assert count(shown, "plays Usurpation") >= 1
    assert any("§6.2 Usurpation" in line and "rolled" in line for line in shown)


def test_campaign_year_has_a_sail_battles_an_evasion_and_a_battle_stratagem() -> None:
    script, lines = replayed("imperator_campaign_year.txt")
    shown = public(lines)
    assert count(shown, "sails to ") >= 1 and "/sail " in script
    assert count(shown, "§8.2: battle in ") >= 2
    assert count(shown, "§8.1: the evasion succeeds") + count(shown, "§8.1: the evasion fails") >= 1
    assert answered_through_respond(script, "try to evade")
    # A battle stratagem, chosen by its holder after the Respond button, then announced.
    assert count(shown, "rome plays Roma Victor") == 1
    assert answered_through_respond(script, "Roma Victor")
