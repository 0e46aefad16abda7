"""The deadline sweep over many active games in PostgreSQL.

Fills a scratch database (`bench_clocks`) with `--games` active 2-player Highcard games
at a one-day pace (bulk inserts: two players and the Dealer per game, one clock running
per game, its deadline somewhere in the next three days), then times the sweep that
runs every 30 s (games.timeouts.sweep, as games.tasks.sweep_deadlines calls it) when
0, 10, 100 and 1000 of those clocks have run out, and counts its queries. Between runs
the timed-out seats are put back as they were. As in the full stack, socket messages
leave through Redis (publish/subscribe, from the publisher thread) and the tasks a
chunk of timeouts queues (the machine turns, the e-mails) go to Redis, where no worker
takes them (the queue is emptied at the end): the figure is the sweep's own cost. Also
times the reminder scan when nothing is due, and prints the plan of the sweep's query.

Targets (issue 27): 100 clocks due handled within 1 s, 1000 within 5 s, a constant number
of queries per chunk of 100 timeouts.

    .venv/bin/python bench/clocks.py [--games 100000] [--due 0 10 100 1000] [--runs 5] [--keep]

`--keep` reuses the database a previous run filled. BENCH_CLOCKS_DB and BENCH_REDIS name
another database and Redis database than the defaults.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.common import fresh_database  # noqa: E402 (after the path is set)

DB = os.environ.get("BENCH_CLOCKS_DB", "bench_clocks")
PG = f"postgres://postgres@127.0.0.1:5432/{DB}"
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/7")
QUEUE = "bench-clocks"  # the tasks the timeouts queue wait in its queues (no worker runs); emptied at the end
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "config.settings_test",
    "DATABASE_URL": PG,
    "REDIS_URL": REDIS,
    "REDIS_PREFIX": "bench-clocks",
    "CELERY_QUEUE": QUEUE,
    "CELERY_TASK_ALWAYS_EAGER": "false",
}
BATCH = 5000
USERS = 2000


def prepare_database() -> None:
    fresh_database(DB, ENV)


def setup_django() -> None:
    os.environ.update(ENV)
    import django

    django.setup()


def fill(games: int, players: int = USERS) -> None:
    """`games` active games, each with one running clock, by bulk inserts."""
    import random

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from games import registry
    from games.models import Game, Seat, SeatKind, Status

    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"u{i}", email=f"u{i}@example.com") for i in range(players)]
    )
    engine = registry.get("highcard")
    state = engine.dump(engine.setup(1, 2, {"variant": "high"}))
    now = timezone.now()
    rng = random.Random(1)
    owner = users[0]
    for start in range(0, games, BATCH):
        n = min(BATCH, games - start)
        made = Game.objects.bulk_create(
            [
                Game(
                    engine="highcard",
                    options={"variant": "high"},
                    players=2,
                    created_by=owner,
                    started_at=now,
                    status=Status.ACTIVE,
                    seed=1,
                    version=1,
                    state=state,
                    to_act=[1],
                    pace="1d",
                )
                for _ in range(n)
            ]
        )
        seats = []
        for game in made:
            a, b = rng.sample(users, 2)
            seats += [
                Seat(game=game, index=0, user=a, reserve=86400, awaiting_since=0),
                Seat(
                    game=game,
                    index=1,
                    user=b,
                    reserve=86400,
                    awaiting_since=1,
                    turn_began_at=now,
                    deadline=now
                    + timedelta(seconds=rng.randrange(3600, 3 * 86400)),  # none due while it runs
                    remind_at=now + timedelta(seconds=rng.randrange(3600, 86400)),
                ),
                Seat(game=game, index=2, kind=SeatKind.AUTOMATON),
            ]
        Seat.objects.bulk_create(seats)
        print(f"  {start + n} games", end="\r", flush=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"  {games} games, {3 * games} seats, {players} players")


def due_now(count: int) -> list[int]:
    """Makes `count` running clocks overdue (by a minute); returns their seat ids."""
    from django.utils import timezone

    from games.models import Seat

    ids = list(
        Seat.objects.filter(deadline__isnull=False).order_by("deadline").values_list("pk", flat=True)[:count]
    )
    Seat.objects.filter(pk__in=ids).update(deadline=timezone.now() - timedelta(minutes=1))
    return ids


def put_back(ids: list[int]) -> None:
    from django.utils import timezone

    from games.models import Notice, Seat

    Notice.objects.all().delete()
    Seat.objects.filter(pk__in=ids).update(
        timed_out=False, reserve=86400, deadline=timezone.now() + timedelta(days=2)
    )


def time_sweeps(due: int, runs: int) -> tuple[list[float], list[int]]:
    """Seconds each sweep took and the queries it made, with `due` clocks run out."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import timeouts

    times, queries = [], []
    for _ in range(runs):
        ids = due_now(due)
        with CaptureQueriesContext(connection) as seen:
            t = time.perf_counter()
            count = timeouts.sweep()
            times.append(time.perf_counter() - t)
        queries.append(len(seen.captured_queries))
        assert count == due, (count, due)
        put_back(ids)
    return times, queries


def plan() -> str:
    from django.db import connection
    from django.utils import timezone

    with connection.cursor() as cursor:
        cursor.execute(
            "EXPLAIN ANALYZE SELECT deadline, id, game_id, index FROM games_seat "
            "WHERE deadline <= %s ORDER BY deadline, id LIMIT 1000",
            [timezone.now()],
        )
        return "\n".join("    " + row[0] for row in cursor.fetchall())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--due", type=int, nargs="+", default=[0, 10, 100, 1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="reuse the database of an earlier run")
    args = parser.parse_args()
    if args.keep:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=ENV, check=True)
        setup_django()
    else:
        print(f"database {DB}: filling with {args.games} active games")
        prepare_database()
        setup_django()
        t = time.perf_counter()
        fill(args.games)
        print(f"  filled in {time.perf_counter() - t:.0f} s")
    from games import reminders
    from games.models import Game

    active = Game.objects.filter(status="active").count()
    time_sweeps(10, 1)  # warm-up: connections, imports, caches
    print(
        f"\nsweep over {active} active games ({args.runs} runs each; every due seat timed out once, then put back)"
    )
    print(f"load average before timing: {os.getloadavg()[0]:.1f} (2 cores)")
    print("| clocks run out | p50 | max | per timeout | queries |")
    print("|---|---|---|---|---|")
    for due in args.due:
        times, queries = time_sweeps(due, args.runs)
        p50, worst = statistics.median(times) * 1000, max(times) * 1000
        each = f"{p50 / due:.2f} ms" if due else "-"
        print(f"| {due} | {p50:.1f} ms | {worst:.1f} ms | {each} | {min(queries)}-{max(queries)} |")
    t = time.perf_counter()
    sent = reminders.send_due()
    print(f"\nreminder scan, none due: {(time.perf_counter() - t) * 1000:.1f} ms ({sent} sent)")
    print("\nthe sweep's query when nothing is due:\n" + plan())
    empty_queue()


def empty_queue() -> None:
    """Drops the tasks the timeouts queued (no worker runs here)."""
    import redis
    from django.conf import settings

    redis.Redis.from_url(REDIS).delete(settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_BOT_QUEUE)


if __name__ == "__main__":
    main()
