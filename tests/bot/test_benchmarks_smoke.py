"""The benchmarks still run (a smoke test: one small round each; the figures are not checked)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


async def test_discord_benchmark_plays_its_script(tmp_path: Path) -> None:
    from benchmarks.bench_discord import latency

    timings = await latency(1, tmp_path)
    assert timings["battle"] and timings["move"] and timings["refusal"]


async def test_roundtrip_benchmark_measures_commands() -> None:
    from benchmarks import bench_roundtrip

    bench_roundtrip.COMMANDS = 20
    timings = await bench_roundtrip.measure()
    assert len(timings) == 20
