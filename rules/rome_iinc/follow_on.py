"""Following on from a game of *Rome, Inc.* (13.3): the Rome, Inc. position at the end of its
222 CE scenario becomes the start of a Rome, IInc. game.

Done here: the Treasury split (13.3.1), the Provinces (13.3.2), the Units (13.3.3) and the Rebels
(13.3.4), as functions of a Rome, Inc. position written with Rome, Inc. names. Not done: the
Statesmen (13.3.5: Caesar made an Emperor, the other Emperor and the Governors appointed, West
first) and a way to enter a whole Rome, Inc. position, so the game option ``follow_on`` still
refuses (``NotYetSupported("13.3.5")``).

Units are written ``legion``, ``legion*`` (a Veteran), ``wall``, ``auxilia``, ``fleet``,
``cavalry`` (Imperial Cavalry) and ``guards`` (Praetorian Guards)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.i18n import _
from rules.rome_iinc.data import DATA_DIR, PROVENANCE, DataError, data

PRESTIGE_LOSS = 150  # 13.3.1
# the Provinces Rome, Inc. lacks, Insurgent at the start (13.3.2): West, then East
NEW_PROVINCES = ("valentia", "lugdunensis_ii", "aquitania_ii", "celtiberia", "spoletium",
                 "constantinople", "moesia_ii", "dardania", "gothia_i", "arabia_i")
KINDS = {"legion": "legion", "wall": "fort", "auxilia": "auxilia", "fleet": "fleet",
         "cavalry": "cavalry", "guards": "guards"}  # 13.3.3


@lru_cache(maxsize=4)
def _chart(directory: str) -> dict[str, dict[str, str]]:
    path = Path(directory) / "follow_on.toml"
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for table in ("provinces", "commands"):
        out[table] = {}
        for name, entry in raw[table].items():
            if entry.get("source") not in PROVENANCE:
                raise DataError(f"follow_on.toml {table}.{name}: source must be a provenance tag")
            out[table][name] = str(entry["to"])
    return out


def chart() -> dict[str, dict[str, str]]:
    """The Provinces Chart and the Rebel counters' Commands (follow_on.toml)."""
    return _chart(os.environ.get("PRAETOR_ROME_DATA_DIR") or str(DATA_DIR))


def province(name: str) -> str:
    """The Rome, IInc. Province of a Rome, Inc. Province: the chart, else the same name (13.3.2)."""
    mapped = chart()["provinces"].get(name)
    if mapped is not None:
        return mapped
    for pid, p in sorted(data().provinces.items()):
        if p.name == name and not p.homeland:
            return pid
    raise RuleError("13.3.2", _("{name} has no Rome, IInc. Province", name=name))


def treasury(prestige: int, gold: int) -> tuple[dict[str, int], dict[str, int]]:
    """13.3.1: Prestige less 150 (it may go negative), then Prestige and Gold split in halves,
    the East rounding up and the West down."""
    prestige -= PRESTIGE_LOSS
    east_p, east_g = -(-prestige // 2), -(-gold // 2)
    return ({"east": east_p, "west": prestige - east_p}, {"east": east_g, "west": gold - east_g})


@dataclass
class Units:
    """The Rome, IInc. Units placed (Province -> [(type, veteran)]) and what was removed."""

    placed: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)


def units(inc: dict[str, list[str]], available: dict[str, int] | None = None) -> Units:
    """13.3.3: each Rome, Inc. Unit becomes its Rome, IInc. type while counters last: Legions
    become Pseudo Legions once no Legion is left; Walls become Forts (the Pseudo Legion
    counters' other side); the excess is removed. ``available``: counters left of each pool
    (default: the whole mix). Provinces are taken in Rome, IInc. id order and Veterans first
    within a Province (ruling ROME-29)."""
    pools = dict(available if available is not None else data().charts["units"]["mix"])
    out = Units()
    by_province: dict[str, list[str]] = {}
    for name, listed in inc.items():
        by_province.setdefault(province(name), []).extend(listed)
    for pid in sorted(by_province):
        listed = sorted(by_province[pid], key=lambda u: (not u.endswith("*"), u))
        for unit in listed:
            vet = unit.endswith("*")
            kind = KINDS.get(unit.rstrip("*"))
            if kind is None:
                raise RuleError("13.3.3", _("unknown Rome, Inc. Unit {unit}", unit=unit))
            if kind == "legion" and pools.get("legion", 0) <= 0:
                kind, vet = "pseudo", False
            pool = "pseudo" if kind in ("pseudo", "fort") else kind
            if pools.get(pool, 0) <= 0:
                out.removed.append(f"{pid}:{unit}")
                continue
            pools[pool] -= 1
            out.placed.setdefault(pid, []).append((kind, vet and kind != "fort"))
    return out


def rebels(inc: dict[str, str], dice: Dice) -> tuple[dict[str, str], list[str]]:
    """13.3.4: ``inc`` maps each Rome, Inc. Rebel counter (its Command) to the Rebel holding it.
    The Aegyptus and Syria counters become the Oriens one (given to one of their Rebels at random
    if they differ); the Thracia counter joins the Moesia or the Pontica Rebel (at random if they
    are two). Returns the Rome, IInc. Command -> Rebel, and the Rebels left with nothing (dead)."""
    mapping = chart()["commands"]
    out: dict[str, str] = {}
    for command, rebel in sorted(inc.items()):
        if command in ("Aegyptus", "Syria"):
            continue
        out[mapping.get(command, command.lower())] = rebel
    oriens = sorted({inc[c] for c in ("Aegyptus", "Syria") if c in inc})
    if len(oriens) == 1:
        out["oriens"] = oriens[0]
    elif len(oriens) == 2:
        roll = dice.d6(_("Who keeps the Oriens Rebel counter (13.3.4): 1-3 {a}, 4-6 {b}",
                         a=oriens[0], b=oriens[1])).natural
        out["oriens"] = oriens[0] if roll <= 3 else oriens[1]
    candidates = [out[c] for c in ("moesia", "pontica") if c in out]
    if len(set(candidates)) == 1:
        out["thracia"] = candidates[0]
    elif len(candidates) == 2:
        roll = dice.d6(_("Where the Thracia Rebel counter goes (13.3.4): 1-3 {a}, 4-6 {b}",
                         a=candidates[0], b=candidates[1])).natural
        out["thracia"] = candidates[0] if roll <= 3 else candidates[1]
    held = set(out.values())
    dead = sorted({r for r in inc.values() if r not in held})
    return dict(sorted(out.items())), dead


def refuse_option(value: str) -> None:
    """The ``follow_on`` game option: 13.3.1-13.3.4 are here, 13.3.5 and entering a Rome, Inc.
    position are not."""
    if value:
        from rules.core.errors import NotYetSupported

        raise NotYetSupported("13.3.5", _("following on from a game of Rome, Inc.: the Treasury, "
                                          "Provinces, Units and Rebels convert (13.3.1-13.3.4), "
                                          "but the Statesmen (13.3.5) and entering a Rome, Inc. "
                                          "position are not done yet"))


