"""Tournaments at scale: pairing a Swiss round of 1,000 players, and the standings page.

Fills a scratch PostgreSQL database (`bench_tournaments`, dropped and created again) with
a running Swiss tournament of `--players` Highcard players at tables of `--size`, after
`--rounds` rounds already played (bulk inserts: the users, their entries with points
and tie-breaks, each past table's game and seats). Then times:

- the pairing of the next round (tournaments.services.plan_for: the standings and the
  past meetings read from the database, the tables decided), `--runs` times;
- seating that round once (creating and starting its games through games.services), in
  a transaction rolled back afterwards: a figure for information, not a target;
- the tournament's page as a visitor gets it (Django's test client: the whole page, then
  its live region alone, `?part=live`), `--requests` times each.

Targets (issue 33): the pairing under 1 s, the page's p95 under 150 ms, at 1,000 players.

    .venv/bin/python bench/tournaments.py [--players 1000] [--size 3] [--rounds 4] [--runs 10] [--requests 100]

`--size` is 2 to 4 (Highcard's tables). BENCH_TOURNAMENTS_DB names another database than the default.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.common import fresh_database  # noqa: E402 (after the path is set)

DB = os.environ.get("BENCH_TOURNAMENTS_DB", "bench_tournaments")
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "config.settings_test",
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
    "REDIS_URL": "",
}


def prepare_database() -> None:
    fresh_database(DB, ENV)


def setup_django() -> None:
    os.environ.update(ENV)
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host is allowed


def fill(players: int, rounds: int, size: int = 3, seed: int = 1) -> Any:
    """A Swiss tournament of `players` after `rounds` rounds, by bulk inserts; returns it."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from accounts.models import Profile
    from games.models import Game, Status
    from tournaments.models import Entry, Stage, Table, TableSeat, Tournament

    rng = random.Random(seed)
    User = get_user_model()
    tag = rng.randrange(10**9)
    users = User.objects.bulk_create(
        [User(username=f"t{tag}-{i}", email=f"t{tag}-{i}@example.com") for i in range(players)]
    )
    Profile.objects.filter(user__in=users).delete()  # made by the signal where one ran
    Profile.objects.bulk_create(
        [Profile(user=u, display_name=f"p{tag % 10**6}-{i}") for i, u in enumerate(users)]
    )
    now = timezone.now()
    t = Tournament.objects.create(
        name="Bench cup",
        engine="highcard",
        table_size=size,
        rounds=rounds + 3,
        pace="1d",
        signup_opens=now - timedelta(days=30),
        starts_at=now - timedelta(days=20),
        stage=Stage.RUNNING,
        round=rounds,
    )
    entries = Entry.objects.bulk_create(
        [Entry(tournament=t, user=u, name=f"p{i}", draw=i + 1) for i, u in enumerate(users)]
    )
    order = list(entries)
    seats: list[TableSeat] = []
    for number in range(1, rounds + 1):
        rng.shuffle(order)
        groups = [order[i : i + size] for i in range(0, len(order), size)]
        games = Game.objects.bulk_create(
            [
                Game(
                    engine="highcard",
                    players=size,
                    created_by=users[0],
                    status=Status.FINISHED,
                    finalized=True,
                )
                for g in groups
            ]
        )
        made = Table.objects.bulk_create(
            [
                Table(tournament=t, round=number, number=i + 1, game=game, done=True)
                for i, game in enumerate(games)
            ]
        )
        for table, group in zip(made, groups, strict=True):
            places = {i: p for i, p in enumerate(rng.sample(range(1, len(group) + 1), len(group)))}
            for i, entry in enumerate(group):
                place, points2 = place_points(places, i)
                seats.append(TableSeat(table=table, entry=entry, seat=i, place=place, points2=points2))
                entry.points2 += points2
                entry.played += 1
                entry.wins += int(place == 1)
    TableSeat.objects.bulk_create(seats, batch_size=5000)
    Entry.objects.bulk_update(entries, ["points2", "played", "wins"], batch_size=1000)
    from tournaments import services

    services._tie_breaks(t)
    return t


def place_points(places: dict[int, int], seat: int) -> tuple[int, int]:
    from tournaments.services import table_points2

    return table_points2(places, seat)


def time_pairing(t: Any, runs: int, cpu: list[float] | None = None) -> list[float]:
    from tournaments import services

    t.round += 1  # the round about to be paired
    times = []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        tables = services.plan_for(t)
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
        assert tables
    t.round -= 1
    return times


def time_seating(t: Any) -> float:
    """Plans the next round and seats it for real (its games created and started, a chunk
    at a time as the seating tasks do), then rolls it all back."""
    from django.db import transaction

    from tournaments import services

    class Rollback(Exception):
        pass

    start = time.perf_counter()
    try:
        with transaction.atomic():
            services._next_round(t)
            while services.seat_tables(t.pk):
                pass
            elapsed = time.perf_counter() - start
            raise Rollback
    except Rollback:
        pass
    t.refresh_from_db()
    return elapsed


def time_page(t: Any, requests: int, part: str = "", cpu: list[float] | None = None) -> list[float]:
    """Wall times of the requests; their CPU times (this process's) go to `cpu` if given:
    on a shared, loaded machine the wall time measures the neighbours as much as the page."""
    from django.test import Client

    client = Client()
    url = t.get_absolute_url() + (f"?part={part}" if part else "")
    times = []
    for _ in range(requests):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200
    return times


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--size", type=int, default=3, choices=[2, 3, 4], help="Highcard seats 2 to 4")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args()
    prepare_database()
    setup_django()
    start = time.perf_counter()
    t = fill(args.players, args.rounds, args.size)
    print(f"database {DB}: {args.players} players at tables of {args.size}, {args.rounds} rounds played")
    print(f"  filled in {time.perf_counter() - start:.1f} s; load average {os.getloadavg()[0]:.1f} (2 cores)")
    time_page(t, 3)  # warm-up: connections, templates
    pairing_cpu: list[float] = []
    pairing = time_pairing(t, args.runs, pairing_cpu)
    print(
        f"\npairing round {args.rounds + 1} ({args.runs} runs): wall p50 {statistics.median(pairing) * 1000:.0f} ms, "
        f"max {max(pairing) * 1000:.0f} ms; CPU (the queries' share in PostgreSQL not counted) "
        f"max {max(pairing_cpu) * 1000:.0f} ms"
    )
    print(f"seating it (games created and started, rolled back): {time_seating(t):.1f} s")
    for part, label in (("", "the whole page"), ("live", "its live region (?part=live)")):
        cpu: list[float] = []
        times = time_page(t, args.requests, part, cpu)
        print(
            f"{label} ({args.requests} requests): wall p50 {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95(times):.0f} ms; CPU p50 {statistics.median(cpu) * 1000:.0f} ms, p95 {p95(cpu):.0f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
