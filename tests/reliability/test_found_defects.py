"""Defects the reliability probe found (issue 14), each with the test that failed first."""

from __future__ import annotations

from rules.core.command import Outcome
from rules.core.i18n import _, text_from_json, text_to_json


def test_a_sentence_with_a_field_named_n_survives_the_event_log() -> None:
    """Found by the fuzz probe: ``/game mine`` in Rome, IInc. failed with ``KeyError: 'n'``
    because ``_("{empire} Prestige -{n}.", n=2)`` lost its ``n`` when stored with the event."""
    line = _("{empire} Prestige -{n}.", empire="East", n=2)
    stored = Outcome(public=[line]).to_json()
    again = Outcome.from_json(stored).public[0]
    assert again == "East Prestige -2."
    assert text_from_json(text_to_json(line)).params == {"empire": "East"}
    assert text_from_json(text_to_json(line)).n == 2
