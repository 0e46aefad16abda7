"""Architectura balance: heuristic bots in every seat, per player count and variant.

For every player count (2-4) and variant it prints:
- each seat's share of wins (a shared first place counts for every winner) with its 95%
  (Wilson) interval; target: every interval inside 1/N +- 10 points;
- for every building, its pick rate (the share of the seats holding it in their deck that
  built it at least once: City Hall lost from the hand, for one, is not picked), and its share
  in winners (the share of games in which it stands face up in a winner's city, or is the
  winner's built Graveyard), beside its share in all final cities (the seats holding it whose
  city has it standing at the end); target: every building picked in at least 5% of the seats
  that hold it, and none in more than 90% of winners' cities unless it stands about as often
  in every city (within 10 points): a card every player keeps, such as the protected City
  Hall, is in nearly every winner's city without deciding who wins, while a card that stands
  in winners' cities far more often than in the others' does decide;
- advanced game: each seat chooses its replacements at random (each offered replacement taken
  with even odds, up to the allowed number, 6), so that for every additional card the win rate of
  the seats that took it can be set against the seats that kept the basic card; a card is
  dominant when taking it wins far more often than not.

Seeds are drawn from the clock and printed; `--seed` repeats a run. Two worker processes.

    nice -n 10 .venv/bin/python bench/architectura_balance.py [--games 2000] [--players 2,3,4]
        [--variant basic,advanced] [--balance off,on] [--seed N] [--jobs 2] [--figures]

The advanced game is played without and with the house rule "balance later seats" (the head
start); `--figures` writes both seat tables to games/engines/architectura/seat_figures.json, which
the new-table form's help for that option reads.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import clock_seed, run_pool, wilson
from games.engines.architectura import ENGINE, rules, seat_figures
from games.engines.architectura.bots import heuristic_bot
from games.engines.architectura.cards import ADDITIONAL_NAMES, BUILDINGS
from games.engines.rng import Rng, seed_state


def one_game(job: tuple[int, int, str, bool]) -> dict[str, Any]:
    """Plays one game; returns its winners, decks, what each seat built, and the winners' cities."""
    seed, players, variant, balance = job
    options = {"variant": variant, "swaps": "6", "balance": balance}
    s = ENGINE.setup(seed, players, options)
    rng = Rng(seed_state(seed ^ 0xA5C417))
    plans: dict[int, list[dict[str, str]]] = {}
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        legal = ENGINE.legal_actions(s, seat)
        if s["phase"] == "swap":
            if seat not in plans:
                plans[seat] = _random_plan(rng)
            todo = [a for a in plans[seat] if a in legal]
            action = todo[0] if todo else {"type": "ready"}
            if todo:
                plans[seat].remove(action)
        else:
            action = heuristic_bot(ENGINE.view(s, seat), legal, rng)
        s = ENGINE.apply(s, seat, action)
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    winners = [p for p, r in enumerate(outcome["ranks"]) if r == 1]
    # Each seat's result without its head start, to show what other head starts would give.
    bare = [(outcome["scores"][p] - rules.head_start(s, p), *rules.tiebreak(s, p)) for p in range(players)]
    decks = [sorted(set(deck_of(s, p))) for p in range(players)]
    built: list[set[str]] = [set() for _ in range(players)]
    for entry in s["log"]:
        if entry[1] == "built":
            built[entry[2]].add(entry[3])
        elif entry[1] == "graveyard":
            built[entry[2]].add("Graveyard")
    standing: list[set[str]] = [set() for _ in range(players)]
    for street in s["city"]:
        for stack in street:
            if stack and stack[-1][2]:
                standing[stack[-1][0]].add(stack[-1][1])
    for p in range(players):
        if s["grave"][p] is not None:
            standing[p].add("Graveyard")
    won_city = set().union(*(standing[p] for p in winners))
    return {
        "winners": winners,
        "decks": decks,
        "built": [sorted(b) for b in built],
        "won_city": sorted(won_city),
        "standing": [sorted(c) for c in standing],
        "swapped": [[a for a, _ in s["swaps"][p]] for p in range(players)],
        "bare": bare,
    }


def _random_plan(rng: Rng) -> list[dict[str, str]]:
    """Each additional card with even odds, replacing one of the cards it may replace (chosen
    at random; a card already replaced is not offered twice)."""
    plan: list[dict[str, str]] = []
    out_used: set[str] = set()
    for add in rng.shuffled(list(ADDITIONAL_NAMES)):
        options = [o for o in BUILDINGS[add].replaces if o not in out_used]
        if options and rng.randint(0, 1):
            out = rng.choice(options)
            out_used.add(out)
            plan.append({"type": "swap", "add": add, "out": out})
    return plan


def deck_of(s: dict[str, Any], p: int) -> list[str]:
    """The 12 buildings seat `p` played the game with: the basic deck with its replacements."""
    deck = [b.name for b in BUILDINGS.values() if not b.advanced]
    for add, out in s["swaps"][p]:
        deck[deck.index(out)] = add
    return deck


