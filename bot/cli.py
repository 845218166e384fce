"""The ``praetor`` command.

- ``praetor``: the bot when ``DISCORD_TOKEN`` is set, else the local table in the terminal.
- ``praetor bot [--shard-ids 0-3 --shard-count 8]``: the bot; exits with code 2 and a clear
  message without a token. The shard options (or ``PRAETOR_SHARD_IDS``/``PRAETOR_SHARD_COUNT``)
  let several processes share one PostgreSQL, each running a range of Discord shards.
- ``praetor sync``: force a sync of the slash commands.
- ``praetor local [--as USER] [--locale fr]``: the local table (``PRAETOR_LOCALE`` too).
- ``praetor replay FILE [--seed N] [--games MODULE] [--json] [--locale fr]``: play a transcript.
- ``praetor data check [DIR] [--rome DIR] [--imperium DIR]``: validate an Imperator data directory
  (and, without DIR or with ``--rome``/``--imperium``, the Rome, IInc. and Imperium Romanum data)
  and print a summary.
- ``praetor migrate``: bring the database schema up to date.
- ``praetor invite [APPLICATION_ID]``: print the invite URL with the permissions Praetor needs
  (the id defaults to ``DISCORD_APPLICATION_ID``).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import Config, ConfigError, load_config, parse_shards, setup_logging
from rules.core.i18n import _

if TYPE_CHECKING:
    from bot.client import PraetorBot

log = logging.getLogger("praetor")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="praetor", description="Praetor: wargames refereed in Discord"
    )
    sub = parser.add_subparsers(dest="command")
    bot = sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    bot.add_argument(
        "--shard-ids",
        default=None,
        help="the Discord shards this process runs, e.g. 0-3 or 0,2 (default: $PRAETOR_SHARD_IDS)",
    )
    bot.add_argument(
        "--shard-count",
        default=None,
        help="how many shards the bot has in all (default: $PRAETOR_SHARD_COUNT)",
    )
    sub.add_parser("sync", help="sync the slash commands with Discord now")
    local = sub.add_parser("local", help="open the local table in this terminal")
    local.add_argument("--as", dest="user", default="alice", help="who is at the keyboard first")
    language = {
        "default": os.environ.get("PRAETOR_LOCALE") or "en-US",
        "help": "Discord locale of the server and its users, e.g. fr (default: $PRAETOR_LOCALE "
        "or en-US)",
    }
    local.add_argument("--locale", **language)  # type: ignore[arg-type]
    replay = sub.add_parser("replay", help="play a transcript and check it")
    replay.add_argument("file", type=Path)
    replay.add_argument("--seed", type=int, default=1, help="seed for the game dice")
    replay.add_argument("--games", action="append", default=[], help="module adding a game")
    replay.add_argument("--json", action="store_true", help="print the final public state")
    replay.add_argument("--locale", **language)  # type: ignore[arg-type]
    data = sub.add_parser("data", help="game data tools")
    data_sub = data.add_subparsers(dest="data_command")
    check = data_sub.add_parser("check", help="validate an Imperator data directory")
    check.add_argument("directory", nargs="?", type=Path)
    check.add_argument("--rome", type=Path, help="a Rome, IInc. data directory to check instead "
                       "of PRAETOR_ROME_DATA_DIR or the shipped files")
    check.add_argument("--imperium", type=Path, help="an Imperium Romanum data directory to check "
                       "instead of the shipped files")
    sub.add_parser("migrate", help="upgrade the database schema")
    invite = sub.add_parser("invite", help="print the URL that adds the bot to a server")
    invite.add_argument(
        "application_id", nargs="?", help="the application id (default: DISCORD_APPLICATION_ID)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    from bot.memory import tune_allocator

    tune_allocator()  # before any picture is drawn (bot/memory.py)
    args = build_parser().parse_args(argv)
    if args.command == "invite":  # needs no database nor token
        return invite(args.application_id)
    try:
        config = load_config()
        if getattr(args, "shard_ids", None) is not None or getattr(args, "shard_count", None):
            ids, count = parse_shards(
                args.shard_ids or ",".join(map(str, config.shard_ids or ())),
                args.shard_count or str(config.shard_count or ""),
            )
            config = dataclasses.replace(config, shard_ids=ids, shard_count=count)
    except ConfigError as error:
        print(f"praetor: configuration error: {error}", file=sys.stderr)
        return 2
    setup_logging(config)
    command = args.command
    if command != "bot" and not (command is None and config.has_token):
        logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice warnings locally
    if command is None:
        if config.has_token:
            return run_bot(config)
        print(
            "praetor: DISCORD_TOKEN is not set, so this opens the local table in the terminal "
            f"(database: {config.database_url}). Type slash commands as in "
            "Discord (/roll dice:2d6); `as <user>` switches player; end of input quits.",
            file=sys.stderr,
        )
        return asyncio.run(run_local(config, "alice", os.environ.get("PRAETOR_LOCALE") or "en-US"))
    if command == "bot":
        if not config.has_token:
            print(
                "praetor bot: DISCORD_TOKEN is not set. Create a bot in the Discord Developer "
                "Portal and export its token (see README), or run `praetor local`.",
                file=sys.stderr,
            )
            return 2
        return run_bot(config)
    if command == "sync":
        if not config.has_token:
            print("praetor sync: DISCORD_TOKEN is not set.", file=sys.stderr)
            return 2
        return run_bot(config, sync_only=True)
    if command == "local":
        return asyncio.run(run_local(config, args.user, args.locale))
    if command == "replay":
        return run_replay(args.file, args.seed, args.games, args.json, args.locale)
    if command == "data":
        if args.data_command != "check":
            print("praetor data: use `praetor data check [DIR]`", file=sys.stderr)
            return 2
        return data_check(args.directory, args.rome, args.imperium)
    if command == "migrate":
        return asyncio.run(migrate(config))
    return 2


def invite(application_id: str | None) -> int:
    """Print the OAuth2 URL that adds the bot with exactly the permissions it needs."""
    from bot.permissions import REQUIRED, invite_url, required_permissions

    chosen = application_id or os.environ.get("DISCORD_APPLICATION_ID", "")
    if not chosen:
        print(
            "praetor invite: give the application id (General Information page of the "
            "application in the Discord Developer Portal) as an argument or in "
            "DISCORD_APPLICATION_ID.",
            file=sys.stderr,
        )
        return 2
    try:
        url = invite_url(chosen)
    except ValueError as error:
        print(f"praetor invite: {error}", file=sys.stderr)
        return 2
    print(url)
    print(
        f"permissions {required_permissions().value}: " + ", ".join(REQUIRED.values()),
        file=sys.stderr,
    )
    return 0


async def migrate(config: Config) -> int:
    from db.engine import make_engine
    from db.migrate import upgrade

    engine = make_engine(config.database_url)
    await upgrade(engine)
    await engine.dispose()
    print("database schema is up to date")
    return 0


async def sync_commands(bot: PraetorBot) -> None:
    """``praetor sync``: load every cog (so the tree is whole and its French translator set),
    then send the command definitions with their localisations to Discord."""
    await bot.load_praetor_cogs()
    await bot.sync_if_changed(force=True)


def run_bot(config: Config, sync_only: bool = False) -> int:
    from bot.client import PraetorBot
    from bot.memory import freeze_startup_objects
    from bot.moderator import Moderator
    from db.engine import make_engine
    from db.migrate import upgrade

    async def runner() -> None:
        engine = make_engine(config.database_url)
        await upgrade(engine)
        bot = PraetorBot(
            Moderator(engine), shard_ids=config.shard_ids, shard_count=config.shard_count
        )
        if config.shard_ids is not None:
            log.info("running shards %s of %s", config.shard_ids, config.shard_count)
        if sync_only:

            async def sync_and_close() -> None:
                await sync_commands(bot)
                await bot.close()

            bot.setup_hook = sync_and_close  # type: ignore[method-assign]
        else:
            load_cogs = bot.setup_hook

            async def load_then_freeze() -> None:
                await load_cogs()
                freeze_startup_objects()  # bot/memory.py: out of the collector's way (issue 14)

            bot.setup_hook = load_then_freeze  # type: ignore[method-assign]
        async with bot:
            await bot.start(config.discord_token or "")
        await engine.dispose()

    asyncio.run(runner())
    return 0


async def run_local(config: Config, user: str, locale: str = "en-US") -> int:
    from bot.i18n import language_of, localise
    from bot.local import DiscordRuleViolation, LocalInputError, LocalTable
    from bot.moderator import Moderator
    from bot.permissions import REQUIRED
    from db.engine import make_engine
    from db.migrate import upgrade

    engine = make_engine(config.database_url)
    await upgrade(engine)
    import hashlib

    # the components last shown, per database, so buttons of a previous run can be pressed
    database_tag = hashlib.sha256(config.database_url.encode()).hexdigest()[:12]
    table = LocalTable(
        Moderator(engine),
        config.images_dir,
        user=user,
        locale=locale,
        components_file=config.images_dir / f"shown-components-{database_tag}.json",
    )
    await table.setup()
    interactive = sys.stdin.isatty()
    try:
        while True:
            if interactive:
                print(f"{table.user}> ", end="", flush=True)
            line = await asyncio.to_thread(sys.stdin.readline)
            if not line:
                break
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            start = len(table.outputs)
            try:
                if line.startswith("as "):
                    table.user = line[3:].strip()
                    continue
                if line.startswith("locale "):
                    table.set_locale(line[7:])
                    continue
                if line in ("quit", "exit"):
                    break
                if line.startswith(("deny ", "allow ")):  # as in transcripts (docs/transcripts.md)
                    verb, _sep, flag = line.partition(" ")
                    if flag.strip() not in REQUIRED:
                        print(f"error: {verb} takes one of: {', '.join(REQUIRED)}", file=sys.stderr)
                    elif verb == "deny":
                        table.denied.add(flag.strip())
                    else:
                        table.denied.discard(flag.strip())
                    continue
                if line == "fail post":
                    table.failing_posts += 1
                    continue
                if line.startswith("click "):
                    await table.click(line[6:].strip())
                elif line.startswith("select "):
                    await table.select([p.strip() for p in line[7:].split(",") if p.strip()])
                elif line.startswith("/"):
                    await table.run_slash(line)
                else:
                    hint = _(
                        "type a slash command (/roll dice:2d6), `as <user>`, `click <label>`, "
                        "`select <option>` or quit"
                    )
                    reader = table.user_locales.get(table.user, table.locale)
                    print(localise(hint, language_of(reader)), file=sys.stderr)
                    continue
            except (LocalInputError, DiscordRuleViolation) as error:
                reader = table.user_locales.get(table.user, table.locale)  # the one at the keyboard
                print(localise(_("error: {error}", error=str(error)), language_of(reader)), file=sys.stderr)
                continue
            for output in table.outputs[start:]:
                if output.audience in ("public", table.user):
                    for shown in output.lines():
                        print(shown)
    finally:
        await table.close()
        await engine.dispose()
    return 0


def run_replay(
    path: Path, seed: int, game_modules: list[str], as_json: bool, locale: str = "en-US"
) -> int:
    from bot.transcript import replay_file
    from rules.core.registry import register_module

    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    for module in game_modules:
        try:
            register_module(module)
        except (ImportError, ValueError) as error:
            print(f"praetor replay: cannot load games from {module}: {error}", file=sys.stderr)
            return 2
    return asyncio.run(replay_file(path, seed=seed, as_json=as_json, locale=locale))


def shown(message: str) -> str:
    """A message of the command line in the language of ``PRAETOR_LOCALE`` (English if unset):
    the data loaders' problems are marked sentences (issue 13)."""
    from bot.i18n import language_of, localise

    return localise(message, language_of(os.environ.get("PRAETOR_LOCALE")))


