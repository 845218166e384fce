"""Static assets of the renderer: the committed base layer, the land mask and the shipped fonts.

Fonts are DejaVu (Bitstream Vera licence, see ``assets/fonts/LICENSE-DejaVu.txt``), subset to
Latin and a few symbol blocks; nothing is read from the machine's own font directories.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from PIL import Image, ImageFont

from render import projection

ASSETS = Path(__file__).resolve().parent / "assets"
FONTS = ASSETS / "fonts"

_FONT_FILES = {
    "sans": "DejaVuSansCondensed.ttf",
    "sans-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerifCondensed-Bold.ttf",
    "serif-italic": "DejaVuSerifCondensed-Italic.ttf",
}


@functools.lru_cache(maxsize=128)
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / _FONT_FILES[style]), size=max(6, int(size)))


def base_layer() -> Image.Image:
    """The terrain layer (RGB) in base pixels (36 MB decoded). Read each time a static layer is
    built (rare: static layers are cached), not kept: the process's memory at rest stays small
    (issue 14)."""
    meta = json.loads((ASSETS / "imperator_base.json").read_text())["projection"]
    if (meta["width"], meta["height"], meta["scale"]) != (
        projection.BASE_WIDTH,
        projection.BASE_HEIGHT,
        projection.BASE_SCALE,
    ):
        raise RuntimeError(
            "render/assets/imperator_base.png is stale: run scripts/build_basemap.py"
        )
    with Image.open(ASSETS / "imperator_base.png") as im:
        return im.convert("RGB")


def land_mask() -> Image.Image:
    """255 on land, 0 at sea (mode L), same grid as :func:`base_layer`; read, not kept."""
    with Image.open(ASSETS / "imperator_land.png") as im:
        return im.convert("L")
