"""Automatic players for tests, benchmarks and calibration: a random legal player and a
heuristic one (hunt the enemy's chief, attack at good odds, intercept when likely, fight
unless badly outnumbered). Both also use the commands of diplomacy and of the optional rules:
the heuristic one takes every treasure it may (43), appeals to the gods before an attack at
doubtful odds (42), plunders provinces that are not its own (24.1), offers a month's alliance
when it can strike nothing of the other seat's this month or is clearly the weaker, and accepts
one when it can strike nothing of the offering seat's (5.8); the random one
gives those commands now and then (``EXTRAS``)."""

from __future__ import annotations

import random

from rules.core.command import Command
from rules.imperium_romanum import board as B
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import deity as DEI
from rules.imperium_romanum import landing as LANDING
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import treasure as TR
from rules.imperium_romanum.game import (
    ImperiumRomanumGame,
    attack_commands,
    group_reach,
    legal_commands,
    movable_groups,
    offer_commands,
)
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance

EXTRAS = ("propose_alliance", "appeal", "take_treasure")
"""Commands the random player gives with ``EXTRA_CHANCE`` whenever one is legal: drawn among
dozens of moves they would almost never come up."""
EXTRA_CHANCE = 0.25


def random_choice(game: ImperiumRomanumGame, rng: random.Random) -> tuple[str, Command] | None:
    """A uniformly random legal command of the first seat to move (``end`` weighed up so that
    games finish, the ``EXTRAS`` now and then)."""
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    cmds = legal_commands(game.state, seat)
    if not cmds:
        return None
    extras = [c for c in cmds if c.name in EXTRAS]
    if extras and rng.random() < EXTRA_CHANCE:
        return seat, rng.choice(extras)
    ends = [c for c in cmds if c.name == "end"]
    if ends and rng.random() < 0.35:
        return seat, ends[0]
    return seat, rng.choice(cmds)


def _strength(st: IRState, uids: list[str]) -> int:
    return sum(B.strength(st.units[u]) for u in uids if u in st.units and B.is_combat(st.units[u]))


def _targets(st: IRState, seat: str) -> list[tuple[str, int]]:
    """Enemy stacks (hex, strength), the enemy chiefs' hexes first."""
    by: dict[str, int] = {}
    for rec in st.units.values():
        if B.is_combat(rec) and B.seat_hostile_to(st, seat, rec["power"]) and B.seat_of(st, rec["power"]):
            by[rec["hex"]] = by.get(rec["hex"], 0) + B.strength(rec)
    return sorted(by.items())


def _chief_hexes(st: IRState, seat: str) -> list[str]:
    out = []
    for power, rec in st.powers.items():
        chief = rec.get("chief", "")
        if chief and B.seat_of(st, power) != seat and st.leaders.get(chief, {}).get("status") == "map":
            out.append(st.leaders[chief]["hex"])
    return out


def heuristic_choice(game: ImperiumRomanumGame, rng: random.Random) -> tuple[str, Command] | None:
    st = game.state
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    if st.pending:
        return seat, _decide(st, seat)
    if st.segment == "diplomacy":  # simultaneous: a seat with an offer to make or answer acts first
        for other in movers:
            offers = offer_commands(st, other, "propose_alliance", [{"with": s} for s in movers if s != other])
            cmd = _heuristic_diplomacy(st, other, offers)
            if cmd is not None:
                return other, cmd
    # the few legal commands it weighs, asked of their rules directly (the whole list of
    # legal_commands, every naval and land move, is the random player's cost, not this one's)
    treasure = next((Command("take_treasure", a) for a in TR.treasure_commands(st, seat)), None)
    if treasure is not None:  # 43.2: a treasure is free talents
        return seat, treasure
    if st.segment == "naval":
        cmd = _heuristic_naval(st, seat)
        if cmd is not None:
            return seat, cmd
    if st.segment == "movement":
        cmd = _heuristic_fortify(st, seat) or _heuristic_move(st, seat, rng)
        if cmd is not None:
            return seat, cmd
    if st.segment == "combat":
        for args in LANDING.commands(st, seat):  # 14.6: land where the halved invaders still outweigh the defence
            _side, defenders = C.defender_seat(st, seat, str(args["to"]))
            aboard = [u for f in args["fleets"] for u in B.cargo_of(st, f)[0] if not B.is_cavalry(st.units[u])]
            if _strength(st, aboard) // 2 >= 2 * _strength(st, defenders) + 1:
                return seat, Command("debark", args)
        for cmd in attack_commands(st, seat):
            hex_id = str(cmd.args["hex"])
            side, defenders = C.defender_seat(st, seat, hex_id)
            mine = _strength(st, C.attackers_at(st, seat, hex_id))
            theirs = _strength(st, defenders) + (B.city_defence(st, C.enemy_city(st, seat, hex_id)) * 2
                                                 if C.enemy_city(st, seat, hex_id) else 0)  # fmt: skip
            must = any(st.units[u]["must_attack"] for u in C.attackers_at(st, seat, hex_id))
            if must or mine >= theirs or cmd.args.get("mode") == "besiege":
                appeal = Command("appeal")
                if mine < 2 * theirs and DEI.appeal_commands(st, seat):  # 42: the gods' help where the odds are doubtful
                    return seat, appeal
                return seat, cmd
    return seat, Command("end")


