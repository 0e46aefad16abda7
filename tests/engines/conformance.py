"""The one conformance check every engine passes: random legal playouts.

`playout` plays a whole game with random legal actions and checks, at every step,
the contract in docs/architecture.md: JSON-safe dumps and views, dump/load round
trips, apply never mutating its input, illegal actions refused, every seat to act
having a move, no view holding another seat's secrets, a bounded game, an outcome
whose breakdown adds up, and a replay from seed + moves reproducing the game.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from games import undo
from games.engines.base import Engine, IllegalAction, canonical
from games.engines.rng import Rng

STEP_CAP = 20_000


class ConformanceError(AssertionError):
    pass


def check(cond: bool, msg: str) -> None:
    if not cond:
        raise ConformanceError(msg)


def seat_count(engine: Engine, players: int, options: dict[str, Any]) -> int:
    count = getattr(engine, "seat_count", None)
    return count(players, options) if count else players


def option_sets(engine: Engine) -> list[dict[str, Any]]:
    """The default options, then each single option changed to each of its values."""
    spec = engine.options()
    sets: list[dict[str, Any]] = [{}]
    for name, o in spec.items():
        for choice in o["choices"]:
            if choice != o["default"]:
                sets.append({name: choice})
    return sets


def _check_views(engine: Engine, s: Any, seats: int, where: str) -> None:
    secrets_of = getattr(engine, "secrets", None)
    for seat in [*range(seats), None]:
        view = engine.view(s, seat)
        text = canonical(view)  # also proves the view is JSON-safe
        if secrets_of is None:
            continue
        for secret in secrets_of(s, seat):
            check(secret not in text, f"{where}: view of seat {seat} holds a secret: {secret!r}")


def playout(
    engine: Engine,
    seed: int,
    players: int,
    options: dict[str, Any],
    *,
    check_views_every: int = 1,
    check_steps_every: int = 1,
) -> dict[str, Any]:
    """Plays one random game, checking the contract; returns its record.

    The checks of a step (dump/load round trip, every seat's legal actions, refusals, apply
    leaving its input alone) cost several times the move itself: the long runs of seeds make
    them at every `check_steps_every`-th step only, after games checked at every step. Every
    game is still played to its end, and its outcome, views and replay are checked."""
    where = f"{engine.slug} seed={seed} players={players} options={options}"
    s = engine.setup(seed, players, dict(options))
    check(
        canonical(engine.dump(s)) == canonical(engine.dump(engine.setup(seed, players, dict(options)))),
        f"{where}: setup is not deterministic",
    )
    seats = seat_count(engine, players, options)
    chooser = Rng(seed * 7919 + 17)
    moves: list[tuple[int, dict[str, Any]]] = []
    for step in itertools.count():
        check(step < STEP_CAP, f"{where}: no end after {STEP_CAP} steps")
        full = step % check_steps_every == 0
        if full:
            dumped = canonical(engine.dump(s))
            check(
                canonical(engine.dump(engine.load(json.loads(dumped)))) == dumped,
                f"{where}: dump/load differs",
            )
        if step % check_views_every == 0:
            _check_views(engine, s, seats, f"{where} step {step}")
        acting = engine.to_act(s)
        if not acting:
            break
        check(engine.outcome(s) is None, f"{where}: an outcome while seats still act")
        for seat in range(seats) if full else ():
            legal = engine.legal_actions(s, seat)
            json.dumps(legal)
            check(not any(undo.is_undo(a) for a in legal), f"{where}: the action type 'undo' is the site's")
            if seat in acting:
                check(bool(legal), f"{where} step {step}: seat {seat} must act but has no legal action")
            else:
                check(not legal, f"{where} step {step}: seat {seat} has actions out of turn")
        seat = sorted(acting)[chooser.below(len(acting))]
        legal = engine.legal_actions(s, seat)
        check(bool(legal), f"{where} step {step}: seat {seat} must act but has no legal action")
        if full:
            _check_refusals(engine, s, seat, legal, seats, acting, where)
        action = legal[chooser.below(len(legal))]
        new = engine.apply(s, seat, json.loads(json.dumps(action)))
        if full:
            check(canonical(engine.dump(s)) == dumped, f"{where}: apply mutated its input state")
            _check_undoable(engine, s, seat, action, new, f"{where} step {step}")
        moves.append((seat, action))
        s = new
    outcome = engine.outcome(s)
    check(outcome is not None, f"{where}: nobody can act but there is no outcome")
    assert outcome is not None
    json.dumps(outcome)
    for key in ("scores", "ranks", "breakdown"):
        check(len(outcome[key]) == seats, f"{where}: outcome[{key!r}] must have one entry per seat")
    for score, parts in zip(outcome["scores"], outcome["breakdown"], strict=True):
        check(sum(parts.values()) == score, f"{where}: breakdown {parts} does not add up to {score}")
    check(min(outcome["ranks"]) == 1, f"{where}: nobody ranks first")
    _check_views(engine, s, seats, f"{where} at the end")
    _check_replay(engine, seed, players, options, moves, s, where)
    return {"state": s, "moves": moves, "outcome": outcome}


def _check_undoable(engine: Engine, before: Any, seat: int, action: Any, after: Any, where: str) -> None:
    """A step the engine lets its player take back (games/undo.py) showed that player nothing
    they could not see before: every secret kept from them is still kept from them."""
    secrets_of = getattr(engine, "secrets", None)
    if secrets_of is None or not undo.undoable(engine, before, seat, action, after):
        return
    shown = set(secrets_of(before, seat)) - set(secrets_of(after, seat))
    check(not shown, f"{where}: {action} can be undone but showed seat {seat} {sorted(shown)[:3]}")


def _check_refusals(
    engine: Engine, s: Any, seat: int, legal: list[Any], seats: int, acting: frozenset[int], where: str
) -> None:
    bad: list[tuple[int, Any]] = [
        (seat, {"type": "no-such-action"}),
        (seat, {}),
        (seat, {**legal[0], "extra": 1}),
    ]
    bad += [(other, legal[0]) for other in range(seats) if other not in acting][:1]
    for who, action in bad:
        try:
            engine.apply(s, who, action)
        except IllegalAction as exc:
            check(bool(exc.reason), f"{where}: IllegalAction without a reason")
        else:
            if action not in engine.legal_actions(s, who):
                raise ConformanceError(f"{where}: seat {who} was allowed {action}")


def _check_replay(
    engine: Engine,
    seed: int,
    players: int,
    options: dict[str, Any],
    moves: list[tuple[int, dict[str, Any]]],
    final: Any,
    where: str,
) -> None:
    s = engine.setup(seed, players, dict(options))
    for seat, action in moves:
        s = engine.apply(s, seat, action)
    check(canonical(engine.dump(s)) == canonical(engine.dump(final)), f"{where}: replay differs")


def check_sample(
    engine: Engine, seed: int, players: int, options: dict[str, Any], *, every: int = 3, playouts: int = 2
) -> int:
    """`sample(view, seat, rng)` at every `every`-th step of a random game, for every seat a
    bot may play: the dealt state is JSON-safe, gives that seat the very view it was dealt from,
    and is a valid state to play out (`playouts` of the samples are played to the end with
    random legal actions, so a bot searching from them never meets a broken position).
    The sampler gets a JSON copy of the view, never the state. Returns the samples checked."""
    where = f"{engine.slug} seed={seed} players={players} options={options}"
    s = engine.setup(seed, players, dict(options))
    automata: frozenset[int] = getattr(engine, "automaton_seats", lambda p, o: frozenset())(players, options)
    seats = [p for p in range(seat_count(engine, players, options)) if p not in automata]
    chooser, dealer = Rng(seed * 31 + 7), Rng(seed * 131 + 3)
    checked = played = 0
    for step in itertools.count():
        check(step < STEP_CAP, f"{where}: no end after {STEP_CAP} steps")
        acting = engine.to_act(s)
        if step % every == 0:
            for seat in seats:
                view = engine.view(s, seat)
                dealt = engine.sample(json.loads(canonical(view)), seat, dealer)  # type: ignore[attr-defined]
                json.dumps(engine.dump(dealt))
                check(
                    canonical(engine.view(dealt, seat)) == canonical(view),
                    f"{where} step {step}: the state sampled for seat {seat} shows it another view",
                )
                check(engine.to_act(dealt) == acting, f"{where} step {step}: the sample has others to act")
                if seat in acting:
                    check(
                        _action_set(engine.legal_actions(dealt, seat))
                        == _action_set(engine.legal_actions(s, seat)),
                        f"{where} step {step}: seat {seat} has other actions in its sample",
                    )
                if played < playouts or step % (every * 10) == 0:
                    _play_out(engine, dealt, dealer, f"{where} step {step} sample for seat {seat}")
                    played += 1
                checked += 1
        if not acting:
            break
        seat = sorted(acting)[chooser.below(len(acting))]
        legal = engine.legal_actions(s, seat)
        s = engine.apply(s, seat, legal[chooser.below(len(legal))])
    return checked


def _action_set(actions: list[Any]) -> list[str]:
    return sorted(canonical(a) for a in actions)


def _play_out(engine: Engine, s: Any, rng: Rng, where: str) -> None:
    for _ in range(STEP_CAP):
        acting = engine.to_act(s)
        if not acting:
            check(engine.outcome(s) is not None, f"{where}: played out to no outcome")
            return
        seat = sorted(acting)[rng.below(len(acting))]
        legal = engine.legal_actions(s, seat)
        check(bool(legal), f"{where}: seat {seat} must act but has no legal action")
        s = engine.apply(s, seat, rng.choice(legal))
    raise ConformanceError(f"{where}: no end after {STEP_CAP} steps")
