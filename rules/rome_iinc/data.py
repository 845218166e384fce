"""Rome, IInc. data: the map, counters, charts and set-ups, loaded from TOML and validated.

Every authored record carries a provenance (``source``, per-field ``sources``): rules, inferred,
history or design (docs/rome-iinc.md). ``PRAETOR_ROME_DATA_DIR`` points the loader at an owner's
own files with the printed values; the same validator checks them.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.i18n import _

DATA_DIR = Path(__file__).with_name("data")
FILES = ("map.toml", "counters.toml", "charts.toml", "scenarios.toml", "follow_on.toml")
PROVENANCE = ("rules", "inferred", "history", "design")
LINK_TYPES = ("road", "desert", "mountain", "river", "sea")
STATUSES = ("roman", "insurgent", "allied", "foederati", "barbarian")
UNIT_TYPES = ("cavalry", "guards", "legion", "pseudo", "fort", "auxilia", "fleet")
UNIT_WORDS = {
    "legion": _("Legion"), "pseudo": _("Pseudo Legion"), "guards": _("Guards"),
    "cavalry": _("Cavalry"), "auxilia": _("Auxilia"), "fleet": _("Fleet"), "fort": _("Fort"),
}
"""Each unit type as readers see it (a map chip, a die modifier)."""
SPECIALS = ("", "assassin", "conquest", "convert", "diplomat", "event", "persecution", "prestige",
            "stalemate", "veteran")
EMPIRES = ("east", "west")
STATUS_WORDS = {
    "roman": _("Roman"), "insurgent": _("Insurgent"), "allied": _("Allied"), "foederati": _("Foederati"),
    "barbarian": _("Barbarian"), "homeland": _("Homeland"),
}  # fmt: skip
"""A Province's status as readers see it (a revolt, an annexation, the board picture)."""
TASK_WORDS = {
    "annex": _("a Province to annex"), "loss": _("a loss to take"), "promote": _("a Statesman to promote"),
    "emperor": _("an Emperor to choose"), "side": _("a side to choose"), "withdraw": _("a unit to place"),
}  # fmt: skip
"""A decision a player owes, as readers see it (``/game status``, a refusal)."""
EMPIRE_NAMES = {"east": _("East"), "west": _("West")}
"""Each Empire as readers see it inside a sentence ("the {empire} Falls")."""


def empire_name(empire: str) -> Any:
    """The marked name of ``empire`` (``east``/``west``); anything else as written."""
    return EMPIRE_NAMES.get(empire, empire)
SCENARIO_IDS = ("286", "363", "425", "497", "565")
INC_SCENARIO = "222"  # the Rome, Inc. Statesmen of the follow-on (13.3.5) belong to no pool
# 13.3.2: the Provinces Rome, Inc. lacks, Insurgent at the start of a follow-on game
NEW_PROVINCES = ("valentia", "lugdunensis_ii", "aquitania_ii", "celtiberia", "spoletium",
                 "constantinople", "moesia_ii", "dardania", "gothia_i", "arabia_i")
INC_UNITS = ("legion", "legion*", "wall", "auxilia", "fleet", "fleet*", "cavalry", "cavalry*",
             "guards", "guards*", "auxilia*")


class DataError(ValueError):
    """The data files are inconsistent; the message names the file, record and field."""


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    command: str  # "" for a Homeland
    gold: int = 0
    icons: tuple[str, ...] = ()
    terrain: str = ""
    capital: bool = False
    homeland: bool = False
    tribes: tuple[str, ...] = ()
    foederati_homeland: bool = False
    lat: float = 0.0
    lon: float = 0.0


@dataclass(frozen=True)
class War:
    id: str
    tribe: str
    strength: int
    naval: int = 0
    cavalry: int = 0
    scenario: str = ""

    @property
    def label(self) -> str:
        extra = f"/{self.naval}N" if self.naval else (f"/{self.cavalry}C" if self.cavalry else "")
        return f"{self.strength}{extra} {self.tribe.capitalize()}"


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    tribe: str
    strength: int
    pillage: int
    scenario: str = ""


