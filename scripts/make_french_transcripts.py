"""Write the French transcripts (issue 13) from their English originals.

Each French transcript plays the same game as its original (same seeds, same commands) with the
server and every player in French (``locale server fr``, ``locale fr``): buttons are clicked by
their French labels and the expectations look for the French text. Regenerate after the English
transcript or a French translation changes:

    .venv/bin/python scripts/make_french_transcripts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPTS = ROOT / "tests" / "transcripts"
sys.path.insert(0, str(ROOT))  # the bot's catalogue and the games' labels
USERS = ("alice", "bob", "zoe")

CLICKS = {
    "Respond": "Répondre",
    "Play a card": "Jouer une carte",
    "My hand": "Ma main",
    "My secrets": "Mes secrets",
}
"""Button labels, English -> French (bot/locale/fr/LC_MESSAGES/praetor.po)."""

EXPECTATIONS = {
    "no seat": "pas de place",
    "Time ran out for dacia": "Temps écoulé pour dacia",
    "Forum:": "Forum :",
    "Final score sheet": "Feuille de score finale",
    "You chose": "Votre choix",
    "not yours": "Cette décision ne vous revient pas",
    "161, phase B": "161, phase B (Initiative)",
    "go to war against Rome": "entrent en guerre contre Rome",
    "§6: enemies plays Usurpation": "§6 : enemies joue Usurpation",
    "rome plays Roma Victor": "rome joue Roma Victor",
    "sails": "fait voile",
    "Events table": "Table des événements",
    "Year 162: phase A": "Année 162 : phase A",
    "§2.F: campaign result for 161": "§2.F : bilan de la campagne 161",
    "§8.1: the evasion": "§8.1 : l'évasion",
    "Stratagems held: Rome 1, Enemies 1": "Stratagèmes en main : Rome 1, Ennemis 1",
    "spectators see no hand": "les spectateurs ne voient aucune main",
    "Event of the year": "Événement de l'année",
    "Seats: rome, dacia": "Places : rome, dacia",
    "March AD 101": "Mars 101 apr. J.-C.",
    "tax base 21 talents": "base fiscale 21 talents",
    "on top": "au sommet",
    "Rome (Trajan) raised 1 unit this phase: Aquincum (7.4).": "Rome (Trajan) a levé 1 unité pendant cette phase : Aquincum (7.4).",
    "Battle at B5109: 60 against 28, column 2/1, roll 1: N/N (14.5).": "Bataille en B5109 : 60 contre 28, colonne 2/1, jet 1 : N/N (14.5).",
    "Susagus intercepts at B5109: 8 against 6 (12.4.1).": "Susagus intercepte en B5109 : 8 contre 6 (12.4.1).",
    "The losers retreat to B4910 (14.5.1).": "Les vaincus retraitent vers B4910 (14.5.1).",
    "🎲 §13.2 supply from a baggage train (2d6, first die): d6 rolled 5": "🎲 §13.2 ravitaillement par un train de bagages (2d6, premier dé) : d6 a donné 5",
    "dacia besieges Aquincum (17.1).": "dacia assiège Aquincum (17.1).",
    "September AD 101": "Septembre 101 apr. J.-C.",
    # Imperium Romanum (issue 18): the segment's deadline, scenario 2's voyage and sea fights
    "Time is up for the Taxation & Mobilization segment": "Temps écoulé pour le segment Fiscalité et mobilisation",
    "Seats: pirates, rome": "Places : pirates, rome",
    "pieces embark at": "pions embarquent en",
    "pieces land at": "pions débarquent en",
    "The fleets at A3220 fail to intercept: 0 against 4 (10.6).": "Les flottes d'A3220 échouent à intercepter : 0 contre 4 (10.6).",
    "Naval combat at A3320: 18 against 54, column 1-2, roll 6: 1/1 (10.7).": "Combat naval en A3320 : 18 contre 54, colonne 1-2, jet 6 : 1/1 (10.7).",
    # Imperium Romanum gifts (issue 18: ir_s12_gifts.txt)
    "rome gives 2 units to dacia (5.8).": "rome donne 2 unités à dacia (5.8).",
    "Diplomacy this month:": "Diplomatie du mois :",
}
"""Expected text, English -> French, where the French output differs."""

AFTER = {
    "/game new game:barracks scenario:solo": ["Nouvelle partie n°1 : barracks (solo)"],
    "/game new game:imperator scenario:campaign": ["Nouvelle partie n°1 : imperator (campaign)"],
    "/game new game:imperium_romanum scenario:s12": ["Nouvelle partie n°1 : imperium_romanum (s12)"],
    "/game new game:imperium_romanum scenario:s02": ["Nouvelle partie n°1 : imperium_romanum (s02)"],
    "/game start": ["La partie n°1 commence", "À jouer"],
    "! /skip": ["Vous n'avez pas de place dans cette partie"],
}
"""French text expected after the first occurrence of a line (the game speaks French)."""

SOURCES = {
    "barracks_solo_fr.txt": (
        "barracks_solo.txt",
        "The Barracks Emperors, the solo game of barracks_solo.txt (same seeds, same plays)",
    ),
    "imperator_campaign_year_fr.txt": (
        "imperator_campaign_year.txt",
        "Imperator, the whole of 161 (phases A to F) of imperator_campaign_year.txt",
    ),
    "ir_s12_six_months_fr.txt": (
        "ir_s12_six_months.txt",
        "Imperium Romanum, the six months of scenario 12 of ir_s12_six_months.txt",
    ),
    "ir_s02_naval_fr.txt": (
        "ir_s02_naval.txt",
        "Imperium Romanum, the two months at sea of scenario 2 of ir_s02_naval.txt",
    ),
    "ir_s12_gifts_fr.txt": (
        "ir_s12_gifts.txt",
        "Imperium Romanum, the alliance and gifts of scenario 12 of ir_s12_gifts.txt",
    ),
}


SELECTS = (
    "Use the ability on {what}",
    "Use the ability ({target})",
    "Skip the ability",
    "Take {what}",
    "Resolve {what}",
    "Discard {what}",
    "Defeat with {what}",
    "Citizenship, Forum slot {what}",
    "Answer {what}",
    "Move the Barbarian {origin} to {to}",
    "pass",
    "try to evade",
    "stand and fight",
    "play {chit} to cancel",
    "play Faveur divine: the die shows {face}",
    "play Fuite opportune: withdraw to {zone}",
    "play {chit}",
)
"""Menu options the bot writes in the reader's language: ``select`` lines name them in French
(message ids of bot/locale; their {fields} are game words, kept as they are)."""


def game_labels() -> dict[str, str]:
    """English -> French labels of the Barracks cards and Emperors (their names and suits go
    through the catalogue: ``Quaestor Yellow 3`` is ``Questeur Jaune 3``), longest first."""
    from bot.i18n import localise
    from rules.barracks.data import CARDS, EMPERORS
    from rules.barracks.engine import card_label, emperor_label
    from rules.core.i18n import plain

    labels = [card_label(c) for c in CARDS] + [emperor_label(e) for e in EMPERORS]
    pairs = {plain(text): localise(text, "fr") for text in labels}
    return dict(sorted(pairs.items(), key=lambda pair: -len(pair[0])))


def french_option(label: str) -> str:
    """The French label of a menu option written from one of :data:`SELECTS`."""
    import gettext
    import re

    labels = game_labels()
    if label in labels:
        return labels[label]

    catalogue = gettext.translation("praetor", ROOT / "bot" / "locale", languages=["fr"])
    # Then any other sentence of the catalogue (a decision's choices), longest wording first.
    def wording(msgid: str) -> str:
        return re.sub(r"\{\w+\}", "", msgid)

    others = sorted(
        (m for m in catalogue._catalog if isinstance(m, str) and len(wording(m).strip()) > 2),
        key=lambda m: -len(wording(m)),
    )
    for msgid in (*SELECTS, *others):
        if msgid not in SELECTS and re.fullmatch(r"[a-z0-9_]+", label):
            continue  # a value ("siege"), not a label: the transcript names it as it is
        pattern = "^" + re.sub(r"\\{(\w+)\\}", r"(?P<\1>.+?)", re.escape(msgid)) + "$"
        try:
            found = re.match(pattern, label)
        except re.error:  # a field used twice in one sentence
            continue
        if found:  # the fields may be sentences too ("C3 first: Eagle takes Tetricus II")
            fields = {k: french_option(v) if v != label else v for k, v in found.groupdict().items()}
            return catalogue.gettext(msgid).format(**fields)
    for english, french in labels.items():  # "3: Castra Red 3", "E5 Aurelian (Red)"
        label = re.sub(rf"(?<![\w]){re.escape(english)}(?![\w])", french, label)
    return label


def frenchify(lines: list[str]) -> list[str]:
    """The original's steps with French locales, French button labels and expectations."""
    pending_after = dict(AFTER)
    out: list[str] = []
    started = False
    for line in lines:
        if line.startswith("# seed:"):
            out.append(line)
            continue
        if line.startswith("#") or not line.strip():
            if started:
                out.append(line)
            continue
        if not started:
            out.append("locale server fr")
            for user in USERS:
                out += [f"as {user}", "locale fr"]
            started = True
        words = line.split(" ", 1)
        if words[0] in ("click", "!") and len(words) == 2:
            for english, french in CLICKS.items():
                if line in (f"click {english}", f"! click {english}"):
                    line = line.replace(english, french)
        if words[0] == "select" and len(words) == 2:
            line = "select " + french_option(words[1])
        if line.startswith("> "):
            line = "> " + EXPECTATIONS.get(line[2:], line[2:])
        out.append(line)
        out.extend(f"> {text}" for text in pending_after.pop(line, []))
    return out


def main() -> None:
    for target, (source, title) in SOURCES.items():
        original = (TRANSCRIPTS / source).read_text(encoding="utf-8").splitlines()
        header = [
            f"# {title},",
            "# with the server and every player in French (issue 13). Written by",
            "# scripts/make_french_transcripts.py from the English transcript: do not edit by hand.",
        ]
        lines = header + frenchify(original)
        (TRANSCRIPTS / target).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{target}: {len(lines)} lines")


if __name__ == "__main__":
    main()
