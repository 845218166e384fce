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
    return Config(token, url, data_dir, level, log_format, images)


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
