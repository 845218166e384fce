"""The Moderator: runs games in channels on top of the rules and the database.

It seats people, starts games, applies commands atomically (a per-game lock in this process,
and the database's unique ``(game_id, seq)`` across processes: of two writers that read the same
seq, one lands and the other gets ``ConflictError``), opens and resolves pending decisions,
applies defaults when deadlines pass, handles undo with consent, concede, abandon, and exports
the log. It knows nothing of Discord: the cogs translate to and from it.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any, TypeVar

from sqlalchemy import Connection, String, cast, delete, insert, or_, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col, select

from bot.bounds import BoundsError, parse_timing_option
from bot.clock import Clock
from bot.i18n import game_language, localise
from bot.outbox import Outbox, Post
from bot.rules_version import recorded_elsewhere, refusal, same_game
from db import statements as sql
from db.engine import session_factory
from db.models import (
    CheckpointRow,
    DecisionRow,
    EventRow,
    FollowerRow,
    GameRow,
    InteractionRow,
    OutboxRow,
    ReminderRow,
    RollRow,
    SnapshotRow,
    game_row,
    table,
)
from db.transactions import Transactions
from rules.core import (
    Command,
    Game,
    GameResult,
    Outcome,
    PendingDecision,
    RuleError,
    ScenarioInfo,
    seed_hash,
)
from rules.core.i18n import LANGUAGE_OPTION, _, _n, check_language, text_from_json, text_to_json
from rules.core.registry import get_game

log = logging.getLogger(__name__)
T = TypeVar("T")

OPEN_STATUSES = sql.OPEN_STATUSES
UNDO = "__undo__"
SYSTEM_USER = "system"
DEFAULT_DECISION_SECONDS = 600
DEFAULT_REMINDER_SECONDS = 12 * 3600
DUE_BATCH = 200
"""Due decisions or reminders handled per scheduler tick (the rest wait for the next)."""
DECISION_LEASE_SECONDS = 120
"""A due decision claimed by a process is left to it this long (then another may take it)."""
LIST_LIMIT = 25
"""``/game list`` shows at most this many open games (the newest): one message, bounded SQL."""
TIMING_OPTIONS = {
    "decision_seconds": "seconds a player has to answer a Respond ping before the default applies",
    "reminder_seconds": "seconds of silence before the player to move is reminded",
}
"""Options every game accepts (whole seconds, at least 60), read when deadlines are set."""


KEYS_KEPT_SECONDS = 24 * 3600
"""How long an interaction's key is kept (Discord retries within seconds; a day is ample)."""
NEW_KEY = object()
"""``act_in``'s default: take the next key of the interaction being handled (if any)."""
CACHE_SIZE = 1024
"""Games kept in memory (least recently used first out; finished games are never kept): a
thousand active games stay cached (issue 14: 1,000 active games in one process)."""
SNAPSHOT_EVERY = 10
"""The snapshot is written every this many events (and at each undo and at the end); a load
replays the few events after it. Writing the whole state at every command was most of a
command's cost (issue 14: an Imperator state is ~30 KB of JSON)."""
CONFLICT_RETRIES = 3
"""A typed command that lost the race to another process is validated and applied again on
the new position this many times (a button carries its seq and is refused as stale instead)."""
KEEP_DECISIONS = object()
"""``_sync_decisions``: the pending decision before the event is not known (read it)."""


class GameCache(OrderedDict[int, tuple[int, "Game[Any]"]]):
    """The Moderator's cache of active games: ``game id -> (seq, game)``, bounded (LRU).

    ``rows`` keeps, for some of these games, the column values of the game's row as this
    process last wrote it: the next command starts from them instead of reading the row, and
    checks them inside its write transaction (``Moderator._persist``'s guard; issue 14). A
    game leaving the cache takes its row along."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.rows: dict[int, dict[str, Any]] = {}

    def pop(self, key: int, *default: Any) -> Any:  # type: ignore[override]
        self.rows.pop(key, None)
        return super().pop(key, *default)

    def popitem(self, last: bool = True) -> tuple[int, tuple[int, Game[Any]]]:
        key, value = super().popitem(last=last)
        self.rows.pop(key, None)
        return key, value

    def clear(self) -> None:
        self.rows.clear()
        super().clear()

    def get(self, key: int, default: Any = None) -> Any:  # type: ignore[override]
        found = super().get(key, default)
        if found is not default:
            self.move_to_end(key)
        return found

    def __setitem__(self, key: int, value: tuple[int, Game[Any]]) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class Delivery:
    """The interaction being handled in this task: its id and how many commands it applied.

    Set by the cogs (``cogs.common.praetor``) through :func:`handling`; the Moderator keys
    each command of an interaction by ``"<interaction id>:<n>"``, so a doubled or retried
    delivery of the same interaction applies once and gets the first one's answer."""

    def __init__(self, interaction_id: str) -> None:
        self.interaction_id = interaction_id
        self.count = 0
        self.started = time.monotonic()  # when this task began to handle it (answer budget)
        self.answer_first: Callable[[], Awaitable[str | None]] | None = None
        """How the cog answers at once (a defer) when the slow part would pass Discord's
        3 s (see :func:`in_time`); set by ``cogs.common.praetor``."""
        self.answered_early: str | None = None  # what that hook did ("update", "thinking")

    def next_key(self) -> str:
        self.count += 1
        return f"{self.interaction_id}:{self.count}"


CURRENT_DELIVERY: contextvars.ContextVar[Delivery | None] = contextvars.ContextVar(
    "praetor_delivery", default=None
)


def handling_for() -> float:
    """Seconds since this task began to handle its interaction (0 when it handles none)."""
    current = CURRENT_DELIVERY.get()
    return 0.0 if current is None else time.monotonic() - current.started


def handling(interaction_id: Any) -> None:
    """Note that this task handles interaction ``interaction_id`` (each task has its own)."""
    if interaction_id is None:
        return
    current = CURRENT_DELIVERY.get()
    if current is None or current.interaction_id != str(interaction_id):
        CURRENT_DELIVERY.set(Delivery(str(interaction_id)))


ANSWER_WITHIN = 2.0
"""Seconds of handling after which the interaction must be answered at once (Discord allows 3 s
from its creation; the rest is the margin for the network)."""


def answer_first_by(hook: Callable[[], Awaitable[str | None]]) -> None:
    """Tell the Moderator how the interaction this task handles is answered at once (a defer)
    when a command's slow part (saving, waiting for a twin delivery or for the game's lock)
    would make it late (issue 14: decision answers took 4-7 s under load)."""
    current = CURRENT_DELIVERY.get()
    if current is not None:
        current.answer_first = hook


def answered_early() -> str | None:
    """What the hook of :func:`answer_first_by` did for this task's interaction, if it ran."""
    current = CURRENT_DELIVERY.get()
    return None if current is None else current.answered_early


async def answer_now() -> None:
    """Answer this task's interaction now by its hook (once; nothing when there is none)."""
    current = CURRENT_DELIVERY.get()
    if current is None or current.answer_first is None:
        return
    hook, current.answer_first = current.answer_first, None
    try:
        current.answered_early = await hook() or current.answered_early
    except Exception:  # noqa: BLE001 - the command goes on; its posts go to the channel
        log.warning("could not answer interaction %s early", current.interaction_id, exc_info=True)


async def in_time(work: Awaitable[T]) -> T:
    """Await ``work`` (the slow part of a command: saving it), answering the interaction this
    task handles meanwhile (:func:`answer_now`) if ``work`` is not done ``ANSWER_WITHIN``
    seconds after the handling began. Without a hook, just ``await work``."""
    current = CURRENT_DELIVERY.get()
    if current is None or current.answer_first is None:
        return await work
    task = asyncio.ensure_future(work)
    budget = max(0.0, ANSWER_WITHIN - (time.monotonic() - current.started))
    try:
        done, _pending = await asyncio.wait({task}, timeout=budget)
        if not done:
            await answer_now()
        return await task
    except asyncio.CancelledError:
        task.cancel()
        raise


class ModeratorError(Exception):
    """A request the Moderator refuses (not a rules question): shown to its sender only."""


class ConflictError(ModeratorError):
    """Another command landed first; nothing of this one was applied."""


class RecordedUnderOtherRules(ModeratorError):
    """A game begun by another rules version or data, whose log the engine of now does not
    replay to the same game (bot/rules_version.py)."""


class DuplicateDelivery(Exception):
    """Internal: this interaction already landed; ``first`` is its result."""

    def __init__(self, first: ActResult) -> None:
        super().__init__("duplicate delivery")
        self.first = first


class RowMoved(Exception):
    """Internal: the game's row changed since this process last wrote it (another process, a
    vote, a new seat holder); nothing was saved, the command is taken again on the row read."""


class StaleError(ModeratorError):
    """A button or choice that belongs to an earlier position of the game."""