def data_check(directory: Path | None, rome: Path | None = None, imperium: Path | None = None) -> int:
    try:
        from rules.imperator.loader import DataError, load_data, summary_lines
    except ImportError:
        print("praetor data check: the Imperator data loader is not installed yet", file=sys.stderr)
        return 2
    try:
        data = load_data(directory)
    except DataError as error:
        print(f"praetor data check: {shown(str(error))}", file=sys.stderr)
        return 1
    for line in summary_lines(data):
        print(shown(line))
    if (directory is None or imperium is not None) and imperium_data_check(imperium) != 0:
        return 1
    if directory is None or rome is not None:
        return rome_data_check(rome)
    return 0


def imperium_data_check(directory: Path | None) -> int:
    """Imperium Romanum: ``--imperium DIR`` (an owner's data), else the shipped files."""
    from rules.imperium_romanum.loader import IRDataError, imperium_romanum_check

    if directory is not None and not directory.is_dir():
        print(f"praetor data check: {directory} is not a directory", file=sys.stderr)
        return 1
    try:
        print("\n".join(shown(line) for line in imperium_romanum_check(directory)))
    except IRDataError as error:
        print(f"praetor data check: {shown(str(error))}", file=sys.stderr)
        return 1
    return 0


def rome_data_check(directory: Path | None) -> int:
    """Rome, IInc.: ``--rome DIR``, else ``PRAETOR_ROME_DATA_DIR``, else the shipped files."""
    from rules.rome_iinc.data import DataError as RomeDataError
    from rules.rome_iinc.data import rome_check

    try:
        print("\n".join(shown(line) for line in rome_check(directory)))
    except RomeDataError as error:
        print(f"praetor data check: {shown(str(error))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
