"""Configuration from the environment, with clear errors for bad values."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from db.engine import database_url

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    """A setting that cannot be used; the message names the variable and what to do."""


@dataclass(frozen=True)
class Config:
    discord_token: str | None
    database_url: str
    data_dir: Path | None
    log_level: str
    log_format: str
    images_dir: Path
    shard_ids: tuple[int, ...] | None = None
    """The Discord shards this process runs (None: discord.py decides, all of them)."""
    shard_count: int | None = None

    @property
    def has_token(self) -> bool:
        return bool(self.discord_token)


def load_config(env: dict[str, str] | None = None) -> Config:
    """Read ``DISCORD_TOKEN``, ``DATABASE_URL``/``PRAETOR_DB_PATH``, ``PRAETOR_DATA_DIR``,
    ``PRAETOR_LOG_LEVEL``, ``PRAETOR_LOG_FORMAT`` (text|json) and ``PRAETOR_IMAGES_DIR``."""
    env = dict(os.environ) if env is None else env
    token = (env.get("DISCORD_TOKEN") or "").strip() or None
    if token is not None and (len(token) < 50 or " " in token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a bot token (copy it from the Bot page of your "
            "application in the Discord Developer Portal)"
        )
    try:
        url = database_url(env)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    data_dir = None
    if env.get("PRAETOR_DATA_DIR"):
        data_dir = Path(env["PRAETOR_DATA_DIR"])
        if not data_dir.is_dir():
            raise ConfigError(f"PRAETOR_DATA_DIR={data_dir} is not a directory")
    level = (env.get("PRAETOR_LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"PRAETOR_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}"
        )
    log_format = (env.get("PRAETOR_LOG_FORMAT") or "text").lower()
    if log_format not in ("text", "json"):
        raise ConfigError(f"PRAETOR_LOG_FORMAT must be text or json, not {log_format!r}")
    images = Path(env.get("PRAETOR_IMAGES_DIR") or "praetor-images")
    shard_ids, shard_count = parse_shards(
        env.get("PRAETOR_SHARD_IDS", ""), env.get("PRAETOR_SHARD_COUNT", "")
    )
    return Config(token, url, data_dir, level, log_format, images, shard_ids, shard_count)


def parse_shards(ids: str, count: str) -> tuple[tuple[int, ...] | None, int | None]:
    """The shards one process runs when several share a database (README, deployment):
    ``PRAETOR_SHARD_IDS`` like ``0-3`` or ``0,2,5`` (or ``--shard-ids``) and the total
    ``PRAETOR_SHARD_COUNT`` (``--shard-count``). Both empty: discord.py picks every shard."""
    ids, count = ids.strip(), count.strip()
    if not ids and not count:
        return None, None
    if not (ids and count):
        raise ConfigError("set both PRAETOR_SHARD_IDS and PRAETOR_SHARD_COUNT, or neither")
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 10_000:
        raise ConfigError(f"PRAETOR_SHARD_COUNT must be a whole number from 1 to 10000, not {count!r}")
    total = int(count)
    chosen: set[int] = set()
    for part in ids.split(","):
        first, _, last = part.strip().partition("-")
        bounds = [first, last or first]
        if not all(b.strip().isascii() and b.strip().isdigit() for b in bounds):
            raise ConfigError(
                f"PRAETOR_SHARD_IDS must list shard numbers or ranges like 0-3,6, not {ids!r}"
            )
        low, high = (int(b) for b in bounds)
        if low > high or high >= total:
            raise ConfigError(
                f"PRAETOR_SHARD_IDS: {part.strip()!r} is not a range inside 0-{total - 1} "
                f"(PRAETOR_SHARD_COUNT={total})"
            )
        chosen.update(range(low, high + 1))
    return tuple(sorted(chosen)), total


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any ``extra`` fields."""

    RESERVED = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message"}

    def format(self, record: logging.LogRecord) -> str:
        import json

        data = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        data.update({k: v for k, v in record.__dict__.items() if k not in self.RESERVED})
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


def setup_logging(config: Config) -> None:
    handler = logging.StreamHandler()
    if config.log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(config.log_level)
    logging.getLogger("discord").setLevel(max(logging.INFO, root.level))
    logging.getLogger("alembic").setLevel(logging.WARNING)
