"""Every segment where all powers play at once has the deadline of segment_deadline.py (4.0,
IR-DIS-2). Fortification is one of the simultaneous phases of 4.0, but its only step is
automatic (each Under Construction marker becomes a fort, 21.1): the game never waits in it,
so it needs no deadline (IR-DIS-4). The test walks scenario 12 month by month and checks every
stop."""

from __future__ import annotations

from rules.core.command import Command
from rules.imperium_romanum import segment_deadline as SD
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame


def test_every_simultaneous_stop_has_the_segment_deadline_and_fortification_never_stops() -> None:
    game = ImperiumRomanumGame.new("s12", [], "deadlines", {})
    stops: dict[str, int] = {}
    while game.state.turn <= 4 and game.result() is None:
        st = game.state
        seat = game.to_move()[0]
        stops[st.segment] = stops.get(st.segment, 0) + 1
        pending = game.pending_decision()
        assert pending is not None or st.segment not in SEQ.SIMULTANEOUS, st.segment
        if st.segment in SEQ.SIMULTANEOUS and not st.pending:
            assert pending is not None and pending.id == SD.decision_id(st) and pending.section == "§4.0"
            assert pending.seat == seat and pending.default_words() != pending.default
        game.apply(seat, Command("decide", {"id": pending.id, "choice": pending.default})  # type: ignore[union-attr]
                   if st.pending else Command("end"))
    assert stops.get("taxation") and stops.get("diplomacy")  # March's Taxation & Mobilization, each month's Diplomacy
    assert game.state.turn == 5 and stops.get("movement")  # four whole months went by
    assert "fortification" not in stops and "fortification" not in SEQ.SIMULTANEOUS