@dataclass(frozen=True)
class Statesman:
    id: str
    name: str
    mil: int
    adm: int
    pop: int
    int_: int
    special: str = ""
    scenario: str = ""
    imperial: str = ""
    rank: int = 0
    ineligible: bool = False


@dataclass(frozen=True)
class RomeData:
    provinces: dict[str, Province]
    links: dict[str, tuple[tuple[str, str], ...]]  # province -> ((neighbour, type), ...) sorted
    commands: dict[str, dict[str, Any]]
    wars: dict[str, War]
    leaders: dict[str, Leader]
    statesmen: dict[str, Statesman]
    dynasties: dict[str, dict[str, Any]]
    foederati_tribes: tuple[str, ...]
    tribe_names: dict[str, str]
    generic: dict[str, Any]
    charts: dict[str, Any]
    scenarios: dict[str, dict[str, Any]]
    follow_on: dict[str, Any] = field(default_factory=dict)  # follow_on.toml, checked (13.3)
    digest: str = ""
    warnings: list[str] = field(default_factory=list)

    def link(self, a: str, b: str) -> str | None:
        for other, kind in self.links.get(a, ()):
            if other == b:
                return kind
        return None


def _check_provenance(where: str, record: dict[str, Any]) -> None:
    src = record.get("source")
    if src not in PROVENANCE:
        raise DataError(_("{where}: source must be one of {allowed}, not {src}", where=where, allowed=", ".join(PROVENANCE), src=repr(src)))
    for key, value in record.get("sources", {}).items():
        if value not in PROVENANCE:
            raise DataError(_("{where}: sources.{key} must be a provenance tag, not {value}", where=where, key=key, value=repr(value)))


