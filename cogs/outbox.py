"""The Discord side of the outbox (``bot.outbox``): what an accepted command owes, and sending it.

``compose`` turns an accepted command into its posts: ONE public message carrying the text,
the dice, the pictures (the map when it changed, and what the game adds: a battle card, the
final table), the Respond button and the game's panel (``cogs.common.PUBLIC_EXTRAS``; longer
texts are split, the last part carries the pictures and the components); the follower ping;
the status message; the private lines of every seat that got some. The Moderator stores them
with the event. ``compose_opening`` does the same for the opening of ``/game start``. Pictures
are stored as specs and drawn when the row is sent (``cogs.common.DRAWERS``), so a row owed
before a restart is drawn by the next process.

``deliver_event`` sends the posts of one event at once, through the interaction when there is
one (a public defer first when a picture must be drawn, so the answer is never late), else in
the channel; ``drain`` is the background sender for everything else (retries, posts owed
before a restart, reminders, coalesced status edits). Each row is claimed before it is sent
and marked after, so no post goes out twice; a failure is logged and retried, and one channel
that refuses us never stops the others.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import game_language, localise, reader_language
from bot.moderator import ActResult, answered_early, handling_for
from bot.outbox import Post, is_refusal
from bot.present import act_lines, chunk, decision_ping, private_lines, result_line, timestamp
from bot.publisher import ImageFile, PinFailed
from bot.renderers import renderer_for
from cogs.common import (
    AFTER_MOVE_VIEW,
    DRAWERS,
    PUBLIC_EXTRAS,
    TEXT_FILTER,
    Extras,
    action_view,
    follower_pings,
)
from db.models import GameRow, OutboxRow
from rules.core import Game
from rules.core.i18n import _

if TYPE_CHECKING:
    from bot.client import PraetorBot

log = logging.getLogger(__name__)

ANSWER_WITHIN = 2.0
"""Seconds of handling after which an interaction must be answered at once (Discord allows 3 s
from its creation; the rest is the margin for the network). Until then a picture being drawn
is waited for, so that the answer carries it without a defer (issue 10's request budget)."""

def extras_of(row: GameRow, game: Game[Any], result: ActResult | None, language: str) -> Extras:
    """What the game adds to the public message (``PUBLIC_EXTRAS``); nothing by default."""
    hook = PUBLIC_EXTRAS.get(row.kind)
    return hook(row, game, result, language) if hook is not None else Extras()


def main_picture(row: GameRow, seq: int, extras: Extras, language: str) -> list[dict[str, Any]]:
    """The game's own picture (its renderer on the public view at step ``seq``), when it has a
    renderer. The spec names the game and the step, not the view: the view is built when the
    picture is drawn (``views_of``; issue 14: building and storing it with every command that
    moved something was a tenth of a command's cost)."""
    if renderer_for(row.kind) is None:  # e.g. Rome, IInc.: nothing to draw, nothing to wait for
        return []
    name = extras.view_name or AFTER_MOVE_VIEW.get(row.kind, "whole")
    return [
        {"draw": "view", "kind": row.kind, "name": name, "game": row.id, "seq": seq,
         "language": language}
    ]


def public_posts(
    channel: str,
    lines: list[str],
    *,
    mentions: list[str],
    components: list[dict[str, Any]],
    pictures: list[dict[str, Any]],
    language: str,
) -> list[Post]:
    """The one public message (split only when the text passes Discord's 2,000 characters:
    the last part then carries the pictures and the components)."""
    texts = chunk(lines) or [localise(_("Done."), language)]
    posts = [Post("post", channel, text, mentions=mentions) for text in texts]
    posts[-1].components, posts[-1].images = components, pictures
    return posts


def status_post(row: GameRow, game: Game[Any], seq: int, language: str, final: bool) -> Post:
    """The game's pinned status (coalesced per game; the first and the last are urgent)."""
    head = _(
        "Game #{id}: {kind} ({scenario}), move {seq}",
        id=row.id,
        kind=row.kind,
        scenario=row.scenario,
        seq=seq,
    )
    status = [localise(line, language) for line in [head, *game.status_lines()]]
    if final:
        status.append(result_line(row, language))
    return Post(
        "status",
        row.channel_id,
        "\n".join(status)[:2000],
        urgent=final or seq == 0,
        body="\n".join(status[1:]),
    )


def compose(result: ActResult, game: Game[Any], followers: list[str]) -> list[Post]:
    """The posts an accepted command owes (pure: called inside the event's transaction).

    Public posts and private lines are written in the game's language (the reader of a private
    line is not known yet when it is stored)."""
    row = result.game
    channel = row.channel_id
    language = game_language(row)  # posts are written in the game's language
    lines = act_lines(result, language)
    shown = TEXT_FILTER.get(row.kind)  # e.g. Imperator's names=en
    if shown is not None:
        lines = [shown(game, line) for line in lines]
    extras = extras_of(row, game, result, language)
    mentions = [u for u in result.to_move.values() if u and result.pending is None]
    respond = result.pending is not None and result.result is None
    if respond:
        assert result.pending is not None
        lines.append(decision_ping(result, language))
        mentions = [str(row.seats.get(result.pending.seat) or "")]
    buttons = action_view(
        row.id or 0, result.seq, language, respond=respond, why=bool(result.outcome.citations)
    )
    components: list[dict[str, Any]] = buttons.to_components() if buttons else []
    pictures: list[dict[str, Any]] = []
    if result.outcome.map_changed or result.result is not None:
        pictures = main_picture(row, result.seq, extras, language)
    posts = public_posts(
        channel,
        [*lines, *extras.lines],
        mentions=[*mentions, *extras.mentions],
        components=[*extras.components, *components],  # the game's panel first, then Respond or Why?
        pictures=[*extras.pictures, *pictures] if extras.pictures_first else [*pictures, *extras.pictures],
        language=language,
    )
    if followers:
        for text in follower_pings(followers, posts[0].content.splitlines()[0][:300]):
            posts.append(Post("post", channel, text, mentions=list(followers)))
    posts.append(status_post(row, game, result.seq, language, result.result is not None))
    for seat, private in result.outcome.private.items():
        user = row.seats.get(seat)
        if user and private:
            if shown is not None:
                private = [shown(game, line) for line in private]
            for text in chunk(private_lines(private, language)):
                posts.append(Post("private", channel, text, user_id=str(user)))
    return posts


def compose_opening(
    row: GameRow, game: Game[Any], head: list[str], components: list[dict[str, Any]]
) -> list[Post]:
    """The posts of ``/game start`` (pure, stored with the start): ONE public message with
    ``head`` (already in the game's language), the picture of the table, the components and
    the game's panel; the first status (urgent)."""
    language = game_language(row)
    extras = extras_of(row, game, None, language)
    posts = public_posts(
        row.channel_id,
        [*head, *extras.lines],
        mentions=[str(u) for u in row.seats.values() if u] + extras.mentions,
        components=[*components, *extras.components],
        pictures=[*main_picture(row, 0, extras, language), *extras.pictures],
        language=language,
    )
    posts.append(status_post(row, game, 0, language, final=False))
    return posts


def view_of(components: list[dict[str, Any]]) -> discord.ui.View | None:
    """A view rebuilt from component payloads (persistent items answer by custom_id)."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for action_row in components:
        for item in action_row.get("components", []):
            if item.get("type") == 2:
                view.add_item(
                    discord.ui.Button(
                        label=item.get("label"),
                        custom_id=item.get("custom_id"),
                        style=discord.ButtonStyle(item.get("style", 1)),
                        disabled=bool(item.get("disabled", False)),
                    )
                )
            elif item.get("type") == 3:
                options = [
                    discord.SelectOption(label=o["label"], value=o["value"])
                    for o in item.get("options", [])
                ]
                view.add_item(
                    discord.ui.Select(
                        custom_id=item.get("custom_id", ""),
                        placeholder=item.get("placeholder"),
                        options=options,
                    )
                )
    return view


def allowed(payload: dict[str, Any]) -> discord.AllowedMentions:
    """Only the users a post means to ping; never a role or everyone."""
    users: list[Any] = [
        discord.Object(id=int(u)) if str(u).isdigit() else SimpleNamespace(id=str(u))
        for u in payload.get("mentions", [])
        if u
    ]  # (names stand for ids on the local table)
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


@dataclass
class Reply:
    """The interaction a delivery may answer through, and what was already said on it."""

    interaction: discord.Interaction
    public_defer: bool = False  # we deferred publicly: the first follow-up is the answer
    answered: bool = False  # the public post went through it
    drawing: dict[int, asyncio.Task[list[ImageFile]]] = field(default_factory=dict)
    """Pictures of rows (by row id) already being drawn (``deliver_owed``)."""

    def may_answer(self) -> bool:
        if self.answered:
            return False
        return not self.interaction.response.is_done() or self.public_defer


async def send_row(bot: PraetorBot, row: OutboxRow, reply: Reply | None, kind: str) -> str | None:
    """Send one row; the id of the message, if any. Raises what Discord raised."""
    payload = row.payload
    content = payload.get("content") or None
    if row.kind == "status":
        return await send_status(bot, row, content or "")
    if row.kind == "private":
        assert reply is not None
        await reply.interaction.followup.send(content or "", ephemeral=True)
        return None
    view = view_of(payload.get("components", []))
    started = reply.drawing.pop(row.id or 0, None) if reply is not None else None
    images = await started if started is not None else await draw_row(bot, kind, payload)
    if reply is not None and reply.may_answer():
        kwargs: dict[str, Any] = {"allowed_mentions": allowed(payload)}
        if view is not None:
            kwargs["view"] = view
        if images:
            kwargs["files"] = [image.to_discord() for image in images]
        if reply.interaction.response.is_done():
            await reply.interaction.followup.send(content or "", **kwargs)
        else:
            await reply.interaction.response.send_message(content, **kwargs)
        reply.answered = True
        return None
    return await bot.publisher.send(
        row.channel_id, content, view=view, images=images
    )


def pictures_of(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The picture specs of a row (rows stored before pictures were a list held one)."""
    if payload.get("images"):
        return list(payload["images"])
    return [payload["image"]] if payload.get("image") else []


async def views_of(bot: PraetorBot, specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The specs with the view of each game picture filled in: the public view of its game at
    its step (``Moderator.public_view_at``). A spec that holds its view (stored before views
    were built when drawn) is kept as it is; one whose step is gone draws nothing."""
    filled = []
    for spec in specs:
        if spec.get("draw", "view") == "view" and "view" not in spec and "seq" in spec:
            try:
                view = await bot.moderator.public_view_at(int(spec.get("game") or 0), int(spec["seq"]))
            except Exception:  # noqa: BLE001 - a picture that cannot be built never loses the post
                log.exception("no view of step %s of game %s", spec["seq"], spec.get("game"))
                continue
            if view is None:
                log.error("no step %s of game %s to draw", spec["seq"], spec.get("game"))
                continue
            spec = {**spec, "view": view}
        filled.append(spec)
    return filled


async def draw_row(bot: PraetorBot, kind: str, payload: dict[str, Any]) -> list[ImageFile]:
    """Draw the pictures of a row's payload (``views_of``, then ``draw``)."""
    return await draw(kind, await views_of(bot, pictures_of(payload)))


async def draw(kind: str, specs: list[dict[str, Any]]) -> list[ImageFile]:
    """Draw the pictures of a row (a failing or unknown drawer draws nothing: the text goes)."""
    images: list[ImageFile] = []
    for spec in specs:
        drawer = DRAWERS.get(str(spec.get("draw", "view")))
        if drawer is None:
            log.error("no drawer %r for a picture of %s", spec.get("draw"), kind)
            continue
        try:
            image = await drawer({"kind": kind, **spec})
        except Exception:  # noqa: BLE001 - a broken picture must never lose the post
            log.exception("drawing %r failed", spec.get("draw"))
            continue
        if image is not None:
            images.append(image)
    return images


async def send_status(bot: PraetorBot, row: OutboxRow, content: str) -> str | None:
    """Edit (or post and pin) the game's status. A pin Discord refuses (no Pin Messages, 50
    pins already) is logged and said once in the game's channel; the status is kept up to
    date all the same."""
    game = await bot.moderator.get(row.game_id or 0)
    try:
        message_id = await bot.publisher.pin_status(
            row.channel_id, game.status_message_id, content
        )
    except PinFailed as failure:
        message_id = failure.message_id
        log.warning("could not pin the status of game %s: %s", game.id, failure.reason)
        text = _(
            "⚠️ Praetor could not pin this game's status message ({reason}): give it Pin "
            "Messages here, or unpin an old message (a channel holds 50 pins). The status is "
            "posted and kept up to date all the same.",
            reason=failure.reason[:120],
        )
        try:
            await bot.publisher.send(row.channel_id, localise(text, game_language(game)))
        except Exception:  # noqa: BLE001 - the status itself went out; the log keeps the rest
            log.exception("could not report the pin failure of game %s", game.id)
    if message_id != game.status_message_id:
        await bot.moderator.set_status_message(game.id or 0, message_id)
    return message_id


async def deliver(
    bot: PraetorBot, rows: list[OutboxRow], kind: str, reply: Reply | None = None
) -> int:
    """Send claimed rows in order; return how many went out. Never raises for one row."""
    outbox = bot.moderator.outbox
    user = str(reply.interaction.user.id) if reply is not None else None
    sent = 0
    for row in rows:
        if row.kind == "private" and (
            reply is None or row.user_id != user or not reply.interaction.response.is_done()
        ):
            await outbox.hold(row)  # for its owner's next interaction
            continue
        if row.kind == "status" and (
            await outbox.newer_status(row) or await outbox.unchanged_status(row)
        ):
            await outbox.mark_sent(row)  # coalesced: a newer status will say it, or no news
            continue
        try:
            message_id = await send_row(bot, row, reply, kind)
        except Exception as error:  # noqa: BLE001 - every failure is logged and retried
            if is_refusal(error):
                log.warning("channel %s refused outbox row %s: %s", row.channel_id, row.id, error)
            else:
                log.exception("outbox row %s failed", row.id)
            await outbox.release(row, error)
            continue
        if row.kind == "status":
            await outbox.supersede_status(row)
        await outbox.mark_sent(row, message_id, in_channel=message_id is not None)
        sent += 1
    return sent


async def deliver_event(
    bot: PraetorBot,
    result: ActResult,
    interaction: discord.Interaction | None = None,
    *,
    deferred: bool = False,
) -> None:
    """Send what ``result`` owes, now; then the held private lines of the interaction's user.
    ``deferred``: the caller already deferred the interaction publicly (undo's rebuild)."""
    row = result.game
    if result.duplicate:  # Discord delivered it again: the first answer, to this sender only
        if interaction is not None:
            language = game_language(row)
            lines = act_lines(result, language) or [localise(_("Done."), language)]
            if interaction.response.is_done():  # deferred while waiting for its twin
                await interaction.followup.send(chunk(lines)[0], ephemeral=True)
            else:
                await interaction.response.send_message(chunk(lines)[0], ephemeral=True)
        return
    await deliver_owed(bot, row, result.seq, interaction, deferred=deferred)


async def deliver_owed(
    bot: PraetorBot,
    row: GameRow,
    seq: int,
    interaction: discord.Interaction | None = None,
    *,
    deferred: bool = False,
) -> None:
    """Send the outbox rows of one step of a game (an event, or ``/game new``/``start`` at
    seq 0) now, the first public one through the interaction when there is one (a public defer
    first when a picture must be drawn, so the answer is never late); what cannot be sent now
    stays in the outbox for the background sender."""
    rows = await bot.moderator.outbox.claim(game_id=row.id or 0, seq=seq)
    early = answered_early() if interaction is not None else None  # deferred while saving
    reply = None
    if interaction is not None:  # after a component's update defer, a follow-up is the answer
        reply = Reply(interaction, public_defer=deferred or early == "update")
    first = next((r for r in rows if r.kind == "post"), None)
    if (
        reply is not None
        and first is not None
        and not reply.interaction.response.is_done()
        and pictures_of(first.payload)
    ):  # draw first: in time, the answer carries the picture (one request, no defer)
        task = asyncio.create_task(draw_row(bot, row.kind, first.payload))
        reply.drawing[first.id or 0] = task
        budget = max(0.0, ANSWER_WITHIN - handling_for())
        done, _pending = await asyncio.wait({task}, timeout=budget)
        if not done:  # too slow for Discord's 3 s: a public defer, the picture follows
            await reply.interaction.response.defer()
            reply.public_defer = True
    await deliver(bot, rows, row.kind, reply)
    if reply is not None:
        if not reply.interaction.response.is_done():  # nothing could be said through it
            await reply.interaction.response.send_message(localise(_("Done."), reader_language(reply.interaction)), ephemeral=True)
        elif reply.public_defer and not reply.answered:  # the public post failed: say so
            await reply.interaction.followup.send(localise(_("Done."), reader_language(reply.interaction)))
        elif early == "thinking" and await still_thinking(reply.interaction):
            await reply.interaction.followup.send(localise(_("Done."), reader_language(reply.interaction)), ephemeral=True)
        await deliver_held(bot, row.id or 0, row.kind, reply.interaction)
        await warn_if_blocked(bot, row.channel_id, reply.interaction)


async def still_thinking(interaction: discord.Interaction) -> bool:
    """After a private "thinking…" defer: nothing has filled the placeholder yet."""
    from bot.client import _still_thinking

    thinking, _ephemeral = await _still_thinking(interaction)
    return thinking


async def deliver_held(
    bot: PraetorBot, game_id: int, kind: str, interaction: discord.Interaction
) -> None:
    """The private lines kept for this user in this game (from a timeout, or another seat's
    move), now that they interact: only after the interaction is answered."""
    if not interaction.response.is_done():
        return
    held = await bot.moderator.outbox.claim(game_id=game_id, user_id=str(interaction.user.id))
    if held:
        await deliver(bot, held, kind, Reply(interaction, answered=True))


async def warn_if_blocked(
    bot: PraetorBot, channel_id: str, interaction: discord.Interaction
) -> None:
    """Tell a player (once) that Praetor cannot post in this channel and posts are waiting."""
    found = await bot.moderator.outbox.warn_once(channel_id, str(interaction.user.id))
    if found is None or not interaction.response.is_done():
        return
    waiting = await bot.moderator.outbox.waiting(channel_id)
    text = _(
        "⚠️ Praetor cannot post in this channel since {since} ({reason}); {count} posts of "
        "this game are waiting. Give the bot its permissions here (see `praetor invite`): "
        "they will be sent.",
        since=timestamp(found.since),
        reason=found.reason[:120],
        count=waiting,
    )
    try:
        await interaction.followup.send(str(text), ephemeral=True)
    except Exception:  # noqa: BLE001 - a warning must never break the command
        log.exception("could not warn about channel %s", channel_id)


async def drain(bot: PraetorBot, limit: int = 100) -> int:
    """The background sender: claim due rows of every game and send them (one failing
    channel never stops the others). Returns how many were sent."""
    rows = await bot.moderator.outbox.claim(limit=limit)
    sent = 0
    kinds: dict[int, str] = {}
    for row in rows:
        game_id = row.game_id or 0
        if game_id not in kinds:
            try:
                kinds[game_id] = (await bot.moderator.get(game_id)).kind if game_id else ""
            except Exception:  # noqa: BLE001
                kinds[game_id] = ""
        sent += await deliver(bot, [row], kinds[game_id])
    return sent
