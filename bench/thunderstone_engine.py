"""Thunderstone engine figures (issue 15): random 4-player games per second on one core
(target at least 50; the random bot reads no view, so none is built; a second figure builds the
acting seat's view at every decision, as the site does), heuristic bot time per decision
(p50/p99 of CPU time, view included; target p99 under 50 ms), how long games between heuristic bots last, and the heuristic bot's win rate against the random bot over
200 two-player games (target at least 90%) with a 95% (Wilson) interval. Seats alternate.

    .venv/bin/python bench/thunderstone_engine.py [--games 200] [--random 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import wilson
from games.engines.autoplay import play
from games.engines.rng import Rng
from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.bots import heuristic_bot


def heuristic_game(seed: int, players: int) -> dict[str, Any]:
    """A whole game with the heuristic bot in every seat; its final state."""
    s = ENGINE.setup(seed, players, {})
    rng = Rng(seed)
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        s = ENGINE.apply(s, seat, heuristic_bot(ENGINE.view(s, seat), ENGINE.legal_actions(s, seat), rng))
    return s


def decision_cpu_times(players: int, games: int) -> tuple[float, float, float, int]:
    """p50, p99 and max (ms) of the heuristic bot's decisions (view built, bot called) with the bot in
    every seat, in CPU time: the machine is shared, and wall time would count other processes."""
    timings = []
    rng = Rng(1)
    for seed in range(games):
        s = ENGINE.setup(seed, players, {})
        while acting := ENGINE.to_act(s):
            seat = min(acting)
            legal = ENGINE.legal_actions(s, seat)
            t = time.process_time()
            action = heuristic_bot(ENGINE.view(s, seat), legal, rng)
            timings.append(time.process_time() - t)
            s = ENGINE.apply(s, seat, action)
    timings.sort()
    return (
        timings[len(timings) // 2] * 1000,
        timings[int(len(timings) * 0.99)] * 1000,
        timings[-1] * 1000,
        len(timings),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--random", type=int, default=300)
    args = parser.parse_args()

    n = args.random
    for options in ({}, {"setup": "first game"}):
        started = time.process_time()
        moves = 0
        for seed in range(n):
            moves += play(ENGINE, seed, 4, options, ["random"])["moves"]
        spent = time.process_time() - started
        label = options.get("setup", "random setup")
        print(
            f"random 4-player games ({label}): {n / spent:.0f} per second (target >= 50), {moves / n:.0f} moves each"
        )
    started = time.process_time()
    rng = Rng(7)
    for seed in range(n // 3):
        s = ENGINE.setup(seed, 4, {})
        while acting := ENGINE.to_act(s):
            seat = min(acting)
            ENGINE.view(s, seat)
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat)))
    print(f"  with a view built at every decision: {n // 3 / (time.process_time() - started):.0f} per second")

    for players in (2, 4):
        p50, p99, worst, count = decision_cpu_times(players, 10)
        print(
            f"heuristic decision ({players} players): p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {worst:.1f} ms over {count} decisions"
        )

    for players in (2, 4):
        turns, capped = 0, 0
        for seed in range(20):
            final = heuristic_game(seed, players)
            turns += final["turns"] / players
            capped += final["end"] == "turns"
        print(
            f"heuristic-only {players}-player games: {turns / 20:.0f} turns per player, {capped}/20 hit the turn limit"
        )

    for options in ({}, {"setup": "first game"}):
        wins = 0
        for seed in range(args.games):
            seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
            result = play(ENGINE, seed, 2, options, seats)
            me = seed % 2
            wins += result["ranks"][me] == 1 and result["ranks"][1 - me] == 2
        lo, hi = wilson(wins, args.games)
        label = options.get("setup", "random setup")
        print(
            f"heuristic beats random (2 players, {label}): {wins}/{args.games} = {wins / args.games:.1%} "
            f"(95% interval {lo:.1%}-{hi:.1%}; target >= 90%)"
        )


if __name__ == "__main__":
    main()
