"""Following on from a game of *Rome, Inc.* (13.3): the Rome, Inc. position at the end of its
222 CE scenario becomes the start of a Rome, IInc. game of the 286 CE scenario.

The position is written with Rome, Inc. names in ``follow_on.toml`` ([positions.<id>], checked by
the data validator); the option ``follow_on=<id>[:east|west]`` picks it and the Empire whose
Emperor Caesar becomes. The conversion: the Treasury (13.3.1), the Provinces through the
Provinces Chart (13.3.2), the Units (13.3.3), the Rebels (13.3.4) and the Statesmen (13.3.5):
Caesar is made an Emperor, the other Statesmen go face up, then the other Emperor is chosen and
the Governors are placed, West first (the ``appoint`` set-up step, ruling ROME-30).

Units are written ``legion``, ``legion*`` (a Veteran), ``wall``, ``auxilia``, ``fleet``,
``cavalry`` (Imperial Cavalry) and ``guards`` (Praetorian Guards)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import NEW_PROVINCES, data, empire_name, inc_province
from rules.rome_iinc.state import RomeState

__all__ = ["NEW_PROVINCES", "PRESTIGE_LOSS", "Units", "chart", "province", "rebels", "start",
           "treasury", "units", "parse_option"]

PRESTIGE_LOSS = 150  # 13.3.1
KINDS = {"legion": "legion", "wall": "fort", "auxilia": "auxilia", "fleet": "fleet",
         "cavalry": "cavalry", "guards": "guards"}  # 13.3.3
# the worst status wins when two Rome, Inc. Provinces become one (ruling ROME-31)
_SEVERITY = ("roman", "insurgent", "allied", "foederati", "barbarian")


def chart() -> dict[str, dict[str, str]]:
    """The Provinces Chart (Rome, Inc. name -> Rome, IInc. Province) and the Rebel counters'
    Commands (follow_on.toml)."""
    fo = data().follow_on
    return {"provinces": {k: v["to"] for k, v in fo["provinces"].items()},
            "commands": dict(fo["commands"])}


def province(name: str) -> str:
    """The Rome, IInc. Province of a Rome, Inc. Province: the chart, else the same name (13.3.2)."""
    d = data()
    pid = inc_province(d.follow_on, d.provinces, name)
    if not pid or d.provinces[pid].homeland:
        raise RuleError("13.3.2", _("{name} has no Rome, IInc. Province", name=name))
    return pid


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
    counters' other side); the excess is removed, and so is a Unit beyond the stacking limit of
    its new Province (ruling ROME-31). ``available``: counters left of each pool (default: the
    whole mix). Provinces are taken in Rome, IInc. id order and Veterans first within a Province
    (ruling ROME-29)."""
    d = data()
    pools = dict(available if available is not None else d.charts["units"]["mix"])
    limits = d.charts["units"]["stacking"]
    out = Units()
    by_province: dict[str, list[str]] = {}
    for name, listed in inc.items():
        by_province.setdefault(province(name), []).extend(listed)
    for pid in sorted(by_province):
        listed = sorted(by_province[pid], key=lambda u: (not u.endswith("*"), u))
        stacked: dict[str, int] = {}
        for unit in listed:
            vet = unit.endswith("*")
            kind = KINDS.get(unit.rstrip("*"))
            if kind is None:
                raise RuleError("13.3.3", _("unknown Rome, Inc. Unit {unit}", unit=unit))
            if kind == "legion" and pools.get("legion", 0) <= 0:
                kind, vet = "pseudo", False
            pool = "pseudo" if kind in ("pseudo", "fort") else kind
            group = "legion" if kind == "pseudo" else kind
            fits = stacked.get(group, 0) < int(limits[group])
            if kind == "fleet" and d.provinces[pid].terrain == "mountain":
                fits = False
            if pools.get(pool, 0) <= 0 or not fits:
                out.removed.append(f"{pid}:{unit}")
                continue
            pools[pool] -= 1
            stacked[group] = stacked.get(group, 0) + 1
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
                         a=_rebel_name(oriens[0]), b=_rebel_name(oriens[1]))).natural
        out["oriens"] = oriens[0] if roll <= 3 else oriens[1]
    candidates = [out[c] for c in ("moesia", "pontica") if c in out]
    if len(set(candidates)) == 1:
        out["thracia"] = candidates[0]
    elif len(candidates) == 2:
        roll = dice.d6(_("Where the Thracia Rebel counter goes (13.3.4): 1-3 {a}, 4-6 {b}",
                         a=_rebel_name(candidates[0]), b=_rebel_name(candidates[1]))).natural
        out["thracia"] = candidates[0] if roll <= 3 else candidates[1]
    held = set(out.values())
    dead = sorted({r for r in inc.values() if r not in held})
    return dict(sorted(out.items())), dead


