"""The hard bot (games/engines/search.py) against the heuristic bot.

Two-player games, seats rotated (the hard bot sits first in even games, second in odd ones),
at a fixed iteration count per decision (by default the hard bot's own, `search_iterations`,
with no time cap so a run is reproducible), played on every core at once (`--workers`); prints the hard bot's win rate with its 95% (Wilson) interval and the
wall time. `--solo MODE` plays Stonespine solo against Jael instead (hard bot vs Jael's deck).
`--timing N` measures N decisions of the hard bot as the site runs it (its iterations, the 1 s
cap) and prints p50/p95, how many the cap stopped and the fewest iterations reached.
A first place shared counts as a split (as in plans.py).
`--minutes M` stops starting games after M minutes and reports the games finished; `--first G`
numbers the games from G, so a second run adds new deals to a first one (keep G even, for the seats).

    .venv/bin/python bench/search_vs_heuristic.py --game architectura --games 400
    .venv/bin/python bench/search_vs_heuristic.py --game stonespine --solo legendary --games 400
    .venv/bin/python bench/search_vs_heuristic.py --game stonespine --timing 100
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import wilson
from games.engines import get_engine
from games.engines.rng import Rng
from games.engines.search import SearchBot, gaps, win_shares


def one_game(job: tuple[str, int, int, str | None, bool, float | None, bool | None]) -> dict[str, Any]:
    slug, g, iterations, solo, anchor, sigmas, relative = job
    engine = get_engine(slug)
    hard = SearchBot(
        engine, iterations=iterations, seconds=math.inf, anchor=anchor, sigmas=sigmas, relative=relative
    )
    heuristic = engine.bots["heuristic"]  # type: ignore[attr-defined]
    players = 1 if solo else 2
    options = {"jael": solo} if solo else {}
    hard_seat = 0 if solo else g % 2
    automata = engine.automaton_seats(players, options)  # type: ignore[attr-defined]
    s = engine.setup(40_000 + g, players, options)
    rng = Rng(g * 7 + 1)
    thinking: list[float] = []
    started = time.perf_counter()
    while acting := engine.to_act(s):
        seat = min(acting)
        legal = engine.legal_actions(s, seat)
        if seat in automata:
            action = legal[0]
        elif seat == hard_seat:
            t = time.perf_counter()
            action = hard(engine.view(s, seat), legal, rng)
            thinking.append(time.perf_counter() - t)
        else:
            action = heuristic(engine.view(s, seat), legal, rng)
        s = engine.apply(s, seat, action)
    outcome = engine.outcome(s)
    assert outcome is not None
    return {
        "game": g,
        "won": win_shares(outcome["ranks"])[hard_seat],  # a shared first place split, as in plans.py
        "margin": gaps(outcome["scores"])[hard_seat],  # finer than won or lost
        "seconds": time.perf_counter() - started,
        "decisions": len(thinking),
        "thinking": sum(thinking),
    }


def versus(
    slug: str,
    games: int,
    iterations: int,
    solo: str | None,
    workers: int,
    minutes: float,
    anchor: bool,
    sigmas: float | None = None,
    first: int = 0,
    relative: bool | None = None,
) -> None:
    deadline = time.monotonic() + minutes * 60
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    jobs = [(slug, g, iterations, solo, anchor, sigmas, relative) for g in range(first, first + games)]
    with multiprocessing.Pool(workers) as pool:
        for r in pool.imap_unordered(one_game, jobs):
            results.append(r)
            # Each game as it ends, so a run cut short still leaves its games on record.
            print(
                f"  game {r['game']}: won {r['won']:g}, margin {r['margin']:+g}", file=sys.stderr, flush=True
            )
            if len(results) % 25 == 0:  # a long run shows it is alive, and how it goes so far
                won = sum(x["won"] for x in results)
                print(f"  {len(results)} games, hard wins {won:g}", file=sys.stderr, flush=True)
            if time.monotonic() > deadline:
                pool.terminate()
                break
    wall = time.perf_counter() - started
    n = len(results)
    wins = sum(r["won"] for r in results)
    lo, hi = wilson(round(wins), n)
    decisions = sum(r["decisions"] for r in results)
    per = sum(r["thinking"] for r in results) / max(1, decisions)
    margins = [r["margin"] for r in results]
    mean = sum(margins) / n
    se = (sum((m - mean) ** 2 for m in margins) / max(1, n - 1) / n) ** 0.5
    what = f"{slug} solo vs {solo} Jael" if solo else f"{slug} 2p hard vs heuristic"
    what += "" if anchor else " (search alone, no heuristic anchor)"
    what += "" if sigmas is None else f" (anchor at {sigmas:g} standard errors)"
    what += "" if relative is None else f" (relative margins {'on' if relative else 'off'})"
    print(
        f"{what}: {n} games (of {games} asked), {iterations} iterations/decision, {workers} processes: "
        f"hard wins {wins:g}/{n} = {wins / n:.1%} (95% {lo:.1%}-{hi:.1%}), mean margin {mean:+.1f} (s.e. {se:.1f}); "
        f"{per * 1000:.0f} ms per decision, wall {wall:.0f} s"
    )


def timing(slug: str, decisions: int) -> None:
    """p50/p95 of the hard bot's decisions at the default budget, in 2-player games vs heuristic."""
    engine = get_engine(slug)
    hard = engine.bots["hard"]  # type: ignore[attr-defined]
    heuristic = engine.bots["heuristic"]  # type: ignore[attr-defined]
    times: list[float] = []
    reached: list[int] = []
    rng = Rng(5)
    g = 0
    while len(times) < decisions:
        s = engine.setup(50_000 + g, 2, {})
        while (acting := engine.to_act(s)) and len(times) < decisions:
            seat = min(acting)
            legal = engine.legal_actions(s, seat)
            view = engine.view(s, seat)
            if seat == g % 2 and len(legal) > 1:
                thought = hard.think(view, legal, rng)
                action = thought.action
                times.append(thought.seconds)
                reached.append(thought.iterations)
            else:
                action = heuristic(view, legal, rng)
            s = engine.apply(s, seat, action)
        g += 1
    times.sort()
    p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]
    capped = sum(1 for n in reached if n < hard.iterations)
    print(
        f"{slug} decision time at the hard bot's {hard.iterations} iterations (cap {hard.seconds:g} s): "
        f"p50 {p50:.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s; {capped} of {len(times)} decisions "
        f"stopped by the cap (fewest iterations reached {min(reached)}); load {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="stonespine")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--solo", choices=["basic", "legendary"], default=None)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--minutes", type=float, default=600.0)
    parser.add_argument("--plain", action="store_true", help="the search alone, without the heuristic anchor")
    parser.add_argument("--sigmas", type=float, default=None, help="the anchor's margin in standard errors")
    parser.add_argument(
        "--relative",
        choices=["on", "off"],
        default=None,
        help="margins judged against the decision's own rollouts (default: the engine's choice)",
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's number (to add games to a run)"
    )
    parser.add_argument("--timing", type=int, default=0, help="decisions to time at the default budget")
    args = parser.parse_args()
    if args.timing:
        timing(args.game, args.timing)
        return
    # By default the hard bot's own count (`search_iterations`), as the site plays it.
    iterations = args.iterations or get_engine(args.game).search_iterations  # type: ignore[attr-defined]
    versus(
        args.game,
        args.games,
        iterations,
        args.solo,
        args.workers,
        args.minutes,
        not args.plain,
        args.sigmas,
        args.first,
        None if args.relative is None else args.relative == "on",
    )


if __name__ == "__main__":
    main()
