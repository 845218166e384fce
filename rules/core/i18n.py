"""Marking user-facing text for translation, without translating it (DESIGN: Two languages).

Rules are pure: they never pick a language. Every sentence a game shows a person is built with
``_`` (or ``_n`` for a count), which returns a :class:`Text`: a ``str`` holding the English
sentence, that also remembers its message id and parameters so the bot can translate it later
into the reader's language (private replies) or the game's language (public posts)::

    raise RuleError("§7.2", _("{leader} may not leave {zone} this SMC", leader=name, zone=z))
    outcome.say(_n("{n} card drawn", "{n} cards drawn", count))

Message ids use ``str.format`` fields with names, never positions, so a translation may reorder
them. Parameters may themselves be ``Text`` (a zone's name, say), translated with the sentence.
Babel extracts the keywords ``_`` and ``_n:1,2`` (see ``babel.cfg``).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

LANGUAGES = ("en", "fr")
"""The languages Praetor speaks; English is the source language of every message."""
LANGUAGE_OPTION = "language"
"""The per-game option naming the language of the game's public posts (``/game new``)."""


def check_language(value: str) -> str:
    """A ``language`` option's value, checked: one of :data:`LANGUAGES`."""
    code = value.strip().lower()
    if code not in LANGUAGES:
        raise ValueError(
            _(
                "language must be one of {languages} (got {value})",
                languages=", ".join(LANGUAGES),
                value=repr(value),
            )
        )
    return code


class Catalogue(Protocol):
    """What a gettext translations object offers (``gettext.GNUTranslations``)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class Text(str):
    """An English sentence that can be translated later: ``str(text)`` is the English."""

    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, Any]

    def __new__(
        cls, msgid: str, plural: str | None = None, n: int | None = None, **params: Any
    ) -> Text:
        template = msgid if plural is None or n == 1 else plural
        fields = dict(params)
        if n is not None:
            fields.setdefault("n", n)
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.params = params
        return self

    def __str__(self) -> str:
        # ``str(text)`` keeps the Text (its value is the English), so ``str(error)`` of a
        # RuleError built from a Text can still be translated where it is shown.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.msgid, self.plural, self.n, self.params, self.verbatim))

    verbatim = False
    """True for a template that is not itself translated (:func:`join`): only its parts are."""

    def localise(self, catalogue: Catalogue | None) -> str:
        """The sentence in ``catalogue``'s language (English when ``catalogue`` is None)."""
        if catalogue is None:
            return plain(self)
        if self.verbatim:
            template = self.msgid
        elif self.plural is not None and self.n is not None:
            template = catalogue.ngettext(self.msgid, self.plural, self.n)
        else:
            template = catalogue.gettext(self.msgid)
        fields = {k: translate(v, catalogue) for k, v in self.params.items()}
        if self.n is not None:
            fields.setdefault("n", self.n)
        if not fields:
            return template
        return elide(template, fields).format(**fields)

    def to_json(self) -> dict[str, Any]:
        """A JSON form that keeps the message id, so a stored line can be translated later."""
        data: dict[str, Any] = {"msgid": self.msgid}
        if self.verbatim:
            data["verbatim"] = True
        if self.plural is not None:
            data["plural"] = self.plural
        if self.n is not None:  # also a plain sentence's {n} field: _("... {n} ...", n=2)
            data["n"] = self.n
        if self.params:
            data["params"] = {k: text_to_json(v) for k, v in self.params.items()}
        return data


_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) (?=\{(\w+)[^{}]*\})")
_VOWELS = frozenset("aeiouAEIOUàâäéèêëîïôöûüÀÂÄÉÈÊËÎÏÔÖÛÜ")


def elide(template: str, fields: dict[str, Any]) -> str:
    """A translated ``template`` with French elision before the fields it names: ``de {seat}``
    becomes ``d'{seat}`` and ``que {x}`` ``qu'{x}`` when the field's value starts with a vowel
    (``d'Alice``, ``d'Arménie``; ``de Bob``). English templates never write ``de {x}``, so only
    a translation is touched; an initial h is left alone (it may be aspirated)."""

    def one(match: re.Match[str]) -> str:
        value = str(fields.get(match.group(2), ""))
        return match.group(1)[:-1] + "'" if value[:1] in _VOWELS else match.group(0)

    return _ELIDABLE.sub(one, template)


def _rebuild(
    msgid: str, plural: str | None, n: int | None, params: dict[str, Any], verbatim: bool = False
) -> Text:
    text = Text(msgid, plural, n, **params)
    text.verbatim = verbatim
    return text


