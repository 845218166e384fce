"""The engine offers every legal option; Discord's 25-choice limit belongs to the bot layer
(``bot.client.cap_choices``, the paged decision menus), never to ``rules/`` (issue 10 item 5)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRIM = re.compile(r"\[\s*:\s*2[45]\s*\]")


def test_the_pattern_finds_a_trimmed_list() -> None:
    assert TRIM.search("tuple(Choice(z, z) for z in ids[:25])")
    assert TRIM.search("options[ : 24 ]")
    assert not TRIM.search("ids[:250]")


def test_no_rules_module_cuts_a_list_at_discords_limit() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "rules").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TRIM.search(line)
    ]
    assert found == []
