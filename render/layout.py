"""Collision-free placement of labels and counter stacks.

A :class:`Placer` keeps the rectangles already placed in a coarse grid and, for each new box,
tries positions around its anchor (on it first, then on rings further and further out) until one
is free and inside the allowed area.  Placement is deterministic: same boxes in the same order,
same result.  Everything the renderer must keep apart (zone names, camp/city/port names, counter
stacks, status chips) goes through one placer per image; the tests read back
:attr:`Placer.placed` to check that no two of them overlap.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 (x1, y1 exclusive)


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def centre(r: Rect) -> tuple[float, float]:
    return (r[0] + r[2]) / 2, (r[1] + r[3]) / 2


def inside(point: tuple[float, float], rings: list[list[tuple[float, float]]]) -> bool:
    """Whether ``point`` lies inside the outline made of ``rings`` (even-odd rule, so a hole
    ring punches out)."""
    x, y = point
    within = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                within = not within
    return within


@dataclass(frozen=True)
class Placed:
    kind: str  # "label" | "stack" | "chip" | "symbol" | "panel"
    key: str
    rect: Rect


# Offsets tried around an anchor, as unit directions (preferring below, above, right, left).
_DIRS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(a)), math.sin(math.radians(a)))
    for a in (
        90,
        270,
        0,
        180,
        45,
        135,
        315,
        225,
        67.5,
        112.5,
        292.5,
        247.5,
        22.5,
        157.5,
        337.5,
        202.5,
    )
)


_RING_DIRS: dict[int, tuple[tuple[float, float], ...]] = {
    16: _DIRS,
    **{
        n: tuple(
            (math.cos(2 * math.pi * k / n + math.pi / 2), math.sin(2 * math.pi * k / n + math.pi / 2))
            for k in range(n)
        )
        for n in (32, 64)
    },
}
"""The directions tried on each ring: 16 near the anchor, then 32, then 64 (computed once)."""


class Placer:
    def __init__(self, bounds: Rect, cell: int = 48) -> None:
        self.bounds = bounds
        self.cell = cell
        self._grid: dict[tuple[int, int], list[int]] = {}
        self.placed: list[Placed] = []
        self._rects: list[Rect] = []

    def _cells(self, r: Rect) -> list[tuple[int, int]]:
        c = self.cell
        return [
            (i, j)
            for i in range(int(r[0] // c), int((r[2] - 1e-6) // c) + 1)
            for j in range(int(r[1] // c), int((r[3] - 1e-6) // c) + 1)
        ]

    def free(self, r: Rect, pad: float = 0.0) -> bool:
        b = self.bounds
        if r[0] < b[0] or r[1] < b[1] or r[2] > b[2] or r[3] > b[3]:
            return False
        x0, y0, x1, y1 = r[0] - pad, r[1] - pad, r[2] + pad, r[3] + pad
        c = self.cell
        grid = self._grid
        rects = self._rects
        for i in range(int(x0 // c), int((x1 - 1e-6) // c) + 1):
            for j in range(int(y0 // c), int((y1 - 1e-6) // c) + 1):
                for idx in grid.get((i, j), ()):
                    q = rects[idx]
                    if x0 < q[2] and q[0] < x1 and y0 < q[3] and q[1] < y1:
                        return False
        return True

    def add(self, kind: str, key: str, r: Rect) -> Placed:
        p = Placed(kind, key, r)
        idx = len(self.placed)
        self.placed.append(p)
        self._rects.append(r)
        for cell in self._cells(r):
            self._grid.setdefault(cell, []).append(idx)
        return p

    def place(
        self,
        kind: str,
        key: str,
        anchor: tuple[float, float],
        size: tuple[float, float],
        *,
        gap: float = 2.0,
        step: float = 5.0,
        max_radius: float = 2000.0,
        offset: tuple[float, float] = (0.0, 0.0),
    ) -> Placed:
        """Place a w x h box as close as possible to ``anchor`` (box centre = anchor + offset).

        Always succeeds: if no free position exists within ``max_radius`` the search goes on over
        the whole bounds; if the bounds are full the box is put at the anchor regardless (the
        overlap tests would then catch it).
        """
        w, h = size
        ax, ay = anchor[0] + offset[0], anchor[1] + offset[1]
        # free() inlined (this loop runs hundreds of times a box): same test, same order.
        bx0, by0, bx1, by1 = self.bounds
        c = self.cell
        grid = self._grid
        rects = self._rects
        for cx, cy in self._candidates(ax, ay, w, h, step, max_radius):
            x0, y0 = float(round(cx - w / 2)), float(round(cy - h / 2))
            x1, y1 = x0 + w, y0 + h
            if x0 < bx0 or y0 < by0 or x1 > bx1 or y1 > by1:
                continue
            px0, py0, px1, py1 = x0 - gap, y0 - gap, x1 + gap, y1 + gap
            clear = True
            for i in range(int(px0 // c), int((px1 - 1e-6) // c) + 1):
                for j in range(int(py0 // c), int((py1 - 1e-6) // c) + 1):
                    for idx in grid.get((i, j), ()):
                        q = rects[idx]
                        if px0 < q[2] and q[0] < px1 and py0 < q[3] and q[1] < py1:
                            clear = False
                            break
                    if not clear:
                        break
                if not clear:
                    break
            if clear:
                return self.add(kind, key, (x0, y0, x1, y1))
        r = self._clamp((ax - w / 2, ay - h / 2, ax + w / 2, ay + h / 2))
        return self.add(kind, key, r)

    def _candidates(
        self, ax: float, ay: float, w: float, h: float, step: float, max_radius: float
    ) -> Iterator[tuple[float, float]]:
        yield (ax, ay)
        # Boxes just touching the anchor on each side come first.
        yield from (
            (ax, ay + h / 2 + 4),
            (ax, ay - h / 2 - 4),
            (ax + w / 2 + 4, ay),
            (ax - w / 2 - 4, ay),
        )
        r = step
        b = self.bounds
        limit = max(max_radius, math.hypot(b[2] - b[0], b[3] - b[1]))
        stretch = max(1.0, w / max(h, 1) / 2)
        while r <= limit:
            # Stretch the ring to the box's aspect so wide labels slide sideways less.
            for dx, dy in _RING_DIRS[16 if r < 60 else 32 if r < 200 else 64]:
                yield (ax + dx * r * stretch, ay + dy * r)
            r += step if r < 60 else step * 2 if r < 200 else step * 4

    def _clamp(self, r: Rect) -> Rect:
        b = self.bounds
        w, h = r[2] - r[0], r[3] - r[1]
        x0 = min(max(r[0], b[0]), b[2] - w)
        y0 = min(max(r[1], b[1]), b[3] - h)
        return (x0, y0, x0 + w, y0 + h)


def find_overlaps(
    placed: list[Placed], kinds: tuple[str, ...] = ("label", "stack", "chip")
) -> list[tuple[Placed, Placed]]:
    """Every pair of placed boxes of the given kinds that overlap (for tests)."""
    items = [p for p in placed if p.kind in kinds]
    items.sort(key=lambda p: p.rect[0])
    out: list[tuple[Placed, Placed]] = []
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            if b.rect[0] >= a.rect[2]:
                break
            if overlaps(a.rect, b.rect):
                out.append((a, b))
    return out
