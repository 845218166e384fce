"""Public views for the renderer tests and the benchmark (hand-built, engine-independent)."""

from __future__ import annotations

from typing import Any

from render.imperator_board import BoardGeometry

ROMAN_NUMERALS = [
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XX",
    "XXI",
    "XXX",
]


def legion(n: int, name: str, front: str, pf: int = 10, reduced: bool = False) -> dict[str, Any]:
    num = ROMAN_NUMERALS[n % len(ROMAN_NUMERALS)]
    return {
        "kind": "legion",
        "label": f"{num}e {name}",
        "short": num,
        "strength": pf // 2 if reduced else pf,
        "values": f"{pf // 2}-1-0" if reduced else f"{pf}-2-1",
        "reduced": reduced,
        "front": front,
        "people": "roman",
    }


def people_unit(people: str, pf: int = 6, reduced: bool = False) -> dict[str, Any]:
    return {
        "kind": "people",
        "label": people.title(),
        "strength": pf // 2 if reduced else pf,
        "values": f"{pf // 2}-1-0" if reduced else f"{pf}-2-0",
        "reduced": reduced,
        "people": people,
    }


def leader(name: str, *markers: str, people: str = "roman") -> dict[str, Any]:
    return {
        "kind": "leader",
        "label": name,
        "markers": list(markers),
        "people": people,
        "values": "3-2-1-2",
    }


def _stack(side: str, *counters: dict[str, Any]) -> dict[str, Any]:
    return {"side": side, "counters": list(counters)}


def _camp_zones(board: BoardGeometry) -> list[tuple[str, str]]:
    out = []
    for z in sorted(board.zones.values(), key=lambda z: z.id):
        for s in z.sites:
            if s.kind == "camp" and s.from_year == 0 and z.front:
                out.append((z.id, z.front))
    return out


def _peoples(board: BoardGeometry, at_war: set[str]) -> dict[str, Any]:
    names = [
        "marcomanni",
        "quades",
        "jazyges",
        "roxolani",
        "daces",
        "parthians",
        "maetae",
        "chatti",
        "hermunduri",
        "garamantes",
        "gaetuli",
        "bastarni",
        "cotini",
        "osrhoene",
    ]
    out = {}
    for p in names:
        zones = [z for z in board.zones if z == p or z.startswith(p)]
        if p == "parthians":
            zones = [z for z in ("ctesiphon", "media", "mesene") if z in board.zones]
        out[p] = {"name": p.title(), "status": "war" if p in at_war else "pax", "zones": zones}
    return out


def base_view(board: BoardGeometry, **over: Any) -> dict[str, Any]:
    v: dict[str, Any] = {
        "game": "imperator",
        "scenario": "Campaign game",
        "year": 161,
        "phase": "A",
        "phase_name": "Stratagems",
        "initiative": "R",
        "smc_left": {"R": 4, "E": 4},
        "smc_max": 4,
        "vp": {"R": 0, "E": 0},
        "active_event": None,
        "zones": {},
        "peoples": _peoples(board, set()),
        "armenia": {"status": "roman", "zone": "armenia"},
        "fleets": [
            {"id": "ravenna", "name": "Ravenna", "zone": "ravenna", "at_sea": False, "side": "R"},
            {"id": "misenum", "name": "Misenum", "zone": "campania", "at_sea": False, "side": "R"},
        ],
        "reserve_fronts": [],
        "map_stratagems": [],
        "last_moves": [],
        "battle_zones": [],
    }
    v.update(over)
    return v


def campaign_start(board: BoardGeometry) -> dict[str, Any]:
    zones: dict[str, Any] = {}
    for i, (zid, front) in enumerate(_camp_zones(board)):
        zones.setdefault(zid, {"stacks": [_stack("R")]})["stacks"][0]["counters"].append(
            legion(i, board.zones[zid].name.split()[0], front)
        )
    zones["roma"] = {
        "stacks": [
            _stack(
                "R",
                leader("Marc-Aurèle", "augustus", "corporis_custodes"),
                leader("Lucius Verus", "augustus"),
                {
                    "kind": "garrison",
                    "label": "Praetoria Cohortis",
                    "short": "Pr",
                    "strength": 6,
                    "front": "interior",
                },
                {
                    "kind": "garrison",
                    "label": "Equites Singulares",
                    "short": "EqS",
                    "strength": 4,
                    "front": "interior",
                },
                {
                    "kind": "garrison",
                    "label": "Urbanae Cohortis",
                    "short": "Urb",
                    "strength": 3,
                    "front": "interior",
                },
            )
        ]
    }
    zones["lugdunum"] = {
        "stacks": [
            _stack(
                "R",
                {
                    "kind": "garrison",
                    "label": "Urbanae Cohortis",
                    "short": "Urb",
                    "strength": 3,
                    "front": "interior",
                },
            )
        ]
    }
    zones["armenia"] = {
        "stacks": [
            _stack(
                "R",
                {
                    "kind": "armenia",
                    "label": "Armenia",
                    "short": "Arm",
                    "strength": 4,
                    "people": "armenia",
                },
            )
        ]
    }
    # the event is the Events table's own (event 1 was once drawn as a made-up "Quiet year")
    return base_view(board, zones=zones, active_event=1)