def _rebel_name(who: str) -> str:
    """A Rebel of ``rebels``: a Statesman id, or ``generic:<Rome, Inc. Command>``."""
    if who.startswith("generic:"):
        return _("the Generic Rebel of {command}", command=who.split(":", 1)[1])
    statesmen = data().statesmen
    return statesmen[who].name if who in statesmen else who


def parse_option(value: str) -> tuple[str, str]:
    """``follow_on=<position>[:east|west]``: the position id and Caesar's Empire (East unless
    told otherwise, ruling ROME-30). Refused with 13.3 when the position is unknown."""
    position, _sep, empire = value.partition(":")
    empire = empire or "east"
    positions = data().follow_on["positions"]
    if position not in positions:
        raise RuleError("13.3", _("unknown Rome, Inc. position {name} (the data holds: {known})",
                                  name=position, known=", ".join(sorted(positions)) or "-"))
    if empire not in ("east", "west"):
        raise RuleError("13.3.5", _("Caesar becomes the east or the west Emperor, not {empire}",
                                    empire=empire))
    return position, empire


def start(st: RomeState, value: str, lines: list[Text]) -> None:
    """Turn the fresh 286 CE state ``st`` into the follow-on from the Rome, Inc. position named by
    ``value`` (13.3.1-13.3.5): the 286 set-up is ignored except for its face-down Statesmen,
    Dynasties, Wars and Leaders."""
    d = data()
    position_id, caesar_empire = parse_option(value)
    pos: dict[str, Any] = d.follow_on["positions"][position_id]
    # 13.3.1 Treasury; Unrest is not split (ruling ROME-30)
    st.prestige, st.gold = treasury(int(pos["prestige"]), int(pos["gold"]))
    st.unrest = {"east": int(pos["unrest"]), "west": int(pos["unrest"])}
    lines.append(_("Following on from Rome, Inc. ({title}): Prestige {prestige} less 150 and Gold "
                   "{gold} split, East {pe} Prestige {ge} Gold, West {pw} Prestige {gw} Gold "
                   "(13.3.1).", title=str(pos.get("title", position_id)), prestige=pos["prestige"],
                   gold=pos["gold"], pe=st.prestige["east"], ge=st.gold["east"],
                   pw=st.prestige["west"], gw=st.gold["west"]))
    _provinces(st, pos)
    _units(st, pos, lines)
    _wars(st, pos, lines)
    _statesmen(st, pos, caesar_empire, lines)
    st.step = "appoint"
    st.ended = {}


def _provinces(st: RomeState, pos: dict[str, Any]) -> None:
    """13.3.2: statuses through the Provinces Chart (the worst status wins where two Provinces
    merge, ruling ROME-31); the new Provinces are Insurgent; the rest Roman."""
    d = data()
    st.status = {pid: "roman" for pid in st.status}
    st.tribe = {}
    for name, value in sorted(pos.get("status", {}).items()):
        entry = d.follow_on["provinces"].get(name, {})
        for pid in [province(name), *entry.get("also", [])]:
            if _SEVERITY.index(value) > _SEVERITY.index(st.status[pid]):
                st.status[pid] = value
                if value == "foederati":
                    st.tribe[pid] = pos["tribes"][name]
    for pid in NEW_PROVINCES:
        st.status[pid] = "insurgent"
        st.tribe.pop(pid, None)


