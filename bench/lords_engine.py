"""Lords of Spell and Stone engine figures: random 4-player games per second on one core (target
at least 100; the random bot reads no view, so none is built), heuristic bot time per decision
(p50/p99 of CPU time, view included; target p99 under 50 ms), the heuristic bot's win rate
against the random bot over 200 two-player games (target at least 90%; seats alternate) with a
95% (Wilson) interval, and the design figures over games between heuristic bots, per player
count: each seat's share of wins (target: none above 1/N + 10 points), the main category of the
winner's score (target: at least three categories in at least 20% of games each), the share of
games in which each spell is cast, each item bought and each board spot taken (target: every one
in at least 5% of games), the final scores and the game length in moves.

    .venv/bin/python bench/lords_engine.py [--random 300] [--versus 200] [--design 1000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import wilson
from games.engines.autoplay import play
from games.engines.lords import ENGINE
from games.engines.lords.bots import heuristic_bot
from games.engines.lords.data import ITEMS, SPELLS, spots_for
from games.engines.lords.scoring import GROUPS
from games.engines.rng import Rng


def heuristic_game(seed: int, players: int) -> dict[str, Any]:
    """A game with the heuristic bot in every seat: its outcome, length and what was chosen."""
    s = ENGINE.setup(seed, players, {})
    rng = Rng(seed)
    moves = 0
    spots: set[str] = set()
    items: set[str] = set()
    spells: set[str] = set()
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        action = heuristic_bot(ENGINE.view(s, seat), ENGINE.legal_actions(s, seat), rng)
        if action["type"] == "place":
            spots.add(action["spot"])
        elif action["type"] == "buy_item":
            items.add(ITEMS[action["item"]].name)
        elif action["type"] == "buy_peeked":
            items.add(ITEMS[s["ask"]["item"]].name)
        elif action["type"] == "cast":
            spells.add(SPELLS[action["spell"]].name)
        s = ENGINE.apply(s, seat, action)
        moves += 1
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    return {"outcome": outcome, "moves": moves, "spots": spots, "items": items, "spells": spells}


def main_group(parts: dict[str, int]) -> str:
    totals = {g: sum(parts[c] for c in cats) for g, cats in GROUPS.items()}
    return max(totals, key=lambda g: totals[g])


def design(players: int, games: int) -> None:
    started = time.process_time()
    seat_wins: Counter[int] = Counter()
    groups: Counter[str] = Counter()
    spots: Counter[str] = Counter()
    items: Counter[str] = Counter()
    spells: Counter[str] = Counter()
    scores: list[int] = []
    winners: list[int] = []
    lengths: list[int] = []
    for seed in range(games):
        g = heuristic_game(seed, players)
        o = g["outcome"]
        w = o["ranks"].index(1)
        seat_wins[w] += 1
        groups[main_group(o["breakdown"][w])] += 1
        spots.update(g["spots"])
        items.update(g["items"])
        spells.update(g["spells"])
        scores += o["scores"]
        winners.append(o["scores"][w])
        lengths.append(g["moves"])
    spent = time.process_time() - started
    print(f"\n== {players} players, {games} heuristic games ({spent:.0f} s CPU)")
    fair = 100 / players + 10
    shares = [100 * seat_wins[p] / games for p in range(players)]
    print(f"seat win shares: {', '.join(f'{x:.1f}%' for x in shares)} (limit {fair:.1f}%)")
    print(
        "winner's main category: " + ", ".join(f"{k} {100 * v / games:.1f}%" for k, v in groups.most_common())
    )
    print(
        f"final scores: median {statistics.median(scores)}, mean {statistics.mean(scores):.1f}, "
        f"winner median {statistics.median(winners)}, range {min(scores)}-{max(scores)}"
    )
    print(f"game length: median {statistics.median(lengths)} moves, range {min(lengths)}-{max(lengths)}")
    _shares("board spots taken", spots, list(spots_for(players)), games)
    _shares("items bought", items, sorted({i.name for i in ITEMS.values()}), games)
    _shares("spells cast", spells, sorted(x.name for x in SPELLS.values()), games)


def _shares(label: str, counts: Counter[str], names: list[str], games: int) -> None:
    low = [n for n in names if counts[n] < 0.05 * games]
    text = ", ".join(f"{n} {100 * counts[n] / games:.0f}%" for n in names)
    print(f"{label} (share of games): {text}")
    print(f"  under 5%: {', '.join(low) if low else 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--random", type=int, default=300)
    parser.add_argument("--versus", type=int, default=200)
    parser.add_argument("--design", type=int, default=1000)
    parser.add_argument("--players", default="2,3,4")
    args = parser.parse_args()

    if args.random:
        started = time.process_time()
        moves = 0
        for seed in range(args.random):
            moves += play(ENGINE, seed, 4, {}, ["random"])["moves"]
        spent = time.process_time() - started
        print(
            f"random 4-player games: {args.random / spent:.0f} per second (target >= 100), "
            f"{moves / args.random:.0f} moves each"
        )
        timings = []
        rng = Rng(1)
        for seed in range(20):
            s = ENGINE.setup(seed, 4, {})
            while acting := ENGINE.to_act(s):
                seat = min(acting)
                legal = ENGINE.legal_actions(s, seat)
                t = time.process_time()
                action = heuristic_bot(ENGINE.view(s, seat), legal, rng)
                timings.append(time.process_time() - t)
                s = ENGINE.apply(s, seat, action)
        timings.sort()
        p50, p99 = timings[len(timings) // 2] * 1000, timings[int(len(timings) * 0.99)] * 1000
        print(
            f"heuristic decision, 4 players (view + bot, CPU): p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
            f"max {timings[-1] * 1000:.2f} ms over {len(timings)} decisions (target p99 < 50 ms)"
        )
    if args.versus:
        wins = 0
        for seed in range(args.versus):
            seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
            wins += play(ENGINE, seed, 2, {}, seats)["ranks"][seed % 2] == 1
        lo, hi = wilson(wins, args.versus)
        print(
            f"heuristic beats random (2 players): {wins}/{args.versus} = {100 * wins / args.versus:.1f}% "
            f"(95% interval {100 * lo:.1f}-{100 * hi:.1f}%; target 90%)"
        )
    if args.design:
        for players in (int(x) for x in args.players.split(",")):
            design(players, args.design)


if __name__ == "__main__":
    main()
