"""Posting to a channel outside an interaction (timeouts, reminders, images after a move)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Protocol

import discord


@dataclass(frozen=True)
class ImageFile:
    filename: str
    data: bytes

    def to_discord(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), filename=self.filename)


class Publisher(Protocol):
    async def send(
        self,
        channel_id: str,
        content: str | None = None,
        *,
        view: discord.ui.View | None = None,
        image: ImageFile | None = None,
        embed: discord.Embed | None = None,
    ) -> None: ...


class DiscordPublisher:
    """Sends through a connected discord.py client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send(
        self,
        channel_id: str,
        content: str | None = None,
        *,
        view: discord.ui.View | None = None,
        image: ImageFile | None = None,
        embed: discord.Embed | None = None,
    ) -> None:
        channel: Any = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        kwargs: dict[str, Any] = {"content": content}
        if view is not None:
            kwargs["view"] = view
        if image is not None:
            kwargs["file"] = image.to_discord()
        if embed is not None:
            kwargs["embed"] = embed
        await channel.send(**kwargs)
