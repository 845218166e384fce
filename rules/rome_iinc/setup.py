"""Setting up a scenario from ``scenarios.toml`` (13.0)."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.rome_iinc.data import data
from rules.rome_iinc.state import RomeState

POOLS = ("cavalry", "guards", "legion", "pseudo", "auxilia", "fleet")


def new_state(scenario: str, mode: str, dice: Dice, options: dict[str, str]) -> RomeState:
    d = data()
    s = d.scenarios[scenario]
    st = RomeState(scenario=scenario, mode=mode, dice=dice, options=options)
    st.gold = dict(s["gold"])
    st.prestige = {e: int(v) + int(s.get("bonus_prestige", 0)) for e, v in s["prestige"].items()}
    st.unrest = dict(s["unrest"])
    st.fallen = {"east": False, "west": False}
    st.rebel_emperor = {"east": False, "west": False}
    st.status = {pid: "roman" for pid, p in d.provinces.items() if not p.homeland}
    for pid, status in s["status"].items():
        st.status[pid] = status
    for pid, tribe in s.get("tribes", {}).items():
        st.tribe[pid] = tribe
    # Units: every counter of the mix, numbered per pool; set-up ones placed, the rest in Barracks
    mix = d.charts["units"]["mix"]
    free: dict[str, list[str]] = {}
    for pool in POOLS:
        ids = [f"{pool}-{i:02d}" for i in range(1, int(mix[pool]) + 1)]
        for uid in ids:
            st.units[uid] = {"type": pool, "vet": False, "loc": "barracks"}
        free[pool] = ids
    for pid in sorted(s["units"]):
        for entry in s["units"][pid]:
            kind = entry.rstrip("*")
            pool = "pseudo" if kind in ("pseudo", "fort") else kind
            uid = free[pool].pop(0)
            st.units[uid] = {"type": kind, "vet": entry.endswith("*"), "loc": pid}
    for uid in free["pseudo"]:
        st.units[uid]["type"] = "fort"  # a Barracks counter may be built as either side (10.6.1)
    st.commands = {cid: {"gov": "generic", "rebel": False} for cid in sorted(d.commands)}
    for sid, st_ in d.statesmen.items():
        st.statesmen[sid] = "down" if st_.scenario == scenario else "out"
    st.emperors = dict(s["emperors"])
    for sid in st.emperors.values():
        st.statesmen[sid] = "emperor"
    for cid, sid in s["governors"].items():
        st.commands[cid]["gov"] = sid
        if sid != "generic":
            st.statesmen[sid] = "governor"
    for cid, sid in s["rebels"].items():
        st.commands[cid] = {"gov": sid, "rebel": True}
        if sid != "generic":
            st.statesmen[sid] = "governor"
    st.dynasties = list(s.get("dynasties", []))
    st.dynasties_down = sorted(k for k, v in d.dynasties.items()
                               if v["scenario"] == scenario and k not in st.dynasties)
    for wid, war in d.wars.items():
        st.wars[wid] = "cup" if war.scenario == scenario else "out"
    for wid, where in s["wars"].items():
        st.wars[wid] = where
    for empire in s.get("fallen", []):
        # an Empire that has already Fallen: Fall counter, Sole Emperor, Rebel Governors (12.2.2)
        st.fallen[empire] = True
        st.sole = "west" if empire == "east" else "east"
    for lid, leader in d.leaders.items():
        st.leaders[lid] = "cup" if leader.scenario == scenario else "out"
    for lid, where in s.get("leaders", {}).items():
        st.leaders[lid] = where
    return st
