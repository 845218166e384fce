"""Draw docs/imperium-romanum-map.png from the committed map data: hexes by terrain, province
borders (red), mountain hexsides (dark brown) and passes (white gaps with a dot), all-sea and lake
hexsides (blue), straits (blue bars), cities (black dots), non-city ports (black squares) and
island boxes (black rings).

    .venv/bin/python scripts/imperium_romanum/render_overview.py
"""

from __future__ import annotations

import math
import sys
import tomllib
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from rules.imperium_romanum.grid import global_colrow  # noqa: E402

DATA = ROOT / "rules" / "imperium_romanum" / "data"
OUT = ROOT / "docs" / "imperium-romanum-map.png"
COLOURS = {
    "clear": (226, 222, 180), "forest": (96, 140, 80), "rough": (190, 160, 110),
    "mountain": (130, 100, 80), "marsh": (120, 170, 160), "desert": (240, 210, 140),
    "coastal": (160, 200, 225), "deep": (90, 140, 190), "lake": (120, 180, 220),
}  # fmt: skip
R = 9.0


def draw() -> Image.Image:
    """The overview picture of the committed map data."""
    data = tomllib.loads((DATA / "map.toml").read_text(encoding="utf-8"))
    cities = tomllib.loads((DATA / "cities.toml").read_text(encoding="utf-8"))["city"]
    cells = {global_colrow(k): v for k, v in data["hexes"].items()}
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    c0, r0 = min(cols), min(rows)
    w = int((max(cols) - c0 + 2) * 1.5 * R)
    h = int((max(rows) - r0 + 2) * math.sqrt(3) * R)
    im = Image.new("RGB", (w, h), (255, 255, 255))
    dr = ImageDraw.Draw(im)

    def centre(c: int, r: int) -> tuple[float, float]:
        return (c - c0 + 1) * 1.5 * R, (r - r0 + 1 + (c % 2) * 0.5) * math.sqrt(3) * R

    for (c, r), cell in sorted(cells.items()):
        x, y = centre(c, r)
        pts = [(x + R * math.cos(math.pi / 3 * k), y + R * math.sin(math.pi / 3 * k)) for k in range(6)]
        colour = COLOURS[cell.get("terrain", cell["kind"])]
        dr.polygon(pts, fill=colour, outline=(200, 200, 200))
    for (c, r), cell in sorted(cells.items()):
        x, y = centre(c, r)
        for nc, nr in ((c, r + 1), (c + 1, r + (c % 2)), (c + 1, r + (c % 2) - 1)):
            other = cells.get((nc, nr))
            if other and other.get("province") != cell.get("province") and "province" in cell and "province" in other:
                ox, oy = centre(nc, nr)
                mx, my = (x + ox) / 2, (y + oy) / 2
                dx, dy = (oy - y) / 2 / math.sqrt(3), -(ox - x) / 2 / math.sqrt(3)
                dr.line([(mx - dx, my - dy), (mx + dx, my + dy)], fill=(160, 30, 30), width=2)
    features = tomllib.loads((DATA / "map_features.toml").read_text(encoding="utf-8"))

    def side(a: str, b: str, colour: tuple[int, int, int], width: int) -> None:
        (x, y), (ox, oy) = centre(*global_colrow(a)), centre(*global_colrow(b))
        mx, my = (x + ox) / 2, (y + oy) / 2
        dx, dy = (oy - y) / 2 / math.sqrt(3), -(ox - x) / 2 / math.sqrt(3)
        dr.line([(mx - dx, my - dy), (mx + dx, my + dy)], fill=colour, width=width)

    for a, b in features.get("mountain", []):
        side(a, b, (70, 40, 20), 3)
    for a, b in (*features.get("all_sea", []), *features.get("lake", [])):
        side(a, b, (40, 90, 200), 3)
    for pas in features.get("pass", []):
        side(pas["a"], pas["b"], (255, 255, 255), 3)
        (x, y), (ox, oy) = centre(*global_colrow(pas["a"])), centre(*global_colrow(pas["b"]))
        dr.ellipse([(x + ox) / 2 - 2, (y + oy) / 2 - 2, (x + ox) / 2 + 2, (y + oy) / 2 + 2], fill=(200, 0, 0))
    for strait in data.get("strait", []):
        dr.line([centre(*global_colrow(strait["a"])), centre(*global_colrow(strait["b"]))], fill=(20, 60, 160), width=2)
    for box in features.get("island_box", []):
        x, y = centre(*global_colrow(box["hex"]))
        dr.ellipse([x - 5, y - 5, x + 5, y + 5], outline=(0, 0, 0), width=1)
    for city in cities:
        x, y = centre(*global_colrow(city["hex"]))
        dr.ellipse([x - 3, y - 3, x + 3, y + 3], fill=(0, 0, 0))
    for port in tomllib.loads((DATA / "ports.toml").read_text(encoding="utf-8")).get("port", []):
        x, y = centre(*global_colrow(port["hex"]))
        dr.rectangle([x - 3, y - 3, x + 3, y + 3], outline=(0, 0, 0), width=1)
    return im


def main() -> int:
    draw().save(OUT, optimize=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
