"""Cross-check the shipped map against the project's gazetteer (../shared/rules-notes, through
the ``shared`` fixture: skipped locally when absent, failing under CI=true)."""

from __future__ import annotations

import csv
from pathlib import Path

from rules.imperator.loader import load_data
from rules.imperator.map_geometry import point_in_shape


def test_every_gazetteer_camp_lies_in_the_zone_that_holds_it(shared) -> None:
    gazetteer: Path = shared("rules-notes", "imperator-gazetteer.csv")
    data = load_data(geometry=False)
    by_name: dict[str, str] = {}
    for z in data.zones.values():
        for n in (z.name, *z.aliases, *(c.name for c in z.camps)):
            by_name.setdefault(n, z.id)
    extra = {"Agenatrate": "argentorate", "Aelia Capiatlina": "aelia_capitolina"}
    with gazetteer.open(encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r["kind"] == "camp"]
    assert len(rows) == 33
    missing = []
    for r in rows:
        zid = extra.get(r["name"]) or by_name.get(r["name"])
        assert zid is not None, r["name"]
        zone = data.zones[zid]
        assert zone.camps, zid
        pt = (float(r["lon"]), float(r["lat"]))
        if not point_in_shape(pt, zone.shape):
            missing.append((r["name"], zid))
    assert len(missing) <= 3, missing