def _(msgid: str, /, **params: Any) -> Text:
    """Mark ``msgid`` for translation; ``{name}`` fields are filled from ``params``."""
    return Text(msgid, **params)


def _n(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """Mark a sentence with a count for translation; ``{n}`` is the count."""
    return Text(singular, plural, n, **params)


def data_name(name: str) -> Text:
    """A name read from a game's data files (a unit type, a card) as a translatable word: its
    message id is the name itself. ``bot/i18n_catalogue.py`` extracts the names of the data
    files it lists (``DATA_NAMES``) into the catalogue, so they are translated like marked
    sentences; a name the catalogue lacks (an owner's own data) stays as written."""
    return Text(name)


def join(separator: str, parts: list[Any]) -> Text:
    """``separator.join(parts)`` that still translates each part that is a :class:`Text`
    (a list of chit or zone names inside a sentence)."""
    params = {f"part{i}": part for i, part in enumerate(parts)}
    template = separator.join("{" + name + "}" for name in params)
    text = Text(template, **params)
    text.verbatim = True
    return text


def translate(value: Any, catalogue: Catalogue | None) -> Any:
    """Translate ``value`` if it is a :class:`Text`; other values are returned unchanged."""
    if isinstance(value, Text):
        return value.localise(catalogue)
    return value


def text_to_json(value: Any) -> Any:
    """``value`` as JSON: a :class:`Text` keeps its message id; anything else as it is."""
    if isinstance(value, Text):
        return value.to_json()
    return value


def plain(value: Any) -> str:
    """``value`` as a plain ``str`` (a :class:`Text` becomes its English sentence)."""
    return str.__str__(value) if isinstance(value, str) else str(value)


def lines_to_json(lines: list[Any]) -> list[Any] | None:
    """The JSON form of a list of lines, or None when no line is a :class:`Text`."""
    if not any(isinstance(line, Text) for line in lines):
        return None
    return [text_to_json(line) for line in lines]


def text_from_json(data: Any) -> Any:
    """Inverse of :func:`text_to_json`: a stored line becomes a :class:`Text` again."""
    if isinstance(data, dict) and "msgid" in data:
        params = {k: text_from_json(v) for k, v in data.get("params", {}).items()}
        return _rebuild(
            data["msgid"], data.get("plural"), data.get("n"), params, bool(data.get("verbatim"))
        )
    return data


def marked_texts(value: Any, path: list[Any] | None = None) -> list[list[Any]]:
    """``[path, text JSON]`` for every :class:`Text` inside ``value`` (dicts, lists, tuples):
    what a stored state keeps next to its English so its sentences are translated after a
    reload (``Game.to_json``)."""
    where = [] if path is None else path
    if isinstance(value, Text):
        return [[where, value.to_json()]]
    found: list[list[Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list | tuple | Text):
                found += marked_texts(item, [*where, key])
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            if isinstance(item, dict | list | tuple | Text):
                found += marked_texts(item, [*where, index])
    return found


def restore_texts(value: Any, texts: list[list[Any]]) -> Any:
    """Inverse of :func:`marked_texts`: ``value`` with each marked sentence put back at its
    path when the English there still matches (else the English is kept). The containers on
    a sentence's path are copied, so ``value`` itself is not changed."""
    root: list[Any] = [value]
    copied: set[int] = set()
    for path, data in texts:
        holder: Any = root
        key: Any = 0
        try:
            for step in path:
                child = holder[key]
                if id(child) not in copied:
                    if isinstance(child, dict):
                        child = dict(child)
                    elif isinstance(child, list | tuple):
                        child = list(child)
                    else:
                        raise TypeError(step)
                    holder[key] = child
                    copied.add(id(child))
                holder, key = child, step
            again = text_from_json(data)
            if holder[key] == plain(again):
                holder[key] = again
        except (KeyError, IndexError, TypeError):
            continue  # a state shaped otherwise than when it was stored: keep the English
    return root[0]


def deep_to_json(value: Any) -> Any:
    """``value`` (dicts and lists of anything) with every :class:`Text` in its JSON form, so
    it can be stored (an outbox picture spec) and translated when it is read back."""
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, dict):
        return {key: deep_to_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [deep_to_json(item) for item in value]
    return value


def deep_from_json(value: Any) -> Any:
    """Inverse of :func:`deep_to_json`: every stored sentence becomes a :class:`Text` again."""
    if isinstance(value, dict):
        if "msgid" in value:
            return text_from_json(value)
        return {key: deep_from_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [deep_from_json(item) for item in value]
    return value
