"""The player page and the leaderboard with 10,000 players and 200,000 finished games.

Fills a scratch PostgreSQL database (`bench_ratings`, dropped and made anew) with bulk
inserts: players, and finished Stonespine games (2-5 players, some solo against Jael)
with their seats' scores, places and category points, a few bots, resignations and
timeouts, private and casual tables. Who sits at a table is drawn with a skew, as on a real site: most
players have a few dozen games, a few have a thousand or more. Then `recompute_ratings`
rates every game (timed: the command's own figure at this size), and the pages are
requested in-process through Django's test client (middleware, view, queries and
template; no network), one at a time:

- the player page of a random player (each player equally likely), and as many times
  that of the player with the most games;
- a random page of the leaderboard.

Each prints wall-clock p50/p95/p99/max, the CPU time this process spent per request (Django
and the view; PostgreSQL's share is in the wall time only), and the queries per request
(counted on a separate pass, so counting does not slow the timed one). The machine is
shared: the load average before timing is printed, as wall times stretch with it.

    .venv/bin/python bench/ratings.py [--players 10000] [--games 200000] [--requests 300] [--keep]

`--keep` reuses the database a previous run filled (migrates it; skips filling and rating).
BENCH_RATINGS_DB names another scratch database than `bench_ratings` (it is dropped and made anew).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.common import fresh_database  # noqa: E402 (after the path is set)

DB = os.environ.get("BENCH_RATINGS_DB", "bench_ratings")
PG = f"postgres://postgres@127.0.0.1:5432/{DB}"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings_test",  # plain static files: no collectstatic manifest
    "DATABASE_URL": PG,
    "REDIS_URL": "",
    # As in production (templates cached, no debug toolbar of queries), with what production
    # needs to start: an e-mail backend (printing; nothing is sent) and, the test client
    # speaking plain HTTP, no redirect to HTTPS.
    "DEBUG": "false",
    "EMAIL_URL": "consolemail://",
    "SECURE_SSL_REDIRECT": "false",
    "SECRET_KEY": "bench-ratings-not-secret",
    "DB_POOL_SIZE": "0",
    "CONN_MAX_AGE": "600",  # one connection for the whole run, as a pooled server would
}
BATCH = 5_000
SOLO_SHARE, BOT_SHARE, PRIVATE_SHARE, CASUAL_SHARE = 0.05, 0.15, 0.05, 0.10
RESIGN_SHARE, TIMEOUT_SHARE = 0.02, 0.02  # of people's seats


def prepare_database() -> None:
    fresh_database(DB, ENV)


def setup_django() -> None:
    os.environ.update(ENV)
    import warnings

    import django

    # Static files are not collected for the bench (no page here asks for one).
    warnings.filterwarnings("ignore", message="No directory at")

    django.setup()


def fill(players: int, games: int, rng: random.Random) -> None:
    """Bulk inserts: users with profiles, then games with their seats (already finalized)."""
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from games import results
    from games.engines.stonespine.rules import CATEGORIES
    from games.models import Game, Seat, SeatKind, Status

    User = get_user_model()
    User.objects.bulk_create(
        [User(username=f"p{i}", email=f"p{i}@example.com", password="!") for i in range(players)],
        batch_size=BATCH,
    )
    users = list(User.objects.order_by("pk").values_list("pk", flat=True))
    Profile.objects.bulk_create(
        [Profile(user_id=pk, display_name=f"player{i:05d}") for i, pk in enumerate(users)], batch_size=BATCH
    )
    start = datetime(2025, 1, 1, tzinfo=UTC)
    for first in range(0, games, BATCH):
        batch: list[Any] = []
        tables: list[list[Any]] = []
        for n in range(first, min(first + BATCH, games)):
            solo = rng.random() < SOLO_SHARE
            size = 1 if solo else rng.randint(2, 5)
            # Skewed: player 0 is the keenest, the last ones play rarely.
            people = {users[int(len(users) * rng.random() ** 1.5)] for _ in range(size)}
            while len(people) < size:
                people.add(rng.choice(users))
            sitters: list[Any] = list(people)
            if not solo and rng.random() < BOT_SHARE:
                sitters[-1] = rng.choice(["random", "heuristic"])
            finished = start + timedelta(minutes=3 * n)
            batch.append(
                Game(
                    engine="stonespine",
                    options={"jael": rng.choice(["basic", "legendary"]), "face_down": False},
                    players=size,
                    public=rng.random() > PRIVATE_SHARE,
                    rated=rng.random() > CASUAL_SHARE,
                    created_by_id=next(s for s in sitters if isinstance(s, int)),
                    created_at=finished - timedelta(hours=1),
                    started_at=finished - timedelta(hours=1),
                    finished_at=finished,
                    status=Status.FINISHED,
                    seed=n,
                    version=100,
                    state={},
                    to_act=[],
                    finalized=True,
                )
            )
            tables.append(sitters + (["Jael"] if solo else []))
        Game.objects.bulk_create(batch)
        seats = []
        for game, sitters in zip(batch, tables, strict=True):
            breakdowns = [{c: rng.randint(0, 15) for c in CATEGORIES} for _ in sitters]
            scores = [sum(b.values()) for b in breakdowns]
            table = []
            for index, who in enumerate(sitters):
                seat = Seat(game_id=game.pk, index=index, score=scores[index], breakdown=breakdowns[index])
                if who == "Jael":
                    seat.kind = SeatKind.AUTOMATON
                elif isinstance(who, str):
                    seat.kind, seat.bot = SeatKind.BOT, who
                else:
                    lost = rng.random()
                    seat.user_id, seat.resigned, seat.timed_out = (
                        who,
                        lost < RESIGN_SHARE,
                        RESIGN_SHARE <= lost < RESIGN_SHARE + TIMEOUT_SHARE,
                    )
                table.append(seat)
            # The places finalize stores: the engine's order, lost seats last (games/results.py).
            places = results.decide([1 + sum(x > score for x in scores) for score in scores], table)
            for seat in table:
                seat.rank = places[seat.index].place
            seats += table
        Seat.objects.bulk_create(seats, batch_size=BATCH)
        print(f"\r  {min(first + BATCH, games)} games", end="", flush=True)
    print()


def rate(analyze: bool = True) -> None:
    """Rates every game (the command's own time is printed), then refreshes the planner's
    statistics (`analyze`: PostgreSQL, outside a transaction)."""
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    call_command("recompute_ratings")
    print(f"  recompute_ratings: {time.perf_counter() - started:.0f} s")
    if analyze:
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def timed(client: Any, paths: list[str]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds (this process: Django and the view, not PostgreSQL)."""
    times, cpu = [], []
    for path in paths:
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.get(path)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return sorted(times), sorted(cpu)


def queries(client: Any, paths: list[str]) -> list[int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for path in paths:
        with CaptureQueriesContext(connection) as captured:
            client.get(path)
        counts.append(len(captured.captured_queries))
    return counts


def report(name: str, timings: tuple[list[float], list[float]], counts: list[int]) -> None:
    times, cpu = timings

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(len(values) * p))]

    print(
        f"{name:<28} n={len(times):<4} p50 {pct(times, 0.5):6.1f} ms  p95 {pct(times, 0.95):6.1f} ms  "
        f"p99 {pct(times, 0.99):6.1f} ms  max {times[-1]:6.1f} ms  | CPU p50 {pct(cpu, 0.5):5.1f} ms  "
        f"p95 {pct(cpu, 0.95):5.1f} ms  | queries {min(counts)}-{max(counts)}"
    )


