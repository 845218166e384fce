"""Legion names (5.7) in the Discord words of Imperium Romanum (issue 18): the views give a
unit's legion ``name`` to its own seat and a stack's ``top_name`` to everyone (IR-DIS-20), the
record its owner's ``legions``; ``/stack`` and ``/record`` show them. Built from hand-made views
and records (no game: the engine's own tests check what the views hold)."""

from __future__ import annotations

from typing import Any

from cogs.imperium_romanum import record_lines, stack_lines

NAME = "Legio II Traiana"


def whole_stack() -> dict[str, Any]:
    return {"hex": "B4415", "side": "rome", "besieged": False, "top": "legion_20_10", "size": 3,
            "top_name": NAME,
            "units": [{"id": "rome.legion_20_10.1", "type": "legion_20_10", "name": NAME},
                      {"id": "rome.legion_20_10.2", "type": "legion_20_10"}],
            "leaders": [{"name": "Trajan", "value": 3}]}  # fmt: skip


def test_stack_lines_name_the_legions_of_a_whole_stack_and_the_top_of_another() -> None:
    [line] = stack_lines({"stacks": [whole_stack()]}, "B4415")
    assert str(line) == f"rome: {NAME} (Legion 20-10), Legion 20-10, Trajan (3).", line
    public = {k: v for k, v in whole_stack().items() if k not in ("units", "leaders")}
    [line] = stack_lines({"stacks": [public]}, "B4415")
    assert str(line) == f"rome: {NAME} (Legion 20-10) on top, 3 pieces in all.", line
    public.pop("top_name")
    [line] = stack_lines({"stacks": [public]}, "B4415")
    assert str(line) == "rome: Legion 20-10 on top, 3 pieces in all.", line


def test_record_lists_a_named_legion_by_its_name_and_counts_the_others() -> None:
    record = {"name": "Rome (Trajan)", "status": "major", "treasury": 61, "treasury_held": False, "morale": 100,
              "cer": 3, "provinces": [], "tax_base": 0, "in_play": 3, "eliminated": 1, "whole": True,
              "roster": [("rome.legion_20_10.1", "Legion 20-10", "B4415"), ("rome.legion_20_10.2", "Legion 20-10", "B4415"),
                         ("rome.legion_20_10.3", "Legion 20-10", "B4415"), ("rome.legion_16_10.1", "Legion 16-10", "")],
              "legions": {"rome.legion_20_10.1": NAME, "rome.legion_16_10.1": "Legio V Alaudae"}}  # fmt: skip
    lines = [str(line) for line in record_lines(record)]
    assert f"· {NAME} (Legion 20-10) at B4415" in lines, lines
    assert "· 2 × Legion 20-10 at B4415" in lines, lines
    assert "· Legio V Alaudae (Legion 16-10), eliminated" in lines, lines
    record["whole"] = False  # another seat's look: no roster, no name
    assert not any(NAME in str(line) for line in record_lines(record))
