"""Games recorded under other rules (DESIGN: "Each game records the rules version and a hash
of its data, so an upgrade or a different data directory never silently changes a game in
progress").

Every game row stores the ``RULES_VERSION`` and ``data_hash()`` of the engine that began it.
When the engine running now has another version or other data, the game's log may no longer
give the same game: a command accepted then may be refused now (Imperium Romanum's hexside
rules made recorded marches "out of reach", §12.1) or resolve differently. Such a game is
checked before it is played or replayed: its whole log is replayed under the engine of now
and compared with its snapshot. The same game: it goes on (migrated; the check is repeated
at each load from the database, its recorded version stays the one it began with). Another
game, or a command refused: the game is refused with a sentence saying which version recorded
it and which runs now, instead of a rule error from deep inside the replay.
"""

from __future__ import annotations

import json
from typing import Any

from rules.core.game import Game
from rules.core.i18n import Text, _
from rules.core.registry import get_game


def current_version(kind: str) -> tuple[str, str]:
    """The rules version and data hash of the engine that plays ``kind`` now."""
    game_class = get_game(kind)
    return game_class.RULES_VERSION, game_class.data_hash()


def recorded_elsewhere(row: Any) -> bool:
    """True when ``row`` (a game row) was begun by another rules version or other data."""
    return (row.rules_version, row.data_hash) != current_version(row.kind)


def refusal(row: Any, why: str) -> Text:
    """Why game ``row``, recorded under other rules, is refused; ``why``: what went wrong."""
    version, digest = current_version(row.kind)
    title = get_game(row.kind).TITLE
    return _(
        "Game #{id} was recorded by {title} rules version {recorded} (data {recorded_data}); "
        "this bot plays version {current} (data {current_data}), under which its log no "
        "longer gives the same game ({why}). It cannot be played or replayed here: finish it "
        "with the version that recorded it, or start a new game.",
        id=row.id,
        title=title,
        recorded=row.rules_version or "?",
        recorded_data=(row.data_hash or "?")[:12],
        current=version,
        current_data=digest[:12],
        why=why,
    )


def same_game(one: Game[Any], other: Game[Any]) -> bool:
    """Whether two games are the same (their JSON, keys sorted)."""
    return canonical(one) == canonical(other)


def canonical(game: Game[Any]) -> str:
    return json.dumps(game.to_json(), sort_keys=True, default=str)
