"""``docs/imperium-romanum-discord.md`` against the code (issue 18): every command its table
names exists at the local table with the options it names, and every scenario, game option and
standing order the code has is in the doc. A command, option or scenario added or renamed
without the doc fails here."""

from __future__ import annotations

import re
from pathlib import Path

from imperium_helpers import opening_lines

from bot.local import LocalTable
from rules.imperium_romanum.game import PLAYABLE, STANDING, ImperiumRomanumGame

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "imperium-romanum-discord.md"
README = ROOT / "README.md"


def table_rows() -> list[str]:
    """The first cell of each row of the doc's Commands table: ``/imperium give to: units:\\|city:``."""
    text = DOC.read_text(encoding="utf-8")
    commands = text[text.index("## Commands"):text.index("## Response windows")]
    return [m.group(1) for m in re.finditer(r"^\| `(/[^`]+)` \|", commands, re.MULTILINE)]


async def test_every_command_of_the_doc_exists_with_the_options_it_names(table: LocalTable) -> None:
    rows = table_rows()
    assert len(rows) >= 25, rows  # the whole table was read
    for row in rows:
        words = row.replace("\\|", " ").split()
        names = [w for w in words if not w.endswith(":")]
        options = {w.rstrip(":") for w in words if w.endswith(":")}
        command, used = table.find_command(names)
        assert used == len(names), row
        shown = {p.display_name for p in command.parameters}
        assert options <= shown, (row, options - shown)


async def test_every_imperium_command_of_the_code_is_in_the_doc(table: LocalTable) -> None:
    group = table.bot.tree.get_command("imperium")
    rows = " ".join(table_rows())
    missing = [c.name for c in group.commands if f"/imperium {c.name}" not in rows]  # type: ignore[union-attr]
    assert missing == [], missing


def test_the_doc_names_every_scenario_option_and_standing_order() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    numbers = [str(int(s[1:])) for s in PLAYABLE]  # s12 -> 12, in the engine's order
    assert f"Scenarios {', '.join(numbers[:-1])} and {numbers[-1]}, the four the data holds, all play" in text, numbers
    assert "would be refused at `/game start` with that rule's section" in text  # Game.new runs at the start
    for spec in ImperiumRomanumGame.option_specs():
        assert f"`{spec.name}`" in text, spec.name
    for order in STANDING:
        assert order in text, order


def readme_part() -> str:
    """The README's Imperium Romanum paragraph of its Commands section."""
    text = README.read_text(encoding="utf-8")
    start = text.index("Imperium Romanum's are the group `/imperium`")
    return text[start:text.index("\n## ", start)]


def test_the_readmes_imperium_romanum_opening_is_the_one_every_local_table_test_plays() -> None:
    """A new player types the README's lines; the shared opening (imperium_helpers.open_game,
    behind ``ir_table``) types the same, each accepted, so they work as written."""
    part = readme_part()
    start = part.index("```text\n") + len("```text\n")
    block = part[start:part.index("\n```", start)]
    assert block.splitlines() == opening_lines()


async def test_every_command_the_readme_names_for_imperium_romanum_exists(table: LocalTable) -> None:
    part = " ".join(readme_part().split())
    group = part[part.index("`/imperium` (") + 13:part.index(")", part.index("`/imperium` ("))]
    names = re.findall(r"`(\w+)`", group)
    assert len(names) == 20, names
    for name in names:
        table.find_command(["imperium", name])  # LocalInputError when there is no such subcommand
    for path in ("/record", "/stack", "/move", "/attack", "/end", "/respond", "/game status"):
        command, used = table.find_command(path.split())
        assert used == len(path.split()), path
    assert "`/help game:imperium_romanum`" in part
