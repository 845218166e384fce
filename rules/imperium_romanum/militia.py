"""Militia (§29): strength points without counters that each province of a Roman power keeps on
the record sheet, added to that power's land combats in the province and lost first.

Where the scenario names rule 29, every province of a mobilization area with a militia value on
the period's Mobilization Chart (``charts_mobilization.toml``) starts at that value while a Roman
power holds it (29.1). Ruling IR-ENG-50; its division among several forces, IR-ENG-78.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.engine_data import period_chart
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world


def in_play(scenario: str) -> bool:
    return "29" in data().scenarios[scenario].special_rules


def maximum(st: IRState, province: str) -> int:
    """29.1: the militia value of the province's mobilization area in the scenario's period."""
    area = period_chart(data().scenarios[st.scenario].period).area_of(province)
    return area.militia if area is not None else 0


def cer(st: IRState, province: str) -> str:
    """29.1, 29.3: militia has the CER of its mobilization area."""
    area = period_chart(data().scenarios[st.scenario].period).area_of(province)
    return area.cer if area is not None else "B"


def set_up(st: IRState) -> None:
    """29.1: each province a Roman power holds at the start has its full militia."""
    if not in_play(st.scenario):
        return
    for province in sorted(st.province_owner):
        owner = st.province_owner[province]
        if owner and st.powers[owner]["kind"] == "roman" and maximum(st, province):
            st.militia[province] = maximum(st, province)


def share(st: IRState, power: str, province: str) -> int:
    """29.2: the militia that serves ``power`` in ``province``: all of it when the power, a Roman
    one, controls the province; while the province has no controller, each Roman power holding
    some of its cities has the share of its cities' tax value, fractions dropped (IR-ENG-50)."""
    total = st.militia.get(province, 0)
    if not total or power not in st.powers or st.powers[power]["kind"] != "roman":
        return 0
    from rules.imperium_romanum import city_centric

    if city_centric.in_play(st):
        return city_centric.militia_share(st, power, province, total)  # optional rule 41.3
    owner = st.province_owner.get(province, "")
    if owner:
        return total if owner == power else 0
    w = world(st.scenario)
    cities = B.cities_of(st, province)
    worth = sum(w.city_value[c].tax for c in cities)
    held = sum(w.city_value[c].tax for c in cities if st.city_owner.get(c, "") == power)
    return total * held // worth if worth else 0


def available(st: IRState, power: str, hex_id: str) -> int:
    """29.3: the militia ``power`` may add to a land combat in ``hex_id`` (its province's): all
    its share, or, once the owner divided it among his forces (IR-ENG-78), the points posted
    with that hex, and in an unposted hex what no post holds."""
    province = data().hexes[hex_id].province
    total = share(st, power, province) if province else 0
    posts = st.militia_posts.get(province, {}) if total else {}
    if not posts:
        return total
    if hex_id in posts:
        return min(total, posts[hex_id])
    return max(0, total - sum(posts.values()))


