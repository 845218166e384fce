"""Automatic players for tests, benchmarks and calibration: a random legal player and a
heuristic player that plays sensibly (docs/rome-iinc.md, "Calibration")."""

from __future__ import annotations

import random

from rules.core.command import Command
from rules.rome_iinc import board as B
from rules.rome_iinc.data import data
from rules.rome_iinc.game import RomeGame, legal_commands


def random_choice(game: RomeGame, rng: random.Random) -> tuple[str, Command] | None:
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    cmds = legal_commands(game.state, seat)
    if not cmds:
        return None
    # ``end`` would otherwise be picked rarely among hundreds of builds: weigh it up
    ends = [c for c in cmds if c.name == "end"]
    if ends and rng.random() < 0.3:
        return seat, ends[0]
    return seat, rng.choice(cmds)


def heuristic_choice(game: RomeGame, rng: random.Random) -> tuple[str, Command] | None:
    """Fight Wars with the strongest force, keep Unrest low and Gold positive, garrison
    Legion and Fleet icons, take Tribute last and Annex whatever is offered."""
    st = game.state
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    cmds = legal_commands(st, seat)
    if not cmds:
        return None
    by = {c.name: [x for x in cmds if x.name == c.name] for c in cmds}
    if "decide" in by:
        return seat, next(c for c in by["decide"] if c.args["choice"] == "accept")
    if "extra_taxes" in by:
        return seat, by["extra_taxes"][0]
    for kind in ("annex", "promote", "emperor"):
        if kind in by:
            return seat, by[kind][0]
    if "loss" in by:
        order = ("demote", "disgrace", "dismiss", "destroy", "tribute", "revolt")
        ranked = sorted(by["loss"], key=lambda c: order.index(str(c.args["choice"]).split(":")[0]))
        return seat, ranked[0]
    if "appoint" in by:
        d = data()
        best = max(by["appoint"], key=lambda c: d.statesmen[c.args["statesman"]].adm
                   + d.statesmen[c.args["statesman"]].mil)
        return seat, best
    if "civil_war" in by:
        return seat, by["civil_war"][0]
    if "fight" in by:
        d = data()

        def force(c: Command) -> int:
            units = sum(len(B.units_in(st, p)) for p in c.args["provinces"])
            return units * 2 + len(c.args["provinces"]) - d.wars[c.args["war"]].strength // 3

        best = max(by["fight"], key=force)
        if force(best) >= 3:
            return seat, best
    if st.step == "unrest":
        reserve = B.pay(st, seat) + 20
        if st.unrest[seat] >= 8 and "circus" in by and st.gold[seat] - 10 >= reserve:
            return seat, by["circus"][0]
        if "build" in by:
            d = data()
            for c in by["build"]:
                p = d.provinces[c.args["province"]]
                kinds = [st.units[u]["type"] for u in B.units_in(st, c.args["province"])]
                need = (c.args["unit"] == "legion" and "legion" in p.icons and "legion" not in kinds) or \
                    (c.args["unit"] == "fleet" and "fleet" in p.icons and "fleet" not in kinds) or \
                    (c.args["unit"] == "auxilia" and B.frontier(st, c.args["province"]))
                cost = int(d.charts["units"][c.args["unit"]]["build"])
                if need and st.gold[seat] - cost >= reserve + 20:
                    return seat, c
        if "bread" in by and st.gold[seat] - 10 >= reserve + 40:
            return seat, by["bread"][0]
    if "end" in by:
        return seat, by["end"][0]
    return seat, rng.choice(cmds)


def play_out(game: RomeGame, rng: random.Random, player: str = "heuristic",
             max_steps: int = 5000) -> int:
    """Play until the game ends; return the number of commands."""
    choose = heuristic_choice if player == "heuristic" else random_choice
    steps = 0
    while steps < max_steps:
        pick = choose(game, rng)
        if pick is None:
            break
        game.apply(*pick)
        steps += 1
    return steps
