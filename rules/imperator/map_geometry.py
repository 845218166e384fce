"""Pure-Python planar geometry for the Imperator map (longitude/latitude polygons).

Used by the loader's validator, by the tests and by the map build script, so that the
adjacency stored in the data and the contact between zone shapes are computed the same
way everywhere.  No third-party dependency.
"""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]
Ring = tuple[Point, ...]
#: A zone shape: one or more outer rings (islands would be extra rings), no holes.
Shape = tuple[Ring, ...]

EPS = 1e-9


def ring_area(ring: Sequence[Point]) -> float:
    """Signed area (shoelace), positive for counter-clockwise rings."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def shape_area(shape: Shape) -> float:
    return sum(abs(ring_area(r)) for r in shape)


def bbox(shape: Shape) -> tuple[float, float, float, float]:
    xs = [p[0] for r in shape for p in r]
    ys = [p[1] for r in shape for p in r]
    return (min(xs), min(ys), max(xs), max(ys))


def _bbox_overlap(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], pad: float = EPS
) -> bool:
    return not (a[2] < b[0] - pad or b[2] < a[0] - pad or a[3] < b[1] - pad or b[3] < a[1] - pad)


def point_in_ring(pt: Point, ring: Sequence[Point]) -> bool:
    """Even-odd ray casting test; points on the boundary may go either way."""
    x, y = pt
    inside = False
    n = len(ring)
    j = n - 1
    for i in range(n):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y):
            x_cross = (xj - xi) * (y - yi) / (yj - yi) + xi
            if x < x_cross:
                inside = not inside
        j = i
    return inside


def point_in_shape(pt: Point, shape: Shape) -> bool:
    return any(point_in_ring(pt, r) for r in shape)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
        and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS
    )


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments p1p2 and q1q2 share at least one point."""
    d1 = _orient(q1, q2, p1)
    d2 = _orient(q1, q2, p2)
    d3 = _orient(p1, p2, q1)
    d4 = _orient(p1, p2, q2)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)
    ):
        return True
    if abs(d1) <= EPS and _on_segment(q1, q2, p1):
        return True
    if abs(d2) <= EPS and _on_segment(q1, q2, p2):
        return True
    if abs(d3) <= EPS and _on_segment(p1, p2, q1):
        return True
    return abs(d4) <= EPS and _on_segment(p1, p2, q2)


def _segments(shape: Shape) -> list[tuple[Point, Point]]:
    segs: list[tuple[Point, Point]] = []
    for ring in shape:
        n = len(ring)
        for i in range(n):
            a = ring[i]
            b = ring[(i + 1) % n]
            if a != b:
                segs.append((a, b))
    return segs


def shapes_touch(a: Shape, b: Shape) -> bool:
    """True when the boundaries of two shapes meet (along an edge or at a single point).

    The zones of the map tile the land without overlapping, so boundary contact is the
    same as contact.  Shared vertices are checked first (the build script makes
    neighbouring zones share their border vertices exactly); a full segment test follows
    so that hand-edited shapes are judged correctly too.
    """
    box_a = bbox(a)
    box_b = bbox(b)
    if not _bbox_overlap(box_a, box_b):
        return False
    verts_a = {p for r in a for p in r}
    if any(p in verts_a for r in b for p in r):
        return True
    lo_x = max(box_a[0], box_b[0]) - EPS
    lo_y = max(box_a[1], box_b[1]) - EPS
    hi_x = min(box_a[2], box_b[2]) + EPS
    hi_y = min(box_a[3], box_b[3]) + EPS

    def near(seg: tuple[Point, Point]) -> bool:
        (x1, y1), (x2, y2) = seg
        return not (
            max(x1, x2) < lo_x or min(x1, x2) > hi_x or max(y1, y2) < lo_y or min(y1, y2) > hi_y
        )

    segs_a = [s for s in _segments(a) if near(s)]
    segs_b = [s for s in _segments(b) if near(s)]
    for p1, p2 in segs_a:
        for q1, q2 in segs_b:
            if segments_intersect(p1, p2, q1, q2):
                return True
    return False


def shared_border_length(a: Shape, b: Shape) -> float:
    """Length of the border segments the two shapes have in common (same vertices)."""
    edges_a: set[tuple[Point, Point]] = set()
    for p, q in _segments(a):
        edges_a.add((p, q) if p <= q else (q, p))
    total = 0.0
    for p, q in _segments(b):
        key = (p, q) if p <= q else (q, p)
        if key in edges_a:
            total += ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
    return total


def ring_is_simple(ring: Sequence[Point]) -> bool:
    """True when no two non-adjacent edges of the ring meet (O(n^2); rings are small)."""
    n = len(ring)
    if n < 3:
        return False
    segs = [(ring[i], ring[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if segments_intersect(segs[i][0], segs[i][1], segs[j][0], segs[j][1]):
                return False
    return True
