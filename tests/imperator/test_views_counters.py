"""The units' counters of the public view are built once per board side and copied (issue 14):
what a view shows still follows the state, and changing one view never reaches the next."""

from __future__ import annotations

from rules.imperator import views
from rules.imperator.game import ImperatorGame


def counters(view: dict) -> dict[str, dict]:
    return {
        c["id"]: c
        for zone in view["zones"].values()
        for stack in zone["stacks"]
        for c in stack["counters"]
        if c["kind"] != "leader"
    }


def test_a_reduced_unit_shows_its_reduced_side_and_views_share_nothing() -> None:
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "faces", {})
    st = game.state
    first = counters(views.public_view(st))
    uid = next(u for u, c in first.items() if c["kind"] == "legion")
    d = st.board.units[uid]
    assert first[uid]["values"] == f"{d.pf}-{d.qu}-{d.bt}" and first[uid]["reduced"] is False
    first[uid]["label"] = "changed by a reader"
    st.units[uid].reduced = True
    second = counters(views.public_view(st))
    assert second[uid]["values"] == f"{d.pf_r}-{d.qu_r}-{d.bt_r}"
    assert second[uid]["strength"] == d.pf_r and second[uid]["reduced"] is True
    assert second[uid]["label"] == d.name  # the first view's change did not reach the memo
    st.units[uid].reduced = False
    third = counters(views.public_view(st))
    assert third[uid]["label"] == d.name and third[uid]["values"] == f"{d.pf}-{d.qu}-{d.bt}"
    assert third[uid] is not first[uid]
