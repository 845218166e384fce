"""Benchmark of the Rome, IInc. picture (render/rome_iinc.py).

    .venv/bin/python benchmarks/bench_rome_render.py [--runs 15]

For the 286 set-up and a state after four turns of the heuristic player, prints the median time
of a render (public view -> PNG bytes, the terrain crops already cached as in a running bot),
the cold first render and the PNG size. Targets on a 2-core machine: median <= 250 ms, PNG <= 2 MiB.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from render import rome_iinc  # noqa: E402
from rules.rome_iinc.game import RomeGame  # noqa: E402
from rules.rome_iinc.players import heuristic_choice  # noqa: E402


def midgame(turns: int) -> RomeGame:
    game = RomeGame.new("286", ["east", "west"], "bench-render", {"mode": "solo"})
    rng = random.Random(3)
    while game.state.turn <= turns and game.result() is None:
        pick = heuristic_choice(game, rng)
        if pick is None:
            break
        game.apply(*pick)
    return game


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    ok = True
    for name, game in (("286 set-up", midgame(0)), ("286 turn 5", midgame(4))):
        view = game.public_view()
        rome_iinc._static.clear()
        t0 = time.perf_counter()
        png = rome_iinc.render_public_view(view)
        cold = time.perf_counter() - t0
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            png = rome_iinc.render_public_view(view)
            times.append(time.perf_counter() - t0)
        med = statistics.median(times)
        w, h = Image.open(io.BytesIO(png)).size
        print(f"{name:11s} {w}x{h}px  median {med * 1000:6.1f} ms (min {min(times) * 1000:.1f}, "
              f"cold {cold * 1000:.0f} ms)  PNG {len(png) / 1024:.0f} KiB")
        ok = ok and med <= 0.25 and len(png) <= 2 * 1024 * 1024
    print("targets met" if ok else "TARGETS MISSED (median <= 250 ms, PNG <= 2 MiB)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
