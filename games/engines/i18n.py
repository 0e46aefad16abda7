"""The engines' words in the reader's language, with the standard library's gettext.

The engines stay free of Django: they mark their texts with `_()` and translate them when a
view, an action's label or an option is made, never when a move is stored (a state keeps
codes and numbers, so one stored game reads in every language). The language is a context
variable: `use("ja")` sets it for a block; outside any block the engines ask the function
given to `follow()` (the site passes Django's `get_language`, so each request, e-mail and
socket message gets its reader's language without further hooks), and fall back to English.

The catalogue is `locale/<lang>/LC_MESSAGES/engines.po` beside this module, compiled to
`engines.mo` by `python -m games.engines.catalogue` (docs/i18n.md, "Engines' texts").
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "engines"
SOURCE = "en"  # the language the engines are written in

_chosen: ContextVar[str | None] = ContextVar("engine_language", default=None)
_follow: list[Callable[[], str | None]] = []


def follow(source: Callable[[], str | None]) -> None:
    """Read the language from `source` whenever no `use()` block chose one."""
    _follow[:] = [source]


@contextmanager
def use(language: str | None) -> Iterator[None]:
    """Render the engines' texts in `language` inside the block (None: as if no block)."""
    token = _chosen.set(language)
    try:
        yield
    finally:
        _chosen.reset(token)


def language() -> str:
    """The active language, as its base code ("ja" for "ja-jp")."""
    chosen = _chosen.get()
    if chosen is None and _follow:
        chosen = _follow[0]()
    return (chosen or SOURCE).split("-")[0].split("_")[0].lower()


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """`message` (an English text the catalogue holds) in the active language."""
    lang = language()
    if lang == SOURCE or not message:
        return message
    return _catalogue(lang).gettext(message)


def N_(message: str) -> str:
    """Marks a text for the catalogue where it is defined; `_()` translates it where shown."""
    return message


def say(message: str, **fields: Any) -> str:
    """A sentence with named fields ("{who} buys {card}."), translated, then filled in."""
    return _(message).format(**fields)


def seat(index: int) -> str:
    """The placeholder the site replaces with a seat's name ({p0}, {p1} ...)."""
    return "{p%d}" % index


def join(items: list[str]) -> str:
    """A list in running text: "a, b, c" in English, "a、b、c" in Japanese."""
    return _(", ").join(items)


class Translated:
    """A class attribute read in the active language: `title = Translated("Stonespine
    Architects")` makes `engine.title` the reader's words, wherever the site reads it."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return _(self.message)


def options_in_words(spec: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """An engine's options with their label, help and choice names in the active language
    (the spec marks them with `N_()`)."""
    out = {}
    for name, o in spec.items():
        o = dict(o)
        for key in ("label", "help"):
            if key in o:
                o[key] = _(o[key])
        if "names" in o:
            o["names"] = {choice: _(words) for choice, words in o["names"].items()}
        out[name] = o
    return out
