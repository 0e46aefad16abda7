"""Architectura engine figures (issue 5): random 4-player games per second on one core
(target at least 200; the random bot reads no view, so none is built; a second figure
builds one per decision anyway), heuristic bot time per decision (p50/p99), and the heuristic bot's
win rate against the random bot over 200 two-player games (target at least 90%) with a
95% (Wilson) interval. Seats alternate between games.

    .venv/bin/python bench/architectura_engine.py [--games 200]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import decision_times, wilson
from games.engines.architectura import ENGINE
from games.engines.architectura.bots import heuristic_bot
from games.engines.autoplay import play
from games.engines.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    n = 300
    for variant in ("basic", "advanced"):
        options = {"variant": variant}
        started = time.perf_counter()
        for seed in range(n):
            play(ENGINE, seed, 4, options, ["random"])
        rate = n / (time.perf_counter() - started)
        print(f"random 4-player {variant} games: {rate:.0f} per second (target >= 200)")
    # The same games, also building the acting seat's view at every decision, as the site does.
    started = time.perf_counter()
    rng = Rng(7)
    for seed in range(n):
        s = ENGINE.setup(seed, 4, {})
        while acting := ENGINE.to_act(s):
            seat = min(acting)
            ENGINE.view(s, seat)
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat)))
    print(f"  with a view built at every decision: {n / (time.perf_counter() - started):.0f} per second")

    p50, p99, count = decision_times(ENGINE, heuristic_bot, 4, 20, {})
    print(f"heuristic decision (4 players): p50 {p50:.2f} ms, p99 {p99:.2f} ms over {count} decisions")

    for variant in ("basic", "advanced"):
        wins = 0
        for seed in range(args.games):
            seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
            result = play(ENGINE, seed, 2, {"variant": variant}, seats)
            me = seed % 2
            wins += result["ranks"][me] == 1 and result["ranks"][1 - me] == 2
        lo, hi = wilson(wins, args.games)
        print(
            f"heuristic beats random ({variant}, 2 players): {wins}/{args.games} = {wins / args.games:.1%} "
            f"(95% interval {lo:.1%}-{hi:.1%}; target >= 90%)"
        )


if __name__ == "__main__":
    main()
