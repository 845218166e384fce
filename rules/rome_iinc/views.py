"""What anyone may see (everything but the face-down cups) and the ``/game status`` lines."""

from __future__ import annotations

from typing import Any

from rules.core.i18n import _
from rules.rome_iinc import board as B
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import TASK_WORDS, data, empire_name
from rules.rome_iinc.state import RomeState

PHASE_NAMES = {
    "event": _("Event Phase"), "treasury": _("Treasury Phase"), "unrest": _("Unrest Phase"),
    "war": _("War Phase"), "victory": _("Victory Phase"), "over": _("Game over"),
}  # fmt: skip
"""The phases of a turn as readers see them (the status line and the board picture)."""


def public_view(st: RomeState) -> dict[str, Any]:
    d = data()
    provinces = {}
    for pid in sorted(st.status):
        provinces[pid] = {
            "name": d.provinces[pid].name, "command": d.provinces[pid].command,
            "empire": B.province_empire(st, pid), "status": st.status[pid],
            "tribe": st.tribe.get(pid, ""), "rebel": B.is_rebel_province(st, pid),
            "units": [{"id": u, "type": st.units[u]["type"], "vet": st.units[u]["vet"]}
                      for u in B.units_in(st, pid)],
            "war": B.war_at(st, pid),
        }
    wars = {w: {"label": d.wars[w].label, "where": loc, "leader": B.leader_of(st, w)}
            for w, loc in sorted(st.wars.items()) if loc in d.provinces or loc.startswith("box:")}
    leaders = {lid: loc for lid, loc in sorted(st.leaders.items()) if loc not in ("cup", "out")}
    commands = {c: {"name": d.commands[c]["name"], "empire": B.command_empire(st, c),
                    "governor": st.commands[c]["gov"], "rebel": st.commands[c]["rebel"],
                    "label": str(P.governor_name(st, c))} for c in sorted(st.commands)}
    return {
        "kind": "rome_iinc", "scenario": st.scenario, "mode": st.mode, "turn": st.turn,
        "phase": st.phase, "step": st.step,
        "empires": {e: {"gold": st.gold[e], "pay": B.pay(st, e), "prestige": st.prestige[e],
                        "unrest": st.unrest[e], "fallen": st.fallen[e],
                        "emperor": st.emperors[e], "rebel_emperor": st.rebel_emperor[e]}
                    for e in ("east", "west")},
        "sole": st.sole, "provinces": provinces, "wars": wars, "leaders": leaders,
        "commands": commands,
        "statesmen_up": sorted(s for s, loc in st.statesmen.items() if loc == "up"),
        "statesmen_down": sum(1 for loc in st.statesmen.values() if loc == "down")
        + len(st.dynasties_down),
        "wars_box": sum(1 for loc in st.wars.values() if loc == "cup")
        + sum(1 for loc in st.leaders.values() if loc == "cup"),
        "dynasties": list(st.dynasties), "events": dict(sorted(st.events.items())),
        "barracks": {k: sum(1 for u in st.units.values() if u["loc"] == "barracks" and u["type"] == k)
                     for k in ("cavalry", "guards", "legion", "pseudo", "fort", "auxilia", "fleet")},
        "tasks": [dict(t) for t in st.tasks], "pending": dict(st.pending),
        "last": list(st.last), "result": dict(st.result),
    }


def status_lines(st: RomeState, movers: list[str]) -> list[str]:
    lines = [str(_("Turn {turn} of 10, {phase}.", turn=st.turn, phase=PHASE_NAMES.get(st.phase, st.phase)))]
    for e in ("east", "west"):
        lines.append(str(_("{empire}: Gold {gold}, Pay {pay}, Prestige {prestige}, Unrest {unrest}"
                           "{fallen}.", empire=empire_name(e), gold=st.gold[e], pay=B.pay(st, e),
                           prestige=st.prestige[e], unrest=st.unrest[e],
                           fallen=_(" (Fallen)") if st.fallen[e] else "")))
    if st.tasks:
        t = st.tasks[0]
        lines.append(str(_("Waiting for the {empire} player: {kind} ({section}).",
                           empire=empire_name(t["empire"]), kind=TASK_WORDS.get(t["kind"], t["kind"]), section=t["section"])))
    elif movers:
        lines.append(str(_("To move: {seats}.", seats=", ".join(movers))))
    return lines
