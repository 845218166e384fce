"""Names players know, for Imperator menus: French (the rules), English and Latin forms.

A leader may be typed as ``Marc-Aurèle``, ``Marcus Aurelius`` or ``marc_aurele``; a zone by its
name or id. Autocomplete matches any of these and shows the form the game's ``names`` option
chooses (``fr`` by default: the names printed in the rules; ``en``/``la``: the historical
English/Latin form from the leader table). Presentation only: nothing here decides a rule.

Also the shared text helpers of the Imperator cogs (zone descriptions, the status panel), built
from the public view only, so they can be shown to anyone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from discord import app_commands

from rules.core.i18n import Text, _, join
from rules.imperator import other_names
from rules.imperator.model import FRONT_NAMES
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
    for language in ("en", "la"):  # "Rome", "Antioch", "IV Scythica" type as well
        other = other_names.form(ident, language)
        if other and other not in out:
            out.append(other)
    return tuple(out)


def display(ident: str, label: str, language: str = "fr") -> str:
    """The name to show: the printed one, or the historical one for ``en``/``la`` (zones, sea
    zones, Peoples, units and stratagems from ``rules.imperator.other_names``; leaders from the
    leader table)."""
    if language in ("en", "la"):
        other = other_names.form(ident, language)
        if other:
            return other
        found = _alias_index().get(normalize_name(label)) or _alias_index().get(
            normalize_name(ident)
        )
        if found and len(found) > 1:
            history = [s for s in found[1:] if normalize_name(s) != normalize_name(found[0])]
            if history:
                return history[-1] if language == "la" and len(history) > 1 else history[0]
    return label


_RENAMES: dict[tuple[int | str, str], tuple[re.Pattern[str] | None, dict[str, str]]] = {}


def localise(text: str, board: Any, language: str) -> str:
    """``text`` with every printed name of the ``board`` (leaders, zones, sea zones, Peoples,
    units, stratagems) in the form ``language`` asks for: the prompts, menus, refusals and
    public lines of a game with ``names=en`` or ``names=la``. One pass, longest name first, whole
    words only, so a name never replaces part of another (``Roma`` in ``Roma Victor``).
    ``board`` may also be the leaders' mapping alone."""
    if language not in ("en", "la") or not text:
        return text
    source = str(getattr(board, "source", "inline"))  # a data board is shared by its games
    key = (source if source.startswith("data:") else id(board), language)
    found = _RENAMES.get(key)
    if found is None:
        if len(_RENAMES) > 64:
            _RENAMES.clear()
        leaders = getattr(board, "leaders", board)
        pairs: dict[str, str] = {}
        for lid, d in sorted(leaders.items()):
            shown = display(lid, d.name, language)
            if shown != d.name:
                pairs[d.name] = shown
        printed: dict[str, str] = {}
        for part in ("zones", "peoples", "units"):
            for ident, d in sorted((getattr(board, part, None) or {}).items()):
                printed[ident] = d.name
        for name, shown in other_names.renames(printed, language):
            pairs.setdefault(name, shown)
        names = sorted(pairs, key=lambda n: (-len(n), n))
        pattern = (
            re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
            if names
            else None
        )
        found = _RENAMES[key] = (pattern, pairs)
    pattern, pairs = found
    return pattern.sub(lambda m: pairs[m.group(1)], text) if pattern is not None else text


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
    ``bot.client.cap_choices`` keeps 25 for Discord and says how many more there are). A
    suffix follows the name after a space; a marked one (a ``Text``) keeps the choice's name
    translatable: ``bot.client.guard_autocomplete`` writes it in the reader's language and
    cuts it to Discord's 100 characters."""
    out: list[app_commands.Choice[str]] = []
    for ident, label in items:
        if not matches(current, ident, label):
            continue
        shown = display(ident, label, language)
        extra = (suffix or {}).get(ident, "")
        marked = bool(extra) or isinstance(shown, Text)  # translated and cut by the bot's guard
        name = join("", [prefix, shown, " ", extra] if extra else [prefix, shown]) if marked else f"{prefix}{shown}"
        value = f"{prefix}{ident}"
        if len(value) > 100:
            continue
        out.append(app_commands.Choice(name=name if marked else name[:100], value=value))
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