def post(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``militia_post`` command (29.3, IR-ENG-78), in the owner's Land Movement segment:
    ``province``, ``hex`` (a land hex of it) and ``sp`` (0 withdraws the post): that many of the
    province's militia points go with the forces in that hex and no other."""
    province, hex_id, sp = check_post(st, seat, args)
    posts = dict(st.militia_posts.get(province, {}))
    if sp:
        posts[hex_id] = sp
    else:
        posts.pop(hex_id, None)
    if posts:
        st.militia_posts[province] = posts
    else:
        st.militia_posts.pop(province, None)
    lines.append(B.secret(_("{sp} militia SP of {province} go with the forces at {hex} (29.3).", sp=sp,
                            province=data().provinces[province].name, hex=hex_id), seat))  # fmt: skip


def check_post(st: IRState, seat: str, args: dict[str, Any]) -> tuple[str, str, int]:
    if not in_play(st.scenario):
        raise RuleError("§29", _("this scenario has no militia"))
    province, hex_id = str(args.get("province", "")), str(args.get("hex", ""))
    try:
        sp = int(args.get("sp", 0))
    except (TypeError, ValueError):
        sp = -1
    owner = st.province_owner.get(province, "")
    if province not in data().provinces or not owner or B.seat_of(st, owner) != seat or st.powers[owner]["kind"] != "roman":
        raise RuleError("§29.2", _("only the Roman owner of a province divides its militia: {province} is not yours",
                                   province=province or "?"))  # fmt: skip
    if hex_id not in data().hexes or data().hexes[hex_id].province != province or data().hexes[hex_id].kind != "land":
        raise RuleError("§29.3", _("{hex} is not a land hex of {province}", hex=hex_id or "?",
                                   province=data().provinces[province].name))  # fmt: skip
    others = sum(v for h, v in st.militia_posts.get(province, {}).items() if h != hex_id)
    room = st.militia.get(province, 0) - others
    if sp < 0 or sp > room:
        raise RuleError("§29.3", _("{province} has {room} militia SP left to post", province=data().provinces[province].name,
                                   room=max(0, room)))  # fmt: skip
    return province, hex_id, sp


def post_options(st: IRState, seat: str) -> list[dict[str, Any]]:
    """For the legal-command list: in each province of the seat's Roman powers with militia,
    the whole militia posted with each hex where the seat has combat units, when not so already."""
    if not in_play(st.scenario) or st.segment != "movement":
        return []
    out = []
    for province in sorted(p for p, sp in st.militia.items() if sp > 0):
        owner = st.province_owner.get(province, "")
        if not owner or B.seat_of(st, owner) != seat or st.powers[owner]["kind"] != "roman":
            continue
        hexes = sorted({u["hex"] for u in st.units.values() if B.seat_of(st, u["power"]) == seat and B.is_combat(u)
                        and data().hexes[u["hex"]].province == province and not u.get("aboard")})  # fmt: skip
        for hex_id in hexes:
            if st.militia_posts.get(province, {}) != {hex_id: st.militia[province]}:
                out.append({"province": province, "hex": hex_id, "sp": st.militia[province]})
    return out


def for_side(st: IRState, powers: list[str], hex_id: str) -> tuple[str, int]:
    """The power of a side whose militia joins a combat in ``hex_id`` and how much (the first
    of the side's powers with any, in id order; IR-ENG-50: the whole share joins every combat)."""
    for power in sorted(powers):
        sp = available(st, power, hex_id)
        if sp:
            return power, sp
    return "", 0


def lose(st: IRState, power: str, hex_id: str, sp: int, lines: list[Text]) -> int:
    """29.3: militia strength points lost in combat or to an overrun; no morale is lost, as no
    unit is (19.1). Returns the points actually lost."""
    province = data().hexes[hex_id].province
    sp = min(sp, available(st, power, hex_id))
    if sp <= 0:
        return 0
    st.militia[province] = st.militia.get(province, 0) - sp
    posts = st.militia_posts.get(province, {})
    if hex_id in posts:  # IR-ENG-78: the post that fought pays first
        st.militia_posts[province] = {h: (v - sp if h == hex_id else v) for h, v in posts.items() if h != hex_id or v > sp}
    elif posts:  # the unposted remainder fought: posts keep what the province still has
        _trim_posts(st, province)
    if not st.militia_posts.get(province, {"": 1}):
        del st.militia_posts[province]
    st.stat("militia_sp_lost", sp)
    lines.append(_("{power} loses {sp} militia SP in {province} (29.3): {left} left.", power=st.powers[power]["name"],
                   sp=sp, province=data().provinces[province].name, left=st.militia[province]))  # fmt: skip
    return sp


def province_changes_hands(st: IRState, province: str, new_owner: str) -> None:
    """29.2: a Roman power taking the province takes its militia as it stands; under any other
    power the militia is gone until a Roman power retakes the province and rebuilds it."""
    if not in_play(st.scenario) or province not in st.militia:
        return
    st.militia_posts.pop(province, None)  # IR-ENG-78: the new owner divides it afresh
    if new_owner and st.powers[new_owner]["kind"] != "roman":
        st.militia[province] = 0


def _trim_posts(st: IRState, province: str) -> None:
    """Posts never hold more than the province has (IR-ENG-78): the largest shrink first."""
    posts = dict(st.militia_posts.get(province, {}))
    excess = sum(posts.values()) - st.militia.get(province, 0)
    for hex_id in sorted(posts, key=lambda h: (-posts[h], h)):
        if excess <= 0:
            break
        cut = min(excess, posts[hex_id])
        posts[hex_id] -= cut
        excess -= cut
    st.militia_posts[province] = {h: v for h, v in posts.items() if v > 0}


def rebuild_options(st: IRState, seat: str) -> list[dict[str, Any]]:
    """29.4: for each province of the seat's Roman powers below its maximum, rebuilding one SP."""
    if not in_play(st.scenario) or st.segment != "taxation":
        return []
    out = []
    cost = period_chart(data().scenarios[st.scenario].period).militia_cost
    for power in B.powers_of(st, seat):
        if st.powers[power]["kind"] != "roman":
            continue
        for province in sorted(p for p, o in st.province_owner.items() if o == power):
            if st.militia.get(province, 0) < maximum(st, province) and st.powers[power]["treasury"] >= cost:
                out.append({"province": province, "sp": 1})
    return out


def rebuild(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``militia`` command (29.4), in a Taxation & Mobilization Phase: ``province`` and
    ``sp``; each point costs the period's militia cost in talents, up to the maximum."""
    if not in_play(st.scenario):
        raise RuleError("§29", _("this scenario has no militia"))
    province = str(args.get("province", ""))
    try:
        sp = int(args.get("sp", 0))
    except (TypeError, ValueError):
        sp = 0
    owner = st.province_owner.get(province, "")
    if province not in data().provinces or not owner or B.seat_of(st, owner) != seat:
        raise RuleError("§29.2", _("only the owner of a province rebuilds its militia: {province} is not yours",
                                   province=province or "?"))  # fmt: skip
    if st.powers[owner]["kind"] != "roman":
        raise RuleError("§29.2", _("only Roman powers have militia"))
    room = maximum(st, province) - st.militia.get(province, 0)
    if sp < 1 or sp > room:
        raise RuleError("§29.4", _("{province} can take 1 to {room} militia SP", province=data().provinces[province].name,
                                   room=room))  # fmt: skip
    cost = sp * period_chart(data().scenarios[st.scenario].period).militia_cost
    if st.powers[owner]["treasury"] < cost:
        raise RuleError("§29.4", _("{sp} militia SP cost {cost} talents; the treasury holds {treasury}", sp=sp, cost=cost,
                                   treasury=st.powers[owner]["treasury"]))  # fmt: skip
    st.powers[owner]["treasury"] -= cost
    st.militia[province] = st.militia.get(province, 0) + sp
    # done in Taxation & Mobilization, a simultaneous segment: its seat's secret, like a raise
    # (IR-ENG-60, IR-DIS-5: the others see the treasury as it stood when the segment opened)
    lines.append(B.secret(_("{power} rebuilds {sp} militia SP in {province} for {cost} talents (29.4).",
                            power=st.powers[owner]["name"], sp=sp, province=data().provinces[province].name,
                            cost=cost), seat))  # fmt: skip
