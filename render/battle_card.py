"""A small image of one battle: forces, odds column, shifts, roll and result.

Input dict (every key optional except the two sides)::

    {
      "zone": "Vindobona", "year": 175, "smc": 3,
      "attacker": {"side": "R", "name": "Maximianus", "strength": 20,
                   "counters": [ ...counters as in the public view... ]},
      "defender": {"side": "E", "name": "Quades", "strength": 5, "counters": [...]},
      "odds": "4/1",                       # the ratio as computed
      "column": "4/1",                     # the column used after shifts
      "columns": ["1/3", ..., "4/1"],      # the table's columns (drawn as a strip)
      "shifts": ["+1 Augustus present", "-1 across the Danuvius"],
      "roll": 4, "modifier": 1, "total": 5,
      "result": {"attacker": "1/4", "defender": "R", "winner": "A"},   # or a plain string
      "text": "The Quades retreat."
    }

Each side may also carry what the battle cost it (``rules.imperator.views.battle_card``):
``"loss_code": "1/2: step losses on half ..."`` (the table's result in words), ``"losses":
["IVe Scythica (reduced)"]``, ``"retreats": ["Avidius Cassius → Melitene"]``, ``"deaths":
[...]``; and the card ``"waiting": "rome still chooses (retreat)"`` while a choice is open.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.assets import font
from render.imperator_scene import SIDE_NAMES, _counters, norm_side
from render.words import words
from rules.core.i18n import Text, _, join

W = 760
DEFAULT_COLUMNS = ["1/3", "1/2", "2/3", "4/5", "1/1", "5/4", "3/2", "2/1", "3/1", "4/1"]


COST_LINE = 17
"""Height of one line of a side's losses, retreats and deaths."""


def aftermath_lines(side: Mapping[str, Any]) -> list[Text]:
    """What the battle cost one side, as the card prints it under its counters: the losses
    (the units hit, else the table's result in words), the retreats and the deaths (marked
    sentences: the card writes them in the game's language)."""
    lines = []
    if "losses" in side:
        lines.append(
            _("Losses: {units}", units=join(", ", list(side["losses"])))
            if side["losses"]
            else _("Losses: none")
        )
    if side.get("loss_code"):
        lines.append(_("Result {code}", code=side["loss_code"]))
    if side.get("retreats"):
        lines.append(_("Retreat: {moves}", moves=join(", ", list(side["retreats"]))))
    if side.get("deaths"):
        lines.append(_("Died: {leaders}", leaders=join(", ", list(side["deaths"]))))
    return lines


