"""Plays whole games with bots in every seat (the `simulate` command and benches).

Bots decide from their seat's view and legal actions only; automaton seats take
the one move the rules prescribe.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.base import Engine
from games.engines.rng import Rng, seed_state

STEP_CAP = 50_000


def play(
    engine: Engine, seed: int, players: int, options: dict[str, Any], bots: Sequence[str]
) -> dict[str, Any]:
    """One game; `bots` names a bot per player seat (cycled if shorter)."""
    state = engine.setup(seed, players, options)
    automata: frozenset[int] = getattr(engine, "automaton_seats", lambda p, o: frozenset())(players, options)
    table = getattr(engine, "bots", {})
    # The bots' own chance, apart from the game's generator.
    rng = Rng(seed_state(seed ^ 0x5EEDB075))
    moves = 0
    while acting := engine.to_act(state):
        if moves >= STEP_CAP:
            raise RuntimeError(f"{engine.slug} seed {seed}: no end after {STEP_CAP} moves")
        seat = min(acting)
        legal = engine.legal_actions(state, seat)
        if seat in automata:
            action = legal[0]
        else:
            bot = table[bots[seat % len(bots)]]
            view = {} if getattr(bot, "blind", False) else engine.view(state, seat)
            action = bot(view, legal, rng)
        state = engine.apply(state, seat, action)
        moves += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    return {
        "seed": seed,
        "players": players,
        "scores": outcome["scores"],
        "ranks": outcome["ranks"],
        "moves": moves,
    }
