"""Tables in words: a game's options and its bots' levels, for the lobby, catalogue and ratings."""

from __future__ import annotations

from typing import Any

from django import template

from games import clocks, levels, registry, results
from games import options as opts

register = template.Library()


@register.filter
def bot_level(key: str) -> str:
    """`{{ seat.bot|bot_level }}`: "Medium" for the heuristic bot (games/levels.py)."""
    return levels.name(key)


@register.filter
def options_in_words(game: Any) -> list[opts.Shown]:
    """The options that apply at this table, in words ("Jael's deck: Legendary")."""
    engine = registry.engines().get(game.engine)
    return opts.in_words(engine, game.players, game.options or {}) if engine else []


@register.filter
def pace_in_words(game: Any) -> str:
    """The table's clock, as the new-table form's menu words it ("3 days a move, plus ...")."""
    return clocks.in_menu(clocks.pace_of(game.pace))


@register.filter
def choices_in_words(engine: Any) -> list[opts.Shown]:
    """Every option of a game with its choices ("Game: Basic or Advanced")."""
    return opts.choices_in_words(engine)


@register.filter
def seat_result(seat: Any) -> results.SeatResult | None:
    """`{{ seat|seat_result }}`: a finalized game's seat's result (games/results.py), which
    prints as its place or why it lost; None before the game is finalized."""
    return results.of_seat(seat)
