"""The shared map terrain of the tests (tests/conftest.py, ``shared_map_assets``) is the file's
picture, and a caller that draws on its copy changes nothing for the next caller."""

from __future__ import annotations

from PIL import Image

from render import assets, imperator


def test_the_shared_terrain_is_the_file_and_a_drawing_on_it_does_not_leak() -> None:
    first = assets.base_layer()
    with Image.open(assets.ASSETS / "imperator_base.png") as im:
        assert first.tobytes() == im.convert("RGB").tobytes()
    pixel = first.getpixel((10, 10))
    assert isinstance(pixel, tuple)
    first.putpixel((10, 10), tuple(255 - value for value in pixel))
    assert first.getpixel((10, 10)) != pixel
    assert assets.base_layer().getpixel((10, 10)) == pixel
    assert imperator.base_layer().getpixel((10, 10)) == pixel

    land = assets.land_mask()
    land.putpixel((10, 10), 255 - land.getpixel((10, 10)))
    assert imperator.land_mask().getpixel((10, 10)) != land.getpixel((10, 10))