@dataclass
class ActResult:
    """What an accepted command did."""

    game: GameRow
    seq: int
    seat: str
    outcome: Outcome
    pending: PendingDecision | None
    deadline: datetime | None
    to_move: dict[str, str | None]
    result: GameResult | None
    by_timeout: bool = False
    duplicate: bool = False
    """A repeated delivery of an interaction that already landed: nothing was applied now;
    this is the first delivery's result (its posts were owed then)."""


def stored_summary(result: dict[str, Any]) -> str:
    """A finished game's summary as stored in its row: a marked sentence again when its
    message id was kept (``summary_text``), so it is shown in each reader's language."""
    summary = text_from_json(result.get("summary_text", result.get("summary", "")))
    return summary if isinstance(summary, str) else str(result.get("summary", ""))


@dataclass
class UndoResult:
    done: bool
    waiting_for: list[str] = field(default_factory=list)
    undone_seq: int | None = None
    game: GameRow | None = None
    act: ActResult | None = None  # the undo event (its posts are in the outbox)


@dataclass
class Reminder:
    game: GameRow
    user_id: str
    seat: str


@dataclass
class DueWork:
    """What the scheduler found due: defaults applied on timeout and reminders to send."""

    timeouts: list[ActResult] = field(default_factory=list)
    reminders: list[Reminder] = field(default_factory=list)


def _users(row: GameRow) -> set[str]:
    return {u for u in row.seats.values() if u}


def seats_of(row: GameRow, user_id: str) -> list[str]:
    return [seat for seat, holder in row.seats.items() if holder == user_id]


Composer = Callable[["ActResult", Game[Any], list[str]], list[Post]]
"""Builds the posts an accepted command owes (from the result, the game after it and the
followers who asked for mentions); set by the bot (``cogs.outbox.compose``). Called inside the
event's transaction, so it must be pure: no I/O, no waiting."""


