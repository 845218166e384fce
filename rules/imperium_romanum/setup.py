"""A scenario's set-up as a state (§5, scenario files): powers, seats, pieces, owners."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.i18n import data_name
from rules.imperium_romanum import counters
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.data_model import FORT_LEVEL_NAMES
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world


def start_port_hexes(scenario_id: str, power_id: str) -> list[str]:
    """27.1: the non-city ports of the provinces where ``power_id``'s pieces start (a box's own
    province for pieces in an island box), in hex order."""
    d = data()
    provinces = {d.hexes[f"{dep.hex}{dep.box}"].province for dep in d.scenarios[scenario_id].deployments
                 if dep.power == power_id}  # fmt: skip
    return sorted(port.hex for port in d.ports if port.province in provinces)


def _start_ports(st: IRState) -> None:
    """27.1: a power marked ``start_ports`` holds those non-city ports from the start, those of
    provinces it does not hold already (IR-SCN-5; captured later as any port, IR-ENG-110)."""
    for power in data().scenarios[st.scenario].powers:
        if power.start_ports:
            for hex_id in start_port_hexes(st.scenario, power.id):
                if st.province_owner.get(data().hexes[hex_id].province) != power.id:
                    st.port_owner[hex_id] = power.id


def new_state(scenario_id: str, dice: Dice, options: dict[str, str]) -> IRState:
    """The state at the start of the scenario's first month, before its first segment."""
    d = data()
    scen = d.scenarios[scenario_id]
    w = world(scenario_id)
    st = IRState(scenario=scenario_id, dice=dice, options=dict(options))
    st.seats = list(scen.turn_order)
    st.year, st.month = scen.start
    st.season = SEQ.month_season(st.month)
    for power in scen.powers:
        status = "major" if power.major else (power.status or "inactive neutral")
        seat = power.id if power.major else (power.patron if status.endswith("client") and power.patron in st.seats else "")
        st.powers[power.id] = {
            "name": data_name(power.name), "kind": power.kind, "major": power.major, "status": status,
            "patron": power.patron, "seat": seat, "cer": power.cer, "treasury": power.treasury,
            "morale": power.morale, "chief": power.chief, "dissolved": False,
            "start_provinces": list(power.provinces),
        }  # fmt: skip
        for province in power.provinces:
            st.province_owner[province] = power.id
    for city, _value in sorted(w.city_value.items()):
        st.city_owner[city] = st.province_owner.get(d.cities[city].province, "")
    reserved = {cid for dep in scen.deployments for cid in dep.legions}
    for dep in scen.deployments:
        # 3.1.1: pieces set up in an island box stand in it; their fleets lie on its hex
        place = f"{dep.hex}{dep.box}"
        for unit_type, count in dep.units:
            named = counters.set_up_ids(dep, unit_type)
            for n in range(count):
                st.seq += 1
                uid = f"{dep.power}.{unit_type}.{sum(1 for u in st.units if u.startswith(f'{dep.power}.{unit_type}.')) + 1}"
                rec = {
                    "type": unit_type, "power": dep.power, "hex": dep.hex if unit_type.startswith("fleet") else place,
                    "order": st.seq,
                    # IR-ENG-6: set-up units are veteran; set-up baggage trains are full
                    "vet": True, "sp": 6 if unit_type == "baggage_train" else 0, "besieged": False,
                    "mp": 0, "activated": False, "moved": False, "supplied": False, "spent": False,
                    "crossing": "", "from": "", "must_attack": False, "foraged": False,
                }  # fmt: skip
                if n < len(named):  # the counter the scenario names (IR-SCN-6)
                    rec["counter_id"] = named[n]
                else:  # 5.7: the lowest free one of the colour (IR-ENG-129)
                    counters.hand_out(st, dep.power, rec, reserved)
                st.units[uid] = rec
        if dep.fort:  # 21.1, 27.1: a fort set up with the pieces (the pirates' D forts)
            st.forts.setdefault(place, {})[dep.power] = 1 + FORT_LEVEL_NAMES.index(dep.fort)
        for lid in dep.leaders:
            st.leaders[lid] = {"power": dep.power, "hex": place, "status": "map", "captor": "", "mp": 0,
                               "activated": False}  # fmt: skip
    _aboard_at_sea(st)
    _start_ports(st)
    from rules.imperium_romanum import militia

    militia.set_up(st)  # 29.1
    for seat in st.seats:
        st.standing[seat] = {}
    return st


def _aboard_at_sea(st: IRState) -> None:
    """IR-ENG-36: land units a scenario sets up on a sea hex (the pirates' 4-12s, IR-SCN-2) start
    aboard a fleet of their power there (10.4.1: 1 LE each); in a land hex they stay ashore (10.4.4)."""
    from rules.imperium_romanum import board as B
    from rules.imperium_romanum.naval_charts import naval_charts

    for uid in sorted(st.units):
        rec = st.units[uid]
        if B.is_fleet(rec) or data().hexes[rec["hex"]].kind == "land":
            continue
        for fid in sorted(f for f, frec in st.units.items() if B.is_fleet(frec) and frec["hex"] == rec["hex"]
                          and frec["power"] == rec["power"]):  # fmt: skip
            load = sum(B.le_halves(st.units[u]) for u in B.cargo_of(st, fid)[0])
            if load + B.le_halves(rec) <= naval_charts().transport["capacity_halves"]:
                rec["aboard"] = fid
                break