def _decide(st: IRState, seat: str) -> Command:
    p = st.pending
    values = [c[0] for c in p["choices"]]
    pick = p["default"]
    if p["kind"] in ("intercept", "naval_intercept"):
        leaders = [v for v in values if v != "no"]
        if leaders:
            pick = leaders[0]
    elif p["kind"] == "battle":
        side, defenders = C.defender_seat(st, str(p["attacker"]), str(p["hex"]))
        mine = _strength(st, defenders)
        theirs = _strength(st, C.attackers_at(st, str(p["attacker"]), str(p["hex"])))
        if theirs > 2 * mine:
            retreats = [v for v in values if v.startswith("retreat:")]
            pick = "siege" if "siege" in values else "split" if "split" in values else (retreats[0] if retreats else "fight")
        else:
            pick = "fight"
    elif p["kind"] == "port_fleets":  # 14.6: put out to an empty sea when the port's defence is hopeless
        defenders = B.seat_units_at(st, seat, str(p["hex"]))
        attackers = [u for u in B.units_at(st, str(p["hex"])) if B.seat_hostile_to(st, seat, st.units[u]["power"])]
        if _strength(st, attackers) > 3 * max(1, _strength(st, defenders)):
            pick = next((v for v in values if v.startswith("outside:") and not any(
                B.is_fleet(st.units[u]) for u in B.units_at(st, v.split(":", 1)[1]))), pick)  # fmt: skip
    elif p["kind"] == "assault":
        pick = "assault" if rng_free_ratio(st, seat, str(p["hex"])) >= 3 else "besiege"
    elif p["kind"] == "plunder":
        pick = next((v for v in values if _plunder_worth_it(st, v)), pick)
    elif p["kind"] == "elite":
        power = st.units[values[-1]]["power"] if values[-1] in st.units else ""
        pick = values[-1] if power and st.powers[power]["treasury"] >= 10 else "no"
    return Command("decide", {"id": p["id"], "choice": pick})


def _plunder_worth_it(st: IRState, choice: str) -> bool:
    """24.1, 24.3: plunder for talents what is not the plunderer's own (plundering his own
    province stops his recruiting there)."""
    parts = choice.split(":")
    if parts[0] != "talents":
        return False
    if parts[1] == "city":
        city, power = parts[2], parts[3]
        return st.province_owner.get(data().cities[city].province, "") != power
    province, power = parts[1], parts[2]
    return st.province_owner.get(province, "") != power


def _land_strength(st: IRState, seat: str) -> int:
    return sum(B.strength(u) for u in st.units.values() if B.is_combat(u) and B.seat_of(st, u["power"]) == seat)


def _heuristic_diplomacy(st: IRState, seat: str, cmds: list[Command]) -> Command | None:
    """5.8: a month's alliance is a month's truce with that seat. Accept one when none of your
    stacks can strike a stack of the offering seat this month (``_can_strike``); offer one when
    the other seat would accept it by the same measure and either none of yours can strike it or
    you are at most half as strong; decline every other offer (none is left open)."""
    from rules.imperium_romanum import diplomacy as D

    for offer in D.open_offers(st, seat):
        welcome = offer[D.KIND] == "alliance" and not _can_strike(st, seat, str(offer[D.GIVER]))
        return Command("answer_offer", {"offer": offer[D.ID], "choice": D.ACCEPT if welcome else D.DECLINE})
    for cmd in cmds:
        other = str(cmd.args.get("with", ""))
        if cmd.name != "propose_alliance" or _can_strike(st, other, seat):
            continue
        if not _can_strike(st, seat, other) or 2 * _land_strength(st, seat) <= _land_strength(st, other):
            return cmd
    return None


