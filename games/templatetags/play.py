"""Small template filters the game boards share."""

from __future__ import annotations

from typing import Any

from django import template

from games.engines.i18n import _ as engine_text

register = template.Library()


@register.filter
def lookup(container: Any, key: Any) -> Any:
    """`{{ scores|lookup:seat }}`: item access by a variable key or index."""
    try:
        return container[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def plain(value: Any) -> str:
    """A view value in words: yes/no, a dash for nothing, lists joined with commas."""
    if value is None:
        return "\u2013"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value) or "\u2013"
    return str(value)


@register.filter
def seat_name(names: list[str], seat: Any) -> str:
    """`{{ names|seat_name:0 }}`: a seat's display name."""
    try:
        return names[int(seat)]
    except (IndexError, TypeError, ValueError):
        return "?"


@register.filter
def engine_words(text: str) -> str:
    """`{{ category|engine_words }}`: a text the engines supply as data (a score sheet's row, a
    card's name or text) in the reader's language, from the engines' catalogue."""
    return engine_text(str(text))