def _units(st: RomeState, pos: dict[str, Any], lines: list[Text]) -> None:
    """13.3.3: the 286 set-up's Units go back to the Barracks, the converted ones are placed."""
    for u in st.units.values():
        u["loc"], u["vet"] = "barracks", False
        if u["type"] == "pseudo":
            u["type"] = "fort"
    converted = units(pos.get("units", {}))
    free: dict[str, list[str]] = {}
    for uid, u in sorted(st.units.items()):
        free.setdefault("pseudo" if u["type"] in ("pseudo", "fort") else u["type"], []).append(uid)
    placed = 0
    for pid in sorted(converted.placed):
        for kind, vet in converted.placed[pid]:
            uid = free["pseudo" if kind in ("pseudo", "fort") else kind].pop(0)
            st.units[uid] = {"type": kind, "vet": vet, "loc": pid}
            placed += 1
    lines.append(_("Rome, Inc. Units converted: {placed} placed, {removed} removed (13.3.3).",
                   placed=placed, removed=len(converted.removed)))


def _wars(st: RomeState, pos: dict[str, Any], lines: list[Text]) -> None:
    """13.3.1-13.3.2: the 286 Wars and Leaders face down in the Wars Box, the position's Wars
    on the map (ruling ROME-33); a Leader without a War goes home, or dies without one."""
    d = data()
    for wid, war in d.wars.items():
        st.wars[wid] = "cup" if war.scenario == "286" else "out"
    for lid, leader in d.leaders.items():
        st.leaders[lid] = "cup" if leader.scenario == "286" else "out"
    for wid, name in sorted(pos.get("wars", {}).items()):
        pid = inc_province(d.follow_on, d.provinces, name)
        st.wars[wid] = pid
    for lid, loc in sorted(pos.get("leaders", {}).items()):
        leader = d.leaders[lid]
        homes = [h.id for h in d.provinces.values() if h.homeland and leader.tribe in h.tribes]
        if loc.startswith("war:"):
            st.leaders[lid] = loc
        elif homes:
            st.leaders[lid] = f"home:{homes[0]}"
        else:
            st.leaders[lid] = "dead"
            lines.append(_("{leader} has no Homeland and dies (13.3.2).", leader=leader.name))


def _statesmen(st: RomeState, pos: dict[str, Any], caesar_empire: str, lines: list[Text]) -> None:
    """13.3.4-13.3.5: Rebels take their Rome, IInc. Commands; Caesar is an Emperor; the other
    living Statesmen are face up; the other Emperor is chosen (5.1.4e-g)."""
    d = data()
    fo = d.follow_on
    for sid in fo["statesmen"].values():
        st.statesmen[sid] = "out"  # Diocletian, Maximian, Carausius come from the position only
    for name in pos.get("dead", []):
        st.statesmen[fo["statesmen"].get(name, name)] = "dead"
    st.commands = {cid: {"gov": "generic", "rebel": False} for cid in sorted(d.commands)}
    inc = {c: f"generic:{c}" if who == "generic" else who for c, who in pos.get("rebels", {}).items()}
    held, dead = rebels(inc, st.dice)
    for cid, who in held.items():
        generic = who.startswith("generic:")
        st.commands[cid] = {"gov": "generic" if generic else who, "rebel": True}
        if not generic:
            st.statesmen[who] = "governor"
    for who in dead:
        if not who.startswith("generic:"):
            st.statesmen[who] = "dead"
            lines.append(_("{name} is left without a Rebel Command and dies (13.3.4).",
                           name=d.statesmen[who].name))
    caesar = fo["statesmen"].get(pos["caesar"], pos["caesar"])
    for name in pos.get("statesmen", []):
        st.statesmen[fo["statesmen"].get(name, name)] = "up"
    st.emperors = {"east": "", "west": ""}
    P.install(st, caesar_empire, caesar, lines)
    lines.append(_("Caesar {name} becomes {empire} Emperor (13.3.5).", name=d.statesmen[caesar].name,
                   empire=empire_name(caesar_empire)))
    P.succession(st, "west" if caesar_empire == "east" else "east", lines)
