"""Comparing a rendered image with its golden, region by region.

A mean difference over the whole image hides a small change: the golden is stored quantised
to 256 colours, and that noise alone uses up much of any whole-image tolerance, while one
counter moved, removed or turned to the other side changes a few hundred pixels of a large
map. So the images are cut into square cells, and a cell differs when more than
``CELL_FRACTION`` of its pixels differ by more than ``PIXEL_THRESHOLD`` on some channel.
Quantisation moves a pixel's colour a little; a different counter changes it a lot, over a
whole patch. ``tests/render/test_golden_compare.py`` proves both halves: the goldens match
themselves within this rule, and one counter changed is noticed.

Used by the Imperator map goldens (``test_imperator_render.py``) and the Barracks table
goldens (``tests/barracks/test_barracks_render.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

CELL = 16  # pixels per side of a compared cell (in the golden's size)
PIXEL_THRESHOLD = 48  # a channel difference above this is a real change, not quantisation
CELL_FRACTION = 0.08  # a cell differs when more than this share of its pixels changed


@dataclass(frozen=True)
class CellDifference:
    box: tuple[int, int, int, int]  # left, top, right, bottom
    changed: float  # share of the cell's pixels that changed


def changed_mask(ref: Image.Image, new: Image.Image, threshold: int = PIXEL_THRESHOLD) -> Image.Image:
    """A 1-bit image: white where some channel differs by more than ``threshold``."""
    diff = ImageChops.difference(ref.convert("RGB"), new.convert("RGB"))
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    return worst.point(lambda v: 255 if v > threshold else 0).convert("1")


def cell_differences(ref: Image.Image, new: Image.Image, *, cell: int = CELL,
                     threshold: int = PIXEL_THRESHOLD, fraction: float = CELL_FRACTION) -> list[CellDifference]:
    """Every cell of ``new`` that differs from ``ref`` (same size required)."""
    if ref.size != new.size:
        raise ValueError(f"sizes differ: {ref.size} != {new.size}")
    mask = changed_mask(ref, new, threshold)
    out: list[CellDifference] = []
    width, height = ref.size
    for top in range(0, height, cell):
        for left in range(0, width, cell):
            box = (left, top, min(left + cell, width), min(top + cell, height))
            region = mask.crop(box)
            hist = region.histogram()
            changed = sum(hist[1:]) / max(1, region.width * region.height)
            if changed > fraction:
                out.append(CellDifference(box, changed))
    return out


def store(image: Image.Image, path: Path) -> None:
    """Save a golden the way they are kept: quantised to 256 colours, optimised PNG."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)


def assert_matches(path: Path, image: Image.Image) -> None:
    """Fail, naming where, when ``image`` differs from the golden at ``path`` in any cell."""
    ref = Image.open(path).convert("RGB")
    assert ref.size == image.size, f"{path.name}: size {image.size} != golden {ref.size}"
    cells = cell_differences(ref, image.convert("RGB"))
    assert not cells, (
        f"{path.name}: {len(cells)} region(s) differ from the golden, first at {cells[0].box} "
        f"({cells[0].changed:.0%} of its pixels); if the change is intended, regenerate with "
        "PRAETOR_UPDATE_GOLDEN=1 and look at the new image"
    )
