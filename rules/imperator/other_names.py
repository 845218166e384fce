"""The English and Latin names of zones, sea zones, Peoples, units and stratagems, for the
``names`` option (``names=en``, ``names=la``; issue 12). Presentation only: no rule reads them.

The printed names stay in each counter's and zone's own data; ``data/names.toml`` adds the other
forms with their provenance, and the stratagems' English gloss is ``name_en`` of the stratagem
table. Leaders' forms come from the leader table (``tables.leader_rows``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

NAMES_FILE = Path(__file__).resolve().parent / "data" / "names.toml"
SECTIONS = ("zones", "seas", "peoples", "units")
PROVENANCES = ("history", "design")


@dataclass(frozen=True)
class OtherNames:
    en: str
    la: str
    provenance: str

    def form(self, language: str) -> str | None:
        return {"en": self.en, "la": self.la}.get(language)


@lru_cache(maxsize=4)
def other_names(path: Path = NAMES_FILE) -> dict[str, dict[str, OtherNames]]:
    """``section -> id -> OtherNames``; ``ValueError`` naming the entry for a bad one."""
    with open(path, "rb") as file:
        doc = tomllib.load(file)
    found: dict[str, dict[str, OtherNames]] = {}
    for section in SECTIONS:
        found[section] = {}
        for ident, entry in (doc.get(section) or {}).items():
            where = f"{path.name}: [{section}] {ident}"
            if not isinstance(entry, dict) or set(entry) != {"en", "la", "provenance"}:
                raise ValueError(f"{where}: expected {{ en = ..., la = ..., provenance = ... }}")
            if not all(isinstance(entry[k], str) and entry[k] for k in ("en", "la")):
                raise ValueError(f"{where}: en and la must be non-empty texts")
            if entry["provenance"] not in PROVENANCES:
                raise ValueError(f"{where}: provenance must be one of {', '.join(PROVENANCES)}")
            found[section][ident] = OtherNames(entry["en"], entry["la"], entry["provenance"])
    return found


def form(ident: str, language: str) -> str | None:
    """The ``language`` form (``en``/``la``) of a zone, sea zone, People, unit or stratagem id,
    or None when there is none (a leader, an unknown id, ``fr``)."""
    if language not in ("en", "la"):
        return None
    for section in SECTIONS:
        names = other_names()[section].get(ident)
        if names is not None:
            return names.form(language)
    if language == "en":
        from rules.imperator import tables

        try:
            return tables.stratagem(ident).name_en
        except KeyError:
            return None
    return None


def renames(printed: dict[str, str], language: str) -> list[tuple[str, str]]:
    """``(printed name, shown name)`` for the ids of ``printed`` (id -> printed name) whose
    ``language`` form differs, plus the stratagems' French names in English."""
    pairs: dict[str, str] = {}
    for ident, name in sorted(printed.items()):
        shown = form(ident, language)
        if shown and shown != name:
            pairs.setdefault(name, shown)
    if language == "en":
        from rules.imperator import tables

        for t in tables.stratagem_types():
            if t.name_en and t.name_en != t.name_fr:
                pairs.setdefault(t.name_fr, t.name_en)
    return sorted(pairs.items())
