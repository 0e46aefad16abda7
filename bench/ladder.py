"""A ladder of the bot levels: bot-against-bot games per game, rated as the site rates players.

For each game, every pair of levels (easy, medium, hard) plays 2-player games, seats rotated (the
first level of a pair sits first in even games), each level as the site plays it (the hard bot
at its own iteration count, with no time cap so a game is reproducible from its number). The
games are rated in order with openskill's Plackett-Luce, the site's model (docs/ratings.md), and
each level's rating is shown as the site shows a player's: mu - 3 sigma. Writes
games/ladder.json, which the new-table form reads (games/levels.py); the file keeps the games
played, their numbers and the pairs' tallies beside the ratings, so a reader sees how much stands
behind each figure. One process; `--hard-games` apart from `--games` because the hard bot's
games cost a second or more a decision.

    .venv/bin/python bench/ladder.py --games 20 --hard-games 4
    .venv/bin/python bench/ladder.py --game architectura --games 40 --hard-games 10
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from openskill.models import PlackettLuce

from games.engines import ENGINES, get_engine
from games.engines.rng import Rng
from games.engines.search import SearchBot, win_shares
from games.levels import LADDER_FILE, LEVELS

FIRST_GAME = 90_000  # the ladder's own deals: no tuning or other report used them


def play(slug: str, pair: tuple[str, str], g: int, iterations: int | None = None) -> list[float]:
    """One game between two levels; each level's share of first place, in the pair's order."""
    engine = get_engine(slug)
    bots = {k: b for k, b in engine.bots.items()}  # type: ignore[attr-defined]
    bots["hard"] = SearchBot(engine, seconds=math.inf, iterations=iterations)  # reproducible
    seats = [pair[g % 2], pair[1 - g % 2]]
    s = engine.setup(g, 2, {})
    rng = Rng(g * 7 + 1)
    while acting := engine.to_act(s):
        seat = min(acting)
        s = engine.apply(s, seat, bots[seats[seat]](engine.view(s, seat), engine.legal_actions(s, seat), rng))
    outcome = engine.outcome(s)
    assert outcome is not None
    shares = win_shares(outcome["ranks"])
    return [shares[seats.index(pair[0])], shares[seats.index(pair[1])]]


def ladder(slug: str, games: int, hard_games: int, iterations: int | None = None) -> dict[str, Any]:
    levels = [k for k in LEVELS if k in get_engine(slug).bots]  # type: ignore[attr-defined]
    model = PlackettLuce()
    skill = {k: model.rating() for k in levels}
    played = dict.fromkeys(levels, 0)
    pairs = []
    started = time.perf_counter()
    for pair in combinations(levels, 2):
        n = hard_games if "hard" in pair else games
        wins = [0.0, 0.0]
        for g in range(FIRST_GAME, FIRST_GAME + n):
            shares = play(slug, pair, g, iterations)
            wins = [wins[0] + shares[0], wins[1] + shares[1]]
            ranks = [1.0 if shares[0] >= shares[1] else 2.0, 1.0 if shares[1] >= shares[0] else 2.0]
            [[a], [b]] = model.rate([[skill[pair[0]]], [skill[pair[1]]]], ranks=ranks)
            skill[pair[0]], skill[pair[1]] = a, b
            played[pair[0]] += 1
            played[pair[1]] += 1
        pairs.append({"levels": list(pair), "games": n, "first_game": FIRST_GAME, "wins": wins})
        print(f"  {slug} {pair[0]} {wins[0]:g} - {wins[1]:g} {pair[1]}", file=sys.stderr, flush=True)
    return {
        "levels": {
            k: {
                "rating": round(skill[k].mu - 3 * skill[k].sigma, 1),
                "mu": round(skill[k].mu, 2),
                "sigma": round(skill[k].sigma, 2),
                "games": played[k],
            }
            for k in levels
        },
        "pairs": pairs,
        "seconds": round(time.perf_counter() - started),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(ENGINES), action="append", default=None)
    parser.add_argument("--games", type=int, default=20, help="games per pair without the hard bot")
    parser.add_argument("--hard-games", type=int, default=4, help="games per pair with the hard bot")
    parser.add_argument("--out", default=str(LADDER_FILE))
    args = parser.parse_args()
    path = Path(args.out)
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    data.setdefault("games", {})
    data["about"] = (
        "Bot levels rated by bench/ladder.py: 2-player bot-against-bot games, seats rotated, "
        "openskill Plackett-Luce, shown as mu - 3 sigma; a small sample, its size per level below."
    )
    for slug in args.game or sorted(ENGINES):
        result = ladder(slug, args.games, args.hard_games)
        result["measured"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        result["load"] = round(os.getloadavg()[0], 1)
        data["games"][slug] = result
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(slug, json.dumps(result["levels"]))


if __name__ == "__main__":
    main()
