"""Tests that kill the mutants of rules/imperator/adjust.py (phase F, §9.2, §10) that the other
tests let live (issue 11, session 10): exact values and lines, positions built directly."""

from __future__ import annotations

from imperator_builder import Pos

from rules.imperator import adjust


def test_distances_count_land_steps_from_the_start() -> None:
    """§9.2.2 "nearest": steps over land edges only (the sea zone is never reached by land)."""
    st = Pos().state(phase="F")
    dist = adjust.distances(st, "rome")
    assert dist["rome"] == 0
    assert (dist["italia"], dist["raetia"], dist["ravenna"]) == (1, 1, 1)
    assert (dist["noricum"], dist["vindobona"], dist["jazyges"]) == (2, 2, 2)
    assert (dist["carnuntum"], dist["aquincum"], dist["quadi"]) == (3, 3, 4)
    assert "mare" not in dist and "antiochia" not in dist