LONGEST_NAME = 5
"""The most words a counter's name has in any form (``Legio II Italica Pia``...): a list
typed without commas is read by trying spans of at most this many words."""


def name_index(items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Every spelling of ``items`` (normalised) -> its id (the first item wins a spelling)."""
    index: dict[str, str] = {}
    for ident, label in items:
        for spelling in spellings(ident, label):
            index.setdefault(normalize_name(spelling), ident)
    return index


def resolve_many(values: Iterable[str], items: Iterable[tuple[str, str]]) -> list[str]:
    """The ids a player meant by a typed list (``cogs.play.split_names``): each value is a
    name (an id, a label or an alias, spaces allowed: ``"IV Scythica"``); words of a list
    typed without commas are joined into the longest name they spell (``["IV", "Scythica",
    "xii_fulminata"]`` -> ``["iv_scythica", "xii_fulminata"]``). A word that names nothing
    is kept as typed, so the engine's refusal names it."""
    index = name_index(items)
    out: list[str] = []
    words: list[str] = []

    def flush() -> None:
        start = 0
        while start < len(words):
            for end in range(min(len(words), start + LONGEST_NAME), start, -1):
                found = index.get(normalize_name(" ".join(words[start:end])))
                if found is not None:
                    out.append(found)
                    start = end
                    break
            else:
                out.append(words[start])
                start += 1
        words.clear()

    for value in values:
        found = index.get(normalize_name(str(value)))
        if found is not None:
            flush()
            out.append(found)
        elif " " in str(value).strip():  # one comma-separated part: its own words only
            flush()
            words.extend(str(value).split())
            before = len(out)
            flush()
            if all(word == kept for word, kept in zip(str(value).split(), out[before:], strict=False)):
                del out[before:]
                out.append(str(value))  # names nothing: refused as typed
        else:
            words.append(str(value))
    flush()
    return out


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
SIDE = {"R": _("Rome"), "E": _("Enemies of Rome")}


KIND_WORDS = {
    "legion": _("legion"), "garrison": _("garrison"), "vexillation": _("vexillation"),
    "people": _("people"), "armenia": _("Armenian unit"),
}
"""A unit counter's kind as readers see it (``/zone``, a stack's list)."""


def counter_text(counter: dict[str, Any]) -> Text:
    if counter.get("kind") == "leader":
        r = counter.get("ratings") or {}
        marks = [m for m in counter.get("markers") or [] if m]
        tag = f" [{', '.join(marks)}]" if marks else ""
        ratings = {k: r.get(k) for k in ("cc", "vs", "bt", "cp")}
        if counter.get("pax"):
            return _(
                "{leader}{tag} (Pax side): CC {cc}, VS {vs}, BT {bt}, CP {cp}",
                leader=counter.get("label"), tag=tag, **ratings,
            )
        return _(
            "{leader}{tag}: CC {cc}, VS {vs}, BT {bt}, CP {cp}",
            leader=counter.get("label"), tag=tag, **ratings,
        )
    kind = str(counter.get("kind"))
    fields = {"unit": counter.get("label"), "kind": KIND_WORDS.get(kind, kind),
              "pf": counter.get("strength")}
    if counter.get("reduced"):
        return _("{unit} ({kind}): {pf} PF (reduced)", **fields)
    return _("{unit} ({kind}): {pf} PF", **fields)


def zone_lines(view: dict[str, Any], zone: str, zone_name: str) -> list[Text]:
    """What is in one zone, as text (for phones and screen readers); each line marked for
    translation (``bot.i18n.localise``)."""
    data = (view.get("zones") or {}).get(zone) or {}
    lines = [_("**{name}** (`{zone}`)", name=zone_name, zone=zone)]
    stacks = data.get("stacks") or []
    if not stacks:
        lines.append(_("No counters."))
    for stack in stacks:
        side = SIDE.get(stack.get("side", ""), stack.get("side", ""))
        pf = sum(int(c.get("strength") or 0) for c in stack.get("counters", []))
        lines.append(_("{side} ({pf} PF):", side=side, pf=pf))
        lines.extend(_("• {counter}", counter=counter_text(c)) for c in stack.get("counters", []))
    markers = data.get("markers") or []
    if markers:
        lines.append(_("Markers: {markers}", markers=", ".join(str(m) for m in markers)))
    peoples = [
        _("{people} (at war)", people=p.get("name", pid)) if p.get("status") == "war"
        else p.get("name", pid)
        for pid, p in (view.get("peoples") or {}).items()
        if zone in (p.get("zones") or [])
    ]
    if peoples:
        lines.append(_("Home of: {peoples}", peoples=join(", ", peoples)))
    for fleet in view.get("fleets") or []:
        if fleet.get("zone") == zone:
            if fleet.get("at_sea"):
                lines.append(_("Fleet {fleet} at sea", fleet=fleet.get("name")))
            else:
                lines.append(_("Fleet {fleet} in port", fleet=fleet.get("name")))
    if zone in (view.get("battle_zones") or []):
        lines.append(_("A battle was fought here this SMC."))
    return lines


def status_lines(view: dict[str, Any], seat_of: dict[str, str]) -> list[Text]:
    """The status panel: year, phase, initiative, SMCs, VP, titles, wars; each line marked for
    translation (``bot.i18n.localise``)."""
    roles = view.get("roles") or {}
    by_role = {role: seat for seat, role in roles.items()}

    def who(role: str) -> str:
        seat = by_role.get(role, role)
        return f"{seat} ({seat_of.get(seat, '?')})"

    when = {"year": view.get("year"), "end": view.get("end_year"), "phase": view.get("phase"),
            "name": view.get("phase_name", "")}
    lines = [
        _("**Imperator**: {year} (last year {end}), phase {phase} {name}, {turn}",
          turn=view["turn_label"], **when)
        if view.get("turn_label")
        else _("**Imperator**: {year} (last year {end}), phase {phase} {name}", **when),
        _("Rome: {rome}; Enemies of Rome: {enemies}", rome=who("R"), enemies=who("E")),
    ]
    if view.get("initiative"):
        side = SIDE.get(view["initiative"], view["initiative"])
        lines.append(_("Initiative: {side}", side=side))
    smc = view.get("smc_left") or {}
    if smc and view.get("smc_total"):
        lines.append(
            _(
                "SMCs left: Rome {rome}, Enemies {enemies} (of {total})",
                rome=smc.get("R", 0), enemies=smc.get("E", 0), total=view.get("smc_total", 0),
            )
        )
    vp = view.get("vp") or {}
    lines.append(_("VP: Rome {rome}, Enemies of Rome {enemies}",
                   rome=vp.get("R", 0), enemies=vp.get("E", 0)))
    titles: dict[str, list[str]] = {}
    for zone in (view.get("zones") or {}).values():
        for stack in zone.get("stacks", []):
            for c in stack.get("counters", []):
                for mark in c.get("markers") or []:
                    if mark in ("augustus", "caesar", "usurper"):
                        titles.setdefault(mark, []).append(str(c.get("label")))
    headings = (("augustus", _("Augusti: {names}")), ("caesar", _("Caesars: {names}")),
                ("usurper", _("Usurpers: {names}")))
    for mark, heading in headings:
        if titles.get(mark):
            lines.append(Text(heading.msgid, names=", ".join(sorted(titles[mark]))))
    wars = [
        p.get("name", pid)
        for pid, p in (view.get("peoples") or {}).items()
        if p.get("status") == "war"
    ]
    lines.append(_("At war: {peoples}", peoples=", ".join(sorted(wars))) if wars
                 else _("At war: no People"))
    if view.get("civil_war"):
        lines.append(_("Civil war in the Empire."))
    if view.get("reserve_fronts"):
        fronts = [FRONT_NAMES.get(f, f) for f in view["reserve_fronts"]]  # names, not ids (AMB-111)
        lines.append(_("Reserve Fronts: {fronts}", fronts=join(", ", fronts)))
    if view.get("active_event"):
        lines.append(_("Event of the year: {event}", event=event_name(view["active_event"])))
    counts = view.get("stratagem_counts") or {}
    if any(counts.values()):
        lines.append(_("Stratagems held: Rome {rome}, Enemies {enemies}",
                       rome=counts.get("R", 0), enemies=counts.get("E", 0)))

    return lines
