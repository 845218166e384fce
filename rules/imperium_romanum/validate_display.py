"""Read and check the Province Display of Imperium Romanum (``province_display.toml``; map C,
2.1, 11.0): one entry per province, its capital a city of that province, its roads and
cultivation given as columns of the Variable City Chart, its symbols (9.1, 16.2, 22.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.i18n import _
from rules.imperium_romanum.data_model import PROVENANCES, City, DisplayEntry, Province

DISPLAY_FILE = "province_display.toml"
FIELDS = ("capital", "roads", "cultivated", "sun", "ax", "wheat")


def read_display(
    doc: dict[str, Any],
    columns: tuple[str, ...],
    provinces: Mapping[str, Province],
    cities: Mapping[str, City],
    problems: list[str],
) -> dict[str, DisplayEntry]:
    """Every province has one entry; each value resolves and carries its provenance."""
    out: dict[str, DisplayEntry] = {}
    for entry in doc.get("province", []):
        pid = str(entry.get("id", ""))
        where = f"{DISPLAY_FILE}: {pid or '?'}"
        if pid not in provinces:
            problems.append(_("{where}: unknown province", where=where))
            continue
        if pid in out:
            problems.append(_("{where}: repeated", where=where))
            continue
        capital = str(entry.get("capital", ""))
        own = sorted(c.id for c in cities.values() if c.province == pid)
        if capital and capital not in own:
            problems.append(_("{where}: capital {capital} is not a city of {pid} (5.6)", where=where, capital=repr(capital), pid=pid))
        if own and not capital:
            problems.append(_("{where}: a province with cities needs a capital (5.6)", where=where))
        marks: dict[str, frozenset[str]] = {}
        for key in ("roads", "cultivated"):
            values = entry.get(key)
            if not isinstance(values, list) or any(v not in columns for v in values):
                problems.append(_("{where}: {key} must list columns of the Variable City Chart ({columns})", where=where, key=key, columns=", ".join(columns)))
                values = []
            marks[key] = frozenset(str(v) for v in values)
        flags = {k: entry.get(k) for k in ("sun", "ax")}
        if not all(isinstance(v, bool) for v in flags.values()):
            problems.append(_("{where}: sun and ax must be true or false", where=where))
        wheat = entry.get("wheat")
        if not isinstance(wheat, int) or isinstance(wheat, bool) or wheat < 0:
            problems.append(_("{where}: wheat must be a whole number of symbols, 0 or more (22.2)", where=where))
            wheat = 0
        provenance = entry.get("provenance", {})
        missing = [k for k in FIELDS if provenance.get(k) not in PROVENANCES]
        if missing:
            problems.append(_("{where}: provenance of {fields} must be one of {allowed}", where=where, fields=", ".join(missing), allowed=", ".join(PROVENANCES)))
        out[pid] = DisplayEntry(pid, capital, marks["roads"], marks["cultivated"], flags["sun"] is True, flags["ax"] is True, int(wheat))
    for pid in sorted(set(provinces) - set(out)):
        problems.append(_("{file}: {pid}: the province is missing from the display", file=DISPLAY_FILE, pid=pid))
    return out
