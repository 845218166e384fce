"""Transcripts: play a file of local-table lines and check what happens (docs/transcripts.md).

Exit codes of ``praetor replay``: 0 all as expected, 1 an unexpected result (named with its
line number), 2 a malformed transcript.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy import func
from sqlmodel import select

from bot.clock import FakeClock, parse_duration
from bot.local import DiscordRuleViolation, LocalInputError, LocalTable, Output
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade
from db.models import EventRow

OK, UNEXPECTED, MALFORMED = 0, 1, 2


class TranscriptFailure(Exception):
    def __init__(self, line_number: int, message: str) -> None:
        super().__init__(f"line {line_number}: {message}")
        self.line_number = line_number


class MalformedTranscript(TranscriptFailure):
    pass


@dataclass
class Step:
    number: int
    kind: str  # as | slash | refused(-click/-select) | click | select | wait | locale | restart
    # | deny | allow | fail | expect
    text: str


def parse_transcript(text: str) -> list[Step]:
    """Read a transcript; raise ``MalformedTranscript`` for a line of no known form."""
    steps = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("as "):
            user = line[3:].strip()
            if not user or " " in user:
                raise MalformedTranscript(number, "`as` takes one user name")
            steps.append(Step(number, "as", user))
        elif line.startswith("/"):
            steps.append(Step(number, "slash", line))
        elif line.startswith("!"):
            rest = line[1:].strip()
            if rest.startswith("/"):
                steps.append(Step(number, "refused", rest))
            elif rest.startswith("click "):
                steps.append(Step(number, "refused-click", rest[6:].strip()))
            elif rest.startswith("select "):
                steps.append(Step(number, "refused-select", rest[7:].strip()))
            else:
                raise MalformedTranscript(
                    number, "`!` must be followed by a slash command, click or select"
                )
        elif line.startswith("click "):
            steps.append(Step(number, "click", line[6:].strip()))
        elif line.startswith("select "):
            steps.append(Step(number, "select", line[7:].strip()))
        elif line.startswith("wait "):
            try:
                parse_duration(line[5:])
            except ValueError as exc:
                raise MalformedTranscript(number, str(exc)) from None
            steps.append(Step(number, "wait", line[5:].strip()))
        elif line.startswith("locale "):
            words = line[7:].split()
            if not (len(words) == 1 or (len(words) == 2 and words[0] == "server")):
                raise MalformedTranscript(number, "use `locale <code>` or `locale server <code>`")
            steps.append(Step(number, "locale", " ".join(words)))
        elif line == "restart":
            steps.append(Step(number, "restart", ""))
        elif line.startswith(("deny ", "allow ")):
            from bot.permissions import REQUIRED

            verb, _sep, flag = line.partition(" ")
            if flag.strip() not in REQUIRED:
                raise MalformedTranscript(
                    number, f"`{verb}` takes one of: {', '.join(REQUIRED)} (not {flag!r})"
                )
            steps.append(Step(number, verb, flag.strip()))
        elif line == "fail post" or line.startswith("fail posts "):
            count = line[11:].strip() if line.startswith("fail posts ") else "1"
            if not re.fullmatch(r"[1-9][0-9]?", count):
                raise MalformedTranscript(number, "use `fail post` or `fail posts N` (N: 1-99)")
            steps.append(Step(number, "fail", count))
        elif line.startswith(">"):
            steps.append(Step(number, "expect", line[1:].strip()))
        else:
            raise MalformedTranscript(number, f"cannot read {line!r}")
    return steps


class TranscriptRunner:
    """Plays steps on a fresh database with a fake clock and deterministic seeds."""

    def __init__(
        self, database: Path, seed: int, images_dir: Path, out: TextIO, locale: str = "en-US"
    ) -> None:
        self.database = database
        self.seed = seed
        self.images_dir = images_dir
        self.out = out
        self.clock = FakeClock()
        self.table: LocalTable | None = None
        self.user = "alice"
        self.last: list[Output] = []
        self.seeds_drawn = 0
        self.forced_seeds: list[str] = []
        self.locale = locale
        self.user_locales: dict[str, str] = {}  # kept across `restart`
        self.denied: set[str] = set()  # permissions taken from the bot (`deny`)

    def next_seed(self) -> str:
        if self.forced_seeds:  # ``# seed: VALUE`` lines, in order (a game exported with its seed)
            return self.forced_seeds.pop(0)
        self.seeds_drawn += 1
        return f"replay-{self.seed}-{self.seeds_drawn}"

    async def open(self) -> None:
        engine = make_engine(f"sqlite:///{self.database}")
        await upgrade(engine)
        moderator = Moderator(engine, clock=self.clock, seed_source=self.next_seed)
        self.table = LocalTable(
            moderator,
            self.images_dir,
            user=self.user,
            locale=self.locale,
            components_file=self.database.with_name(self.database.name + ".components.json"),
        )
        self.table.user_locales = self.user_locales
        self.table.denied = self.denied  # kept across `restart`, as a server's settings are
        await self.table.setup()

    async def close(self) -> None:
        if self.table is not None:
            await self.table.close()
            await self.table.moderator.engine.dispose()
            self.table = None

    async def event_count(self) -> int:
        assert self.table is not None
        async with self.table.moderator.sessions() as session:
            return int((await session.exec(select(func.count()).select_from(EventRow))).one())

    def _flush(self, start: int) -> list[Output]:
        assert self.table is not None
        new = self.table.outputs[start:]
        for output in new:
            for line in output.lines():
                print(line, file=self.out)
        return new

    async def run(self, steps: list[Step]) -> None:
        await self.open()
        try:
            for step in steps:
                await self.run_step(step)
        finally:
            await self.close()

    async def run_step(self, step: Step) -> None:
        table = self.table
        assert table is not None
        if step.kind == "as":
            self.user = table.user = step.text
            return
        if step.kind == "locale":
            table.set_locale(step.text)
            self.locale = table.locale
            return
        if step.kind == "expect":
            texts = "\n".join(o.text for o in self.last)
            if step.text not in texts and step.text not in "\n".join(
                line for o in self.last for line in o.lines()
            ):
                raise TranscriptFailure(step.number, f"expected output containing {step.text!r}")
            return
        if step.kind == "restart":
            await self.close()
            await self.open()
            self.last = []
            return
        if step.kind == "deny":
            self.denied.add(step.text)
            return
        if step.kind == "allow":
            self.denied.discard(step.text)
            return
        if step.kind == "fail":
            table.failing_posts += int(step.text)
            return
        start = len(table.outputs)
        try:
            if step.kind == "wait":
                self.clock.advance(parse_duration(step.text))
                scheduler = table.bot.get_cog("SchedulerCog")
                await scheduler.tick()  # type: ignore[union-attr]
            elif step.kind in ("slash", "refused"):
                before = await self.event_count() if step.kind.startswith("refused") else 0  # only a refusal is checked
                interaction = await table.run_slash(step.text)
                refused = bool(table.outputs[start:]) and table.outputs[start].refusal
                if step.kind == "slash" and refused:
                    self.last = self._flush(start)
                    raise TranscriptFailure(step.number, f"refused: {table.outputs[start].text}")
                if step.kind == "refused":
                    if not refused:
                        self.last = self._flush(start)
                        raise TranscriptFailure(
                            step.number, "the command was accepted, not refused"
                        )
                    if await self.event_count() != before:
                        raise TranscriptFailure(step.number, "a refused command added an event")
                del interaction
            elif step.kind in ("click", "refused-click"):
                before = await self.event_count() if step.kind.startswith("refused") else 0  # only a refusal is checked
                await table.click(step.text)
                await self._check_refusal(step, start, before)
            elif step.kind in ("select", "refused-select"):
                before = await self.event_count() if step.kind.startswith("refused") else 0  # only a refusal is checked
                wanted = [part.strip() for part in step.text.split(",") if part.strip()]
                await table.select(wanted)
                await self._check_refusal(step, start, before)
        except LocalInputError as exc:
            raise TranscriptFailure(step.number, str(exc)) from None
        except DiscordRuleViolation as exc:
            raise TranscriptFailure(step.number, f"Discord would reject this: {exc}") from None
        self.last = self._flush(start)

    async def _check_refusal(self, step: Step, start: int, events_before: int) -> None:
        """A plain step must not be refused; a ``!`` step must be, and add no event."""
        table = self.table
        assert table is not None
        refused = bool(table.outputs[start:]) and table.outputs[start].refusal
        expect_refusal = step.kind.startswith("refused")
        if refused and not expect_refusal:
            self.last = self._flush(start)
            raise TranscriptFailure(step.number, f"refused: {table.outputs[start].text}")
        if expect_refusal:
            if not refused:
                self.last = self._flush(start)
                raise TranscriptFailure(step.number, "it was accepted, not refused")
            if await self.event_count() != events_before:
                raise TranscriptFailure(step.number, "a refused action added an event")

    async def summary(self, steps: list[Step]) -> str:
        """One line after a successful replay: commands played, the game's end state, OK."""
        played = sum(1 for step in steps if step.kind not in ("comment", "as", "expect", "wait"))
        await self.open()
        try:
            assert self.table is not None
            moderator = self.table.moderator
            row = await moderator.latest_game(self.table.channel_id)
        finally:
            await self.close()
        if row is None:
            state = "no game"
        elif row.status == "finished":
            winners = ", ".join((row.result or {}).get("winners") or []) or "nobody"
            state = f"game #{row.id} {row.kind} finished at move {row.seq}, winner: {winners}"
        else:
            state = f"game #{row.id} {row.kind} {row.status} at move {row.seq}"
        return f"replay OK: {played} lines played; {state}."

    async def final_state(self) -> dict[str, Any]:
        await self.open()
        try:
            assert self.table is not None
            moderator = self.table.moderator
            row = await moderator.channel_game(self.table.channel_id)
            if row is None:
                from sqlmodel import col

                from db.models import GameRow

                async with moderator.sessions() as session:
                    row = (
                        await session.exec(select(GameRow).order_by(col(GameRow.id).desc()))
                    ).first()
            if row is None or row.seq is None or row.status == "lobby":
                return {"game": None}
            game = await moderator.load(row)
            return {
                "game": row.id,
                "kind": row.kind,
                "status": row.status,
                "seq": row.seq,
                "result": row.result,
                "public": game.public_view(),
            }
        finally:
            await self.close()


