"""Every transcript replayed in the pseudo language (issue 13: the sweep of item 8).

The English transcripts of the four games (and the tiny pipeline) are played again with the
server and every player in the pseudo language of ``test_i18n_pseudo``: buttons and menu options
are found by their English wording under the look-alike letters, and the expectations (English)
are left out. Every line a person reads, every label and menu option must carry the mark of
translation, and no game word may be left in English. The whole sweep takes minutes, so the
suite plays the short transcripts; ``PRAETOR_I18N_SWEEP=1`` plays them all.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

import bot.i18n
from bot.local import Output
from bot.transcript import Step, TranscriptRunner, parse_transcript
from tests.bot.test_i18n_pseudo import (
    END,
    LOOK_ALIKES,
    MARK,
    PseudoCatalogue,
    escaped,
    untranslated_words,
    vocabulary,
)

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"
SHORT = ("imperator_battle_report.txt", "imperator_s1_quick.txt", "barracks_solo.txt",
         "ir_s02_naval.txt", "rome_iinc_coop.txt")  # fmt: skip
ALL = sorted(p.name for p in TRANSCRIPTS.glob("*.txt")
             if not p.name.endswith("_fr.txt") and p.name != "tiny_pipeline.txt")  # fmt: skip
"""The four games' transcripts (the tiny pipeline's game is a test double, never translated)."""
UNSWAP = str.maketrans({chr(v): chr(k) for k, v in LOOK_ALIKES.items()})


def english(label: str) -> str:
    """A pseudo label read back: its look-alike letters made plain, its marks dropped."""
    return label.translate(UNSWAP).replace(MARK, "").replace(END, "")


class PseudoRunner(TranscriptRunner):
    """Finds each button and menu option by its English wording, plays no expectation."""

    async def run_step(self, step: Step) -> None:
        table = self.table
        assert table is not None
        if step.kind in ("click", "refused-click"):
            shown = [c.label for c in table.visible_components() if c.kind == "button"]
            found = [label for label in shown if english(label) == step.text]
            step = Step(step.number, step.kind, found[0] if found else step.text)
        elif step.kind in ("select", "refused-select"):
            options = [(lbl, v) for c in table.visible_components() if c.kind == "select" for lbl, v in c.options]
            wanted = []
            for part in (p.strip() for p in step.text.split(",") if p.strip()):
                match = [v for lbl, v in options if part in (english(lbl), v)]
                wanted.append(match[0] if match else part)
            step = Step(step.number, step.kind, ", ".join(wanted))
        await super().run_step(step)


async def play_in_pseudo(name: str, tmp_path: Path) -> list[Output]:
    text = (TRANSCRIPTS / name).read_text(encoding="utf-8")
    steps = [s for s in parse_transcript(text) if s.kind not in ("expect", "locale")]
    runner = PseudoRunner(tmp_path / "pseudo.db", 1, tmp_path / "images", io.StringIO(), locale="fr")
    runner.forced_seeds = re.findall(r"^\s*# seed: (\S+)", text, flags=re.MULTILINE)
    await runner.open()
    seen: list[Output] = []
    try:
        for step in steps:
            start = len(runner.table.outputs) if runner.table else 0
            await runner.run_step(step)
            if runner.table is not None and step.kind != "restart":
                seen += runner.table.outputs[start:]
    finally:
        await runner.close()
    return seen


@pytest.mark.parametrize(
    "name", ALL if os.environ.get("PRAETOR_I18N_SWEEP") else [n for n in ALL if n in SHORT]
)
async def test_a_transcript_speaks_the_pseudo_language(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: catalogue if language == "fr" else None)
    seen = await play_in_pseudo(name, tmp_path)
    assert len(seen) > 5
    assert escaped(seen) == [], "\n".join(escaped(seen)[:40])
    left = untranslated_words(seen, vocabulary())
    assert left == [], "\n".join(left[:40])
