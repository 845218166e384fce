"""Write rules/imperium_romanum/data/province_display.toml: the Province Display of map C.

    .venv/bin/python scripts/imperium_romanum/author_province_display.py

The display is missing from the rules text (digest §3.2 #2).  For each province it gives the
capital (2.1 errata, 5.6), whether it has roads (11.1) and is cultivated (11.2) in each column
of the Variable City Chart (the columns are the scenario brackets), and its symbols: sun (9.1),
ax (16.2) and wheat (22.2).  The tables below are the design and the history behind it;
docs/imperium-romanum-data.md explains them.  Columns are counted from 0 (P1) to 12 (39-41).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rules" / "imperium_romanum" / "data"
OUT = DATA / "province_display.toml"
ALL = (0, 12)

# Where the chart flags several capitals, or none, the capital we choose (design, history).
CAPITAL_CHOICES: dict[str, tuple[str, str]] = {
    "lugdunensis": ("lugdunum", "seat of the governor of Gallia Lugdunensis"),
    "chersonesus": ("panticapaeum", "capital of the Bosporan kingdom"),
    "moesia_inferior": ("novae", "the legionary seat of the lower Danube, between Oescus and Durostorum"),
    "illyricum": ("salonae", "seat of the governor of Illyricum and Dalmatia"),
    "cisalpina": ("mediolanum", "chief city of Gallia Cisalpina"),
    "dalmatia": ("delminium", "the province's only city"),
    "moesia_superior": ("vindobunum", "Viminacium, seat of the governor (ruling IR-MAP-3)"),
}

# Roads (11.1): the columns, first to last, in which the province has roads (history: the Roman
# network as it spread, and the Persian royal roads); missing = never.
ROADS: dict[str, tuple[int, int]] = {
    # Roman from the Republic (viae Appia, Aemilia, Domitia, Egnatia, the roads of Asia)
    "italia": ALL, "cisalpina": ALL, "narbonensis": ALL, "sicilia": ALL, "tarraconensis": ALL,
    "baetica": ALL, "macedonia": ALL, "achaea": ALL, "asia": ALL, "aegyptus": ALL,
    # Augustus and Agrippa (P2): Gaul, Africa, the Spanish west, the Anatolian interior
    "lusitania": (1, 12), "africa": (1, 12), "cilicia": (1, 12), "galatia": (1, 12), "bithynia": (1, 12),
    "illyricum": (1, 12), "lugdunensis": (1, 12), "aquitania": (1, 12), "belgica": (1, 12),
    # the first and second centuries (from column 11-16)
    "gallaecia": (2, 12), "sardinia": (2, 12), "numidia": (2, 12), "mauretania_caesariensis": (2, 12),
    "mauretania_tingitana": (2, 12), "cyrenaica": (2, 12), "iudaea": (2, 12), "syria": (2, 12),
    "arabia_petraea": (2, 12), "lycia": (2, 12), "cappadocia": (2, 12), "thracia": (2, 12),
    "moesia_superior": (2, 12), "moesia_inferior": (2, 12), "dalmatia": (2, 12), "pannonia_superior": (2, 12),
    "pannonia_inferior": (2, 12), "noricum": (2, 12), "rhaetia": (2, 12), "alpes": (2, 12),
    "germania_superior": (2, 12), "germania_inferior": (2, 12), "creta": (2, 12), "cyprus": (2, 12),
    # the frontier lands held for a while: Britain until the withdrawal, the Agri Decumates until
    # 260, Dacia from Trajan to Aurelian, Osrhoene from Severus
    "britannia": (2, 10), "agri_decumates": (2, 4), "dacia": (3, 4), "osrhoene": (3, 12),
    # the Persian royal roads
    "babylonia": ALL, "mesopotamia": ALL, "elymais": ALL, "persia": ALL, "media": ALL,
}  # fmt: skip

# Cultivation (11.2): the columns in which the province is cultivated (history: settled farmland
# and its surplus); missing = always wild.
CULTIVATED: dict[str, tuple[int, int]] = {
    **{p: ALL for p in (
        "italia", "sicilia", "sardinia", "corsica", "cisalpina", "narbonensis", "tarraconensis", "baetica",
        "lusitania", "africa", "numidia", "mauretania_tingitana", "mauretania_caesariensis", "aegyptus",
        "cyrenaica", "achaea", "macedonia", "thracia", "illyricum", "asia", "bithynia", "galatia",
        "cappadocia", "cilicia", "lycia", "syria", "iudaea", "arabia_petraea", "cyprus", "creta", "rhodus",
        "baleares", "melita", "chersonesus", "colchis", "iberia", "armenia", "osrhoene", "mesopotamia",
        "babylonia", "adiabene", "atropatene", "media", "elymais", "persia", "charax", "hyrcania",
    )},
    # the Greek cities of the north coast of the Black Sea while the chart lists them
    "olbia": (0, 5), "tyras": (0, 4),
    # Gaul and the northern Spanish highlands after the conquest (P2 on)
    "lugdunensis": (1, 12), "aquitania": (1, 12), "belgica": (1, 12), "gallaecia": (1, 12),
    # the Alpine and Danubian provinces from the first century
    "alpes": (2, 12), "rhaetia": (2, 12), "noricum": (2, 12), "pannonia_superior": (2, 12),
    "pannonia_inferior": (2, 12), "moesia_superior": (2, 12), "moesia_inferior": (2, 12), "dalmatia": (2, 12),
    "germania_superior": (2, 12),
    # frontier lands settled for a while
    "britannia": (2, 10), "germania_inferior": (2, 10), "agri_decumates": (2, 4), "dacia": (3, 4),
}  # fmt: skip

# Symbols (design): sun = always summer (9.1), the hot south; ax = deforested (16.2), the long
# settled lands whose woods were gone; wheat (22.2): Aegyptus 4 and Chersonesus 4 are printed
# (rules), the other grain provinces of 33.1 and event G are ours.
SUN = ("aegyptus", "cyrenaica", "libya_interior", "arabia_petraea", "arabia_deserta", "babylonia", "charax", "elymais")
AX = ("italia", "sicilia", "achaea", "asia", "aegyptus", "syria", "africa", "cyprus", "creta", "rhodus", "iudaea",
      "babylonia", "cyrenaica", "melita")  # fmt: skip
WHEAT: dict[str, tuple[int, str]] = {
    "aegyptus": (4, "rules"), "chersonesus": (4, "rules"), "africa": (3, "design"), "sicilia": (2, "design"),
    "sardinia": (1, "design"), "baetica": (1, "design"),
}  # fmt: skip


def q(v: object) -> str:
    return json.dumps(v, ensure_ascii=False)


def main() -> int:
    columns = tomllib.loads((DATA / "cities.toml").read_text(encoding="utf-8"))["meta"]["columns"]
    cities = tomllib.loads((DATA / "cities.toml").read_text(encoding="utf-8"))["city"]
    provinces = tomllib.loads((DATA / "provinces.toml").read_text(encoding="utf-8"))["province"]
    unknown = (set(ROADS) | set(CULTIVATED) | set(SUN) | set(AX) | set(WHEAT) | set(CAPITAL_CHOICES)) - {p["id"] for p in provinces}
    assert not unknown, unknown
    lines = [
        "# GENERATED by scripts/imperium_romanum/author_province_display.py: edit the script, not this file.",
        "# The Province Display of map C (2.1, 11.0), missing from the rules text: per province the capital,",
        "# the chart columns in which it has roads (11.1) and is cultivated (11.2), and its symbols: sun",
        "# (always summer, 9.1), ax (deforested, 16.2), wheat (22.2). See docs/imperium-romanum-data.md.",
        "",
        f"columns = {q(columns)}",
    ]
    for prov in provinces:
        pid = prov["id"]
        own = [c for c in cities if c["province"] == pid]
        flagged = [c["id"] for c in own if c["capital"]]
        if pid in CAPITAL_CHOICES:
            capital, why = CAPITAL_CHOICES[pid]
            source = "design"
        else:
            assert len(flagged) <= 1, pid
            capital, why, source = (flagged[0], "", "rules") if flagged else ("", "no city: 5.6.1", "rules")
        roads = [columns[i] for i in range(ROADS[pid][0], ROADS[pid][1] + 1)] if pid in ROADS else []
        farmed = [columns[i] for i in range(CULTIVATED[pid][0], CULTIVATED[pid][1] + 1)] if pid in CULTIVATED else []
        wheat, wheat_source = WHEAT.get(pid, (0, "design"))
        lines += ["", "[[province]]", f"id = {q(pid)}", f"capital = {q(capital)}"]
        if why:
            lines.append(f"capital_note = {q(why)}")
        lines += [
            f"roads = {q(roads)}",
            f"cultivated = {q(farmed)}",
            f"sun = {q(pid in SUN)}",
            f"ax = {q(pid in AX)}",
            f"wheat = {wheat}",
            f'provenance = {{ capital = {q(source)}, roads = "history", cultivated = "history", sun = "design", ax = "design", wheat = {q(wheat_source)} }}',
        ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