def _read(directory: Path) -> tuple[dict[str, dict[str, Any]], str]:
    raw: dict[str, dict[str, Any]] = {}
    digest = hashlib.sha256()
    for name in FILES:
        path = directory / name
        if not path.is_file():
            raise DataError(_("{path}: missing data file", path=str(path)))
        blob = path.read_bytes()
        digest.update(name.encode() + b"\0" + blob)
        try:
            raw[name] = tomllib.loads(blob.decode("utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise DataError(_("{path}: {error}", path=str(path), error=str(err))) from err
    return raw, digest.hexdigest()


def load(directory: Path | None = None) -> RomeData:
    """Load and validate the data in ``directory`` (default: the shipped files)."""
    raw, digest = _read(directory or DATA_DIR)
    mp, ct, ch, sc, fo = (raw[n] for n in FILES)
    commands = dict(mp["commands"])
    for cid, c in commands.items():
        _check_provenance(f"map.toml commands.{cid}", c)
        if c.get("empire") not in EMPIRES:
            raise DataError(_("map.toml commands.{cid}: empire must be east or west", cid=cid))
    provinces: dict[str, Province] = {}
    for pid, p in mp["provinces"].items():
        _check_provenance(f"map.toml provinces.{pid}", p)
        if p.get("command") not in commands:
            raise DataError(_("map.toml provinces.{pid}: unknown command {command}", pid=pid, command=repr(p.get("command"))))
        for icon in p.get("icons", []):
            if icon not in ("legion", "fleet", "grain"):
                raise DataError(_("map.toml provinces.{pid}: unknown icon {icon}", pid=pid, icon=repr(icon)))
        if p.get("terrain", "") not in ("", "desert", "mountain"):
            raise DataError(_("map.toml provinces.{pid}: terrain must be desert or mountain", pid=pid))
        provinces[pid] = Province(pid, p["name"], p["command"], int(p.get("gold", 0)),
                                  tuple(p.get("icons", [])), p.get("terrain", ""),
                                  bool(p.get("capital", False)), lat=p["lat"], lon=p["lon"])
    tribe_names = dict(ct["tribes"]["names"])
    foederati = tuple(ct["tribes"]["foederati"])
    for hid, h in mp["homelands"].items():
        _check_provenance(f"map.toml homelands.{hid}", h)
        if hid in provinces:
            raise DataError(_("map.toml homelands.{hid}: id already used by a province", hid=hid))
        for t in h["tribes"]:
            if t not in tribe_names:
                raise DataError(_("map.toml homelands.{hid}: unknown tribe {tribe}", hid=hid, tribe=repr(t)))
        provinces[hid] = Province(hid, h["name"], "", 0, (), "", False, True, tuple(h["tribes"]),
                                  bool(h.get("foederati", False)), h["lat"], h["lon"])
    adjacency: dict[str, list[tuple[str, str]]] = {pid: [] for pid in provinces}
    for entry in mp["links"]["list"]:
        a, b, kind, src = entry
        if a not in provinces or b not in provinces:
            raise DataError(_("map.toml links: unknown province in {entry}", entry=str(entry)))
        if kind not in LINK_TYPES or src not in PROVENANCE:
            raise DataError(_("map.toml links: bad type or provenance in {entry}", entry=str(entry)))
        if any(o == b for o, _ in adjacency[a]):
            raise DataError(_("map.toml links: {a}-{b} listed twice", a=a, b=b))
        adjacency[a].append((b, kind))
        adjacency[b].append((a, kind))
    for pid, adj in adjacency.items():
        if not adj:
            raise DataError(_("map.toml: {pid} has no connection", pid=pid))
    capitals = sorted(p.id for p in provinces.values() if p.capital)
    if capitals != ["constantinople", "rome"]:
        raise DataError(_("map.toml: the Capitals must be Rome and Constantinople, not {capitals}", capitals=str(capitals)))
    gallia = sum(p.gold for p in provinces.values() if p.command == "gallia")
    if gallia != 25:
        raise DataError(_("map.toml: Gallia's Command icon is 25 Gold (9.2.4), the map sums {gallia}", gallia=gallia))
    wars: dict[str, War] = {}
    for wid, w in ct["wars"].items():
        _check_provenance(f"counters.toml wars.{wid}", w)
        if w["tribe"] not in tribe_names:
            raise DataError(_("counters.toml wars.{wid}: unknown tribe {tribe}", wid=wid, tribe=repr(w["tribe"])))
        if w.get("naval") and w.get("cavalry"):
            raise DataError(_("counters.toml wars.{wid}: a War has Naval or Cavalry strength, not both", wid=wid))
        wars[wid] = War(wid, w["tribe"], int(w["strength"]), int(w.get("naval", 0)),
                        int(w.get("cavalry", 0)), str(w["scenario"]))
    if len(wars) != 40:
        raise DataError(_("counters.toml: there are 40 War counters (3.1), not {n}", n=len(wars)))
    leaders: dict[str, Leader] = {}
    for lid, le in ct["leaders"].items():
        _check_provenance(f"counters.toml leaders.{lid}", le)
        leaders[lid] = Leader(lid, le["name"], le["tribe"], int(le["strength"]), int(le["pillage"]),
                              str(le["scenario"]))
    if len(leaders) != 8:
        raise DataError(_("counters.toml: there are 8 Enemy Leaders (3.1), not {n}", n=len(leaders)))
    statesmen: dict[str, Statesman] = {}
    for sid, s in ct["statesmen"].items():
        _check_provenance(f"counters.toml statesmen.{sid}", s)
        special = s.get("special", "")
        kind = special.split(":")[0]
        if special not in SPECIALS and kind not in ("war", "leader"):
            raise DataError(_("counters.toml statesmen.{sid}: unknown special ability {special}", sid=sid, special=repr(special)))
        if kind in ("war", "leader") and special.split(":")[1] not in tribe_names:
            raise DataError(_("counters.toml statesmen.{sid}: unknown tribe in {special}", sid=sid, special=repr(special)))
        if s.get("imperial") and s["imperial"] not in ct["dynasties"]:
            raise DataError(_("counters.toml statesmen.{sid}: unknown Dynasty {dynasty}", sid=sid, dynasty=repr(s["imperial"])))
        statesmen[sid] = Statesman(sid, s["name"], int(s["mil"]), int(s["adm"]), int(s["pop"]),
                                   int(s["int"]), special, str(s["scenario"]), s.get("imperial", ""),
                                   int(s.get("rank", 0)), bool(s.get("ineligible", False)))
    if len(statesmen) != 67:
        raise DataError(_("counters.toml: there are 67 Statesmen (6.1), not {n}", n=len(statesmen)))
    for did, d in ct["dynasties"].items():
        _check_provenance(f"counters.toml dynasties.{did}", d)
    _check_provenance("counters.toml generic", ct["generic"])
    for chart, body in ch.items():
        _check_provenance(f"charts.toml {chart}", body)
    cells = ch["events"]["cells"]
    if sorted(cells) != sorted(f"{w}-{p}" for w in range(1, 7) for p in range(1, 4)):
        raise DataError(_("charts.toml events: the Event Chart has 18 cells, white 1-6 x purple 1-3"))
    ch["_foederati"] = foederati
    scenarios: dict[str, dict[str, Any]] = {}
    for key, s in sc.items():
        _check_provenance(f"scenarios.toml {key}", s)
        sid = key.removeprefix("s")
        _check_scenario(sid, s, provinces, commands, wars, statesmen, ch)
        scenarios[sid] = s
    links = {pid: tuple(sorted(adj)) for pid, adj in adjacency.items()}
    follow_on = _check_follow_on(fo, provinces, commands, wars, leaders, statesmen, foederati)
    for sid, s in follow_on["inc_statesmen"].items():
        statesmen[sid] = Statesman(sid, s["name"], int(s["mil"]), int(s["adm"]), int(s["pop"]),
                                   int(s["int"]), s.get("special", ""), INC_SCENARIO)
    return RomeData(provinces, links, commands, wars, leaders, statesmen, dict(ct["dynasties"]),
                    foederati, tribe_names, dict(ct["generic"]), ch, scenarios, follow_on, digest)


def _check_scenario(sid: str, s: dict[str, Any], provinces: dict[str, Province],
                    commands: dict[str, Any], wars: dict[str, War],
                    statesmen: dict[str, Statesman], charts: dict[str, Any]) -> None:
    where = f"scenarios.toml s{sid}"
    if sid not in SCENARIO_IDS:
        raise DataError(_("{where}: unknown scenario (13.1 lists {allowed})", where=where, allowed=", ".join(SCENARIO_IDS)))
    for pid, status in s["status"].items():
        if pid not in provinces or provinces[pid].homeland or status not in STATUSES:
            raise DataError(_("{where} status: bad entry {pid} = {status}", where=where, pid=pid, status=repr(status)))
    for pid, status in s["status"].items():
        if status == "foederati" and s.get("tribes", {}).get(pid) not in charts_tribes(charts):
            raise DataError(_("{where} status: Foederati {pid} needs a Foederati tribe in `tribes`", where=where, pid=pid))
    for lid, loc in s.get("leaders", {}).items():
        if not (loc.startswith("war:") and loc[4:] in s["wars"]) and not loc.startswith("home:"):
            raise DataError(_("{where} leaders.{lid}: a Leader starts on a War of the set-up or at home", where=where, lid=lid))
    for e in s.get("fallen", []):
        if e not in EMPIRES or s["emperors"]["east"] != s["emperors"]["west"]:
            raise DataError(_("{where} fallen: a Fallen Empire leaves one Sole Emperor for both (12.2.2)", where=where))
    for e, sid_ in s["emperors"].items():
        if sid_ not in statesmen:
            raise DataError(_("{where} emperors.{empire}: unknown Statesman {sid}", where=where, empire=e, sid=repr(sid_)))
    for cid, who in list(s["rebels"].items()) + list(s["governors"].items()):
        if cid not in commands or (who != "generic" and who not in statesmen):
            raise DataError(_("{where}: bad commander {cid} = {who}", where=where, cid=cid, who=repr(who)))
    for wid, where_ in s["wars"].items():
        if wid not in wars or where_ not in provinces:
            raise DataError(_("{where} wars: bad entry {wid} = {place}", where=where, wid=wid, place=repr(where_)))
    stacking = charts["units"]["stacking"]
    totals: dict[str, int] = {}
    for pid, units in s["units"].items():
        if pid not in provinces or provinces[pid].homeland:
            raise DataError(_("{where} units: {pid} is not a Province", where=where, pid=pid))
        status = s["status"].get(pid, "roman")
        if status not in ("roman", "insurgent"):
            raise DataError(_("{where} units: {pid} is {status}; Units stand only in Roman or Insurgent Provinces (2.3)", where=where, pid=pid, status=status))
        count: dict[str, int] = {}
        for u in units:
            kind = u.rstrip("*")
            if kind not in UNIT_TYPES:
                raise DataError(_("{where} units.{pid}: unknown unit {unit}", where=where, pid=pid, unit=repr(u)))
            group = "legion" if kind == "pseudo" else kind
            count[group] = count.get(group, 0) + 1
            pool = "pseudo" if kind in ("pseudo", "fort") else kind
            totals[pool] = totals.get(pool, 0) + 1
        for group, n in count.items():
            if n > stacking[group]:
                raise DataError(_("{where} units.{pid}: {n} {group} exceed the stacking limit (2.3)", where=where, pid=pid, n=n, group=group))
        if "fleet" in count and provinces[pid].terrain == "mountain":
            raise DataError(_("{where} units.{pid}: no Fleet in a Mountain Province (2.3)", where=where, pid=pid))
    mix = charts["units"]["mix"]
    for pool, n in totals.items():
        if n > mix[pool]:
            raise DataError(_("{where}: {n} {pool} counters, the mix has {mix} (2.1)", where=where, n=n, pool=pool, mix=mix[pool]))


def inc_province(follow_on: dict[str, Any], provinces: dict[str, Province], name: str) -> str:
    """The Rome, IInc. Province of a Rome, Inc. Province name: the Provinces Chart, else the
    Province of the same name (13.3.2), else a Rome, IInc. id (Homelands too); "" if none."""
    entry = follow_on["provinces"].get(name)
    if entry is not None:
        return str(entry["to"])
    for pid, p in sorted(provinces.items()):
        if p.name == name and not p.homeland:
            return pid
    return name if name in provinces else ""


def _check_follow_on(fo: dict[str, Any], provinces: dict[str, Province], commands: dict[str, Any],
                     wars: dict[str, War], leaders: dict[str, Leader],
                     statesmen: dict[str, Statesman], foederati: tuple[str, ...]) -> dict[str, Any]:
    """follow_on.toml (13.3): the Provinces Chart, the Rebel Commands, the Statesmen and the
    Rome, Inc. positions; every value with a provenance, every name known."""
    out: dict[str, Any] = {"provinces": {}, "commands": {}, "statesmen": {}, "inc_statesmen": {},
                           "positions": {}}
    for name, e in fo.get("provinces", {}).items():
        where = f"follow_on.toml provinces.{name!r}"
        _check_provenance(where, e)
        for pid in [e.get("to"), *e.get("also", [])]:
            if pid not in provinces or provinces[pid].homeland:
                raise DataError(_("{where}: {pid} is not a Rome, IInc. Province", where=where, pid=repr(pid)))
            if pid in NEW_PROVINCES:
                raise DataError(_("{where}: {pid} is one of the new Provinces of 13.3.2, which take no Rome, Inc. Province", where=where, pid=pid))
        out["provinces"][name] = {"to": e["to"], "also": list(e.get("also", [])),
                                  "year": int(e.get("year", 0)), "source": e["source"]}
    for name, e in fo.get("commands", {}).items():
        _check_provenance(f"follow_on.toml commands.{name}", e)
        if e.get("to") not in commands:
            raise DataError(_("follow_on.toml commands.{name}: unknown Command {command}", name=name, command=repr(e.get("to"))))
        out["commands"][name] = e["to"]
    for name, e in fo.get("statesmen", {}).items():
        _check_provenance(f"follow_on.toml statesmen.{name}", e)
        if e.get("to") not in statesmen or statesmen[e["to"]].scenario != "286":
            raise DataError(_("follow_on.toml statesmen.{name}: {statesman} is not a Statesman of the 286 CE scenario (13.3.5)", name=name, statesman=repr(e.get("to"))))
        out["statesmen"][name] = e["to"]
    tribes = {t for w in wars.values() for t in (w.tribe,)}
    for sid, e in fo.get("inc_statesmen", {}).items():
        where = f"follow_on.toml inc_statesmen.{sid}"
        _check_provenance(where, e)
        if sid in statesmen:
            raise DataError(_("{where}: id already used by a Rome, IInc. Statesman", where=where))
        if int(e.get("pop", 0)) != 1:
            raise DataError(_("{where}: a Rome, Inc. Statesman has Popularity 1 (13.3.5)", where=where))
        special = e.get("special", "")
        kind = special.split(":")[0]
        if special not in SPECIALS and not (kind in ("war", "leader") and special[len(kind) + 1:] in tribes):
            raise DataError(_("{where}: {special} is not a Rome, IInc. special ability (6.3; ruling ROME-32)", where=where, special=repr(special)))
        for key in ("name", "mil", "adm", "int"):
            if key not in e:
                raise DataError(_("{where}: missing {key}", where=where, key=key))
        out["inc_statesmen"][sid] = dict(e)
    for pos_id, pos in fo.get("positions", {}).items():
        out["positions"][pos_id] = _check_position(f"follow_on.toml positions.{pos_id}", pos, out,
                                                   provinces, wars, leaders, foederati)
    return out


def _check_position(where: str, pos: dict[str, Any], fo: dict[str, Any],
                    provinces: dict[str, Province], wars: dict[str, War],
                    leaders: dict[str, Leader], foederati: tuple[str, ...]) -> dict[str, Any]:
    """A Rome, Inc. end position: every name resolves, Units stand in Roman or Insurgent
    Provinces, each Statesman is in one place only."""
    _check_provenance(where, pos)
    for key in ("prestige", "gold", "unrest"):
        if not isinstance(pos.get(key), int):
            raise DataError(_("{where}: {key} must be a whole number", where=where, key=key))
    if pos["gold"] < 0 or pos["unrest"] < 0:
        raise DataError(_("{where}: Gold and Unrest are not negative", where=where))

    def statesman(name: str, field_: str) -> str:
        sid = fo["statesmen"].get(name, name)
        if sid not in fo["inc_statesmen"] and sid not in fo["statesmen"].values():
            raise DataError(_("{where} {field}: unknown Rome, Inc. Statesman {name} (name one of [statesmen] or [inc_statesmen])", where=where, field=field_, name=repr(name)))
        return sid

    def province(name: str, field_: str) -> str:
        pid = inc_province(fo, provinces, name)
        if not pid:
            raise DataError(_("{where} {field}: {name} is neither on the Provinces Chart nor the name of a Rome, IInc. Province (13.3.2)", where=where, field=field_, name=repr(name)))
        return pid

    seen: list[str] = [statesman(str(pos.get("caesar", "")), "caesar")]
    rebels: dict[str, str] = {}
    for command, who in pos.get("rebels", {}).items():
        if command not in fo["commands"]:
            raise DataError(_("{where} rebels: unknown Rome, Inc. Command {command}", where=where, command=repr(command)))
        rebels[command] = who if who == "generic" else statesman(who, "rebels")
    seen += [r for r in dict.fromkeys(rebels.values()) if r != "generic"]
    seen += [statesman(n, "statesmen") for n in pos.get("statesmen", [])]
    seen += [statesman(n, "dead") for n in pos.get("dead", [])]
    double = sorted({s for s in seen if seen.count(s) > 1})
    if double:
        raise DataError(_("{where}: {names} listed in two places (Caesar, a Rebel, alive or dead)", where=where, names=", ".join(double)))
    status: dict[str, str] = {}
    for name, value in pos.get("status", {}).items():
        if value not in STATUSES:
            raise DataError(_("{where} status.{name}: unknown status {value}", where=where, name=name, value=repr(value)))
        status[name] = value
    for name, tribe in pos.get("tribes", {}).items():
        if status.get(name) != "foederati" or tribe not in foederati:
            raise DataError(_("{where} tribes.{name}: a Foederati Province with a Foederati tribe", where=where, name=name))
    for name, value in status.items():
        province(name, "status")
        if value == "foederati" and name not in pos.get("tribes", {}):
            raise DataError(_("{where} status.{name}: a Foederati Province needs its tribe", where=where, name=name))
    for name, units in pos.get("units", {}).items():
        province(name, "units")
        if status.get(name, "roman") not in ("roman", "insurgent"):
            raise DataError(_("{where} units.{name}: Units stand only in Roman or Insurgent Provinces (2.3)", where=where, name=name))
        for unit in units:
            if unit not in INC_UNITS:
                raise DataError(_("{where} units.{name}: unknown Rome, Inc. Unit {unit} ({allowed})", where=where, name=name, unit=repr(unit), allowed=", ".join(INC_UNITS)))
    for wid, name in pos.get("wars", {}).items():
        if wid not in wars:
            raise DataError(_("{where} wars: unknown War counter {wid} (ruling ROME-33)", where=where, wid=repr(wid)))
        province(name, f"wars.{wid}")
    for lid, loc in pos.get("leaders", {}).items():
        if lid not in leaders:
            raise DataError(_("{where} leaders: unknown Enemy Leader {lid}", where=where, lid=repr(lid)))
        if loc != "home" and not (loc.startswith("war:") and loc[4:] in pos.get("wars", {})):
            raise DataError(_("{where} leaders.{lid}: a Leader is on a War of the position (war:<id>) or at home", where=where, lid=lid))
    return dict(pos, rebels=rebels)


def charts_tribes(charts: dict[str, Any]) -> tuple[str, ...]:
    return tuple(charts.get("_foederati", ()))


@lru_cache(maxsize=4)
def _cached(directory: str) -> RomeData:
    return load(Path(directory))


_CURRENT: list[RomeData] = []


def data() -> RomeData:
    """The data the engine plays with: ``PRAETOR_ROME_DATA_DIR`` or the shipped files, read
    once per process (``reload_data`` reads the environment again)."""
    if not _CURRENT:
        _CURRENT.append(_cached(os.environ.get("PRAETOR_ROME_DATA_DIR", str(DATA_DIR))))
    return _CURRENT[0]


def reload_data() -> RomeData:
    _CURRENT.clear()
    return data()


def data_hash() -> str:
    return data().digest


def summary_lines(d: RomeData) -> list[str]:
    """The counts ``praetor data check`` prints for Rome, IInc., each line starting with its count."""
    from rules.core.i18n import _n

    homelands = sum(1 for p in d.provinces.values() if p.homeland)
    links = sum(len(v) for v in d.links.values()) // 2
    return [
        _n("{n} Rome, IInc. Province ({homelands} Homelands besides)",
           "{n} Rome, IInc. Provinces ({homelands} Homelands besides)",
           len(d.provinces) - homelands, homelands=homelands),
        _n("{n} Rome, IInc. connection", "{n} Rome, IInc. connections", links),
        _n("{n} Rome, IInc. Command", "{n} Rome, IInc. Commands", len(d.commands)),
        _n("{n} Rome, IInc. War", "{n} Rome, IInc. Wars", len(d.wars)),
        _n("{n} Rome, IInc. Enemy Leader", "{n} Rome, IInc. Enemy Leaders", len(d.leaders)),
        _n("{n} Rome, IInc. Statesman", "{n} Rome, IInc. Statesmen",
           sum(1 for s in d.statesmen.values() if s.scenario != INC_SCENARIO)),
        _n("{n} Rome, IInc. scenario set-up", "{n} Rome, IInc. scenario set-ups", len(d.scenarios)),
        _n("{n} Rome, Inc. Province on the Provinces Chart (13.3.2)",
           "{n} Rome, Inc. Provinces on the Provinces Chart (13.3.2)", len(d.follow_on["provinces"])),
        _n("{n} Rome, Inc. position to follow on from (13.3)",
           "{n} Rome, Inc. positions to follow on from (13.3)", len(d.follow_on["positions"])),
    ]


def rome_check(directory: Path | None = None) -> list[str]:
    """Load and validate the data (raising :class:`DataError`): ``directory``, else
    ``PRAETOR_ROME_DATA_DIR``, else the shipped files; return the summary lines."""
    chosen = directory or Path(os.environ.get("PRAETOR_ROME_DATA_DIR") or DATA_DIR)
    try:
        return summary_lines(load(chosen))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, DataError):
            raise
        raise DataError(_("{chosen}: malformed record ({kind}: {error})", chosen=str(chosen), kind=type(error).__name__, error=str(error))) from error
