"""What the Imperator map renderer draws: a *public* scene, built from the engine's public view.

The renderer never sees raw game state.  The engine hands the bot a **public view** (a JSON-like
dict, below); :func:`from_public_view` turns it into a :class:`MapScene` made of frozen
dataclasses.  The scene has no field that could carry hidden information (stratagem hands, the
cup, the seed, face-down chits): whatever else a dict holds is dropped, and a dict that carries a
key reserved for secrets is refused outright (:class:`NotAPublicView`), so a caller that passes the
raw state by mistake fails loudly instead of leaking.

Public view format (every key optional unless marked *required*; unknown keys are ignored)::

    {
      "scenario": "The usurpation of Avidius Cassius",   # title shown in the panel
      "year": 175,                                        # *required*
      "phase": "E",                                       # phase letter A..F (or a word)
      "phase_name": "Operations",                         # optional, shown after the letter
      "turn_label": "SMC 3 of Rome",                      # free text under the phase
      "initiative": "R",                                  # "R" (Rome) | "E" (Enemies of Rome)
      "active_side": "E",                                 # whose SMC is under way, if any
      "smc_left": {"R": 2, "E": 3},                       # SMCs each side has left
      "smc_max": 4,                                       # boxes on the SMC track (default 4)
      "vp": {"R": 12, "E": 7},                            # victory points of each side
      "active_event": {"id": 6, "name": "Plague", "text": "..."},   # or a string, or null
      "zones": {                                          # counters on the map, by zone id
        "aquincum": {
          "stacks": [                                     # one stack per controlling side
            {"side": "R", "counters": [
              {"kind": "leader", "label": "Helvius Pertinax",
               "markers": ["caesar"]},                    # augustus|caesar|usurper|corporis_custodes
              {"kind": "legion", "label": "IIe Adiutrix", "short": "II Adi",
               "strength": 10, "reduced": false, "front": "danube", "people": "roman"},
              {"kind": "people", "label": "Marcomanni", "strength": 6, "people": "marcomanni",
               "nationality": "german"}
            ]}
          ],
          "markers": ["plague"]                           # zone markers (plague, ...)
        }
      },
      "peoples": {"marcomanni": {"name": "Marcomanni", "status": "war",   # war | pax | peace
                                 "zones": ["marcomanni"]}},
      "armenia": {"status": "roman", "zone": "armenia"},  # roman | parthian
      "fleets": [{"id": "ravenna", "name": "Classis Ravennas", "zone": "mare_internum_centralis",
                  "at_sea": true, "side": "R", "counters": [ ...counters aboard... ]}],
      "reserve_fronts": ["danube"],                       # Fronts under a Reserve Front marker
      "map_stratagems": [{"id": "intrigue_au_senat", "name": "Intrigue au Sénat",
                          "zone": "rome", "side": "E"}],  # stratagems lying face up on the map
      "last_moves": [{"from": "vindobona", "to": "quadi", "side": "R",
                      "path": ["vindobona", "carnuntum", "quadi"]}],   # path optional
      "battle_zones": ["quadi"],                          # battles fought in the last SMC
      "result": {"winners": ["rome"], "summary": "rome wins (12 VP to 7)"},  # once over
    }

Counters may carry ``values``: the numbers printed on them (units ``"10-2-1"`` PF-QU-BT,
leaders ``"3-2-1-4"`` CC-VS-BT-CP); detail and theatre views show them.

Counter ``kind`` is one of ``legion``, ``vexillation``, ``garrison``, ``people``, ``armenia``,
``leader`` (anything else is drawn as a plain unit).  Sides are ``"R"`` and ``"E"``; ``"rome"``
and ``"eor"``/``"enemies"`` are accepted too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.i18n import Text, _

SIDES = ("R", "E")
SIDE_NAMES = {"R": _("Rome"), "E": _("Enemies of Rome")}
_SIDE_ALIASES = {
    "r": "R",
    "rome": "R",
    "roman": "R",
    "e": "E",
    "eor": "E",
    "enemies": "E",
    "enemies_of_rome": "E",
}
LEADER_MARKERS = ("augustus", "caesar", "usurper", "corporis_custodes")

# Keys that only raw or per-seat state may hold.  A public view never has them.
SECRET_KEYS = frozenset(
    {
        "hand",
        "hands",
        "stratagem_hand",
        "stratagem_hands",
        "cup",
        "seed",
        "rng",
        "rng_state",
        "secret",
        "secrets",
        "hidden",
        "chits_in_hand",
        "private",
    }
)


class NotAPublicView(ValueError):
    """The dict handed to the renderer holds a key reserved for hidden information."""


def norm_side(value: object) -> str | None:
    if value is None:
        return None
    s = _SIDE_ALIASES.get(str(value).strip().lower())
    if s is None:
        raise ValueError(f"unknown side {value!r} (expected 'R' or 'E')")
    return s


@dataclass(frozen=True)
class Counter:
    kind: str
    label: str
    short: str = ""
    strength: int | None = None
    reduced: bool = False
    markers: tuple[str, ...] = ()
    front: str | None = None
    people: str | None = None
    nationality: str | None = None
    values: str = ""  # printed values: units PF-QU-BT, leaders CC-VS-BT-CP

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"


@dataclass(frozen=True)
class Stack:
    side: str
    counters: tuple[Counter, ...]
    summary: str = ""  # a stack drawn folded: its one line of text instead of its counters


@dataclass(frozen=True)
class ZoneState:
    stacks: tuple[Stack, ...] = ()
    markers: tuple[str, ...] = ()


@dataclass(frozen=True)
class PeopleState:
    id: str
    name: str
    status: str  # "war" | "pax" | "peace"
    zones: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fleet:
    id: str
    name: str
    zone: str
    at_sea: bool
    side: str = "R"
    counters: tuple[Counter, ...] = ()


@dataclass(frozen=True)
class MapStratagem:
    id: str
    name: str
    zone: str
    side: str | None = None


@dataclass(frozen=True)
class Move:
    src: str
    dst: str
    side: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActiveEvent:
    name: str
    id: str = ""
    text: str = ""


@dataclass(frozen=True)
class MapScene:
    year: int
    phase: str = ""
    phase_name: str = ""
    turn_label: str = ""
    scenario: str = ""
    initiative: str | None = None
    active_side: str | None = None
    smc_left: Mapping[str, int] = field(default_factory=dict)
    smc_max: int = 4
    vp: Mapping[str, int] = field(default_factory=dict)
    active_event: ActiveEvent | None = None
    zones: Mapping[str, ZoneState] = field(default_factory=dict)
    peoples: tuple[PeopleState, ...] = ()
    armenia_status: str | None = None
    armenia_zone: str = "armenia"
    fleets: tuple[Fleet, ...] = ()
    reserve_fronts: tuple[str, ...] = ()
    map_stratagems: tuple[MapStratagem, ...] = ()
    last_moves: tuple[Move, ...] = ()
    battle_zones: tuple[str, ...] = ()
    result: str = ""  # once the game is over: who won, in words
    language: str = "en"  # the labels' language: the game's (``render.words``)

    @property
    def peoples_at_war(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.peoples if p.status == "war")


def _check_public(obj: Any, path: str = "view") -> None:
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            if str(k).lower() in SECRET_KEYS:
                raise NotAPublicView(f"{path}.{k}: hidden information never goes to the renderer")
            _check_public(v, f"{path}.{k}")
    elif isinstance(obj, list | tuple):
        for i, v in enumerate(obj):
            _check_public(v, f"{path}[{i}]")


def _int_or_none(v: Any) -> int | None:
    return None if v is None else int(v)


def _counter(d: Mapping[str, Any]) -> Counter:
    return Counter(
        kind=str(d.get("kind", "unit")),
        label=str(d.get("label", d.get("name", "?"))),
        short=str(d.get("short", "") or ""),
        strength=_int_or_none(d.get("strength")),
        reduced=bool(d.get("reduced", False)),
        markers=tuple(str(m) for m in d.get("markers", ()) or ()),
        front=d.get("front"),
        people=d.get("people"),
        nationality=d.get("nationality"),
        values=str(d.get("values", "") or ""),
    )


def _counters(seq: Sequence[Mapping[str, Any]] | None) -> tuple[Counter, ...]:
    return tuple(_counter(c) for c in (seq or ()))


def _side_dict(d: Mapping[str, Any] | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for k, v in (d or {}).items():
        s = norm_side(k)
        if s is not None:
            out[s] = int(v)
    return out


def _event_from_table(ev: Any) -> ActiveEvent:
    """An event given by its number (the engine's view) is named by the Events table."""
    from rules.imperator import tables

    try:
        found = tables.event(int(ev))
    except (KeyError, ValueError, TypeError, LookupError):
        return ActiveEvent(name=str(ev))
    return ActiveEvent(name=found.name, id=str(found.number))


SMC_LABEL = re.compile(r"SMC (\d+) of (\d+) \((.*)\)")
"""The English of the SMC label (``rules.imperator.views``: "SMC {number} of {total} ({step})")."""


def stored_label(value: Any) -> str:
    """A header label of the view, marked for translation again when the view was stored as JSON
    by an older version (picture specs that hold their view, ``cogs.outbox.views_of``): there it
    is plain English and its message id is lost. A phase name is its own message id; the SMC
    label is rebuilt from its numbers. A label still marked, or another text, is kept as it is."""
    if isinstance(value, Text) or not value:
        return str(value or "")
    text = str(value)
    smc = SMC_LABEL.fullmatch(text)
    if smc:
        return _("SMC {number} of {total} ({step})", number=int(smc[1]), total=int(smc[2]), step=smc[3])
    return Text(text)  # no fields: the words are looked up as they are, English when unknown


def from_public_view(view: Mapping[str, Any]) -> MapScene:
    """Build the scene from the engine's public view (format in the module docstring)."""
    _check_public(view)
    zones: dict[str, ZoneState] = {}
    for zid, zd in sorted((view.get("zones") or {}).items()):
        stacks = tuple(
            Stack(side=norm_side(s.get("side", "R")) or "R", counters=_counters(s.get("counters")))
            for s in (zd.get("stacks") or ())
            if s.get("counters")
        )
        markers = tuple(str(m) for m in zd.get("markers", ()) or ())
        if stacks or markers:
            zones[str(zid)] = ZoneState(stacks=stacks, markers=markers)

    peoples = tuple(
        PeopleState(
            id=str(pid),
            name=str(pd.get("name", pid)),
            status=str(pd.get("status", "peace")),
            zones=tuple(str(z) for z in pd.get("zones", ()) or ()),
        )
        for pid, pd in sorted((view.get("peoples") or {}).items())
    )
    ev = view.get("active_event")
    event: ActiveEvent | None
    if ev is None or ev == "":
        event = None
    elif isinstance(ev, Mapping):
        event = ActiveEvent(
            name=str(ev.get("name", "")), id=str(ev.get("id", "")), text=str(ev.get("text", ""))
        )
    else:
        event = _event_from_table(ev)
    arm = view.get("armenia") or {}
    fleets = tuple(
        Fleet(
            id=str(f.get("id", f.get("name", "fleet"))),
            name=str(f.get("name", f.get("id", "Fleet"))),
            zone=str(f["zone"]),
            at_sea=bool(f.get("at_sea", False)),
            side=norm_side(f.get("side", "R")) or "R",
            counters=_counters(f.get("counters")),
        )
        for f in (view.get("fleets") or ())
        if f.get("zone")
    )
    strats = tuple(
        MapStratagem(
            id=str(s.get("id", "")),
            name=str(s.get("name", s.get("id", ""))),
            zone=str(s["zone"]),
            side=norm_side(s.get("side")),
        )
        for s in (view.get("map_stratagems") or ())
        if s.get("zone")
    )
    moves = tuple(
        Move(
            src=str(m["from"]),
            dst=str(m["to"]),
            side=norm_side(m.get("side", "R")) or "R",
            path=tuple(str(z) for z in m.get("path", ()) or ()),
        )
        for m in (view.get("last_moves") or ())
    )
    return MapScene(
        year=int(view["year"]),
        phase=str(view.get("phase", "") or ""),
        phase_name=stored_label(view.get("phase_name", "")),
        turn_label=stored_label(view.get("turn_label", "")),
        scenario=str(view.get("scenario", "") or ""),
        initiative=norm_side(view.get("initiative")),
        active_side=norm_side(view.get("active_side")),
        smc_left=_side_dict(view.get("smc_left")),
        smc_max=int(view.get("smc_max", 4) or 4),
        vp=_side_dict(view.get("vp")),
        active_event=event,
        zones=zones,
        peoples=peoples,
        armenia_status=(str(arm["status"]) if arm.get("status") else None),
        armenia_zone=str(arm.get("zone", "armenia")),
        fleets=fleets,
        reserve_fronts=tuple(str(f) for f in view.get("reserve_fronts", ()) or ()),
        map_stratagems=strats,
        last_moves=moves,
        battle_zones=tuple(str(z) for z in view.get("battle_zones", ()) or ()),
        result=_result_text(view.get("result")),
        language=str(view.get("language") or "en"),
    )


def _result_text(result: Any) -> str:
    """The end of the game in words: the engine's summary, or the winners named."""
    if not result:
        return ""
    if isinstance(result, Mapping):
        summary = str(result.get("summary", "") or "")
        winners = [str(w) for w in result.get("winners", ()) or ()]
        if summary:
            return summary
        return _("Winner: {who}", who=", ".join(winners)) if winners else _("A draw")
    return str(result)