class Moderator:
    def __init__(
        self,
        engine: AsyncEngine,
        clock: Clock | None = None,
        checkpoint_every: int = 50,
        seed_source: Callable[[], str] | None = None,
        cache_size: int = CACHE_SIZE,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.engine = engine
        self.new_seed = seed_source or (lambda: secrets.token_hex(16))
        self.seeds_are_secret = seed_source is None
        """True while ``new_seed`` draws secret seeds (the local table may fix them for tests)."""
        self.sessions = session_factory(engine)
        self.transactions = Transactions(engine)  # the hot path's plain SQL (db/transactions.py)
        self.clock = clock or Clock()
        self.checkpoint_every = checkpoint_every
        self.snapshot_every = max(1, snapshot_every)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )  # a game's lock lives while someone holds or awaits it, then goes
        self._cache = GameCache(cache_size)
        self._in_flight: dict[str, asyncio.Event] = {}
        """Delivery keys being applied in this process (see :meth:`answered_before`)."""
        self.outbox = Outbox(self.sessions, self.clock)
        self.composer: Composer | None = None

    # -- lookups --------------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def get(self, game_id: int) -> GameRow:
        def read(conn: Connection) -> GameRow | None:
            found = conn.execute(sql.READ_GAME, {"b_game": game_id}).first()
            return None if found is None else game_row(found._mapping)

        row = await self.transactions.read(read)
        if row is None:
            raise ModeratorError(_("There is no game #{number}.", number=game_id))
        return row

    async def channel_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel, if any (one per channel)."""

        def read(conn: Connection) -> GameRow | None:
            found = conn.execute(sql.OPEN_GAME_OF_CHANNEL, {"b_channel": channel_id}).first()
            return None if found is None else game_row(found._mapping)

        return await self.transactions.read(read)

    async def require_game(self, channel_id: str) -> GameRow:
        row = await self.channel_game(channel_id)
        if row is None:
            raise ModeratorError(_("There is no game in this channel. Start one with /game new."))
        return row

    async def load(self, row: GameRow) -> Game[Any]:
        """The game object at ``row.seq``: from the cache, else from the snapshot and the few
        events after it (the snapshot is written every ``snapshot_every`` events, at each undo
        and at the end, so the tail never holds an undo and is shorter than that)."""
        game_id = row.id or 0
        cached = self._cache.get(game_id)
        if cached and cached[0] == row.seq:
            return cached[1]
        snapshots, events = table(SnapshotRow).c, table(EventRow).c

        def read(conn: Connection) -> tuple[Any, Sequence[Any]]:
            snap = conn.execute(
                sa_select(snapshots.seq, snapshots.state).where(snapshots.game_id == game_id)
            ).first()
            if snap is None:
                return None, []
            tail = conn.execute(
                sa_select(events.seq, events.seat, events.name, events.command)
                .where(events.game_id == game_id)
                .where(events.seq > snap.seq)
                .where(events.seq <= row.seq)
                .order_by(events.seq)
            ).all()
            return snap, tail

        snap, tail = await self.transactions.read(read)
        if snap is None:
            raise ModeratorError(_("Game #{id} has not started yet.", id=row.id))
        game = get_game(row.kind).from_json(snap.state)
        seq = snap.seq
        for event in tail:
            if event.name == UNDO or event.seq != seq + 1:  # never: an undo writes the snapshot
                raise ModeratorError(_("Game #{number}: its log after the snapshot is broken.", number=game_id))
            seq = event.seq
        self._apply_recorded(row, game, tail)
        if row.status == "active" and recorded_elsewhere(row):
            await self._check_recorded_rules(row, game)
        if tail:  # the state exactly as a snapshot at ``seq`` gives it (its texts are stored
            # as plain strings: a replayed game must not differ from a stored one)
            game = get_game(row.kind).from_json(json.loads(json.dumps(game.to_json())))
        if row.status == "active":  # a finished game is read again rarely: not kept
            self._cache[game_id] = (seq, game)
        return game

    async def game_for(self, channel_id: str) -> tuple[GameRow, Game[Any]]:
        row = await self.require_game(channel_id)
        if row.status != "active":
            raise ModeratorError(_("The game here has not started yet (/game start)."))
        return row, await self.load(row)

    # -- lobby ----------------------------------------------------------------------------
    def check_new(
        self, kind: str, scenario: str, options: dict[str, str] | None
    ) -> tuple[type[Game[Any]], ScenarioInfo, dict[str, str]]:
        """Validate a new game's kind, scenario and options (raises ModeratorError/RuleError)."""
        try:
            game_class = get_game(kind)
        except KeyError as exc:
            raise ModeratorError(str(exc.args[0])) from None
        info = game_class.scenario(scenario)
        known_options = {spec.name: spec for spec in game_class.option_specs()}
        chosen: dict[str, str] = {}
        for name, value in (options or {}).items():
            if name == LANGUAGE_OPTION:  # the language of public posts (bot/i18n.py)
                try:
                    chosen[name] = check_language(value)
                except ValueError as exc:
                    raise ModeratorError(str(exc)) from None
                continue
            if name in TIMING_OPTIONS:
                try:  # ASCII digits, a minute to 30 days (bot/bounds.py)
                    chosen[name] = str(parse_timing_option(name, value))
                except BoundsError as error:
                    raise ModeratorError(str(error)) from None
                continue
            spec = known_options.get(name)
            if spec is None:
                known = [*known_options, *TIMING_OPTIONS, LANGUAGE_OPTION]
                raise ModeratorError(
                    _("Unknown option {name}. Options: {options}.", name=repr(name), options=", ".join(known))
                )
            if spec.choices and value not in spec.choices:
                raise ModeratorError(
                    _("Option {name} must be one of {choices}.", name=name, choices=", ".join(spec.choices))
                )
            chosen[name] = value
        return game_class, info, chosen

    async def create(
        self,
        guild_id: str,
        channel_id: str,
        user_id: str,
        kind: str,
        scenario: str,
        options: dict[str, str] | None = None,
        posts: Callable[[GameRow], list[Post]] | None = None,
    ) -> GameRow:
        """A new game in its lobby; ``posts`` (given the new row) are what its creation owes
        the channel, stored in the outbox in the same transaction."""
        if await self.channel_game(channel_id) is not None:
            raise ModeratorError(
                _(
                    "This channel already has a game. Finish or abandon it first, or use another "
                    "channel or thread (/game new ... thread:true)."
                )
            )
        game_class, info, chosen = self.check_new(kind, scenario, options)
        now = self.clock.now()
        row = GameRow(
            guild_id=guild_id,
            channel_id=channel_id,
            kind=kind,
            scenario=info.id,
            options=chosen,
            seats={seat: None for seat in info.seats},
            status="lobby",
            rules_version=game_class.RULES_VERSION,
            data_hash=game_class.data_hash(),
            created_by=user_id,
            created_at=now,
            updated_at=now,
        )
        return await in_time(self._insert_game(row, posts))  # answered first if it is slow

    async def _insert_game(
        self, row: GameRow, posts: Callable[[GameRow], list[Post]] | None
    ) -> GameRow:
        """Store a new game (and what its creation owes) in one transaction."""
        async with self.sessions() as session:
            session.add(row)
            await session.flush()
            if posts is not None:
                self.outbox.add(session, row.id, 0, posts(row))
            await session.commit()
            await session.refresh(row)
        return row

    async def _save_seats_and_meta(self, row: GameRow, expected_status: str = "lobby") -> GameRow:
        """Store ``row.seats`` and ``row.meta`` (votes, requests) if nobody moved the game on."""
        row.updated_at = self.clock.now()
        async with self.sessions() as session:
            result = await session.exec(  # type: ignore[call-overload]
                update(GameRow)
                .where(col(GameRow.id) == row.id)
                .where(col(GameRow.status) == expected_status)
                .where(col(GameRow.seq) == row.seq)
                .values(seats=row.seats, meta=row.meta, updated_at=row.updated_at)
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                raise ConflictError(_("The game changed meanwhile; look at /game status and retry."))
            await session.commit()
        self._cache.rows.pop(row.id or 0, None)  # the next command reads the row again
        return row

    async def join(
        self, channel_id: str, user_id: str, seat: str | None = None
    ) -> tuple[GameRow, str]:
        row = await self.require_game(channel_id)
        if row.status != "lobby":
            raise ModeratorError(
                _("The game has started; a seat can change hands only with /game replace.")
            )
        free = [s for s, holder in row.seats.items() if holder is None]
        if seat is None:
            if seats_of(row, user_id):
                raise ModeratorError(
                    _(
                        "You already hold {seats}. To take a second seat (hot-seat play), name "
                        "it: /game join seat:<seat>.",
                        seats=", ".join(seats_of(row, user_id)),
                    )
                )
            if not free:
                raise ModeratorError(_("Every seat is taken."))
            seat = free[0]
        if seat not in row.seats:
            raise ModeratorError(_("No seat {seat}. Seats: {seats}.", seat=repr(seat), seats=", ".join(row.seats)))
        if row.seats[seat] is not None:
            raise ModeratorError(
                _("Seat {seat} is taken. Free seats: {free}.", seat=seat, free=", ".join(free))
                if free
                else _("Seat {seat} is taken. No seat is free.", seat=seat)
            )
        row.seats = {**row.seats, seat: user_id}
        await self._save_seats_and_meta(row)
        return row, seat

    async def leave(self, channel_id: str, user_id: str) -> GameRow:
        row = await self.require_game(channel_id)
        if row.status != "lobby":
            raise ModeratorError(
                _(
                    "The game has started: concede (/game concede) or hand your seat over "
                    "(/game replace)."
                )
            )
        if not seats_of(row, user_id):
            raise ModeratorError(_("You hold no seat in this game."))
        row.seats = {s: (None if u == user_id else u) for s, u in row.seats.items()}
        await self._save_seats_and_meta(row)
        return row

    async def replace(
        self, channel_id: str, by_user: str, seat: str, new_user: str, is_admin: bool
    ) -> GameRow:
        row = await self.require_game(channel_id)
        if seat not in row.seats:
            raise ModeratorError(_("No seat {seat}. Seats: {seats}.", seat=repr(seat), seats=", ".join(row.seats)))
        if row.seats[seat] != by_user and not is_admin:
            raise ModeratorError(
                _("Only the holder of a seat, or a member with Manage Channels, may hand it over.")
            )
        row.seats = {**row.seats, seat: new_user}
        await self._save_seats_and_meta(row, expected_status=row.status)
        self._cache.pop(row.id or 0, None)
        return row

    async def start(
        self,
        channel_id: str,
        user_id: str,
        opening: Callable[[GameRow, Game[Any], datetime | None], list[Post]] | None = None,
    ) -> tuple[GameRow, Game[Any]]:
        """Start the game; ``opening`` (given the started row, the game and the deadline of a
        decision the set-up already waits on) composes what the start owes the channel, stored
        in the outbox in the same transaction (issue 10: nothing owed is lost)."""
        row = await self.require_game(channel_id)
        if row.status != "lobby":
            raise ModeratorError(_("The game has already started."))
        if user_id not in _users(row) and user_id != row.created_by:
            raise ModeratorError(_("Only a seated player or the game's creator may start it."))
        game_class = get_game(row.kind)
        empty = [s for s, u in row.seats.items() if u is None]
        minimum = game_class.scenario(row.scenario).min_seats
        filled = [s for s, u in row.seats.items() if u is not None]
        if empty and (minimum is None or len(filled) < minimum):
            raise ModeratorError(
                _(
                    "Seats still empty: {seats} (at least {minimum} players) (/game join).",
                    seats=", ".join(empty),
                    minimum=minimum,
                )
                if minimum
                else _("Seats still empty: {seats} (/game join).", seats=", ".join(empty))
            )
        if empty:  # a variant for fewer players: play with the seats taken, in order
            row.seats = {seat: row.seats[seat] for seat in list(row.seats)[: len(filled)]}
            if any(u is None for u in row.seats.values()):
                raise ModeratorError(
                    _n(
                        "With {n} player, take the first seats: {seats}.",
                        "With {n} players, take the first seats: {seats}.",
                        len(filled),
                        seats=", ".join(row.seats),
                    )
                )
            await self._save_seats_and_meta(row)
        seed = self.new_seed()
        game = game_class.new(row.scenario, list(row.seats), seed, dict(row.options))
        now = self.clock.now()
        state = game.to_json()

        def write(conn: Connection) -> None:
            started = conn.execute(
                update(GameRow)
                .where(col(GameRow.id) == row.id)
                .where(col(GameRow.status) == "lobby")
                .values(
                    status="active",
                    secret_seed=seed,
                    seed_hash=seed_hash(seed),
                    updated_at=now,
                    waiting=_waiting(row, game),
                )
            )
            if started.rowcount != 1:
                raise ConflictError(_("The game was started meanwhile."))
            conn.execute(
                insert(table(SnapshotRow)),
                {"game_id": row.id, "seq": 0, "state": state, "updated_at": now},
            )
            conn.execute(
                insert(table(CheckpointRow)),
                {"game_id": row.id, "seq": 0, "state": state, "created_at": now},
            )
            deadline = self._sync_decisions(conn, row, KEEP_DECISIONS, game.pending_decision(), 0, now)
            self._rearm_reminders(conn, row, game, 0, now)
            row.status, row.secret_seed, row.seed_hash = "active", seed, seed_hash(seed)
            if opening is not None:  # what the start owes, in its transaction (issue 10)
                owed = self.outbox.rows(row.id, 0, opening(row, game, deadline))
                if owed:
                    conn.execute(insert(table(OutboxRow)), owed)

        await in_time(self.transactions.write(write))  # answered first if the save is slow
        self._cache[row.id or 0] = (0, game)
        return row, game

    # -- play -----------------------------------------------------------------------------
    def acting_seat(self, row: GameRow, game: Game[Any], user_id: str) -> str:
        """The seat ``user_id`` acts for now, or a clear refusal (only the seat to move acts)."""
        mine = seats_of(row, user_id)
        if not mine:
            raise ModeratorError(_("You hold no seat in this game; spectators can /game follow."))
        movers = game.to_move()
        for seat in movers:
            if seat in mine:
                return seat
        waiting = ", ".join(
            f"{seat} (<@{row.seats.get(seat)}>)" if row.seats.get(seat) else seat for seat in movers
        )
        raise ModeratorError(
            _("It is not your turn: waiting for {seats}.", seats=waiting)
            if waiting
            else _("It is not your turn: waiting for nobody.")
        )

    async def act(
        self,
        channel_id: str,
        user_id: str,
        command: Command,
        expected_seq: int | None = None,
    ) -> ActResult:
        key = self._delivery_key()
        landed, row = await self._read_for_command(key, channel_id=channel_id)
        if landed:
            first = await self._first_answer(key)
            if first is not None:
                return first
        if row is None:
            row = await self.require_game(channel_id)  # the refusal, in the reader's words
        return await self.act_in(row.id or 0, user_id, command, expected_seq, key=key)

    async def act_in(
        self,
        game_id: int,
        user_id: str,
        command: Command,
        expected_seq: int | None = None,
        seat: str | None = None,
        key: str | None | object = NEW_KEY,
    ) -> ActResult:
        """Apply ``command`` (see :meth:`_act_in`), noting its delivery key as in flight
        until it is saved or refused, for :meth:`answered_before`."""
        if key is NEW_KEY:
            key = self._delivery_key()
        flight = None
        if isinstance(key, str) and key not in self._in_flight:
            flight = self._in_flight[key] = asyncio.Event()
        try:
            return await self._act_in(game_id, user_id, command, expected_seq, seat, key)
        except (ModeratorError, RuleError):
            # refused because another delivery of this interaction (in another process) landed
            # between our look for its answer and our read of the game: give that answer
            first = await self._first_answer(key) if isinstance(key, str) else None
            if first is not None:
                return first
            raise
        finally:
            if flight is not None:
                flight.set()
                del self._in_flight[key]  # type: ignore[arg-type]

    async def _act_in(
        self,
        game_id: int,
        user_id: str,
        command: Command,
        expected_seq: int | None = None,
        seat: str | None = None,
        key: str | None | object = NEW_KEY,
    ) -> ActResult:
        """Apply ``command`` for ``user_id`` in game ``game_id`` atomically.

        Idempotent per interaction (issue 14): when the task handles an interaction (see
        :func:`handling`), the command is stored under its key in the event's transaction; a
        second delivery of the same interaction, simultaneous or later, in this process or
        another, gets the first one's result with ``duplicate=True`` and applies nothing."""
        if key is NEW_KEY:
            key = self._delivery_key()
            first = await self._first_answer(key)  # type: ignore[arg-type]
            if first is not None:
                return first
        for attempt in range(CONFLICT_RETRIES + 1):
            try:
                return await self._act_once(game_id, user_id, command, expected_seq, seat, key)
            except ConflictError:
                # Another process landed a command on this game first (the database's seq
                # check decided). A typed command is checked again on the new position; a
                # button (expected_seq) belongs to the old one and is refused as stale.
                if expected_seq is not None or attempt == CONFLICT_RETRIES:
                    raise
        raise AssertionError("unreachable")

    async def _act_once(
        self,
        game_id: int,
        user_id: str,
        command: Command,
        expected_seq: int | None,
        seat: str | None,
        key: str | None | object,
    ) -> ActResult:
        lock = self._lock(game_id)
        if lock.locked():  # another command of this game (or a twin delivery) is being saved
            await answer_now()
        async with lock:
            known = self._cache.rows.get(game_id)
            try:  # from the row this process last wrote, checked when the command is saved
                if known is not None:
                    return await self._act_on(game_id, game_row(known), user_id, command,
                                              expected_seq, seat, key, guard=True)
            except (RowMoved, ModeratorError, RuleError):
                pass  # changed since (another process, a vote), or refused: again on the row read
            landed, found = await self._read_for_command(key, game_id=game_id)  # type: ignore[arg-type]
            if landed:  # the first delivery landed while this one waited
                first = await self._first_answer(key)  # type: ignore[arg-type]
                if first is not None:
                    return first
            row = found or await self.get(game_id)
            return await self._act_on(game_id, row, user_id, command, expected_seq, seat, key)

    async def _act_on(
        self,
        game_id: int,
        row: GameRow,
        user_id: str,
        command: Command,
        expected_seq: int | None,
        seat: str | None,
        key: str | None | object,
        guard: bool = False,
    ) -> ActResult:
        """Check, apply and save ``command`` on the game of ``row`` (the game's lock is held).
        ``guard``: ``row`` was not read now; the save checks it is still the stored one."""
        if row.status != "active":
            raise ModeratorError(_("This game is not in progress."))
        if expected_seq is not None and expected_seq != row.seq:
            raise StaleError(
                _("This button is out of date: the game has moved on. Use /game status.")
            )
        game = await self.load(row)
        if seat is None:
            seat = self.acting_seat(row, game, user_id)
        old_state, pending_before = game.state, game.pending_decision()
        outcome = game.apply(seat, command)  # RuleError: nothing changed
        try:
            return await in_time(
                self._persist(
                    row,
                    game,
                    seat,
                    user_id,
                    command,
                    outcome,
                    key=key,  # type: ignore[arg-type]
                    pending_before=pending_before,
                    guard=guard,
                )
            )
        except BaseException as error:
            game.state = old_state
            self._cache.pop(game_id, None)
            if isinstance(error, DuplicateDelivery):
                return error.first
            raise

    async def answered_before(self) -> ActResult | None:
        """The first one's result when an earlier delivery of the interaction this task handles
        already landed a command (a doubled delivery of a menu select); None otherwise. Only
        looks: the key of the next command stays unused."""
        delivery = CURRENT_DELIVERY.get()
        if delivery is None:
            return None
        return await self._landed_answer(f"{delivery.interaction_id}:{delivery.count + 1}")

    async def _landed_answer(self, key: str | None) -> ActResult | None:
        """The answer of the delivery that landed under ``key``, waiting first for a twin
        delivery of it that this process is still saving (issue 14: a doubled delivery gets the
        first one's answer, never "out of date")."""
        flight = self._in_flight.get(key) if key is not None else None
        if flight is not None:
            if not flight.is_set():
                await answer_now()  # the twin is being saved: answer before waiting for it
            await flight.wait()
        return await self._first_answer(key)

    async def _read_for_command(
        self, key: str | None, game_id: int | None = None, channel_id: str | None = None
    ) -> tuple[bool, GameRow | None]:
        """One read before a command: whether the interaction ``key`` already landed (then
        no game is read) and the game, by id or by channel (None: there is none)."""

        def read(conn: Connection) -> tuple[bool, GameRow | None]:
            if key is not None:
                if conn.execute(sql.READ_KEY, {"b_key": key}).first() is not None:
                    return True, None
            if game_id is not None:
                found = conn.execute(sql.READ_GAME, {"b_game": game_id}).first()
            else:
                found = conn.execute(sql.OPEN_GAME_OF_CHANNEL, {"b_channel": channel_id}).first()
            return False, None if found is None else game_row(found._mapping)

        return await self.transactions.read(read)

    @staticmethod
    def _delivery_key() -> str | None:
        delivery = CURRENT_DELIVERY.get()
        return delivery.next_key() if delivery is not None else None

    async def _first_answer(self, key: str | None) -> ActResult | None:
        """The result of the delivery that already landed under ``key``, if any."""
        if key is None:
            return None
        keys = table(InteractionRow).c

        def landed(conn: Connection) -> bool:
            return conn.execute(sa_select(keys.seq).where(keys.key == key)).first() is not None

        if not await self.transactions.read(landed):  # one indexed lookup: the usual answer
            return None
        async with self.sessions() as session:
            seen = await session.get(InteractionRow, key)
            if seen is None:
                return None
            event = (
                await session.exec(
                    select(EventRow)
                    .where(EventRow.game_id == seen.game_id)
                    .where(EventRow.seq == seen.seq)
                )
            ).first()
            row = await session.get(GameRow, seen.game_id)
        if event is None or row is None:
            return None
        pending, to_move = None, {}
        if row.status == "active":
            game = await self.load(row)
            pending = game.pending_decision()
            to_move = {s: row.seats.get(s) for s in game.to_move()}
        result = None
        if row.result:
            result = GameResult(
                winners=tuple(row.result.get("winners", [])),
                summary=stored_summary(row.result),
                level=str(row.result.get("level", "")),
            )
        return ActResult(
            game=row,
            seq=event.seq,
            seat=event.seat,
            outcome=Outcome.from_json(event.outcome),
            pending=pending,
            deadline=None,
            to_move=to_move,
            result=result,
            duplicate=True,
        )

    async def _persist(
        self,
        row: GameRow,
        game: Game[Any],
        seat: str,
        user_id: str,
        command: Command,
        outcome: Outcome,
        by_timeout: bool = False,
        key: str | None = None,
        pending_before: PendingDecision | None | object = KEEP_DECISIONS,
        guard: bool = False,
    ) -> ActResult:
        """Store an accepted command in one transaction: the event, the interaction's key, the
        game row (only if its seq is still the one read: the database serialises a game's
        commands, in any process), every ``snapshot_every`` events the snapshot, the decisions,
        the reminders and the posts owed. Plain SQL statements (no ORM objects): this is the
        hot path of every command (issue 14). ``guard``: ``row`` is the one this process last
        wrote, not read now; if the stored row differs in what a command reads (seq, status,
        seats, votes, status message), nothing is saved and ``RowMoved`` is raised. The row is
        then kept for the game's next command."""
        game_id = row.id or 0
        seq = row.seq + 1
        now = self.clock.now()
        result = game.result()
        pending = game.pending_decision() if result is None else None
        values: dict[str, Any] = {
            "seq": seq,
            "updated_at": now,
            "meta": _clear_votes(row.meta),
            "waiting": _waiting(row, game),
        }
        if result is not None:
            values.update(
                status="finished",
                finished_at=now,
                result={
                    "winners": list(result.winners),
                    "summary": result.summary,
                    "summary_text": text_to_json(result.summary),  # translated when shown
                    "level": result.level,
                    "scores": [list(s) for s in result.scores],
                },
            )
        snapshot = seq % self.snapshot_every == 0 or result is not None or command.name == UNDO
        checkpoint = seq % self.checkpoint_every == 0
        state = game.to_json() if snapshot or checkpoint else None

        def write(conn: Connection) -> ActResult:
            conn.execute(  # first a write: SQLite takes its write lock at once
                sql.INSERT_EVENT,
                {
                    "game_id": game_id,
                    "seq": seq,
                    "seat": seat,
                    "user_id": user_id,
                    "command": command.to_json(),
                    "outcome": outcome.to_json(),
                    "created_at": now,
                    "name": command.name,
                },
            )
            if guard:  # after the first write: SQLite holds the write lock, nobody can move it
                stored = conn.execute(sql.GUARD_GAME, {"b_game": game_id}).first()
                if stored is None or tuple(stored) != (
                    row.seq, row.status, row.seats, row.meta, row.status_message_id
                ):
                    raise RowMoved()
            if key is not None:  # the interaction that asked: a second delivery fails here
                conn.execute(
                    sql.INSERT_KEY,
                    {
                        "key": key,
                        "game_id": game_id,
                        "seq": seq,
                        "user_id": user_id,
                        "created_at": now,
                    },
                )
            if command.name == UNDO:
                conn.execute(
                    sql.MARK_UNDONE,
                    {"b_game": game_id, "b_target": int(command.args["target"]), "b_seq": seq},
                )
            moved = conn.execute(
                sql.MOVE_GAME, {"b_game": game_id, "b_read_seq": row.seq, **values}
            )
            if moved.rowcount != 1:
                raise ConflictError(_("Another command landed first; yours was not applied."))
            if snapshot:
                conn.execute(  # keeps the state before when the snapshot was at seq - 1
                    sql.WRITE_SNAPSHOT,
                    {"b_game": game_id, "b_seq": seq, "b_state": state, "b_now": now,
                     "b_before": seq - 1},
                )
            if checkpoint:
                conn.execute(
                    insert(table(CheckpointRow)),
                    {"game_id": game_id, "seq": seq, "state": state, "created_at": now},
                )
            deadline = self._sync_decisions(conn, row, pending_before, pending, seq, now)
            self._rearm_reminders(conn, row, game, seq, now)
            for name, value in values.items():
                setattr(row, name, value)
            accepted = ActResult(
                game=row,
                seq=seq,
                seat=seat,
                outcome=outcome,
                pending=pending,
                deadline=deadline,
                to_move={s: row.seats.get(s) for s in game.to_move()},
                result=result,
                by_timeout=by_timeout,
            )
            if self.composer is not None:  # what it owes, in the event's transaction
                followers: list[str] = []
                if outcome.highlight or result is not None:
                    followers = self._mentioned_followers(conn, game_id)
                owed = self.outbox.rows(game_id, seq, self.composer(accepted, game, followers))
                if owed:
                    conn.execute(sql.INSERT_OUTBOX, owed)
            return accepted

        try:
            accepted = await self.transactions.write(write)
        except IntegrityError:
            first = await self._first_answer(key)
            if first is not None:  # the same interaction landed first in another process
                raise DuplicateDelivery(first) from None
            raise ConflictError(
                _(
                    "Another command landed first; nothing of yours was applied. Look at the new "
                    "position (/game status) and try again."
                )
            ) from None
        if result is None:
            self._cache[game_id] = (seq, game)
            self._cache.rows[game_id] = {k: v for k, v in row.__dict__.items() if k[0] != "_"}
        else:
            self._cache.pop(game_id, None)
        return accepted

    @staticmethod
    def _mentioned_followers(conn: Connection, game_id: int) -> list[str]:
        rows = conn.execute(sql.MENTIONED_FOLLOWERS, {"b_game": game_id}).all()
        return [str(user) for (user,) in rows]

    def _sync_decisions(
        self,
        conn: Connection,
        row: GameRow,
        before: PendingDecision | None | object,
        pending: PendingDecision | None,
        seq: int,
        now: datetime,
    ) -> datetime | None:
        """Close decisions no longer pending and open the new one; return its deadline.
        Nothing to read when no decision was pending before nor is now (most commands)."""
        if before is None and pending is None:
            return None
        game_id = row.id or 0
        open_rows = conn.execute(sql.OPEN_DECISIONS, {"b_game": game_id}).all()
        deadline: datetime | None = None
        settled = []
        for decision in open_rows:
            if pending is not None and decision.decision_id == pending.id:
                deadline = decision.deadline
            else:
                settled.append(decision.id)
        if settled:
            conn.execute(
                sql.SETTLE_DECISIONS, {"b_ids": settled, "b_now": now, "b_resolution": f"seq {seq}"}
            )
        if pending is not None and deadline is None:
            seconds = int(row.options.get("decision_seconds") or pending.timeout_seconds)
            deadline = now + timedelta(seconds=seconds)
            opened = {
                "seat": pending.seat,
                "seq": seq,
                "payload": pending.to_json(),
                "deadline": deadline,
                "resolved_at": None,
                "resolution": None,
            }
            reopened = conn.execute(  # an undo can bring back a decision that was settled
                sql.REOPEN_DECISION, {"b_game": game_id, "b_decision": pending.id, **opened}
            )
            if reopened.rowcount == 0:
                conn.execute(
                    sql.INSERT_DECISION, {"game_id": game_id, "decision_id": pending.id, **opened}
                )
        return deadline

    @staticmethod
    def _rearm_reminders(
        conn: Connection, row: GameRow, game: Game[Any], seq: int, now: datetime
    ) -> None:
        """Replace the unsent reminders by one for each person to move, due after the game's
        reminder delay."""
        conn.execute(sql.DROP_UNSENT_REMINDERS, {"b_game": row.id})
        if game.result() is not None:
            return
        delay = int(row.options.get("reminder_seconds") or DEFAULT_REMINDER_SECONDS)
        due = now + timedelta(seconds=delay)
        armed = [
            {"game_id": row.id, "user_id": user, "seat": seat, "seq": seq, "due_at": due}
            for seat in game.to_move()
            if (user := row.seats.get(seat))
        ]
        if armed:
            conn.execute(sql.INSERT_REMINDERS, armed)

    async def decide(
        self, game_id: int, user_id: str, decision_id: str, choice: str, expected_seq: int
    ) -> ActResult:
        """Answer a pending decision (the Respond button's choices). A twin delivery being
        saved in this process is waited for: its game in memory is already moved on (the next
        decision may even carry the same id, for another seat), so only its answer is right."""
        key = self._delivery_key()
        first = await self._landed_answer(key)
        if first is not None:
            return first
        row = await self.get(game_id)
        if row.status != "active":
            raise StaleError(_("This game is over; the button no longer applies."))
        game = await self.load(row)
        pending = game.pending_decision()
        if pending is None or pending.id != decision_id or row.seq != expected_seq:
            first = await self._landed_answer(key)  # a delivery of this same answer landed
            if first is not None:
                return first
            raise StaleError(_("This choice is out of date: the decision was already settled."))
        # a simultaneous segment's deadline waits on several seats: each answers for itself
        deciding = next((seat for seat in pending.waiting_on() if row.seats.get(seat) == user_id), None)
        if deciding is None:
            first = await self._landed_answer(key)  # a twin began to save meanwhile
            if first is not None:
                return first
            raise ModeratorError(_("This decision is not yours to make."))
        return await self.act_in(
            game_id,
            user_id,
            Command("decide", {"id": decision_id, "choice": choice}),
            expected_seq=expected_seq,
            seat=deciding,
            key=key,
        )

    async def process_due(self) -> DueWork:
        """Apply the default of every decision past its deadline; owe every due reminder.

        Several processes share the work with no coordinator (issue 14). Due rows are read with
        ``FOR UPDATE SKIP LOCKED`` (PostgreSQL; SQLite has one writer), so two processes never
        take the same row. A due decision is *claimed*: in that transaction its deadline moves
        ``DECISION_LEASE_SECONDS`` on, so the others leave it alone while this process applies
        its default (should this process die, it falls due again and another one takes it); the
        timeout itself lands at most once because it is an event (the game's seq). A reminder
        is marked sent in the same transaction that writes its post to the outbox, so it is
        neither lost nor sent twice. One failing game never stops the others: its error is
        logged and the loop goes on.
        """
        now = self.clock.now()
        work = DueWork()
        decisions = table(DecisionRow).c
        async with self.sessions() as session:
            due = (
                await session.exec(
                    select(DecisionRow)
                    .where(col(DecisionRow.resolved_at).is_(None))
                    .where(col(DecisionRow.deadline) <= now)
                    .order_by(col(DecisionRow.deadline))
                    .limit(DUE_BATCH)
                    .with_for_update(skip_locked=True)
                )
            ).all()
            claimed = []
            for decision in due:
                won = await session.exec(  # type: ignore[call-overload]
                    update(table(DecisionRow))
                    .where(decisions.id == decision.id)
                    .where(decisions.resolved_at.is_(None))
                    .where(decisions.deadline <= now)
                    .values(deadline=now + timedelta(seconds=DECISION_LEASE_SECONDS))
                )
                if won.rowcount == 1:
                    claimed.append(decision)
            await session.commit()
        for decision in claimed:
            pending = PendingDecision.from_json(decision.payload)
            try:
                row = await self.get(decision.game_id)
                result = await self._timeout(row, pending)
            except (StaleError, ConflictError, RuleError, ModeratorError):
                continue
            except Exception:
                log.exception("timeout of game %s failed", decision.game_id)
                continue
            work.timeouts.append(result)
        async with self.sessions() as session:
            reminders = (
                await session.exec(
                    select(ReminderRow)
                    .where(col(ReminderRow.sent_at).is_(None))
                    .where(col(ReminderRow.due_at) <= now)
                    .order_by(col(ReminderRow.id))
                    .limit(DUE_BATCH)
                    .with_for_update(skip_locked=True)
                )
            ).all()
            for reminder in reminders:
                reminder.sent_at = now
                session.add(reminder)
                owner = await session.get(GameRow, reminder.game_id)
                if owner is not None and owner.status == "active" and owner.seq == reminder.seq:
                    work.reminders.append(Reminder(owner, reminder.user_id, reminder.seat))
                    text = _(
                        "⏰ <@{user}>, game #{game} is waiting for your move as {seat} "
                        "(/game status).",
                        user=reminder.user_id,
                        game=owner.id,
                        seat=reminder.seat,
                    )
                    post = Post(
                        "post", owner.channel_id, localise(text, game_language(owner)),
                        mentions=[reminder.user_id],
                    )
                    self.outbox.add(session, owner.id, reminder.seq, [post])
            await session.exec(  # type: ignore[call-overload]
                delete(InteractionRow).where(
                    col(InteractionRow.created_at) < now - timedelta(seconds=KEYS_KEPT_SECONDS)
                )
            )
            await session.commit()
        return work

    async def _timeout(self, row: GameRow, pending: PendingDecision) -> ActResult:
        """Apply the default of ``pending`` if the game still waits on it (an out-of-turn
        event may have come in meanwhile without settling it: the decision, not the seq, is
        what must still be open; the seq check of ``_persist`` catches any race)."""
        game_id = row.id or 0
        async with self._lock(game_id):
            row = await self.get(game_id)
            if row.status != "active":
                raise StaleError(_("decision already settled"))
            game = await self.load(row)
            current = game.pending_decision()
            if current is None or current.id != pending.id:
                raise StaleError(_("decision already settled"))
            command = Command("decide", {"id": pending.id, "choice": pending.default})
            old_state = game.state
            outcome = game.apply(pending.seat, command)
            outcome.public.insert(
                0, _("Time ran out for {seat}: the default applies ({default}).",
                     seat=pending.seat, default=pending.default_words()),
            )
            try:
                return await self._persist(
                    row, game, pending.seat, SYSTEM_USER, command, outcome, by_timeout=True
                )
            except BaseException:
                game.state = old_state
                self._cache.pop(game_id, None)
                raise

    # -- undo, concede, abandon -------------------------------------------------------------
    async def events(
        self, game_id: int, after: int = 0, limit: int | None = None
    ) -> list[EventRow]:
        """The events of a game after seq ``after``, oldest first (at most ``limit``)."""
        query = (
            select(EventRow)
            .where(EventRow.game_id == game_id)
            .where(col(EventRow.seq) > after)
            .order_by(col(EventRow.seq))
        )
        if limit is not None:
            query = query.limit(limit)
        async with self.sessions() as session:
            return list((await session.exec(query)).all())

    async def recent_events(self, game_id: int, limit: int = 20) -> list[EventRow]:
        """The newest ``limit`` events, oldest first: one bounded query, whatever the length."""
        async with self.sessions() as session:
            newest = (
                await session.exec(
                    select(EventRow)
                    .where(EventRow.game_id == game_id)
                    .order_by(col(EventRow.seq).desc())
                    .limit(limit)
                )
            ).all()
        return list(reversed(newest))

    async def recent_private(self, game_id: int, seat: str, limit: int = 10) -> list[str]:
        """The latest private lines of ``seat`` (for ``/game mine``), from the last 20 events."""
        lines = [  # from_json keeps the lines' message ids (translated where shown)
            line
            for event in await self.recent_events(game_id, 20)
            for line in Outcome.from_json(event.outcome or {}).private.get(seat, [])
        ]
        return lines[-limit:]

    @staticmethod
    def active_events(events: list[EventRow]) -> list[EventRow]:
        """The events that make the current state: undo markers and what they undid removed."""
        undone = {e.command["args"]["target"] for e in events if e.command["name"] == UNDO}
        return [e for e in events if e.command["name"] != UNDO and e.seq not in undone]

    async def last_action(self, game_id: int) -> EventRow | None:
        """The last event still standing (not an undo marker, not undone): one indexed query."""
        async with self.sessions() as session:
            found: EventRow | None = (
                await session.exec(
                    select(EventRow)
                    .where(EventRow.game_id == game_id)
                    .where(EventRow.name != UNDO)
                    .where(col(EventRow.undone_by).is_(None))
                    .order_by(col(EventRow.seq).desc())
                    .limit(1)
                )
            ).first()
        return found

    async def request_undo(
        self,
        channel_id: str,
        user_id: str,
        before_rebuild: Callable[[], Awaitable[Any]] | None = None,
        description: str | None = None,
    ) -> UndoResult:
        """Ask to take back the last action; it happens once every seated person agrees.

        Checks and votes cost a few indexed queries. When the last consent arrives, the game is
        rebuilt from the nearest checkpoint off the event loop; ``before_rebuild`` (the cog's
        ``interaction.response.defer``) is awaited first, so the interaction is answered in time
        whatever the length of the game (issue 10 item 1). ``description`` names the action
        taken back in the undo's public line (its one confirmation, sent through the outbox).
        """
        row = await self.require_game(channel_id)  # the game itself is not needed to vote
        if row.status != "active":
            raise ModeratorError(_("The game here has not started yet (/game start)."))
        if user_id not in _users(row):
            raise ModeratorError(_("Only seated players may ask for an undo."))
        last = await self.last_action(row.id or 0)
        if last is None:
            raise ModeratorError(_("There is nothing to undo."))
        if last.outcome.get("commit_point"):
            raise ModeratorError(
                _(
                    "The last action rolled dice or drew a hidden chit or card; it cannot be "
                    "taken back (undo stops at the last roll or draw)."
                )
            )
        request = dict(row.meta.get("undo") or {})
        if request.get("target") != last.seq:
            request = {"target": last.seq, "consents": []}
        consents = set(request["consents"]) | {user_id}
        request["consents"] = sorted(consents)
        waiting = sorted(_users(row) - consents)
        if waiting:
            row.meta = {**row.meta, "undo": request}
            await self._save_seats_and_meta(row, expected_status="active")
            return UndoResult(done=False, waiting_for=waiting, game=row)
        if before_rebuild is not None:
            await before_rebuild()
        act = await self._apply_undo(row, last.seq, user_id, description)
        return UndoResult(done=True, undone_seq=last.seq, game=act.game, act=act)

    async def _apply_undo(
        self, row: GameRow, target: int, user_id: str, description: str | None = None
    ) -> ActResult:
        game_id = row.id or 0
        async with self._lock(game_id):
            row = await self.get(game_id)
            if row.status != "active":
                raise ModeratorError(_("This game is not in progress."))
            game = await self._state_before_last(row, target)
            if game is None:
                base, events = await self._rebuild_plan(game_id, target)
                game = await asyncio.to_thread(self._replay_from, row, base, events)
            what = description or _("the last action")
            outcome = Outcome(
                public=[
                    _(
                        "Undo agreed by everyone: {what} is taken back (event {seq}).",
                        what=what,
                        seq=target,
                    )
                ]
            )
            return await self._persist(
                row, game, "", user_id, Command(UNDO, {"target": target}), outcome
            )

    async def _state_before_last(self, row: GameRow, target: int) -> Game[Any] | None:
        """The game before ``target`` when it is the newest event (the snapshot keeps the
        state before it); None otherwise (then a checkpoint and a short replay)."""
        if target != row.seq:
            return None
        async with self.sessions() as session:
            snap = await session.get(SnapshotRow, row.id)
        if snap is None or snap.seq != target or snap.previous_state is None:
            return None
        return await asyncio.to_thread(get_game(row.kind).from_json, snap.previous_state)

    async def _rebuild_plan(
        self, game_id: int, target: int
    ) -> tuple[CheckpointRow | None, list[EventRow]]:
        """The newest checkpoint the state without ``target`` can start from, and the events
        to apply after it (DESIGN: a checkpoint every N events; undo replays at most ~N).

        A checkpoint at seq ``c`` is usable when ``c < target`` and no event at or before ``c``
        was undone after ``c`` (its effect is in the checkpoint but no longer in the game).
        """
        async with self.sessions() as session:
            checkpoints = (
                await session.exec(
                    select(CheckpointRow.seq)  # type: ignore[call-overload]
                    .where(CheckpointRow.game_id == game_id)
                    .where(col(CheckpointRow.seq) < target)
                    .order_by(col(CheckpointRow.seq).desc())
                )
            ).all()
            snapshot = await session.get(SnapshotRow, game_id)  # written every few events
            if snapshot is not None and snapshot.seq < target:
                checkpoints = sorted({*checkpoints, snapshot.seq}, reverse=True)
            base_seq: int | None = None
            for seq in checkpoints:
                stale = (
                    await session.exec(
                        select(EventRow.id)  # type: ignore[call-overload]
                        .where(EventRow.game_id == game_id)
                        .where(col(EventRow.seq) <= seq)
                        .where(col(EventRow.undone_by) > seq)
                        .limit(1)
                    )
                ).first()
                if stale is None:
                    base_seq = seq
                    break
            base = await _base_state(session, game_id, base_seq, snapshot)
            events = (
                await session.exec(
                    select(EventRow)
                    .where(EventRow.game_id == game_id)
                    .where(col(EventRow.seq) > (base_seq or 0))
                    .where(EventRow.name != UNDO)
                    .where(col(EventRow.undone_by).is_(None))
                    .where(EventRow.seq != target)
                    .order_by(col(EventRow.seq))
                )
            ).all()
        return base, list(events)

    def _replay_from(
        self, row: GameRow, base: CheckpointRow | None, events: list[EventRow]
    ) -> Game[Any]:
        """Apply ``events`` to the checkpoint ``base`` (or the seed): pure CPU, run off the loop."""
        if base is None:
            return self.replay_events(row, events)
        game = get_game(row.kind).from_json(base.state)
        return self._apply_recorded(row, game, events)

    def replay_events(self, row: GameRow, events: list[EventRow]) -> Game[Any]:
        """Rebuild a game from its seed and the given events (DESIGN: replay == snapshot)."""
        game_class = get_game(row.kind)
        game = game_class.new(row.scenario, list(row.seats), row.secret_seed, dict(row.options))
        return self._apply_recorded(row, game, events)

    @staticmethod
    def _apply_recorded(row: GameRow, game: Game[Any], events: Sequence[Any]) -> Game[Any]:
        """Apply recorded events to ``game``. One the rules refuse, in a game begun under
        other rules, refuses the game clearly (bot/rules_version.py)."""
        for event in events:
            try:
                game.apply(event.seat, Command.from_json(event.command))
            except Exception as error:
                if not recorded_elsewhere(row):
                    raise
                why = _("event {seq}: {error}", seq=event.seq, error=str(error))
                raise RecordedUnderOtherRules(refusal(row, why)) from error
        return game

    async def game_at(self, game_id: int, seq: int) -> Game[Any] | None:
        """The game as it stood just after its event ``seq`` (0: as it started); None when it
        has no such step. The newest step is :meth:`load`'s; an older one is rebuilt from the
        nearest usable checkpoint (or snapshot) and the events after it, off the loop."""
        try:
            row = await self.get(game_id)
        except ModeratorError:
            return None
        if row.status == "lobby" or not 0 <= seq <= row.seq:
            return None
        if seq == row.seq:
            return await self.load(row)
        base, events = await self._plan_at(game_id, seq)
        return await asyncio.to_thread(self._replay_from, row, base, events)

    async def _plan_at(
        self, game_id: int, seq: int
    ) -> tuple[CheckpointRow | None, list[EventRow]]:
        """The newest checkpoint (or snapshot) the game at step ``seq`` can start from, and the
        events to apply after it. At step ``seq`` an event counts unless it is an undo marker or
        was taken back by an undo at or before ``seq``; a checkpoint at ``c`` is usable unless it
        holds an event taken back after ``c`` and at or before ``seq``."""
        async with self.sessions() as session:
            bases = list(
                (
                    await session.exec(
                        select(CheckpointRow.seq)  # type: ignore[call-overload]
                        .where(CheckpointRow.game_id == game_id)
                        .where(col(CheckpointRow.seq) <= seq)
                    )
                ).all()
            )
            snapshot = await session.get(SnapshotRow, game_id)
            if snapshot is not None and snapshot.seq <= seq:
                bases.append(snapshot.seq)
            taken_back = (
                await session.exec(
                    select(EventRow.seq, EventRow.undone_by)  # type: ignore[call-overload]
                    .where(EventRow.game_id == game_id)
                    .where(col(EventRow.seq) <= seq)
                    .where(col(EventRow.undone_by) <= seq)
                )
            ).all()
            base_seq = next(
                (
                    c
                    for c in sorted(set(bases), reverse=True)
                    if not any(target <= c < (undo or 0) for target, undo in taken_back)
                ),
                None,
            )
            base = await _base_state(session, game_id, base_seq, snapshot)
            events = (
                await session.exec(
                    select(EventRow)
                    .where(EventRow.game_id == game_id)
                    .where(col(EventRow.seq) > (base_seq if base_seq is not None else 0))
                    .where(col(EventRow.seq) <= seq)
                    .where(EventRow.name != UNDO)
                    .where(or_(col(EventRow.undone_by).is_(None), col(EventRow.undone_by) > seq))
                    .order_by(col(EventRow.seq))
                )
            ).all()
        return base, list(events)

    async def public_view_at(self, game_id: int, seq: int) -> dict[str, Any] | None:
        """The public view of the game at step ``seq`` as plain JSON data (what a picture of
        that step is drawn from; issue 14: built when the picture is drawn, not stored with
        every command): from the cached game when it is still at that step, else rebuilt
        (:meth:`game_at`). None when the game has no such step."""
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == seq:
            view = cached[1].public_view()  # now, before any await: the cache may move on
        else:
            game = await self.game_at(game_id, seq)
            if game is None:
                return None
            view = game.public_view()
        loaded: dict[str, Any] = json.loads(json.dumps(view))  # as stored JSON reads back
        return loaded

    async def _check_recorded_rules(self, row: GameRow, stored: Game[Any]) -> None:
        """A game begun under other rules goes on only when its whole log, replayed by the
        engine of now, gives the stored game (bot/rules_version.py); else it is refused."""
        events = [e for e in await self.events(row.id or 0) if e.seq <= row.seq]
        replayed = await asyncio.to_thread(self.replay_events, row, self.active_events(events))
        if not same_game(replayed, stored):
            raise RecordedUnderOtherRules(refusal(row, _("its replay differs from the stored game")))

    async def rebuild(self, game_id: int) -> Game[Any]:
        row = await self.get(game_id)
        return self.replay_events(row, self.active_events(await self.events(game_id)))

    async def concede(self, channel_id: str, user_id: str) -> GameRow:
        row = await self.require_game(channel_id)
        mine = seats_of(row, user_id)
        if row.status != "active" or not mine:
            raise ModeratorError(_("Only a seated player of a game in progress can concede."))
        winners = [s for s in row.seats if s not in mine]
        result = {
            "winners": winners,
            "summary": _("{seats} conceded.", seats=", ".join(mine)),
            "level": "concession",
            "scores": [],
        }
        return await in_time(self._finish(row, "finished", result))

    async def abandon(
        self, channel_id: str, user_id: str, is_admin: bool
    ) -> tuple[bool, list[str]]:
        """Abandon by every seat's consent or by a member with Manage Channels."""
        row = await self.require_game(channel_id)
        if not is_admin and user_id not in _users(row):
            raise ModeratorError(
                _("Only seated players (all of them) or a member with Manage Channels can abandon.")
            )
        votes = set(row.meta.get("abandon", [])) | {user_id}
        waiting = sorted(_users(row) - votes)
        if waiting and not is_admin:
            row.meta = {**row.meta, "abandon": sorted(votes)}
            await self._save_seats_and_meta(row, expected_status=row.status)
            return False, waiting
        await self._finish(
            row, "abandoned", {"winners": [], "summary": _("Abandoned."), "level": "", "scores": []}
        )
        return True, []

    async def _finish(self, row: GameRow, status: str, result: dict[str, Any]) -> GameRow:
        now = self.clock.now()
        result = {**result, "summary_text": text_to_json(result.get("summary", ""))}
        async with self.sessions() as session:
            moved = await session.exec(  # type: ignore[call-overload]
                update(GameRow)
                .where(col(GameRow.id) == row.id)
                .where(col(GameRow.seq) == row.seq)
                .where(col(GameRow.status).in_(OPEN_STATUSES))
                .values(status=status, result=result, finished_at=now, updated_at=now)
            )
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                raise ConflictError(_("The game changed meanwhile; try again."))
            for decision in (
                await session.exec(
                    select(DecisionRow)
                    .where(DecisionRow.game_id == row.id)
                    .where(col(DecisionRow.resolved_at).is_(None))
                )
            ).all():
                decision.resolved_at = now
                decision.resolution = status
                session.add(decision)
            await session.commit()
        row.status, row.result, row.finished_at = status, result, now
        self._cache.pop(row.id or 0, None)
        return row

    # -- spectators, lists, logs ----------------------------------------------------------
    @staticmethod
    async def _follower(session: Any, game_id: int, user_id: str) -> FollowerRow | None:
        found: FollowerRow | None = (
            await session.exec(
                select(FollowerRow)
                .where(FollowerRow.game_id == game_id)
                .where(FollowerRow.user_id == user_id)
            )
        ).first()
        return found

    async def follow(self, channel_id: str, user_id: str, mentions: bool) -> GameRow:
        row = await self.require_game(channel_id)
        async with self.sessions() as session:
            follower = await self._follower(session, row.id or 0, user_id)
            follower = follower or FollowerRow(game_id=row.id or 0, user_id=user_id)
            follower.mentions = mentions
            session.add(follower)
            await session.commit()
        return row

    async def unfollow(self, channel_id: str, user_id: str) -> bool:
        row = await self.require_game(channel_id)
        async with self.sessions() as session:
            existing = await self._follower(session, row.id or 0, user_id)
            if existing is None:
                return False
            await session.delete(existing)
            await session.commit()
        return True

    async def followers(self, game_id: int) -> list[FollowerRow]:
        async with self.sessions() as session:
            return list(
                (
                    await session.exec(select(FollowerRow).where(FollowerRow.game_id == game_id))
                ).all()
            )

    async def list_games(
        self, guild_id: str, user_id: str, limit: int = LIST_LIMIT
    ) -> list[tuple[GameRow, bool]]:
        """Open games of a server (the newest ``limit``), each with whether it waits on
        ``user_id``: one bounded query; a game is loaded only when it predates ``waiting``
        (the lobby's ``/game list`` loads active games to name the seats they wait on)."""
        async with self.sessions() as session:
            rows = (
                await session.exec(
                    select(GameRow)
                    .where(GameRow.guild_id == guild_id)
                    .where(col(GameRow.status).in_(OPEN_STATUSES))
                    .order_by(col(GameRow.id).desc())
                    .limit(limit)
                )
            ).all()
        listed = []
        for row in reversed(rows):
            waiting = False
            if row.status == "active":
                users = row.waiting
                if users is None:
                    users = _waiting(row, await self.load(row))
                waiting = user_id in users
            listed.append((row, waiting))
        return listed

    async def export_log(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The log as ``user_id`` may see it (DESIGN: exports are views).

        Until the game is over, an event of another seat shows only its command's name and
        what was said in public (its public lines and dice): the command's arguments may hold
        a secret (a card kept with Frumentarii, the order of cards put back), so they are
        shown to the seat that gave them only. Private lines: the viewer's own seats only.
        Once the game is over, everything, with the seed, so anyone can check the dice.
        """
        row = await self.get(game_id)
        over = row.status in ("finished", "abandoned")
        mine = set(seats_of(row, user_id))
        query = (  # plain rows with the JSON as text: no ORM objects, parsed off the loop
            sa_select(
                col(EventRow.seq),
                col(EventRow.seat),
                col(EventRow.user_id),
                col(EventRow.created_at),
                cast(col(EventRow.command), String),
                cast(col(EventRow.outcome), String),
            )
            .where(col(EventRow.game_id) == game_id)
            .order_by(col(EventRow.seq))
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return await asyncio.to_thread(_log_view, row, rows, over, mine, user_id)

    async def set_status_message(self, game_id: int, message_id: str | None) -> None:
        """Remember the pinned status message of a game (it is edited after each command)."""
        async with self.sessions() as session:
            await session.exec(  # type: ignore[call-overload]
                update(GameRow)
                .where(col(GameRow.id) == game_id)
                .values(status_message_id=message_id)
            )
            await session.commit()
        self._cache.rows.pop(game_id, None)  # the next command reads the row again

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The newest game of a channel, open or finished (for logs after the end)."""
        async with self.sessions() as session:
            result = await session.exec(
                select(GameRow)
                .where(GameRow.channel_id == channel_id)
                .order_by(col(GameRow.id).desc())
            )
            return result.first()

    async def log_roll(
        self, guild_id: str, channel_id: str, user_id: str, notation: str, total: int, detail: str
    ) -> None:
        async with self.sessions() as session:
            session.add(
                RollRow(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    user_id=user_id,
                    notation=notation,
                    total=total,
                    detail=detail,
                    created_at=self.clock.now(),
                )
            )
            await session.commit()

    async def pending_deadline(self, game_id: int, decision_id: str) -> datetime | None:
        async with self.sessions() as session:
            decision = (
                await session.exec(
                    select(DecisionRow)
                    .where(DecisionRow.game_id == game_id)
                    .where(DecisionRow.decision_id == decision_id)
                )
            ).first()
        return decision.deadline if decision else None


def _log_view(
    row: GameRow, events: Sequence[Any], over: bool, mine: set[str], user_id: str
) -> dict[str, Any]:
    """Build the exported log from the stored events (see ``Moderator.export_log``): rows of
    (seq, seat, user id, time, command JSON text, outcome JSON text)."""
    entries = []
    for seq, seat, user, created_at, command_text, outcome_text in events:
        event = SimpleNamespace(
            seq=seq, seat=seat, user_id=user, created_at=created_at, command=json.loads(command_text)
        )
        outcome = json.loads(outcome_text)  # as stored: English lines, rolls as JSON
        private = {
            seat: list(lines)
            for seat, lines in outcome.get("private", {}).items()
            if over or seat in mine
        }
        own = over or event.seat in mine or (not event.seat and event.user_id == user_id)
        name = event.command.get("name", "")
        entries.append(
            {
                "seq": event.seq,
                "seat": event.seat,
                "user": event.user_id,
                "time": event.created_at.isoformat(),
                "command": event.command if own or name == UNDO else {"name": name},
                "public": list(outcome.get("public", [])),
                "private": private,
                "rolls": list(outcome.get("rolls", [])),
                "citations": list(outcome.get("citations", [])),
                **_log_texts(outcome, private),
            }
        )
    return {
        "game": row.id,
        "kind": row.kind,
        "scenario": row.scenario,
        "options": row.options,
        "seats": row.seats,
        "status": row.status,
        "rules_version": row.rules_version,
        "data_hash": row.data_hash,
        "seed_hash": row.seed_hash,
        "seed": row.secret_seed if over else None,
        "result": row.result,
        "events": entries,
    }


def _log_texts(outcome: dict[str, Any], private: dict[str, Any]) -> dict[str, Any]:
    """The ``texts`` of a stored outcome (its lines with their message ids, so the text log is
    written in its reader's language) limited to the private lines the viewer may read."""
    texts = outcome.get("texts") or {}
    kept: dict[str, Any] = {}
    if texts.get("public"):
        kept["public"] = texts["public"]
    own = {k: v for k, v in (texts.get("private") or {}).items() if k in private}
    if own:
        kept["private"] = own
    return {"texts": kept} if kept else {}


def waiting_seats(game: Game[Any]) -> list[str]:
    """Every seat a game waits on now: the seats to move (all of them in a simultaneous
    segment, whose deadline is a decision of the first one), and the deciding seat."""
    if game.result() is not None:
        return []
    seats = list(game.to_move())
    pending = game.pending_decision()
    if pending is not None and pending.seat not in seats:
        seats.insert(0, pending.seat)
    return seats


def _waiting(row: GameRow, game: Game[Any]) -> list[str]:
    """The users a game waits on now (stored with each event for ``/game list``)."""
    return sorted({str(row.seats[s]) for s in waiting_seats(game) if row.seats.get(s)})


def _clear_votes(meta: dict[str, Any]) -> dict[str, Any]:
    """Any accepted command cancels open undo and abandon requests."""
    return {k: v for k, v in meta.items() if k not in ("undo", "abandon")}


async def _base_state(
    session: Any, game_id: int, base_seq: int | None, snapshot: SnapshotRow | None
) -> CheckpointRow | None:
    """The stored state a replay starts from: the snapshot when ``base_seq`` is its step,
    otherwise the checkpoint at ``base_seq`` (None: replay from the start)."""
    if snapshot is not None and base_seq == snapshot.seq:
        return CheckpointRow(game_id=game_id, seq=snapshot.seq, state=snapshot.state)
    if base_seq is None:
        return None
    checkpoint: CheckpointRow | None = (
        await session.exec(
            select(CheckpointRow).where(CheckpointRow.game_id == game_id).where(CheckpointRow.seq == base_seq)
        )
    ).first()
    return checkpoint