async def replay_file(
    path: Path,
    seed: int = 1,
    as_json: bool = False,
    out: TextIO | None = None,
    locale: str = "en-US",
) -> int:
    """Play ``path``; print outputs; return the exit code."""
    out = out or sys.stdout
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"{path}: cannot read: {exc}", file=sys.stderr)
        return MALFORMED
    try:
        steps = parse_transcript(text)
    except MalformedTranscript as exc:
        print(f"{path}:{exc}", file=sys.stderr)
        return MALFORMED
    with tempfile.TemporaryDirectory(prefix="praetor-replay-") as tmp:
        runner = TranscriptRunner(
            Path(tmp) / "replay.db", seed, Path(tmp) / "images", out, locale=locale
        )
        runner.forced_seeds = re.findall(r"^\s*# seed: (\S+)", text, flags=re.MULTILINE)
        try:
            await runner.run(steps)
        except TranscriptFailure as exc:
            print(f"{path}:{exc}", file=sys.stderr)
            return UNEXPECTED
        except Exception as exc:  # an internal error is an unexpected result too
            import traceback

            traceback.print_exc()
            print(f"{path}: internal error: {exc!r}", file=sys.stderr)
            return UNEXPECTED
        summary = await runner.summary(steps)
        if as_json:
            print(
                json.dumps(await runner.final_state(), indent=2, sort_keys=True, default=str),
                file=out,
            )
            print(summary, file=sys.stderr)  # stdout stays pure JSON
        else:
            print(summary, file=out)
    return OK


__all__ = ["TranscriptRunner", "parse_transcript", "replay_file"]
