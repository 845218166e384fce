"""Tests written against the mutants of rules/imperator/map_geometry.py (issue 11, mutation
testing): areas, boxes, points in rings, segment crossings and the contact between zone shapes
the loader's validator and the map build script rely on, each on a small exact figure."""

from __future__ import annotations

import pytest

from rules.imperator import map_geometry as g

SQUARE = ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0))  # counter-clockwise
RIGHT = ((2.0, 0.0), (4.0, 0.0), (4.0, 2.0), (2.0, 2.0))  # shares the edge x = 2
FAR = ((5.0, 5.0), (6.0, 5.0), (6.0, 6.0), (5.0, 6.0))


def test_ring_and_shape_areas() -> None:
    assert g.ring_area(SQUARE) == 4.0
    assert g.ring_area(tuple(reversed(SQUARE))) == -4.0
    assert g.ring_area(((0.0, 0.0), (4.0, 0.0), (0.0, 3.0))) == 6.0
    assert g.ring_area(((1.0, 1.0), (3.0, 1.0), (3.0, 2.0))) == 1.0
    assert g.shape_area((tuple(reversed(SQUARE)), FAR)) == 5.0


def test_bbox_of_a_shape_of_two_rings() -> None:
    assert g.bbox((SQUARE, FAR)) == (0.0, 0.0, 6.0, 6.0)
    assert g.bbox((((1.0, 3.0), (-1.0, 7.0), (2.0, -4.0)),)) == (-1.0, -4.0, 2.0, 7.0)


@pytest.mark.parametrize(
    ("b", "overlap"),
    [
        ((2.0, 0.0, 3.0, 1.0), True),  # touching on the right
        ((2.1, 0.0, 3.0, 1.0), False),
        ((-3.0, 0.0, -0.1, 1.0), False),  # left
        ((-3.0, 0.0, 0.0, 1.0), True),
        ((0.0, 1.1, 1.0, 3.0), False),  # above
        ((0.0, 1.0, 1.0, 3.0), True),
        ((0.0, -3.0, 1.0, -0.1), False),  # below
        ((0.0, -3.0, 1.0, 0.0), True),
    ],
)
def test_boxes_overlap_when_they_touch(b: tuple[float, float, float, float], overlap: bool) -> None:
    assert g._bbox_overlap((0.0, 0.0, 2.0, 1.0), b) is overlap
    assert g._bbox_overlap(b, (0.0, 0.0, 2.0, 1.0)) is overlap


def test_boxes_apart_by_less_than_the_pad_overlap() -> None:
    assert g._bbox_overlap((0.0, 0.0, 1.0, 1.0), (1.0 + g.EPS / 2, 0.0, 2.0, 1.0)) is True
    assert g._bbox_overlap((0.0, 0.0, 1.0, 1.0), (1.5, 0.0, 2.0, 1.0), pad=0.6) is True
    assert g._bbox_overlap((0.0, 0.0, 1.0, 1.0), (1.5, 0.0, 2.0, 1.0)) is False


def test_points_in_a_concave_ring() -> None:
    ring = ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 1.0), (0.0, 4.0))  # a V notch from the top
    assert g.point_in_ring((1.0, 0.5), ring) is True
    assert g.point_in_ring((2.0, 2.0), ring) is False  # in the notch
    assert g.point_in_ring((0.5, 2.0), ring) is True
    assert g.point_in_ring((3.5, 2.0), ring) is True
    assert g.point_in_ring((5.0, 1.0), ring) is False
    assert g.point_in_ring((-1.0, 1.0), ring) is False
    assert g.point_in_ring((1.0, 5.0), ring) is False
    assert g.point_in_ring((1.0, 1.0), SQUARE) is True
    assert g.point_in_ring((3.0, 1.0), SQUARE) is False


def test_points_in_shapes_of_several_rings() -> None:
    assert g.point_in_shape((5.5, 5.5), (SQUARE, FAR)) is True
    assert g.point_in_shape((1.0, 1.0), (SQUARE, FAR)) is True
    assert g.point_in_shape((3.0, 3.0), (SQUARE, FAR)) is False


