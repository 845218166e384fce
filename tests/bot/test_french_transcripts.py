"""The French transcripts are the English games replayed in French, kept in step (issue 13).

`tests/bot/test_transcripts.py` plays them; this checks they are what
`scripts/make_french_transcripts.py` writes from the current English transcripts.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_french_transcripts_follow_their_english_originals() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_french_transcripts", ROOT / "scripts" / "make_french_transcripts.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for target, (source, _title) in module.SOURCES.items():
        original = (module.TRANSCRIPTS / source).read_text(encoding="utf-8").splitlines()
        written = (module.TRANSCRIPTS / target).read_text(encoding="utf-8").splitlines()
        assert written[3:] == module.frenchify(original), f"regenerate {target}"
        assert "locale server fr" in written
        assert any(line.startswith("> Nouvelle partie") for line in written)
