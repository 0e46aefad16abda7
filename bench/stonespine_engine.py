"""Stonespine engine figures (issue 3): random 4-player games per second on one core,
heuristic bot time per decision (p50/p99), and the heuristic bot's win rate against
the random bot over 200 two-player games with a 95% (Wilson) interval.

    .venv/bin/python bench/stonespine_engine.py [--games 200]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import decision_times, wilson
from games.engines.autoplay import play
from games.engines.stonespine import ENGINE
from games.engines.stonespine.bots import heuristic_bot


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

    p50, p99, count = decision_times(ENGINE, heuristic_bot, 4, 20, {})
    print(f"heuristic decision: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {count} decisions (target p99 < 50)")

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