def test_orientation_and_points_on_segments() -> None:
    assert g._orient((0.0, 0.0), (2.0, 0.0), (1.0, 3.0)) == 6.0
    assert g._orient((0.0, 0.0), (2.0, 0.0), (1.0, -3.0)) == -6.0
    assert g._orient((1.0, 1.0), (3.0, 2.0), (0.0, 4.0)) == 7.0
    assert g._on_segment((0.0, 0.0), (2.0, 2.0), (1.0, 1.0)) is True
    assert g._on_segment((0.0, 0.0), (2.0, 2.0), (2.0, 2.0)) is True
    assert g._on_segment((2.0, 2.0), (0.0, 0.0), (0.0, 0.0)) is True
    assert g._on_segment((0.0, 0.0), (2.0, 2.0), (2.0 + g.EPS / 2, 2.0)) is True
    for p in ((3.0, 1.0), (-1.0, 1.0), (1.0, 3.0), (1.0, -1.0)):
        assert g._on_segment((0.0, 0.0), (2.0, 2.0), p) is False, p


@pytest.mark.parametrize(
    ("p1", "p2", "q1", "q2", "meet"),
    [
        ((0, 0), (2, 2), (0, 2), (2, 0), True),  # an X
        ((0, 0), (2, 2), (2, 0), (0, 2), True),  # the same, the other way
        ((0, 2), (2, 0), (0, 0), (2, 2), True),
        ((0, 0), (1, 1), (2, 0), (3, -1), False),
        ((0, 0), (2, 0), (0, 1), (2, 1), False),  # parallel
        ((0, 0), (2, 0), (1, 1), (1, 3), False),  # a T that stops short
        ((0, 0), (2, 0), (3, 0), (5, 0), False),  # collinear, apart
        ((0, 0), (2, 0), (1, -1), (1, 1), True),  # proper crossing
        ((0, 0), (2, 0), (1, 0), (1, 2), True),  # q1 on p1p2
        ((0, 0), (2, 0), (1, 2), (1, 0), True),  # q2 on p1p2
        ((1, 0), (1, 2), (0, 0), (2, 0), True),  # p1 on q1q2
        ((1, 2), (1, 0), (0, 0), (2, 0), True),  # p2 on q1q2
        ((0, 0), (3, 0), (1, 0), (2, 0), True),  # collinear, overlapping
        ((0, 0), (2, 0), (2, 0), (4, 1), True),  # end to end
        ((0, 0), (1, 1), (0, 3), (3, 0), False),  # would cross if longer
        ((0, 0), (2, 2), (3, 0), (2, 1), False),  # the other way short
    ],
)
def test_segments_intersect(p1: g.Point, p2: g.Point, q1: g.Point, q2: g.Point, meet: bool) -> None:
    pts = [(float(x), float(y)) for x, y in (p1, p2, q1, q2)]
    assert g.segments_intersect(pts[0], pts[1], pts[2], pts[3]) is meet


