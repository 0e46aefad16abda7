"""The plan a hard bot's search starts from (`search_hint`) against the heuristic bot.

Two-player games, seats rotated (the plan sits first in even games), on every core; prints the
plan's win rate with its 95% (Wilson) interval and its mean score margin. Quick (no search:
about 40 Lords or 10 Thunderstone games a second per core), so a variant can be tried on 1,000
games. By default the engine's own `search_hint`; `--plan NAME` plays one fixed Lords plan
(spells, builder, collector, champion) and `--village-at X` Thunderstone's heuristic with that
village threshold.

    .venv/bin/python bench/plans.py --game lords --games 1000
    .venv/bin/python bench/plans.py --game lords --plan collector
    .venv/bin/python bench/plans.py --game thunderstone --village-at 5.0 --games 600
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import wilson
from games.engines import get_engine
from games.engines.base import Action, Bot, View
from games.engines.lords import bots as lords_bots
from games.engines.rng import Rng
from games.engines.search import gaps, win_shares
from games.engines.thunderstone import bots as thunderstone_bots


def lords_plan(plan: str, view: View, legal: list[Action], rng: Rng) -> Action:
    return lords_bots.decide(lords_bots.Reading(view, plan=plan), legal)


def the_plan(slug: str, plan: str | None, village_at: float | None) -> Bot:
    if plan is not None:
        return functools.partial(lords_plan, plan)
    if village_at is not None:
        return functools.partial(thunderstone_bots.decide, village_at=village_at)
    return get_engine(slug).search_hint  # type: ignore[attr-defined]


def one_game(job: tuple[str, int, str | None, float | None]) -> tuple[float, float]:
    slug, g, plan, village_at = job
    engine = get_engine(slug)
    mine, heuristic = the_plan(slug, plan, village_at), engine.bots["heuristic"]  # type: ignore[attr-defined]
    me = g % 2  # the same seats and deals as bench/search_vs_heuristic.py's game g
    s = engine.setup(40_000 + g, 2, {})
    rng = Rng(g * 7 + 1)
    while acting := engine.to_act(s):
        seat = min(acting)
        bot = mine if seat == me else heuristic
        s = engine.apply(s, seat, bot(engine.view(s, seat), engine.legal_actions(s, seat), rng))
    outcome = engine.outcome(s)
    assert outcome is not None
    return win_shares(outcome["ranks"])[me], gaps(outcome["scores"])[me]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=["lords", "thunderstone"], default="lords")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--plan", default=None, help="Lords: one fixed plan instead of the search's")
    parser.add_argument("--village-at", type=float, default=None, help="Thunderstone: the village threshold")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (deal 40,000 + it)")
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(args.game, g, args.plan, args.village_at) for g in range(args.first, args.first + args.games)]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(one_game, jobs, chunksize=8)
    wins = sum(w for w, _ in results)
    n = len(results)
    lo, hi = wilson(round(wins), n)
    margin = sum(m for _, m in results) / n
    what = args.plan or (f"village at {args.village_at:g}" if args.village_at is not None else "search_hint")
    print(
        f"{args.game} 2p, {what} vs heuristic: {wins:g}/{n} = {wins / n:.1%} (95% {lo:.1%}-{hi:.1%}), "
        f"mean margin {margin:+.2f}; wall {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