def measure(requests: int, rng: random.Random) -> None:
    from django.db.models import Count
    from django.test import Client
    from django.urls import reverse

    from accounts.models import Profile
    from ratings.models import PROVISIONAL_GAMES, Rating
    from ratings.views import PER_PAGE

    names = list(
        Profile.objects.filter(user__seats__isnull=False).distinct().values_list("display_name", flat=True)
    )
    busiest = (
        Profile.objects.annotate(n=Count("user__seats"))
        .order_by("-n")
        .values_list("display_name", "n")
        .first()
    )
    assert busiest is not None
    ranked = Rating.objects.filter(engine="stonespine", games__gte=PROVISIONAL_GAMES).count()
    pages = max(1, -(-ranked // PER_PAGE))
    print(
        f"  {len(names)} players with games; the busiest, {busiest[0]}, has {busiest[1]}; "
        f"{ranked} ranked, {pages} leaderboard pages"
    )
    client = Client()
    player_paths = [reverse("player_game", args=[rng.choice(names), "stonespine"]) for _ in range(requests)]
    busiest_paths = [reverse("player_game", args=[busiest[0], "stonespine"])] * requests
    board_paths = [
        reverse("leaderboard", args=["stonespine"]) + f"?page={rng.randint(1, pages)}"
        for _ in range(requests)
    ]
    for paths in (player_paths, busiest_paths, board_paths):
        timed(client, paths[:20])  # warm-up: templates compiled, caches and connection open
    print(f"  load average before timing: {os.getloadavg()[0]:.1f} (2 cores)")
    report("player page (random player)", timed(client, player_paths), queries(client, player_paths[:50]))
    report("player page (busiest)", timed(client, busiest_paths), queries(client, busiest_paths[:50]))
    report("leaderboard (random page)", timed(client, board_paths), queries(client, board_paths[:50]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--keep", action="store_true", help="reuse the database of an earlier run")
    args = parser.parse_args()
    rng = random.Random(17)
    if args.keep:  # the schema may have moved on since the database was filled
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env={**os.environ, **ENV}, check=True
        )
    else:
        print(f"filling {DB}: {args.players} players, {args.games} finished games")
        prepare_database()
    setup_django()
    if not args.keep:
        started = time.perf_counter()
        fill(args.players, args.games, rng)
        print(f"  filled in {time.perf_counter() - started:.0f} s")
        rate()
    measure(args.requests, rng)


if __name__ == "__main__":
    main()
