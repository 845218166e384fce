"""Optional rule 40: missile and cavalry advantage in land combat.

A side with at least twice the other side's missile strength gets 1 on the combat roll in its
favour (40.1); the same for cavalry strength (40.2). Both may add up to 2 or cancel out, and
neither applies to an assault on a city or a fort (40.3). Horse archers count once: as missile
troops (IR-ENG-90). Attackers that entered across a river or a strait count half, missile troops
also after an amphibious invasion (40.1, 40.2); strengths are counted in half points, so a
halved 5 counts 2.5 (IR-ENG-91). A side with no such troops never has the advantage (IR-ENG-92).
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.state import IRState

CROSSINGS = ("river", "main_river", "strait")
"""Hexsides whose crossing halves an attacker's count (40.1, 40.2); the strait hexside stands for
the narrow seas of the text."""


def is_missile(unit: dict[str, object]) -> bool:
    """40.1: missile infantry and horse archers (the ``missile`` flag of ``units.toml``)."""
    return B.utype(unit).missile


def is_cavalry(unit: dict[str, object]) -> bool:
    """40.2 with 40.3's exception: cavalry other than horse archers, who count as missile troops."""
    return B.is_cavalry(unit) and not is_missile(unit)


def half_points(st: IRState, uids: list[str], missile: bool, attacking: bool) -> int:
    """The side's missile (or cavalry) strength in half points, halved for the attackers that
    entered across a river or strait, or (missile troops) from the sea (40.1, 40.2)."""
    total = 0
    for uid in uids:
        rec = st.units[uid]
        if not (is_missile(rec) if missile else is_cavalry(rec)):
            continue
        halved = attacking and (rec.get("crossing", "") in CROSSINGS or (missile and rec.get("amphibious") == st.turn))
        total += B.strength(rec) if halved else 2 * B.strength(rec)
    return total


def advantage(attack: int, defence: int) -> int:
    """+1 when the attacker has at least twice the defender's strength, -1 the other way round,
    0 otherwise; a side with none has no advantage (IR-ENG-92)."""
    if attack > 0 and attack >= 2 * defence:
        return 1
    if defence > 0 and defence >= 2 * attack:
        return -1
    return 0


def modifiers(st: IRState, attackers: list[str], defenders: list[str], assault: bool) -> list[tuple[Text, int]]:
    """The combat roll's modifiers of rule 40 (none when the game does not play it, or in an
    assault on a city or fort, 40.3)."""
    if assault or not OPT.enabled(st, "combat_advantage"):
        return []
    out: list[tuple[Text, int]] = []
    missile = advantage(half_points(st, attackers, True, True), half_points(st, defenders, True, False))
    if missile:
        out.append((_("§40.1 missile advantage"), missile))
    cavalry = advantage(half_points(st, attackers, False, True), half_points(st, defenders, False, False))
    if cavalry:
        out.append((_("§40.2 cavalry advantage"), cavalry))
    return out