def _stacks(st: IRState, seat: str) -> dict[str, list[str]]:
    """The land stacks of ``seat``'s powers on the map, free to march: hex -> combat units."""
    out: dict[str, list[str]] = {}
    for uid in sorted(st.units):
        rec = st.units[uid]
        if (B.is_combat(rec) and not B.is_fleet(rec) and not rec.get("aboard") and not rec["besieged"]
                and B.seat_of(st, rec["power"]) == seat):  # fmt: skip
            out.setdefault(rec["hex"], []).append(uid)
    return out


def _can_strike(st: IRState, seat: str, other: str) -> bool:
    """Whether a stack of ``seat`` could reach a stack of ``other`` this month (its slowest
    unit's MA over the map's movement costs, 12.1) and outweighs it by half again: the odds
    the heuristic player marches for (``_heuristic_move``)."""
    from rules.imperium_romanum import movement as M

    theirs = {h: _strength(st, uids) for h, uids in _stacks(st, other).items()}
    for hex_id, uids in sorted(_stacks(st, seat).items()):
        mine = _strength(st, uids)
        weaker = [h for h, s in sorted(theirs.items()) if mine >= s * 3 // 2]
        if not weaker:
            continue
        if hex_id in weaker:
            return True
        budget = min(B.utype(st.units[u]).ma for u in uids)
        best = M.reach(st, seat, uids, [], hex_id, budget)
        if any(h in best for h in weaker):
            return True
    return _can_strike_at_sea(st, seat, other)


def _can_strike_at_sea(st: IRState, seat: str, other: str) -> bool:
    """Whether fleets of ``seat`` could attack fleets of ``other`` this month at the odds the
    heuristic player sails for (``_heuristic_naval``): at least as strong, in their hex or in
    reach of a full allowance outside winter waters (10.3, 10.3.1)."""
    from rules.imperium_romanum.naval_charts import naval_charts

    def fleets_of(who: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for fid in sorted(st.units):
            rec = st.units[fid]
            if B.is_fleet(rec) and B.seat_of(st, rec["power"]) == who and not rec["besieged"]:
                out.setdefault(rec["hex"], []).append(fid)
        return out

    theirs = {h: NAV.naval_strength(st, f) for h, f in fleets_of(other).items()}
    for hex_id, fleets in sorted(fleets_of(seat).items()):
        mine = NAV.naval_strength(st, fleets)
        weaker = [h for h, s in sorted(theirs.items()) if mine >= s]
        if hex_id in weaker:
            return True
        best = NAV.naval_reach(st, seat, hex_id, naval_charts().allowance) if weaker else {}
        if any(h in best and not NAV.winter_at(st, h) for h in weaker):
            return True
    return False


def rng_free_ratio(st: IRState, seat: str, hex_id: str) -> float:
    mine = _strength(st, C.attackers_at(st, seat, hex_id))
    side, defenders = C.defender_seat(st, seat, hex_id)
    city = C.enemy_city(st, seat, hex_id)
    theirs = C.defence_strength(st, [u for u in defenders if st.units[u]["besieged"]], True, seat, city)
    return mine / max(1, theirs)


def _heuristic_fortify(st: IRState, seat: str) -> Command | None:
    """Fortify in a province without cities that a victory condition asks this player to
    conquer (5.6.1), once the stack stands there unopposed."""
    from rules.imperium_romanum.game import fort_commands
    from rules.imperium_romanum.world import data, world

    targets = {v.target for v in data().scenarios[st.scenario].victory
               if v.kind == "conquer_province" and B.seat_of(st, v.power) == seat}  # fmt: skip
    for cmd in fort_commands(st, seat):
        hex_id = st.units[cmd.args["units"][0]]["hex"]
        if world(st.scenario).province(hex_id) in targets:
            return cmd
    return None


def _heuristic_naval(st: IRState, seat: str) -> Command | None:
    """Attack enemy fleets in the hex when at least as strong; else sail fresh fleets at the
    nearest enemy fleet they outweigh, outside winter; fleets at sea go to the nearest friendly
    port (10.3)."""
    groups: dict[str, list[str]] = {}
    for fid in sorted(st.units):
        rec = st.units[fid]
        if B.is_fleet(rec) and B.seat_of(st, rec["power"]) == seat and B.can_act(st, rec["power"]) and not rec["besieged"]:
            groups.setdefault(rec["hex"], []).append(fid)
    enemy: dict[str, list[str]] = {}
    for fid in sorted(st.units):
        rec = st.units[fid]
        if B.is_fleet(rec) and not rec.get("in_port") and B.seat_hostile_to(st, seat, rec["power"]):
            enemy.setdefault(rec["hex"], []).append(fid)
    for hex_id, fleets in sorted(groups.items()):
        mine = NAV.naval_strength(st, fleets)
        args = {"fleets": fleets}
        if hex_id in enemy and mine >= NAV.naval_strength(st, enemy[hex_id]):
            if passes(NAV.check_attack, st, seat, args):
                return Command("naval_attack", args)
        if any(st.units[f].get("mmp", 0) or st.units[f].get("debarked") == st.turn for f in fleets):
            continue
        best = NAV.naval_reach(st, seat, hex_id, NAV.mp_left(st, fleets))
        goals = [h for h in sorted(enemy) if h in best and h != hex_id and mine >= NAV.naval_strength(st, enemy[h])
                 and not NAV.winter_at(st, h)]  # no winter voyages but home (10.3.1)
        if goals:
            return Command("sail", {"fleets": fleets, "to": min(goals, key=lambda h: (best[h][0], h))})
        if not NAV.in_harbour(st, seat, hex_id):
            ports = [h for h in sorted(best) if NAV.friendly_port(st, seat, h) and h != hex_id]
            if ports:
                return Command("sail", {"fleets": fleets, "to": min(ports, key=lambda h: (best[h][0], h))})
    return None


def _heuristic_move(st: IRState, seat: str, rng: random.Random) -> Command | None:
    """Move the first fresh group toward the enemy chief, or the nearest enemy it outweighs."""
    chiefs = _chief_hexes(st, seat)
    targets = _targets(st, seat)
    for key, pieces in sorted(movable_groups(st, seat).items()):
        units = [p for p in pieces if p in st.units]
        if any(st.units[u]["activated"] for u in units) or not units:
            continue
        origin = st.units[units[0]]["hex"]
        if B.hostile_land_at(st, seat, origin):
            continue
        mine = _strength(st, units)
        if mine < 20:
            continue
        goals = [h for h, s in targets if mine >= s * 3 // 2] + [h for h in chiefs if any(h == t for t, _s in targets)]
        if not goals:
            continue
        goal = min(goals, key=lambda h: (hex_distance(origin, h), h))
        if hex_distance(origin, goal) == 0:
            continue
        best = group_reach(st, seat, pieces)
        if not best:
            continue
        dest = min(best, key=lambda h: (hex_distance(h, goal), best[h][0], h))
        if hex_distance(dest, goal) >= hex_distance(origin, goal):
            continue
        leaders = [p for p in pieces if p in st.leaders]
        force = ""
        if leaders and hex_distance(dest, goal) > 0 and rng.random() < 0.2:
            force = ""
        args: dict[str, object] = {"units": pieces, "to": dest}
        if force:
            args["force_march"] = force
        del key
        return Command("move", args)
    return None


def notable(st: IRState, cmd: Command) -> str:
    """What a command about to be applied does among what the benchmark counts: "alliances" (an
    alliance accepted, 5.8), "plunders" (24.1), "appeals" (42), "treasures" (43); else ""."""
    from rules.imperium_romanum import diplomacy as D

    if cmd.name == "appeal":
        return "appeals"
    if cmd.name == "take_treasure":
        return "treasures"
    if cmd.name == "answer_offer" and cmd.args.get("choice") == D.ACCEPT:
        offer = next((o for o in st.proposals if o[D.ID] == cmd.args.get("offer")), None)
        return "alliances" if offer is not None and offer[D.KIND] == "alliance" else ""
    if cmd.name == "decide" and st.pending.get("kind") == "plunder" and cmd.args.get("choice") != "none":
        return "plunders"
    return ""


def play_out(game: ImperiumRomanumGame, rng: random.Random, player: str = "heuristic", max_commands: int = 20000) -> int:
    """Play until the game ends; returns the number of commands applied."""
    choose = heuristic_choice if player == "heuristic" else random_choice
    n = 0
    while game.result() is None and n < max_commands:
        pick = choose(game, rng)
        if pick is None:
            break
        seat, cmd = pick
        game.apply(seat, cmd)
        n += 1
    return n