def test_segments_of_a_shape_close_each_ring_and_skip_repeated_points() -> None:
    ring = ((0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (0.0, 1.0))
    assert g._segments((ring, ((5.0, 5.0), (6.0, 5.0), (5.0, 6.0)))) == [
        ((0.0, 0.0), (1.0, 0.0)), ((1.0, 0.0), (0.0, 1.0)), ((0.0, 1.0), (0.0, 0.0)),
        ((5.0, 5.0), (6.0, 5.0)), ((6.0, 5.0), (5.0, 6.0)), ((5.0, 6.0), (5.0, 5.0))]


def test_shapes_touch_by_a_shared_vertex_an_edge_or_not_at_all() -> None:
    assert g.shapes_touch((SQUARE,), (RIGHT,)) is True
    assert g.shapes_touch((SQUARE,), (FAR,)) is False
    corner = ((2.0, 2.0), (3.0, 2.0), (3.0, 3.0))
    assert g.shapes_touch((SQUARE,), (corner,)) is True
    # a T-junction: the neighbour's vertex lies inside the square's edge, no vertex shared
    tee = ((2.0, 1.0), (3.0, 0.5), (3.0, 1.5))
    assert g.shapes_touch((SQUARE,), (tee,)) is True
    assert g.shapes_touch((tee,), (SQUARE,)) is True
    # boxes overlap, shapes apart: a triangle in the square's box corner, off its edges
    near = ((2.5, 1.0), (3.0, 0.0), (3.0, 2.0))
    assert g.shapes_touch((SQUARE,), (near,)) is False
    diagonal = ((0.0, 0.0), (2.0, 0.0), (0.0, 2.0))
    beyond = ((1.5, 1.5), (3.0, 1.5), (1.5, 3.0))
    assert g.shapes_touch((diagonal,), (beyond,)) is False  # boxes overlap, edges do not meet


def test_edges_far_from_the_common_box_are_not_compared() -> None:
    """Only the segments near the boxes' overlap are tested; a long edge that passes through
    it is still one of them (its box reaches into the overlap)."""
    wide = ((-10.0, 1.0), (10.0, 1.0), (10.0, 5.0), (-10.0, 5.0))
    post = ((0.0, -5.0), (1.0, -5.0), (0.5, 1.0))
    assert g.shapes_touch((wide,), (post,)) is True
    for dx, dy in ((-30.0, 0.0), (30.0, 0.0), (0.0, 30.0), (0.0, -30.0)):
        moved = tuple((x + dx, y + dy) for x, y in post)
        assert g.shapes_touch((wide,), (moved,)) is False, (dx, dy)


def test_shared_border_length_counts_common_edges_either_way() -> None:
    assert g.shared_border_length((SQUARE,), (RIGHT,)) == 2.0
    assert g.shared_border_length((SQUARE,), (FAR,)) == 0.0
    a = ((0.0, 0.0), (3.0, 4.0), (0.0, 4.0))
    b = ((0.0, 0.0), (3.0, 0.0), (3.0, 4.0))  # shares the 3-4-5 diagonal, walked the same way
    assert g.shared_border_length((a,), (b,)) == 5.0
    assert g.shared_border_length((a,), (tuple(reversed(b)),)) == 5.0


def test_simple_rings() -> None:
    assert g.ring_is_simple(SQUARE) is True
    assert g.ring_is_simple(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))) is True
    assert g.ring_is_simple(((0.0, 0.0), (1.0, 0.0))) is False
    bowtie = ((0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0))
    assert g.ring_is_simple(bowtie) is False
    pentagon = ((0.0, 0.0), (2.0, 0.0), (3.0, 1.5), (1.0, 3.0), (-1.0, 1.5))
    assert g.ring_is_simple(pentagon) is True
    loop = ((0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (1.0, 2.0), (1.0, -1.0), (0.0, -1.0))
    assert g.ring_is_simple(loop) is False


# -- written against the survivors of the first run: the tolerance EPS at its exact bounds ---------

H, M = 2.0**-20, 2.0**-21  # a short segment (0, 0)-(H, 0), crossed at its middle M
C = g.EPS * 2.0**20  # a height that puts a point at orientation exactly EPS from that segment
SHORT = ((0.0, 0.0), (H, 0.0))


@pytest.mark.parametrize("bound", [0, 1, 2, 3])
def test_boxes_exactly_pad_apart_still_overlap(bound: int) -> None:
    a = (0.0, 0.0, 1.0, 1.0)
    b = [(1.5, 0.0, 2.0, 1.0), (-1.0, 0.0, -0.5, 1.0), (0.0, 1.5, 1.0, 2.0), (0.0, -1.0, 1.0, -0.5)][bound]
    assert g._bbox_overlap(a, b, pad=0.5) is True
    assert g._bbox_overlap(b, a, pad=0.5) is True


def test_a_point_on_a_left_edge_is_inside_and_on_a_right_edge_outside() -> None:
    """The half-open rule of ray casting: the boundary "may go either way", but always the same way."""
    assert g.point_in_ring((0.0, 1.0), SQUARE) is True
    assert g.point_in_ring((2.0, 1.0), SQUARE) is False


def test_points_exactly_eps_off_a_segment_are_on_it() -> None:
    a, b = (0.0, 0.0), (2.0, 2.0)
    assert g._on_segment(a, b, (0.0 - g.EPS, 1.0)) is True
    assert g._on_segment(a, b, (2.0 + g.EPS, 1.0)) is True
    assert g._on_segment(a, b, (1.0, 0.0 - g.EPS)) is True
    assert g._on_segment(a, b, (1.0, 2.0 + g.EPS)) is True
    assert g._on_segment((0.0, 5.0), (2.0, 7.0), (3.0, 6.0)) is False  # x beyond, y within


@pytest.mark.parametrize(
    ("p1", "p2"),
    [
        ((M, C), (M, -1.0)),  # p1 exactly EPS above: not a crossing, and too far to be "on" it
        ((M, 1.0), (M, -C)),  # p2 exactly EPS below
        ((M, 1.0), (M, C / 2)),  # both above
        ((M, -C), (M, 1.0)),
        ((M, C / 2), (M, 1.0)),
        ((M, -1.0), (M, C)),
    ],
)
def test_orientation_exactly_eps_is_not_a_crossing(p1: g.Point, p2: g.Point) -> None:
    assert g.segments_intersect(p1, p2, *SHORT) is False
    assert g.segments_intersect(*SHORT, p1, p2) is False


def test_an_endpoint_exactly_eps_from_a_segment_touches_it() -> None:
    q1, q2 = (0.0, 0.0), (1.0, 0.0)
    near, far = (0.5, g.EPS), (0.5, 1.0)
    assert g.segments_intersect(near, far, q1, q2) is True
    assert g.segments_intersect(far, near, q1, q2) is True
    assert g.segments_intersect(q1, q2, near, far) is True
    assert g.segments_intersect(q1, q2, far, near) is True


def test_contact_found_away_from_the_origin_of_both_axes() -> None:
    """The T-junction far up the y axis: the common box is built from the x bounds for x and
    the y bounds for y."""
    tee = ((2.0, 101.0), (3.0, 100.5), (3.0, 101.5))
    square = tuple((x, y + 100.0) for x, y in SQUARE)
    assert g.shapes_touch((square,), (tee,)) is True
    assert g.shapes_touch((tuple((y, x) for x, y in square),), (tuple((y, x) for x, y in tee),)) is True


@pytest.mark.parametrize("transpose", [False, True])
def test_a_vertex_exactly_eps_short_of_the_neighbour_touches_it(transpose: bool) -> None:
    """A triangle whose tip stops EPS before the edge of a rectangle: in contact within the
    tolerance, on the edge of the common box on both sides."""
    tip = ((0.0, 0.0), (2.0 - g.EPS, 0.75), (0.0, 1.5))
    rect = ((2.0, 0.5), (3.0, 0.5), (3.0, 1.0), (2.0, 1.0))
    if transpose:
        tip, rect = tuple((y, x) for x, y in tip), tuple((y, x) for x, y in rect)
    assert g.shapes_touch((tip,), (rect,)) is True
    assert g.shapes_touch((rect,), (tip,)) is True


def test_shared_border_of_two_edges_walked_downwards() -> None:
    square = SQUARE
    ell = ((2.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (0.0, 2.0), (2.0, 2.0))
    assert g.shared_border_length((square,), (ell,)) == 4.0
    a = ((0.0, 4.0), (3.0, 4.0), (0.0, 0.0))  # the diagonal walked from (3, 4) down to (0, 0)
    b = ((0.0, 0.0), (3.0, 0.0), (3.0, 4.0))
    assert g.shared_border_length((a,), (b,)) == 5.0
    assert g.shared_border_length((b,), (a,)) == 5.0
