"""Stonespine engine figures (issue 3): random 4-player games per second on one core,
heuristic bot time per decision (p50/p99), and the heuristic bot's win rate against
the random bot over 200 two-player games with a 95% (Wilson) interval.

    .venv/bin/python bench/stonespine_engine.py [--games 200]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.autoplay import play
from games.engines.rng import Rng
from games.engines.stonespine import ENGINE
from games.engines.stonespine.bots import heuristic_bot


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    started = time.perf_counter()
    n = 100
    for seed in range(n):
        play(ENGINE, seed, 4, {}, ["random"])
    rate = n / (time.perf_counter() - started)
    print(f"random 4-player games: {rate:.0f} per second (target >= 100)")

    timings = []
    rng = Rng(1)
    for seed in range(20):
        s = ENGINE.setup(seed, 4, {})
        while acting := ENGINE.to_act(s):
            seat = min(acting)
            legal = ENGINE.legal_actions(s, seat)
            t = time.perf_counter()
            action = heuristic_bot(ENGINE.view(s, seat), legal, rng)
            timings.append(time.perf_counter() - t)
            s = ENGINE.apply(s, seat, action)
    timings.sort()
    p50, p99 = timings[len(timings) // 2] * 1000, timings[int(len(timings) * 0.99)] * 1000
    print(
        f"heuristic decision: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(timings)} decisions (target p99 < 50)"
    )

    wins = 0
    for seed in range(args.games):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play(ENGINE, 10_000 + seed, 2, {}, seats)
        wins += result["ranks"][seed % 2] == 1
    lo, hi = wilson(wins, args.games)
    print(
        f"heuristic vs random, 2 players: won {wins}/{args.games} = {wins / args.games:.1%} "
        f"(95% interval {lo:.1%}-{hi:.1%}; target >= 90%)"
    )


if __name__ == "__main__":
    main()