def seat_shares(players: int, results: list[dict[str, Any]]) -> list[float]:
    wins: Counter[int] = Counter(w for r in results for w in r["winners"])
    return [wins[p] / len(results) for p in range(players)]


def report(players: int, variant: str, results: list[dict[str, Any]], seconds: float) -> bool:
    n = len(results)
    wins: Counter[int] = Counter(w for r in results for w in r["winners"])
    held: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    in_winner: Counter[str] = Counter()
    standing: Counter[str] = Counter()
    took_won: Counter[str] = Counter()
    took: Counter[str] = Counter()
    for r in results:
        in_winner.update(r["won_city"])
        for p in range(players):
            held.update(r["decks"][p])
            picked.update(r["built"][p])
            standing.update(r["standing"][p])
            for add in r["swapped"][p]:
                took[add] += 1
                took_won[add] += p in r["winners"]
    target = 1 / players
    ok = True
    print(f"{players} players, {variant}: {n} games in {seconds:.0f} s")
    for p in range(players):
        lo, hi = wilson(wins[p], n)
        inside = target - 0.10 <= lo and hi <= target + 0.10
        ok &= inside
        print(
            f"  seat {p + 1}: won {wins[p] / n:5.1%} (95% {lo:.1%}-{hi:.1%}) "
            f"{'inside' if inside else 'OUTSIDE'} {target:.0%} +- 10"
        )
    per_seat = " / ".join(
        f"{k}: " + " ".join(f"{x:.1%}" for x in _shares_with(results, players, k)) for k in range(4)
    )
    print(f"  seat wins with a head start of k points per later seat, k = {per_seat}")
    print(
        "  building        pick rate  in winners' cities  in all cities"
        + ("  win rate taken / kept" if variant == "advanced" else "")
    )
    seats = n * players
    for name in BUILDINGS:
        if not held[name]:
            continue
        rate = picked[name] / held[name]
        share = in_winner[name] / n
        everywhere = standing[name] / held[name]
        decides = share > 0.90 and share - everywhere > 0.10
        flag = "" if rate >= 0.05 and not decides else "  <- outside target"
        ok &= not flag
        extra = ""
        if variant == "advanced" and name in ADDITIONAL_NAMES and took[name]:
            kept = seats - took[name]
            kept_wins = sum(wins.values()) - took_won[name]
            extra = f"  {took_won[name] / took[name]:5.1%} / {kept_wins / max(1, kept):5.1%}"
        print(f"  {name:15} {rate:8.1%}  {share:8.1%}  {everywhere:16.1%}{extra}{flag}")
    return ok


def _shares_with(results: list[dict[str, Any]], players: int, k: int) -> list[float]:
    """Seat win shares had each player started with k points per player after them."""
    wins: Counter[int] = Counter()
    for r in results:
        keys = [(r["bare"][p][0] + k * (players - 1 - p), *r["bare"][p][1:]) for p in range(players)]
        best = max(keys)
        wins.update(p for p in range(players) if keys[p] == best)
    return [wins[p] / len(results) for p in range(players)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--variant", default="basic,advanced")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--balance",
        default="off,on",
        help="advanced game: without (off) and/or with (on) the house rule 'balance later seats'",
    )
    parser.add_argument(
        "--figures",
        action="store_true",
        help="write the advanced game's seat wins with and without the house rule to "
        "games/engines/architectura/seat_figures.json (the new-table form shows them)",
    )
    args = parser.parse_args()
    first = clock_seed() if args.seed is None else args.seed
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"seeds {first}..{first + args.games - 1} (repeat with --seed {first}), {when}")
    ok = True
    shares: dict[str, dict[str, Any]] = {}
    for variant in args.variant.split(","):
        settings = [x == "on" for x in args.balance.split(",")] if variant == "advanced" else [False]
        for players in [int(x) for x in args.players.split(",")]:
            for balance in settings:
                started = time.perf_counter()
                jobs = [(first + i, players, variant, balance) for i in range(args.games)]
                results = run_pool(one_game, jobs, args.jobs)
                name = f"{variant}{', balance later seats' if balance else ''}"
                ok &= report(players, name, results, time.perf_counter() - started)
                if variant == "advanced":
                    row = shares.setdefault(str(players), {"points": rules.HEAD_START[players]})
                    row["with" if balance else "without"] = [
                        round(x, 3) for x in seat_shares(players, results)
                    ]
                sys.stdout.flush()
    print("targets:", "all met" if ok else "NOT all met")
    if args.figures:
        complete = {n: row for n, row in shares.items() if "with" in row and "without" in row}
        out = {
            "games": args.games,
            "seeds": [first, first + args.games - 1],
            "measured": when,
            "players": complete,
        }
        seat_figures.FILE.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {seat_figures.FILE.name}: {seat_figures.help_text(out)}")


if __name__ == "__main__":
    main()
