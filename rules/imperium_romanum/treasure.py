"""Optional rule 43: treasure cities.

In his player turn a player whose units hold one of the treasure cities of the scenario
(``data/treasure_cities.toml``, 43.1) may take its treasure: three times the city's tax value
on the Variable City Chart, into the treasury of the seat's major power (43.2). Each treasure
is taken once per scenario, and taking it is not plunder (43.2). The command is
``take_treasure {city}``, in the seat's Land Movement or Land Combat segment; the units must
be inside the city, which one of the seat's powers controls (IR-ENG-93).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

TREASURE_FILE = Path(__file__).resolve().parent / "data" / "treasure_cities.toml"
TAKEN = "treasures_taken"
"""The key of a power's record listing the treasures it took (43.2: once per scenario)."""


@dataclass(frozen=True)
class TreasureList:
    multiplier: int
    ranges: tuple[tuple[str, int, int], ...]
    """(city, first scenario, last scenario), as 43.1 lists them."""


@lru_cache(maxsize=1)
def treasure_list() -> TreasureList:
    doc = tomllib.loads(TREASURE_FILE.read_text(encoding="utf-8"))["treasure"]
    ranges = tuple((str(e["city"]), int(e["first"]), int(e["last"])) for e in doc["cities"])
    return TreasureList(int(doc["multiplier"]["value"]), ranges)


def treasure_cities(scenario: str) -> list[str]:
    """43.1: the scenario's treasure cities that exist in its column of the Variable City Chart."""
    number = data().scenarios[scenario].number
    present = world(scenario).city_value
    return sorted({city for city, first, last in treasure_list().ranges if first <= number <= last and city in present})


def worth(st: IRState, city: str) -> int:
    """43.2: three times the city's tax value in the scenario's column."""
    return treasure_list().multiplier * world(st.scenario).city_value[city].tax


def taken(st: IRState, city: str) -> bool:
    return any(city in rec.get(TAKEN, []) for rec in st.powers.values())


def receiver(st: IRState, seat: str) -> str:
    """The seat's major power, whose treasury takes the talents."""
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    return majors[0] if majors else ""


def check(st: IRState, seat: str, city: str) -> None:
    if not OPT.enabled(st, "treasure_cities"):
        raise RuleError("§43", _("this game does not play optional rule 43, treasure cities"))
    if st.segment not in ("movement", "combat"):
        raise RuleError("§43.2", _("a treasure is taken in your player turn"))
    if city not in treasure_cities(st.scenario):
        raise RuleError("§43.1", _("{city} is not a treasure city in this scenario", city=city or "?"))
    name = data().cities[city].name
    if taken(st, city):
        raise RuleError("§43.2", _("the treasure of {city} was already taken", city=name))
    powers = B.powers_of(st, seat)
    if st.city_owner.get(city, "") not in powers:
        raise RuleError("§43.2", _("you do not hold {city}", city=name))
    hex_id = data().cities[city].hex
    if not any(st.units[u]["power"] in powers and B.is_combat(st.units[u]) for u in B.units_at(st, hex_id)):
        raise RuleError("§43.2", _("you have no units in {city}", city=name))
    if not receiver(st, seat):
        raise RuleError("§43.2", _("only a major power has a treasury for a treasure"))


def take(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """``take_treasure {city}`` (43.2)."""
    city = str(args.get("city", ""))
    check(st, seat, city)
    power = receiver(st, seat)
    rec = st.powers[power]
    talents = worth(st, city)
    rec["treasury"] += talents
    rec[TAKEN] = [*rec.get(TAKEN, []), city]  # a new list: state copies share a record's lists
    st.stat("treasures")
    lines.append(_("{power} takes the treasure of {city}: {talents} talents (43.2); treasury {treasury}.",
                   power=rec["name"], city=data().cities[city].name, talents=talents, treasury=rec["treasury"]))  # fmt: skip


def treasure_commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """The ``take_treasure`` arguments legal now."""
    if not OPT.enabled(st, "treasure_cities") or st.segment not in ("movement", "combat"):
        return []
    return [{"city": city} for city in treasure_cities(st.scenario) if passes(check, st, seat, city)]