def render_battle_card(battle: Mapping[str, Any]) -> bytes:
    from render.imperator import (
        INK,
        PAPER,
        SIDE_COLOURS,
        _draw_leader,
        _draw_text_box,
        _draw_unit,
        _fit,
        _metrics,
        _text_size,
        _wrap,
        encode_png,
    )

    k = 1.3
    m = _metrics(k)
    sides = [battle.get("attacker") or {}, battle.get("defender") or {}]
    counters = [_counters(s.get("counters")) for s in sides]
    col_w = (W - 60) // 2
    cost_font = font("sans", 13)
    costs = [
        [
            part
            for line in aftermath_lines(s)
            for part in _wrap(words(dict(battle))(line), cost_font, col_w - 8)
        ]
        for s in sides
    ]
    rows_needed = max(
        sum(1 for c in cs if c.is_leader) * (m.leader_h + m.gap)
        + ((sum(1 for c in cs if not c.is_leader) + 4) // 5) * (m.unit + m.gap)
        + len(lines) * COST_LINE
        for cs, lines in zip(counters, costs, strict=True)
    )
    H = 150 + rows_needed + 210
    img = Image.new("RGB", (W, H), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W - 1, H - 1), outline=(120, 30, 30), width=4)
    tr = words(dict(battle))  # the labels in the game's language (``language`` key)
    title = tr(_("Battle of {zone}", zone=battle.get("zone", "?")))
    sub = " · ".join(
        x
        for x in (
            tr(_("AD {year}", year=battle["year"])) if battle.get("year") else "",
            tr(_("SMC {number}", number=battle["smc"])) if battle.get("smc") else "",
        )
        if x
    )
    d.text((20, 12), title, font=font("serif-bold", 26), fill=(120, 20, 24))
    if sub:
        tw, _h = _text_size(sub, font("sans-bold", 15))
        d.text((W - 20 - tw, 20), sub, font=font("sans-bold", 15), fill=INK)
    y0 = 56
    for i, (s, cs) in enumerate(zip(sides, counters, strict=True)):
        x = 20 + i * (col_w + 20)
        side = norm_side(s.get("side", "R" if i == 0 else "E")) or "R"
        colour = SIDE_COLOURS[side]
        role = tr(_("Attacker") if i == 0 else _("Defender"))
        d.rectangle((x, y0, x + col_w, y0 + 24), fill=colour)
        _draw_text_box(
            d,
            (x, y0, x + col_w, y0 + 24),
            f"{role} · {tr(SIDE_NAMES[side])}",
            font("sans-bold", 14),
            (255, 255, 255),
            halo=None,
        )
        name = tr(s.get("name", ""))  # leaders' names, or the side's marked name
        strength = s.get("strength")
        tail = "   " + tr(_("{pf} PF", pf=strength)) if strength is not None else ""
        nf = font("sans-bold", 15)
        line = _fit(name, nf, col_w - 8 - _text_size(tail, nf)[0]) + tail
        d.text((x + 4, y0 + 30), line, font=nf, fill=INK)
        cy = y0 + 54
        for c in (c for c in cs if c.is_leader):
            _draw_leader(d, x + 4, cy, min(col_w - 8, 260), c, side, m, k)
            cy += m.leader_h + m.gap
        units = [c for c in cs if not c.is_leader]
        for j, c in enumerate(units):
            _draw_unit(
                d,
                x + 4 + (j % 5) * (m.unit + m.gap),
                cy + (j // 5) * (m.unit + m.gap),
                c,
                side,
                m,
                k,
            )
        cy += ((len(units) + 4) // 5) * (m.unit + m.gap)
        for line in costs[i]:
            d.text((x + 4, cy), line, font=cost_font, fill=INK)
            cy += COST_LINE
    y = y0 + 60 + rows_needed + 10
    # Odds strip.
    columns = [str(c) for c in battle.get("columns") or DEFAULT_COLUMNS]
    used = str(battle.get("column", battle.get("odds", "")))
    d.text((20, y), tr(_("Odds")), font=font("serif-bold", 15), fill=(120, 20, 24))
    cw = (W - 110) / len(columns)
    for j, col in enumerate(columns):
        bx = 90 + j * cw
        hit = col == used
        d.rectangle(
            (bx, y - 2, bx + cw - 3, y + 22),
            fill=(158, 24, 32) if hit else (236, 230, 214),
            outline=(140, 120, 100),
        )
        _draw_text_box(
            d,
            (bx, y - 2, bx + cw - 3, y + 22),
            col,
            font("sans-bold", 13),
            (255, 255, 255) if hit else INK,
            halo=None,
        )
    y += 32
    odds = battle.get("odds")
    if odds and str(odds) != used:
        ratio = tr(_("Ratio {odds}, shifted to column {column}", odds=odds, column=used))
        d.text((20, y), ratio, font=font("sans", 14), fill=INK)
        y += 20
    shifts = list(battle.get("shifts") or ())  # marked sentences: translated with the line
    d.text(
        (20, y),
        tr(_("Shifts: {shifts}", shifts=join("; ", shifts)) if shifts else _("Shifts: none")),
        font=font("sans", 14),
        fill=INK,
    )
    y += 24
    roll = battle.get("roll")
    if roll is not None:
        mod = battle.get("modifier")
        total = battle.get("total")
        text = tr(_("Die roll {roll}", roll=roll))
        if mod:
            text += f" {int(mod):+d}"
        if total is not None and (mod or total != roll):
            text += f" = {total}"
        d.rounded_rectangle(
            (20, y, 60, y + 40), radius=6, fill=(255, 255, 255), outline=INK, width=2
        )
        _draw_text_box(d, (20, y, 60, y + 40), str(roll), font("sans-bold", 22), INK, halo=None)
        d.text((72, y + 10), text, font=font("sans-bold", 16), fill=INK)
        y += 50
    res = battle.get("result")
    if isinstance(res, Mapping):
        parts = []
        if "attacker" in res:
            parts.append(tr(_("Attacker {result}", result=res["attacker"])))
        if "defender" in res:
            parts.append(tr(_("Defender {result}", result=res["defender"])))
        winner = res.get("winner")
        if winner:
            parts.append(
                tr(_("attacker wins"))
                if str(winner).upper().startswith("A")
                else tr(_("defender wins"))
                if str(winner).upper().startswith("D")
                else tr(winner)
            )
        rtext = " · ".join(parts)
    else:
        rtext = tr(res or "")
    if rtext:
        d.text((20, y), tr(_("Result: {result}", result=rtext)), font=font("sans-bold", 17), fill=(120, 20, 24))
        y += 26
    waiting = battle.get("waiting")
    if waiting:
        d.text((20, y), tr(_("Waiting: {who}", who=tr(waiting))), font=font("sans", 14), fill=INK)
        y += 20
    for line in _wrap(tr(battle.get("text", "")), font("sans", 14), W - 40)[:3]:
        d.text((20, y), line, font=font("sans", 14), fill=INK)
        y += 18
    img = img.crop((0, 0, W, min(H, y + 16)))
    ImageDraw.Draw(img).rectangle((0, 0, W - 1, img.size[1] - 1), outline=(120, 30, 30), width=4)
    return encode_png(img) if img else io.BytesIO().getvalue()
