"""The hex grid of the three map sheets A, B and C (§2.x of the rules; digest §3.1, map facts).

Hex ids are a sheet letter and four digits, column then row (``B5121`` is Athenae).  Columns rise
eastwards and rows southwards, and the sheets share one numbering: A holds columns below 38,
B columns 38 to 65, C the rest.  Map C prints columns past 70 from 11 again (Nisibis ``C1112``,
Ctesiphon ``C1913``): the printed column is the global one less 60 (inferred from the chart's
ids, ruling IR-MAP-1).  Odd columns sit half a hex lower than even ones.  The chart prints Roma
at ``A3621``, a sea hex on our map at the Tiber's mouth, so the city stands on ``A3620`` next to
it (ruling IR-MAP-2).
"""

from __future__ import annotations

import re

SHEET_B_FIRST = 38
SHEET_C_FIRST = 66
C_WRAP = 71
C_WRAP_SHIFT = 60

_HEX_ID = re.compile(r"^[ABC]\d{4}$")


def is_hex_id(text: str) -> bool:
    """Whether ``text`` has the shape of a hex id (letter + four digits)."""
    return bool(_HEX_ID.match(text))


def global_colrow(hex_id: str) -> tuple[int, int]:
    """The global (column, row) of a printed hex id."""
    sheet, col, row = hex_id[0], int(hex_id[1:3]), int(hex_id[3:5])
    if sheet == "C" and col < C_WRAP - C_WRAP_SHIFT + 30:
        col += C_WRAP_SHIFT
    return col, row


def printed_id(col: int, row: int) -> str:
    """The printed id of a global (column, row)."""
    if col < SHEET_B_FIRST:
        return f"A{col:02d}{row:02d}"
    if col < SHEET_C_FIRST:
        return f"B{col:02d}{row:02d}"
    shown = col - C_WRAP_SHIFT if col >= C_WRAP else col
    return f"C{shown:02d}{row:02d}"


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours of a hex, north, south, then west and east (odd columns sit lower)."""
    rows = (row, row + 1) if col % 2 else (row - 1, row)
    return [(col, row - 1), (col, row + 1)] + [(col + dc, r) for dc in (-1, 1) for r in rows]


def _cube(col: int, row: int) -> tuple[int, int, int]:
    z = row - (col - (col & 1)) // 2
    return col, -col - z, z


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two hexes (0 for the same hex)."""
    ax, ay, az = _cube(*a)
    bx, by, bz = _cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))
