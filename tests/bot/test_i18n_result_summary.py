"""The end of a French Imperator game reads in French, also after a restart (issue 13).

The result's summary is a marked sentence of the rules; the game's row stores it with its
message id (``summary_text``), so the result post, ``/game status`` and ``/standing`` of a
fresh process (nothing cached) show it in the reader's language.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from sqlalchemy import create_engine, text

from bot.transcript import TranscriptRunner, parse_transcript

QUICK = Path(__file__).resolve().parents[1] / "transcripts" / "imperator_s1_quick.txt"
SUMMARY_FR = "Scénario : Avidius Cassius mort(s), la partie s'arrête ; rome l'emporte."
SUMMARY_EN = "Scenario: Avidius Cassius dead, the game ends; rome wins."


def french_quick_game() -> str:
    """The quick transcript's game with ``language:fr``, up to its sudden death, then a
    restart and the end read again by a French reader."""
    played = QUICK.read_text(encoding="utf-8")
    played = played.replace(
        "scenario:avidius_cassius options:", "scenario:avidius_cassius language:fr options:"
    ).replace("click Respond", "click Répondre")
    played = played.split("/standing\n> Winner")[0]
    return played + "restart\nas alice\nlocale fr\n/game status\n/standing\n"


async def test_the_result_summary_is_french_after_a_restart(tmp_path: Path) -> None:
    steps = [step for step in parse_transcript(french_quick_game()) if step.kind != "expect"]
    out = io.StringIO()
    database = tmp_path / "fr.db"
    runner = TranscriptRunner(database, 1, tmp_path / "images", out)
    await runner.open()
    try:
        for step in steps:
            await runner.run_step(step)
    finally:
        await runner.close()
    lines = out.getvalue().splitlines()
    restart = lines.index("[to alice] Partie n°1 : imperator (avidius_cassius), coup 10.")
    before, after = lines[:restart], lines[restart:]
    # the result post, in the game's language
    assert any(
        line.startswith("[public] 🏁 Partie terminée. Vainqueur : rome (@alice) (mort subite). ")
        and line.endswith(SUMMARY_FR)
        for line in before
    )
    # after the restart, /game status and /standing of a French reader
    status = [line for line in after if "🏁" in line]
    assert status == [f"[to alice] 🏁 Partie terminée. Vainqueur : rome (@alice) (mort subite). {SUMMARY_FR}"]
    assert f"[to alice] {SUMMARY_FR}" in after
    assert "[to alice] Vainqueur : rome (@alice), mort subite" in after
    assert not any(SUMMARY_EN in line for line in out.getvalue().splitlines())
    # the row keeps the English and the message id
    engine = create_engine(f"sqlite:///{database}")
    with engine.connect() as connection:
        stored = connection.execute(text("select result from games")).scalar_one()
    engine.dispose()
    result = json.loads(stored) if isinstance(stored, str) else stored
    assert result["summary"] == SUMMARY_EN
    assert result["summary_text"]["msgid"] == "Scenario: {leaders} dead, the game ends; {seat} wins."
