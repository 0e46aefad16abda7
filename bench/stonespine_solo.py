"""Issue 4: the heuristic bot's win rate against basic and against legendary Jael,
200 solo games each, with 95% (Wilson) intervals.

    .venv/bin/python bench/stonespine_solo.py [--games 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import wilson
from games.engines.autoplay import play
from games.engines.stonespine import ENGINE


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for mode in ("basic", "legendary"):
        results = [
            play(ENGINE, 20_000 + seed, 1, {"jael": mode}, ["heuristic"]) for seed in range(args.games)
        ]
        wins = sum(r["ranks"][0] == 1 for r in results)
        lo, hi = wilson(wins, args.games)
        me = statistics.mean(r["scores"][0] for r in results)
        jael = statistics.mean(r["scores"][1] for r in results)
        print(
            f"heuristic vs {mode} Jael: won {wins}/{args.games} = {wins / args.games:.1%} "
            f"(95% interval {lo:.1%}-{hi:.1%}); mean score {me:.0f} vs Jael {jael:.0f}"
        )


if __name__ == "__main__":
    main()
