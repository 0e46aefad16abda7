"""Finished games made quickly for the ratings tests: a hand-made Highcard result, or a
game played to the end by bots, stored as a finished table and finalized by the live path
(`services.finalize`, what the end-of-game task runs)."""

from __future__ import annotations

from datetime import timedelta
from itertools import count
from typing import Any

from django.utils import timezone

from games import registry, services
from games.engines.rng import Rng, seed_state
from games.models import Game, Move, Seat, SeatKind, Status

_clock = count(1)


def table(
    slug: str, sitters: list[Any], *, rated: bool = True, options: dict | None = None, **game: Any
) -> Game:
    """A finished table, not yet finalized; each sitter is a user, or a bot level (str).

    Sitters may carry a resignation as ("resigned", user), a timeout as ("out of time", user).
    """
    engine = registry.get(slug)
    players = len(sitters)
    options = engine.validate_options(players, options or {})  # type: ignore[attr-defined]
    people = [s[1] if isinstance(s, tuple) else s for s in sitters if not isinstance(s, str)]
    tick = next(_clock)
    created = Game.objects.create(
        engine=slug,
        options=options,
        players=players,
        rated=rated,
        created_by=people[0],
        status=Status.FINISHED,
        seed=tick,
        finished_at=timezone.now() + timedelta(minutes=tick),
        **game,
    )
    automata = registry.extra(engine, "automaton_seats", players, options, default=frozenset())
    seat_count = registry.extra(engine, "seat_count", players, options, default=players)
    for index in range(int(seat_count)):  # type: ignore[call-overload]
        seat = Seat(game=created, index=index)
        if index in automata:  # type: ignore[operator]
            seat.kind = SeatKind.AUTOMATON
        elif isinstance(sitters[index], str):
            seat.kind, seat.bot = SeatKind.BOT, sitters[index]
        elif isinstance(sitters[index], tuple):
            why, seat.user = sitters[index]
            seat.resigned, seat.timed_out = why == "resigned", why == "out of time"
        else:
            seat.user = sitters[index]
        seat.save()
    return created


def highcard(sitters: list[Any], scores: list[int], *, finalize: bool = True, **kw: Any) -> Game:
    """A finished Highcard game in which player seat i scored scores[i] (all in round 1;
    the Dealer scores nothing). Highcard ranks by score, ties shared."""
    game = table("highcard", sitters, **kw)
    engine = registry.get("highcard")
    state = engine.setup(1, len(scores), {})
    state["round"] = 4
    state["scores"] = [[x, 0, 0] for x in scores] + [[0, 0, 0]]
    game.state = engine.dump(state)
    game.save(update_fields=["state"])
    if finalize:
        services.finalize(game.pk)
    return game


def played(slug: str, sitters: list[Any], seed: int, *, finalize: bool = True, **kw: Any) -> Game:
    """A game played to the end by bots (people's seats by the random bot), then finalized."""
    game = table(slug, sitters, **kw)
    engine = registry.get(slug)
    state = engine.setup(seed, game.players, game.options)
    automata = registry.extra(engine, "automaton_seats", game.players, game.options, default=frozenset())
    bots = engine.bots  # type: ignore[attr-defined]
    rng = Rng(seed_state(seed))
    levels = {s.index: s.bot or "random" for s in game.seats.all()}
    moves: list[Move] = []
    while acting := engine.to_act(state):
        seat = min(acting)
        legal = engine.legal_actions(state, seat)
        action = legal[0] if seat in automata else bots[levels[seat]](engine.view(state, seat), legal, rng)  # type: ignore[operator]
        state = engine.apply(state, seat, action)
        moves.append(Move(game=game, number=len(moves) + 1, seat=seat, action=action))
    Move.objects.bulk_create(moves)
    game.state, game.version = engine.dump(state), len(moves)
    game.save(update_fields=["state", "version"])
    if finalize:
        services.finalize(game.pk)
    return game
