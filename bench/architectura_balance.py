"""Architectura balance (issue 5): heuristic bots in every seat, per player count.

Prints each seat's share of wins (shared first places count for every winner), and for
each building the share of games in which it stands face up in a winner's city. The
designed game passes when no seat wins more than 60% (2 players) or 1/N + 15 points,
and no building is in the winner's city in more than 90% of games.

    .venv/bin/python bench/architectura_balance.py [--games 1000] [--variant basic|advanced]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.architectura import ENGINE
from games.engines.architectura.bots import heuristic_bot
from games.engines.architectura.cards import BUILDINGS
from games.engines.rng import Rng, seed_state


def one_game(seed: int, players: int, options: dict[str, str]) -> tuple[list[int], set[str]]:
    """Plays a game; returns the winners and the buildings face up in a winner's city."""
    s = ENGINE.setup(seed, players, options)
    rng = Rng(seed_state(seed))
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        s = ENGINE.apply(s, seat, heuristic_bot(ENGINE.view(s, seat), ENGINE.legal_actions(s, seat), rng))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    winners = [p for p, r in enumerate(outcome["ranks"]) if r == 1]
    built = {
        stack[-1][1]
        for street in s["city"]
        for stack in street
        if stack and stack[-1][2] and stack[-1][0] in winners
    }
    built |= {"Graveyard" for p in winners if s["grave"][p] is not None}
    return winners, built


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant", default="basic", choices=["basic", "advanced"])
    parser.add_argument("--players", default="2,3,4")
    args = parser.parse_args()
    options = {"variant": args.variant}
    if args.variant == "advanced":
        options["swaps"] = "6"
    ok = True
    for players in [int(x) for x in args.players.split(",")]:
        started = time.perf_counter()
        wins: Counter[int] = Counter()
        in_city: Counter[str] = Counter()
        for seed in range(args.games):
            winners, built = one_game(seed, players, options)
            wins.update(winners)
            in_city.update(built)
        seconds = time.perf_counter() - started
        limit = 0.60 if players == 2 else 1 / players + 0.15
        shares = [wins[p] / args.games for p in range(players)]
        top_card, top_count = in_city.most_common(1)[0]
        passed = max(shares) <= limit and top_count / args.games <= 0.90
        ok &= passed
        print(
            f"{players} players, {args.variant}, {args.games} games ({seconds:.0f} s): "
            f"seat wins {' '.join(f'{x:.1%}' for x in shares)} (limit {limit:.0%}); "
            f"most often in the winner's city: {top_card} {top_count / args.games:.1%} (limit 90%) "
            f"{'PASS' if passed else 'FAIL'}"
        )
        print(
            "   in the winner's city: "
            + ", ".join(f"{name} {in_city[name] / args.games:.0%}" for name in BUILDINGS if in_city[name])
        )
    print("balance:", "PASS" if ok else "FAIL")


if __name__ == "__main__":
    main()
