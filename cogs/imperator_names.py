"""Names players know, for Imperator menus: French (the rules), English and Latin forms.

A leader may be typed as ``Marc-Aurèle``, ``Marcus Aurelius`` or ``marc_aurele``; a zone by its
name or id. Autocomplete matches any of these and shows the form the game's ``names`` option
chooses (``fr`` by default: the names printed in the rules; ``en``/``la``: the historical
English/Latin form from the leader table). Presentation only: nothing here decides a rule.

Also the shared text helpers of the Imperator cogs (zone descriptions, the status panel), built
from the public view only, so they can be shown to anyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from discord import app_commands

from rules.imperator.tables import leader_rows, normalize_name

LANGUAGES = ("fr", "en", "la")


@lru_cache(maxsize=1)
def _alias_index() -> dict[str, tuple[str, ...]]:
    """Folded name -> every known spelling of that leader (printed name first)."""
    index: dict[str, tuple[str, ...]] = {}
    try:
        rows = leader_rows()
    except Exception:  # the table is optional for menus; ids and names still work
        return index
    for row in rows:
        spellings = (row.printed, *row.aliases)
        for spelling in (row.id, *spellings):
            index[normalize_name(spelling)] = spellings
    return index


def spellings(ident: str, label: str) -> tuple[str, ...]:
    """Every known spelling of a counter: its label, its id and the leader table's aliases."""
    index = _alias_index()
    found = index.get(normalize_name(label)) or index.get(normalize_name(ident)) or ()
    out = [label, ident.replace("_", " ")]
    out.extend(s for s in found if s not in out)
    return tuple(out)


def display(ident: str, label: str, language: str = "fr") -> str:
    """The name to show: the printed one, or the historical one for ``en``/``la``."""
    if language in ("en", "la"):
        found = _alias_index().get(normalize_name(label)) or _alias_index().get(
            normalize_name(ident)
        )
        if found and len(found) > 1:
            history = [s for s in found[1:] if normalize_name(s) != normalize_name(found[0])]
            if history:
                return history[-1] if language == "la" and len(history) > 1 else history[0]
    return label


def matches(current: str, ident: str, label: str) -> bool:
    needle = normalize_name(current)
    if not needle:
        return True
    return any(needle in normalize_name(s) for s in spellings(ident, label))


def choices(
    items: Iterable[tuple[str, str]],
    current: str,
    language: str = "fr",
    suffix: dict[str, str] | None = None,
    prefix: str = "",
) -> list[app_commands.Choice[str]]:
    """Autocomplete choices from ``(id, label)`` pairs that match ``current`` (all of them;
    ``bot.client.cap_choices`` keeps 25 for Discord and says how many more there are)."""
    out: list[app_commands.Choice[str]] = []
    for ident, label in items:
        if not matches(current, ident, label):
            continue
        shown = display(ident, label, language)
        extra = (suffix or {}).get(ident, "")
        name = f"{prefix}{shown}{extra}"
        value = f"{prefix}{ident}"
        if len(value) > 100:
            continue
        out.append(app_commands.Choice(name=name[:100], value=value))
    return out  # every match: the bot's autocomplete guard shows 24 and says how many more


def list_choices(
    items: Iterable[tuple[str, str]],
    current: str,
    language: str = "fr",
    suffix: dict[str, str] | None = None,
) -> list[app_commands.Choice[str]]:
    """Choices for an option holding a comma-separated list (``units:"a, b, c"``): the values
    already typed stay in front and are not offered again; the last, unfinished one is matched."""
    from cogs.play import split_list

    head, _, last = current.rpartition(",")
    chosen = split_list(head)
    prefix = ", ".join(chosen) + ", " if chosen else ""
    left = [(ident, label) for ident, label in items if ident not in chosen]
    return choices(left, last.strip(), language, suffix, prefix)


def resolve(text: str | None, items: Iterable[tuple[str, str]]) -> str | None:
    """The id a player meant by ``text`` (an id, a label or an alias); ``text`` if unknown."""
    if text is None:
        return None
    key = normalize_name(text)
    for ident, label in items:
        if key in {normalize_name(s) for s in spellings(ident, label)}:
            return ident
    return text


def event_name(number: Any) -> str:
    """``15`` -> ``15, Hunger in Germania (Famine en Germanie)``; the number alone if unknown."""
    from rules.imperator.tables import event

    if isinstance(number, dict):  # the public view's {"id", "name", "text"}
        number = number.get("id")
    try:
        found = event(int(number))
    except (KeyError, ValueError, TypeError, LookupError):
        return str(number)
    return f"{found.number}, {found.name} ({found.name_fr})"


# -- text from the public view ----------------------------------------------------------------
SIDE = {"R": "Rome", "E": "Enemies of Rome"}


