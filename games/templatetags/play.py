"""Small template filters the game boards share."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def lookup(container: Any, key: Any) -> Any:
    """`{{ scores|lookup:seat }}`: item access by a variable key or index."""
    try:
        return container[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def seat_name(names: list[str], seat: Any) -> str:
    """`{{ names|seat_name:0 }}`: a seat's display name."""
    try:
        return names[int(seat)]
    except (IndexError, TypeError, ValueError):
        return "?"
