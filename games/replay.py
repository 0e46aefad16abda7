"""Rebuilding a game from its seed and moves: the replay page and `manage.py replay`."""

from __future__ import annotations

from typing import Any

from games import registry
from games.engines.base import canonical
from games.models import Game


def rebuild(game: Game, upto: int | None = None) -> Any:
    """The engine state after `upto` moves (all of them by default)."""
    engine = registry.get(game.engine)
    assert game.seed is not None, "a game that never started has no state"
    state = engine.setup(game.seed, game.players, game.options)
    for move in game.moves.all() if upto is None else game.moves.filter(number__lte=upto):
        state = engine.apply(state, move.seat, move.action)
    return state


def verify(game: Game) -> list[str]:
    """Problems found comparing the stored game with its replay (empty when it agrees)."""
    engine = registry.get(game.engine)
    problems = []
    numbers = list(game.moves.values_list("number", flat=True))
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("the moves are not numbered 1, 2, 3, ... without gaps")
    if len(numbers) != game.version:
        problems.append(f"the game is at version {game.version} but has {len(numbers)} moves")
    state = rebuild(game)
    if canonical(engine.dump(state)) != canonical(game.state):
        problems.append("the stored state differs from the replay of seed + moves")
    if sorted(engine.to_act(state)) != sorted(game.to_act):
        problems.append("the stored seats to act differ from the replay")
    return problems


def replay_views(game: Game, step: int) -> dict[str, Any]:
    """Once a game is over everything may be shown: the public view and every seat's."""
    engine = registry.get(game.engine)
    state = rebuild(game, step)
    seats = game.seats.count()
    moves = list(game.moves.filter(number__lte=step).order_by("-number")[:1])
    return {
        "public": engine.view(state, None),
        "seats": [engine.view(state, i) for i in range(seats)],
        "last_move": moves[0] if moves else None,
    }