def counter_text(counter: dict[str, Any]) -> str:
    if counter.get("kind") == "leader":
        r = counter.get("ratings") or {}
        marks = [m for m in counter.get("markers") or [] if m]
        tag = f" [{', '.join(marks)}]" if marks else ""
        pax = " (Pax side)" if counter.get("pax") else ""
        return (
            f"{counter.get('label')}{tag}{pax}: CC {r.get('cc')}, VS {r.get('vs')}, "
            f"BT {r.get('bt')}, CP {r.get('cp')}"
        )
    reduced = " (reduced)" if counter.get("reduced") else ""
    return f"{counter.get('label')} ({counter.get('kind')}): {counter.get('strength')} PF{reduced}"


def zone_lines(view: dict[str, Any], zone: str, zone_name: str) -> list[str]:
    """What is in one zone, as text (for phones and screen readers)."""
    data = (view.get("zones") or {}).get(zone) or {}
    lines = [f"**{zone_name}** (`{zone}`)"]
    stacks = data.get("stacks") or []
    if not stacks:
        lines.append("No counters.")
    for stack in stacks:
        side = SIDE.get(stack.get("side", ""), stack.get("side", ""))
        pf = sum(int(c.get("strength") or 0) for c in stack.get("counters", []))
        lines.append(f"{side} ({pf} PF):")
        lines.extend("• " + counter_text(c) for c in stack.get("counters", []))
    markers = data.get("markers") or []
    if markers:
        lines.append("Markers: " + ", ".join(str(m) for m in markers))
    peoples = [
        p.get("name", pid) + (" (at war)" if p.get("status") == "war" else "")
        for pid, p in (view.get("peoples") or {}).items()
        if zone in (p.get("zones") or [])
    ]
    if peoples:
        lines.append("Home of: " + ", ".join(peoples))
    for fleet in view.get("fleets") or []:
        if fleet.get("zone") == zone:
            where = "at sea" if fleet.get("at_sea") else "in port"
            lines.append(f"Fleet {fleet.get('name')} {where}")
    if zone in (view.get("battle_zones") or []):
        lines.append("A battle was fought here this SMC.")
    return lines


def status_lines(view: dict[str, Any], seat_of: dict[str, str]) -> list[str]:
    """The status panel: year, phase, initiative, SMCs, VP, titles, wars."""
    roles = view.get("roles") or {}
    by_role = {role: seat for seat, role in roles.items()}

    def who(role: str) -> str:
        seat = by_role.get(role, role)
        return f"{seat} ({seat_of.get(seat, '?')})"

    lines = [
        f"**Imperator**: {view.get('year')} (last year {view.get('end_year')}), "
        f"phase {view.get('phase')} {view.get('phase_name', '')}"
        + (f", {view['turn_label']}" if view.get("turn_label") else ""),
        f"Rome: {who('R')}; Enemies of Rome: {who('E')}",
    ]
    if view.get("initiative"):
        lines.append(f"Initiative: {SIDE.get(view['initiative'], view['initiative'])}")
    smc = view.get("smc_left") or {}
    if smc and view.get("smc_total"):
        lines.append(
            f"SMCs left: Rome {smc.get('R', 0)}, Enemies {smc.get('E', 0)} "
            f"(of {view.get('smc_total', 0)})"
        )
    vp = view.get("vp") or {}
    lines.append(f"VP: Rome {vp.get('R', 0)}, Enemies of Rome {vp.get('E', 0)}")
    titles: dict[str, list[str]] = {}
    for zone in (view.get("zones") or {}).values():
        for stack in zone.get("stacks", []):
            for c in stack.get("counters", []):
                for mark in c.get("markers") or []:
                    if mark in ("augustus", "caesar", "usurper"):
                        titles.setdefault(mark, []).append(str(c.get("label")))
    for mark, label in (("augustus", "Augusti"), ("caesar", "Caesars"), ("usurper", "Usurpers")):
        if titles.get(mark):
            lines.append(f"{label}: {', '.join(sorted(titles[mark]))}")
    wars = [
        p.get("name", pid)
        for pid, p in (view.get("peoples") or {}).items()
        if p.get("status") == "war"
    ]
    lines.append("At war: " + (", ".join(sorted(wars)) if wars else "no People"))
    if view.get("civil_war"):
        lines.append("Civil war in the Empire.")
    if view.get("reserve_fronts"):
        lines.append("Reserve Fronts: " + ", ".join(view["reserve_fronts"]))
    if view.get("active_event"):
        lines.append(f"Event of the year: {event_name(view['active_event'])}")
    counts = view.get("stratagem_counts") or {}
    if any(counts.values()):
        lines.append(f"Stratagems held: Rome {counts.get('R', 0)}, Enemies {counts.get('E', 0)}")

    return lines
