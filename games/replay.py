"""Rebuilding a game from its seed and moves: the replay page and `manage.py replay`.

An undo in the log ({"type": "undo"}, games/undo.py) restores the state before its seat's last
step, as it did when it was made: every replay goes through `undo.play`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import registry, undo
from games.engines.base import Action, IllegalAction, canonical, require_legal
from games.models import Game


def rebuild(game: Game, upto: int | None = None) -> Any:
    """The engine state after `upto` moves (all of them by default)."""
    engine = registry.get(game.engine)
    assert game.seed is not None, "a game that never started has no state"
    state = engine.setup(game.seed, game.players, game.options)
    run = undo.Run()
    for move in game.moves.all() if upto is None else game.moves.filter(number__lte=upto):
        state, run = undo.play(engine, state, run, move.seat, move.action)
    return state


@dataclass
class Audit:
    """What replaying a stored game move by move, against the rules, found."""

    problems: list[str] = field(default_factory=list)
    # Stored moves whose values only look like a legal action's (1.0 or true for 1):
    # (move id, move number, the engine's own action they stand for).
    aliases: list[tuple[int, int, Action]] = field(default_factory=list)
    # The state after every move, played with the engine's own actions; None when the
    # replay had to stop (a move that no legal action matches, or one that failed).
    state: Any = None
    # The steps that could be taken back after the last move (games/undo.py).
    run: undo.Run = field(default_factory=undo.Run)


def audit(game: Game) -> Audit:
    """Replays the stored moves from the seed, checking each as the site checks a new
    one: its seat was to act, and it is (in canonical JSON) one of the legal actions
    then, or an undo its seat could make then; and after each, that every seat to act has
    a legal action (no dead end)."""
    engine = registry.get(game.engine)
    assert game.seed is not None, "a game that never started has no moves"
    found = Audit()
    state = engine.setup(game.seed, game.players, game.options)
    run = undo.Run()
    found.problems += _dead_ends(engine, state, "at the start")
    for move in game.moves.order_by("number"):
        where = f"move {move.number} (seat {move.seat})"
        if move.seat not in engine.to_act(state):
            found.problems.append(f"{where}: that seat was not to act")
            return found
        if undo.is_undo(move.action):
            if canonical(move.action) != canonical(undo.UNDO):
                found.problems.append(
                    f"{where}: {canonical(move.action)} is not an undo as the site stores it"
                )
                return found
            try:
                state, run = run.undo(engine, move.seat)
            except IllegalAction as exc:
                found.problems.append(f"{where}: an undo the rules did not allow ({exc.reason})")
                return found
            found.problems += _dead_ends(engine, state, f"after move {move.number}")
            continue
        legal = engine.legal_actions(state, move.seat)
        try:
            action = require_legal(legal, move.action)
        except IllegalAction:
            alike = next((a for a in legal if a == move.action), None)
            if alike is None:
                found.problems.append(f"{where}: {canonical(move.action)} is not among the legal actions")
                return found
            # Stored before actions were matched exactly: 1.0 or true where the rules have 1.
            found.problems.append(
                f"{where}: {canonical(move.action)} only looks like the legal {canonical(alike)} "
                "(repair it with `manage.py repair_moves --fix`)"
            )
            found.aliases.append((move.pk, move.number, alike))
            action = alike
        try:
            after = engine.apply(state, move.seat, action)
            run = run.step(engine, state, move.seat, action, after)
        except Exception as exc:  # a poisoned record must be reported, whatever it breaks
            found.problems.append(f"{where}: applying it failed ({type(exc).__name__}: {exc})")
            return found
        state = after
        found.problems += _dead_ends(engine, state, f"after move {move.number}")
    found.state, found.run = state, run
    return found


def _dead_ends(engine: Any, state: Any, when: str) -> list[str]:
    return [
        f"{when}: seat {seat} is to act but has no legal action"
        for seat in sorted(engine.to_act(state))
        if not engine.legal_actions(state, seat)
    ]


def verify(game: Game) -> list[str]:
    """Problems found comparing the stored game with its replay (empty when it agrees)."""
    engine = registry.get(game.engine)
    problems = []
    numbers = list(game.moves.values_list("number", flat=True))
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("the moves are not numbered 1, 2, 3, ... without gaps")
    if len(numbers) != game.version:
        problems.append(f"the game is at version {game.version} but has {len(numbers)} moves")
    checked = audit(game)
    problems += checked.problems
    if checked.state is not None:
        if canonical(engine.dump(checked.state)) != canonical(game.state):
            problems.append("the stored state differs from the replay of seed + moves")
        if sorted(engine.to_act(checked.state)) != sorted(game.to_act):
            problems.append("the stored seats to act differ from the replay")
        if canonical(checked.run.to_json()) != canonical(game.takeback or {}):
            problems.append("the stored steps that may be taken back differ from the replay")
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
