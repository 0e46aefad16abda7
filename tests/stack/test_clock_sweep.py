"""Two deadline sweeps at once, for real: two threads, each with its own PostgreSQL
connection, sweep the same due seats at the same moment. Each seat runs out of time
exactly once, and none is skipped. (SQLite runs one writer at a time, so the race
cannot happen there: this needs PostgreSQL, which CI provides.)
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connections

from games import services, timeouts
from games.models import Notice, Seat
from tests.conftest import make_user, needs_postgres

pytestmark = [pytest.mark.services, needs_postgres]

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TABLES = 12


def test_two_sweeps_at_once_time_each_seat_out_exactly_once(
    transactional_db, time_machine, caplog, monkeypatch
):
    time_machine.move_to(START, tick=False)
    players = [make_user(f"player{i}") for i in range(TABLES * 2)]
    games = []
    for i in range(TABLES):
        game = services.create_game(players[2 * i], "highcard", 2, {}, pace="1d")
        services.join_game(players[2 * i + 1], game.pk)
        games.append(game)
    due = Seat.objects.filter(deadline__isnull=False).count()
    assert due == TABLES * 2
    time_machine.shift(timedelta(days=3))

    start = threading.Barrier(2)
    counts: list[int] = []
    errors: list[BaseException] = []
    inside, most_inside, lock = [0], [0], threading.Lock()
    real = timeouts.time_out_seats
    # Each sweep reads its due seats, then times them out in one chunk (24 seats). Both wait
    # here until the other has read its seats too, so the race is run whatever the machine's
    # load: otherwise a sweep slowed down may read after the other committed, find nothing
    # due, and test nothing.
    both_read = threading.Barrier(2)

    def watched(*args):
        both_read.wait(timeout=10)
        with lock:
            inside[0] += 1
            most_inside[0] = max(most_inside[0], inside[0])
        try:
            return real(*args)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(timeouts, "time_out_seats", watched)

    def sweeper() -> None:
        try:
            start.wait(timeout=10)
            counts.append(timeouts.sweep())
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert most_inside[0] == 2, "the two sweeps never ran at the same time"
    assert "could not be timed out" not in caplog.text
    assert sum(counts) == due, counts  # between them they timed every seat out, once
    per_seat = Notice.objects.filter(kind=Notice.Kind.TIMEOUT).values_list("game_id", "seat")
    assert sorted(per_seat) == sorted((g.pk, s) for g in games for s in (0, 1))
    assert not Seat.objects.filter(deadline__isnull=False).exists()
    assert Seat.objects.filter(timed_out=True).count() == due
