"""Benchmark of the Imperator map renderer.

    .venv/bin/python benchmarks/bench_render.py [--runs 15]

Imperium Romanum's overview and theatre crop follow (same targets).

Prints, for the campaign start and a crowded mid-game state, then for two theatre views (the
picture posted after each move), the median time of a map
render (scene -> PNG bytes, the static layer already cached as in a running bot), the time of
the first (cold) render, and the PNG size.  Targets on a 2-core machine: median <= 250 ms and
PNG <= 2 MiB at >= 1600 px wide.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "render"))

import render_scenes  # noqa: E402
from PIL import Image  # noqa: E402

from render import imperator  # noqa: E402
from render.imperator_board import load_board  # noqa: E402
from render.imperator_scene import from_public_view  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--view", default="whole")
    args = ap.parse_args()
    board = load_board()
    ok = True
    for name, build in (
        ("campaign start", render_scenes.campaign_start),
        ("crowded mid-game", render_scenes.crowded_danube),
    ):
        scene = from_public_view(build(board))
        imperator._static_cache.clear()
        t0 = time.perf_counter()
        png = imperator.render_map(scene, args.view, board)
        cold = time.perf_counter() - t0
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            png = imperator.render_map(scene, args.view, board)
            times.append(time.perf_counter() - t0)
        med = statistics.median(times)
        w, h = Image.open(io.BytesIO(png)).size
        size_mib = len(png) / (1024 * 1024)
        print(
            f"{name:17s} view={args.view} {w}x{h}px  median {med * 1000:6.1f} ms "
            f"(min {min(times) * 1000:.1f}, cold {cold * 1000:.0f} ms)  PNG {len(png) / 1024:.0f} KiB"
        )
        wide_enough = w >= 1600 if args.view == "whole" else True
        ok = ok and med <= 0.250 and size_mib <= 2.0 and wide_enough
    # The theatre view posted after every move (its static layer is built for each new crop).
    for name, build in (
        ("theatre, Danube", render_scenes.crowded_danube),
        ("theatre, Orient", render_scenes.civil_war),
    ):
        scene = from_public_view(build(board))
        imperator._static_cache.clear()
        t0 = time.perf_counter()
        png = imperator.render_map(scene, "theatre", board)
        cold = time.perf_counter() - t0
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            png = imperator.render_map(scene, "theatre", board)
            times.append(time.perf_counter() - t0)
        med = statistics.median(times)
        w, h = Image.open(io.BytesIO(png)).size
        print(
            f"{name:17s} view=theatre {w}x{h}px  median {med * 1000:6.1f} ms "
            f"(min {min(times) * 1000:.1f}, cold {cold * 1000:.0f} ms)  PNG {len(png) / 1024:.0f} KiB"
        )
        ok = ok and med <= 0.250 and len(png) <= 2 * 1024 * 1024
    ok = bench_imperium_romanum(args.runs) and ok
    print("targets (median <= 250 ms, <= 2 MiB, whole >= 1600 px):", "met" if ok else "NOT met")
    return 0


def bench_imperium_romanum(runs: int) -> bool:
    """Imperium Romanum (issue 18): the province overview and a theatre crop of scenario 12's
    start from the public view, terrain layers already cached as in a running bot."""
    from render import imperium_romanum as ir
    from render.imperium_romanum_input import from_view
    from rules.core.dice import Dice
    from rules.imperium_romanum.setup import new_state
    from rules.imperium_romanum.views import public_view

    st = new_state("s12", Dice("bench"), {})
    view = public_view(st)
    inp = from_view(view)
    hexes = tuple(s["hex"] for s in view["stacks"])[:6]
    # the same position with every kind of marker (45.1 plague, 39.2 F and T, 24.1 plunder)
    st.plague, st.plunder, st.plundered_cities = {"dacia": st.turn}, {"moesia_superior": 1}, {"sirmium": 1}
    st.events = [{"code": "F", "power": "rome", "until": st.turn + 6, "province": "pannonia_inferior"},
                 {"code": "T", "power": "rome", "until": st.turn + 3, "city": "roma"}]  # fmt: skip
    marked = from_view(public_view(st))
    ok = True
    for name, make in (
        ("IR overview", lambda: ir.render_map(inp)),
        ("IR theatre, Dacia", lambda: ir.to_png(ir.render_theatre(inp, hexes, "Dacia"))),
        ("IR theatre, marks", lambda: ir.to_png(ir.render_theatre(marked, hexes, "Dacia"))),
    ):
        t0 = time.perf_counter()
        png = make()
        cold = time.perf_counter() - t0
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            png = make()
            times.append(time.perf_counter() - t0)
        med = statistics.median(times)
        w, h = Image.open(io.BytesIO(png)).size
        print(
            f"{name:17s} {w}x{h}px  median {med * 1000:6.1f} ms "
            f"(min {min(times) * 1000:.1f}, cold {cold * 1000:.0f} ms)  PNG {len(png) / 1024:.0f} KiB"
        )
        ok = ok and med <= 0.250 and len(png) <= 2 * 1024 * 1024
    return ok


if __name__ == "__main__":
    raise SystemExit(main())
