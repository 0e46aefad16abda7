"""Stonespine balance: heuristic bots in every seat (2-5 players), and the heuristic bot
against Jael (solo, basic and legendary).

For every player count it prints:
- each seat's share of wins with its 95% (Wilson) interval; target: inside 1/N +- 10 points;
- every challenge card's pick rate (taken / shown, over the times it was on offer), and its
  score: mean and spread (standard deviation) in the dungeons of the players who took it, and
  how often it scored 0 there; target: every card picked in at least 5% of its offers, every
  mean within 4-14 points;
- every goal card's mean and spread of its measure over all dungeons in games where it was the
  goal, and in solo how often the player (not Jael) took first place on it.

Seeds are drawn from the clock and printed; `--seed` repeats a run. Two worker processes.

    nice -n 10 .venv/bin/python bench/stonespine_balance.py [--games 2000] [--players 2,3,4,5,1]
        [--seed N] [--jobs 2]

Player count 1 is the solo game, run once per Jael deck (basic, legendary).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import clock_seed, mean_sd, run_pool, wilson
from games.engines.rng import Rng, seed_state
from games.engines.stonespine import ENGINE
from games.engines.stonespine.bots import heuristic_bot
from games.engines.stonespine.cards import CHALLENGES, GOALS
from games.engines.stonespine.data import BLUEPRINTS
from games.engines.stonespine.jael import jael_measure


def one_game(job: tuple[int, int, str]) -> dict[str, Any]:
    seed, players, mode = job
    options = {"jael": mode} if players == 1 else {}
    s = ENGINE.setup(seed, players, options)
    automata = ENGINE.automaton_seats(players, options)
    rng = Rng(seed_state(seed ^ 0x57015))
    offered: list[int] = []
    year = 0
    while acting := ENGINE.to_act(s):
        if s["year"] != year:
            year = s["year"]
            offered += s["shown"]
        seat = min(acting)
        legal = ENGINE.legal_actions(s, seat)
        action = legal[0] if seat in automata else heuristic_bot(ENGINE.view(s, seat), legal, rng)
        s = ENGINE.apply(s, seat, action)
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    humans = 1 if players == 1 else players
    held = []
    for p in range(humans):
        grid, bp = s["grids"][p], BLUEPRINTS[s["blueprints"][p]]
        held += [(c, CHALLENGES[c].score(grid, bp)) for c in s["taken"][p]]
    goal = GOALS[s["goal"]]
    measures = [goal.measure(s["grids"][p], BLUEPRINTS[s["blueprints"][p]]) for p in range(humans)]
    result: dict[str, Any] = {
        "winners": [p for p, r in enumerate(outcome["ranks"]) if r == 1],
        "offered": offered,
        "held": held,
        "goal": s["goal"],
        "measures": measures,
        "scores": outcome["scores"],
    }
    if players == 1:
        result["jael_measure"] = jael_measure(s["goal"], s["solo"]["pile"], s["solo"]["tokens"])
        result["goal_points"] = outcome["breakdown"][0]["Goal"]
    return result


def report(label: str, players: int, results: list[dict[str, Any]], seconds: float) -> bool:
    n = len(results)
    ok = True
    print(f"{label}: {n} games in {seconds:.0f} s")
    wins: Counter[int] = Counter(w for r in results for w in r["winners"])
    seats = 2 if players == 1 else players
    for p in range(seats):
        lo, hi = wilson(wins[p], n)
        name = "Jael" if players == 1 and p == 1 else f"seat {p + 1}"
        if players == 1:
            print(f"  {name}: won {wins[p] / n:5.1%} (95% {lo:.1%}-{hi:.1%})")
            continue
        inside = 1 / players - 0.10 <= lo and hi <= 1 / players + 0.10
        ok &= inside
        print(
            f"  {name}: won {wins[p] / n:5.1%} (95% {lo:.1%}-{hi:.1%}) "
            f"{'inside' if inside else 'OUTSIDE'} {1 / players:.0%} +- 10"
        )
    if players == 1:
        me, jael = [r["scores"][0] for r in results], [r["scores"][1] for r in results]
        print(f"  mean score {sum(me) / n:.0f} against Jael's {sum(jael) / n:.0f}")
    offered: Counter[int] = Counter(c for r in results for c in r["offered"])
    scored: dict[int, list[int]] = defaultdict(list)
    for r in results:
        for c, pts in r["held"]:
            scored[c].append(pts)
    print("  challenge          pick rate  mean  spread  zero   max")
    for cid, card in CHALLENGES.items():
        pts = scored[cid]
        rate = len(pts) / offered[cid] if offered[cid] else 0.0
        m, sd = mean_sd([float(x) for x in pts])
        zero = sum(x == 0 for x in pts) / len(pts) if pts else 0.0
        good = rate >= 0.05 and 4 <= m <= 14 if pts else False
        ok &= good
        print(
            f"  {card.name:17} {rate:8.1%}  {m:5.1f}  {sd:5.1f}  {zero:4.0%}  {max(pts, default=0):4d}"
            f"{'' if good else '  <- outside target'}"
        )
    print("  goal               games  mean  spread" + ("  player first" if players == 1 else ""))
    for gid, goal in GOALS.items():
        these = [r for r in results if r["goal"] == gid]
        if not these:
            continue
        m, sd = mean_sd([float(x) for r in these for x in r["measures"]])
        extra = ""
        if players == 1:
            first = sum(r["goal_points"] == 15 for r in these) / len(these)
            jm, _ = mean_sd([float(r["jael_measure"]) for r in these])
            extra = f"  {first:6.0%}  (Jael's measure {jm:.1f})"
        print(f"  {goal.name:17} {len(these):6d}  {m:5.1f}  {sd:5.1f}{extra}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", default="2,3,4,5,1")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first = clock_seed() if args.seed is None else args.seed
    print(
        f"seeds {first}..{first + args.games - 1} (repeat with --seed {first}), "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
    ok = True
    for players in [int(x) for x in args.players.split(",")]:
        for mode in ("basic", "legendary") if players == 1 else ("",):
            started = time.perf_counter()
            jobs = [(first + i, players, mode) for i in range(args.games)]
            results = run_pool(one_game, jobs, args.jobs)
            label = f"solo against {mode} Jael" if players == 1 else f"{players} players"
            ok &= report(label, players, results, time.perf_counter() - started)
            sys.stdout.flush()
    print("targets:", "all met" if ok else "NOT all met")


if __name__ == "__main__":
    main()