def crowded_danube(board: BoardGeometry) -> dict[str, Any]:
    v = campaign_start(board)
    z = v["zones"]
    danube = sorted(zid for zid, g in board.zones.items() if g.front == "danube")
    for i, zid in enumerate(danube):
        units = [legion(i + j, "Gemina", "danube", reduced=(j % 3 == 2)) for j in range(2 + i % 5)]
        lead = (
            [
                leader(
                    [
                        "Helvius Pertinax",
                        "Claudius Pompeianus",
                        "Maximianus",
                        "Taruttienus Paternus",
                        "Macrinius Vindex",
                        "Bassaeus Rufus",
                    ][i % 6]
                )
            ]
            if i % 2 == 0
            else []
        )
        z[zid] = {"stacks": [_stack("R", *lead, *units)]}
    for p, n in (("marcomanni", 6), ("quades", 5), ("jazyges", 5), ("roxolani", 3), ("daces", 3)):
        if p in board.zones:
            counters = [people_unit(p, reduced=(j == 0)) for j in range(n)]
            if p in ("marcomanni", "quades", "jazyges"):
                counters.insert(0, leader(p.title(), people=p))
            z[p] = {"stacks": [_stack("E", *counters)]}
    z["vindobona"]["stacks"].append(_stack("E", *[people_unit("quades") for _ in range(3)]))
    z["vindobona"]["markers"] = ["plague"]
    v.update(
        scenario="Campaign game",
        year=171,
        phase="E",
        phase_name="Movements and combats",
        turn_label="SMC 5 of 8",
        initiative="E",
        active_side="R",
        smc_left={"R": 1, "E": 2},
        vp={"R": 14, "E": 19},
        active_event={
            "id": "6",
            "name": "Antonine plague",
            "text": "Plague markers are placed on the Danube Front.",
        },
        peoples=_peoples(board, {"marcomanni", "quades", "jazyges", "roxolani", "daces"}),
        reserve_fronts=["orient", "britannia"],
        map_stratagems=[
            {"id": "mutinerie", "name": "Mutinerie", "zone": "aquincum", "side": "E"},
            {
                "id": "coup_d_etat_parthe",
                "name": "Coup d'état parthe",
                "zone": "ctesiphon",
                "side": "R",
            },
        ],
        last_moves=[
            {"from": "quades", "to": "vindobona", "side": "E"},
            {"from": "carnuntum", "to": "vindobona", "side": "R"},
            {"from": "jazyges", "to": "aquincum", "side": "E"},
            {"from": "sirmium", "to": "singidunum", "side": "R"},
        ],
        battle_zones=["vindobona", "aquincum"],
        fleets=[
            {
                "id": "ravenna",
                "name": "Ravenna",
                "zone": "mare_internum_centralis",
                "at_sea": True,
                "side": "R",
                "counters": [legion(2, "Traiana", "south")],
            },
            {"id": "misenum", "name": "Misenum", "zone": "campania", "at_sea": False, "side": "R"},
        ],
    )
    return v


def civil_war(board: BoardGeometry) -> dict[str, Any]:
    v = campaign_start(board)
    z = v["zones"]
    z["roma"]["stacks"][0]["counters"][:2] = [
        leader("Marc-Aurèle", "augustus", "corporis_custodes"),
        leader("Commode", "caesar"),
    ]
    z["antiochia"] = {
        "stacks": [
            _stack(
                "E",
                leader("Avidius Cassius", "usurper"),
                legion(3, "Scythica", "orient"),
                legion(9, "Gallica", "orient"),
            )
        ]
    }
    z["caparcotna"] = {
        "stacks": [_stack("E", leader("Statius Priscus"), legion(5, "Ferrata", "orient"))]
    }
    z["melitene"] = {
        "stacks": [
            _stack(
                "R",
                leader("Martius Verus"),
                legion(11, "Fulminata", "orient"),
                legion(14, "Apollinaris", "orient", reduced=True),
            )
        ]
    }
    z["cyrrhus"] = {
        "stacks": [
            _stack("R", legion(15, "Flavia", "orient")),
            _stack("E", legion(3, "Scythica", "orient", reduced=True)),
        ]
    }
    v.update(
        scenario="The usurpation of Avidius Cassius",
        year=175,
        phase="E",
        phase_name="Movements and combats",
        turn_label="SMC 2 of 6",
        initiative="E",
        active_side="E",
        smc_left={"R": 2, "E": 1},
        vp={"R": 6, "E": 4},
        armenia={"status": "parthian", "zone": "armenia"},
        map_stratagems=[
            {"id": "intrigue_au_senat", "name": "Intrigue au Sénat", "zone": "roma", "side": "E"}
        ],
        last_moves=[
            {"from": "antiochia", "to": "cyrrhus", "side": "E"},
            {"from": "melitene", "to": "cyrrhus", "side": "R"},
        ],
        battle_zones=["cyrrhus"],
    )
    return v
