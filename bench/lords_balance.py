"""Lords of Spell and Stone balance: the first round's placement order and the plans.

Two tables, heuristic bots throughout (games/engines/lords/bots.py):
- position in the first round's order: games between heuristic bots (each on the plan its deal
  gives it, the usual mix), per player count; for each position in round 1's placement order
  (1st = the first player), its share of wins with a 95% (Wilson) interval; target: every
  position within 1/N +- 5 points (a position's interval is only reported, the target is on
  the share);
- plan against plan: two-player games between bots that differ only in their plan, seats
  alternated (the plan named first sits first in even games); for each pairing the first plan's
  share of wins with its 95% interval; target: none above 65%.

Seeds: `--seed N` is the first seed; position games use N, N+1, ...; plan games use the same
numbers. Tune on one range and report on a fresh one (bench/README.md says which was which).

    nice -n 10 .venv/bin/python bench/lords_balance.py [--positions 2000] [--players 2,3,4]
        [--plans 1000] [--seed N] [--jobs 2]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import clock_seed, run_pool, wilson
from games.engines.lords import ENGINE
from games.engines.lords.bots import PLANS, Reading, decide, heuristic_bot
from games.engines.rng import Rng


def position_game(job: tuple[int, int]) -> tuple[int, int]:
    """(players, the winner's position in round 1's placement order, 0 = first player)."""
    seed, players = job
    s = ENGINE.setup(seed, players, {})
    first = s["first"]
    rng = Rng(seed)
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        s = ENGINE.apply(s, seat, heuristic_bot(ENGINE.view(s, seat), ENGINE.legal_actions(s, seat), rng))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    return players, (outcome["ranks"].index(1) - first) % players


def plan_game(job: tuple[int, str, str]) -> bool:
    """Whether plan `a` beat plan `b` in a two-player game (a sits first in even seeds)."""
    seed, a, b = job
    s = ENGINE.setup(seed, 2, {})
    seat_a = seed % 2
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        plan = a if seat == seat_a else b
        s = ENGINE.apply(
            s, seat, decide(Reading(ENGINE.view(s, seat), plan=plan), ENGINE.legal_actions(s, seat))
        )
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    return outcome["ranks"][seat_a] == 1


def positions(players: int, games: int, first: int, jobs: int) -> bool:
    started = time.perf_counter()
    results = run_pool(position_game, [(first + i, players) for i in range(games)], jobs)
    wins: Counter[int] = Counter(pos for _, pos in results)
    target = 1 / players
    ok = True
    print(
        f"{players} players: {games} games in {time.perf_counter() - started:.0f} s; position in round 1's order"
    )
    for pos in range(players):
        share = wins[pos] / games
        lo, hi = wilson(wins[pos], games)
        inside = abs(share - target) <= 0.05
        ok &= inside
        print(
            f"  {pos + 1}{'st' if pos == 0 else 'nd' if pos == 1 else 'rd' if pos == 2 else 'th'} to place: "
            f"won {share:5.1%} (95% {lo:.1%}-{hi:.1%}) {'inside' if inside else 'OUTSIDE'} {target:.0%} +- 5"
        )
    return ok


def plans(games: int, first: int, jobs: int) -> bool:
    ok = True
    print(f"plan against plan, 2 players, {games} games per pairing (row plan's share of wins):")
    for a, b in itertools.combinations(PLANS, 2):
        started = time.perf_counter()
        results = run_pool(plan_game, [(first + i, a, b) for i in range(games)], jobs)
        won = sum(results)
        lo, hi = wilson(won, games)
        share = won / games
        inside = max(share, 1 - share) <= 0.65
        ok &= inside
        print(
            f"  {a:9} vs {b:9}: {share:5.1%} (95% {lo:.1%}-{hi:.1%}) "
            f"{'inside' if inside else 'OUTSIDE'} 35-65% ({time.perf_counter() - started:.0f} s)"
        )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--plans", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first = clock_seed() if args.seed is None else args.seed
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"first seed {first} (repeat with --seed {first}), {when}")
    ok = True
    if args.positions:
        for players in [int(x) for x in args.players.split(",")]:
            ok &= positions(players, args.positions, first, args.jobs)
            sys.stdout.flush()
    if args.plans:
        ok &= plans(args.plans, first, args.jobs)
    print("targets:", "all met" if ok else "NOT all met")


if __name__ == "__main__":
    main()
