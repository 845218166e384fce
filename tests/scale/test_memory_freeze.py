"""``bot.memory.freeze_startup_objects`` (issue 14): what is loaded at start leaves the cycle
collector's sight, and what comes later is still collected. Run in a child process, so the
suite's own objects are never frozen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.memory import FULL_COLLECTION_AFTER

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import gc, json, sys, weakref
import bot.client, cogs.outbox, rules.imperator.game  # what the bot loads at start
from bot.memory import freeze_startup_objects
before = len(gc.get_objects())
frozen = freeze_startup_objects()
after = len(gc.get_objects())

class Node:
    pass

a, b = Node(), Node()
a.other, b.other = b, a  # a reference cycle made after the freeze
gone = weakref.ref(a)
del a, b
collected = gc.collect()

c, d = Node(), Node()
c.other, d.other = d, c  # a young cycle: freed by the automatic collections, no gc.collect
young = weakref.ref(c)
del c, d
kept = [[] for _ in range(20_000)]  # allocations that run the young collections
print(json.dumps({"before": before, "frozen": frozen, "after": after,
                  "cycle_freed": gone() is None, "collected": collected,
                  "young_cycle_freed": young() is None, "threshold": gc.get_threshold()}))
"""


def test_startup_objects_are_frozen_and_later_cycles_still_collected() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    import json

    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["frozen"] > 50_000  # modules, classes, data: tens of thousands of objects
    assert figures["after"] < figures["before"] // 10  # out of the collector's walk
    assert figures["cycle_freed"] is True and figures["collected"] >= 2
    # full collections spaced out (FULL_COLLECTION_AFTER), the young ones as before
    assert figures["threshold"] == [700, 10, FULL_COLLECTION_AFTER]
    assert figures["young_cycle_freed"] is True
