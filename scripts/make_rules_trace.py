"""Write docs/rules-trace.md: every paragraph of the French Imperator rules with the tests that
check it (issue 11). Run from the repository root: ``python scripts/make_rules_trace.py``.

A paragraph is one non-empty line of ``../shared/seeds/002_bea8673be4883741.txt`` (the book
keeps one paragraph per line), named by the section it stands in and its rank there
(``§8.1 ¶3``); stratagem paragraphs are named after the stratagem, the events after their
number. The rule text itself is never copied (the own-words rule): only section numbers,
headings and ranks.

A test checks a paragraph when it cites the paragraph's section (``§8.1`` in its code or
docstring, or the section of the catalogue case IMP-xxx it is named after), or, for a
stratagem or an event, names it. Paragraphs that state no rule (design notes, credits, the
game's presentation) are listed as commentary. ``tests/imperator/test_rules_trace.py`` fails when
a paragraph has no test.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRENCH = ROOT.parent / "shared" / "seeds" / "002_bea8673be4883741.txt"
CASES = ROOT.parent / "shared" / "rules-notes" / "imperator-cases.md"
TRACE = ROOT / "docs" / "rules-trace.md"
TESTS = ROOT / "tests" / "imperator"

#: Paragraphs that state no rule: presentation, design notes, credits, links (by their opening).
COMMENTARY = (
    "*Note de conception*",
    "*Note de conception :*",
    "**Imperator** est un jeu",
    "Remerciements",
    "**Remerciements**",
    "Errata",
    "Forums",
    "*En français*",
    "*Un jeu",
)

#: Sections of the tables part, keyed by their heading, and the rule section they restate.
TABLE_SECTIONS = {
    "Tables des combats": ("Battle table", "8.2"),
    "Résultats": ("Battle results", "8.3"),
    "Guerre Civile seulement": ("Civil war deaths", "8.4"),
    "Modificateurs au dé": ("Die modifiers", "8.5"),
    "Modificateurs de colonne": ("Column modifiers", "8.5"),
    "Table des événements": ("Events table", "Events table"),
    "Table de déploiement des légions": ("Legion deployment", "3.3"),
    "Table d'entrée et de mort des chefs": ("Leader table", "Leader table"),
}


def short(heading: str) -> str:
    """A heading cut to four words (the trace never quotes the book)."""
    words = heading.replace("|", "/").split()
    return " ".join(words[:4]) + (" …" if len(words) > 4 else "")


@dataclass
class Paragraph:
    pid: str
    section: str
    heading: str
    commentary: bool = False
    keys: list[str] = field(default_factory=list)


_NUM = re.compile(r"^(\d+(?:\s?\.\s?\d+)*)\s*\.?\s*[-–]?\s*(.*)$")
_LETTER = re.compile(r"^([A-F])\s*[–-]\s*(.*)$")


def _clean(heading: str) -> str:
    return re.sub(r"[*#]", "", heading).strip()


def paragraphs(text: str) -> Iterator[Paragraph]:
    """The French rules cut into paragraphs, each with its section."""
    section, heading, rank, tables = "intro", "", 0, False
    counts: dict[str, int] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("<|") or line.startswith("!["):
            continue
        if line.startswith("#"):
            title = _clean(line)
            if title.upper() == "TABLES":
                tables, section, heading = True, "Tables", ""
                continue
            if tables:
                for key, (label, _) in TABLE_SECTIONS.items():
                    if title.startswith(key):
                        section, heading = f"Tables/{label}", title
                        break
                else:
                    heading = title
                continue
            m = _NUM.match(title)
            if m and m.group(1)[0].isdigit():
                section = re.sub(r"\s", "", m.group(1)).rstrip(".")
                heading = m.group(2) or title
                continue
            m = _LETTER.match(title)
            if m and section.split(".")[0] == "2":
                section, heading = f"2.{m.group(1)}", m.group(2)
                continue
            heading = title
            continue
        if tables and section == "Tables/Events table":
            m = re.match(r"^(\d{1,2})\s+<b>", line)
            if m:
                yield Paragraph(f"Event {int(m.group(1))}", "Events table", heading, keys=[f"Event {int(m.group(1))}"])
                continue
        if tables and section == "Tables/Battle table" and ("\t" in raw or raw.startswith("<b>")):
            counts[section] = counts.get(section, 0)
            if counts[section] == 0:
                counts[section] = 1
                yield Paragraph(f"{section} (grid)", "8.2", heading, keys=["grid"])
            continue
        strat = re.match(r"^\*([^*]+?)\s*\(([BCE])\)\s*\*", line) if section in ("6.1", "6.2", "6.3") else None
        if strat:
            yield Paragraph(f"§{section} {strat.group(1)}", section, heading, keys=[f"stratagem:{strat.group(1)}"])
            continue
        counts[section] = counts.get(section, 0) + 1
        rank = counts[section]
        commentary = any(line.startswith(c) for c in COMMENTARY) or section == "intro"
        sec = {f"Tables/{label}": rule for label, rule in TABLE_SECTIONS.values()}.get(section, section)
        label = section if section.startswith("Tables") else f"§{section}"
        yield Paragraph(f"{label} ¶{rank}", sec, heading, commentary)


# -- the tests ------------------------------------------------------------------------------------


def case_sections() -> dict[str, str]:
    """IMP number -> the section the catalogue gives it (``8.1``, ``Event 3``, ``Leader table``)."""
    out: dict[str, str] = {}
    if not CASES.exists():
        return out
    for m in re.finditer(r"\*\*IMP-(\d+)\*\* — ([^—\n]+)", CASES.read_text(encoding="utf-8")):
        where = m.group(2).strip()
        sec = re.match(r"§\s?([\dA-F.]+)", where)
        if sec:
            out[m.group(1)] = sec.group(1).rstrip(".,")
        elif where.startswith("Event"):
            nums = re.findall(r"\d+", where)
            out[m.group(1)] = f"Event {nums[0]}" if nums and not where.startswith("Events") else "Events table"
        elif where.startswith("Death"):
            out[m.group(1)] = "Leader table"
    return out


def tests_index() -> dict[str, set[str]]:
    """Test name -> the sections, events and stratagems it cites."""
    from rules.imperator import tables

    names = {t.name_fr.lower(): t.id for t in tables.stratagem_types()}
    cases = case_sections()
    index: dict[str, set[str]] = {}
    for path in sorted(TESTS.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        # top-level blocks, each decorator kept with the function it decorates
        blocks = re.split(r"\n(?=[^\s)\]}])", text)
        chunks: list[str] = []
        pending = ""
        for block in blocks:
            if block.startswith("@"):
                pending += block + "\n"
                continue
            chunks.append(pending + block)
            pending = ""
        for chunk in chunks:
            m = re.search(r"^def (test_\w+)", chunk, flags=re.M)
            if not m:
                continue
            cites: set[str] = set()
            for s in re.findall(r"§\s?(\d+(?:\.\d+)*(?:\.[A-F])?|\d+\.[A-F])", chunk):
                cites.add(s.rstrip("."))
            case = re.match(r"test_IMP_(\d+)", m.group(1))
            if case and case.group(1).zfill(3) in cases:
                cites.add(cases[case.group(1).zfill(3)])
            for n in re.findall(r"[Ee]vent[ =_(]*(\d{1,2})\b", chunk):
                cites.add(f"Event {int(n)}")
            for n in re.findall(r"event\s*=\s*(\d{1,2})", chunk):
                cites.add(f"Event {int(n)}")
            for sid in set(names.values()):
                if sid in chunk:
                    cites.add(f"stratagem:{sid}")
            if "battle_table" in chunk or "battle_grid" in chunk:
                cites.add("grid")
            if "leader_dies" in chunk or "death_checks" in chunk or "leader_table" in chunk:
                cites.add("Leader table")
            index[m.group(1)] = cites
    return index


def tests_for(p: Paragraph, index: dict[str, set[str]]) -> list[str]:
    from rules.imperator import tables

    wanted: set[str] = set()
    for key in p.keys:
        if key.startswith("stratagem:"):
            try:
                wanted.add("stratagem:" + tables.stratagem(key.split(":", 1)[1]).id)
            except KeyError:
                continue
        else:
            wanted.add(key)
    if not p.keys:
        wanted.add(p.section)
    found = sorted(t for t, cites in index.items() if cites & wanted)
    if not found and not p.keys:
        # a chapter's or section's opening paragraph: the tests of its sub-sections check it
        found = sorted(t for t, cites in index.items() if any(c.startswith(p.section + ".") for c in cites))
    return found


def render() -> str:
    text = FRENCH.read_text(encoding="utf-8")
    index = tests_index()
    lines = [
        "# Imperator: every paragraph of the French rules and its tests",
        "",
        "Generated by `scripts/make_rules_trace.py` from the French rules",
        "(`../shared/seeds/002_bea8673be4883741.txt`) and the tests under `tests/imperator/`;",
        "`tests/imperator/test_rules_trace.py` fails when a paragraph has no test. A paragraph is",
        "named by its section and its rank in it (the rule text is not copied); a test is listed",
        "when it cites the paragraph's section (by `§`, or through the catalogue case IMP-xxx it is",
        "named after), or names the stratagem or event. Paragraphs that state no rule are marked",
        "*commentary*. At most eight tests are shown per paragraph (the count says how many cite it).",
        "",
        "Coverage is by section: a paragraph is listed with the tests of its section, which does not",
        "prove that each sentence of it has its own assertion. The sections the issue-11 audit",
        "re-read sentence by sentence have their own test modules (`test_rules_*.py`).",
        "",
        "| paragraph | heading | tests |",
        "|---|---|---|",
    ]
    for p in paragraphs(text):
        if p.commentary:
            cell = "*commentary*"
        else:
            found = tests_for(p, index)
            cell = ", ".join(f"`{t}`" for t in found[:8]) + (f" (+{len(found) - 8})" if len(found) > 8 else "")
            cell = cell or "**none**"
        lines.append(f"| {p.pid} | {short(p.heading)} | {cell} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    TRACE.write_text(render(), encoding="utf-8")
    missing = [line for line in TRACE.read_text(encoding="utf-8").splitlines() if line.endswith("| **none** |")]
    print(f"{TRACE.relative_to(ROOT)}: {len(missing)} paragraph(s) without a test")
    for line in missing:
        print("  ", line.split("|")[1].strip())
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
