"""A round's tables are planned in one transaction and seated a chunk per task, so a big
round never holds up the result that ended the round before."""

from __future__ import annotations

from datetime import timedelta

from tests.tournaments.conftest import new_tournament, play_round, players, round_tables
from tournaments import services, tasks
from tournaments.models import Stage


def test_a_round_is_seated_a_chunk_at_a_time(db, clock, committed, monkeypatch):
    monkeypatch.setattr(services, "SEATING_CHUNK", 1)
    people = players(6)
    t = new_tournament(people[0], 2, rounds=1)
    for p in people:
        services.sign_up(p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tasks.start_due_tournaments)
    t.refresh_from_db()
    assert t.plan == [] and len(round_tables(t, 1)) == 3
    play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED


def test_a_player_who_withdraws_before_their_table_is_seated_gets_a_bot(db, clock, committed):
    people = players(4)
    t = new_tournament(people[0], 2, rounds=1)
    for p in people:
        services.sign_up(p, t.pk)
    clock.shift(timedelta(hours=1))
    tasks.start_due_tournaments()  # planned; its seating task waits for a commit that never comes here
    t.refresh_from_db()
    assert len(t.plan) == 2 and not t.tables.exists()
    services.withdraw(people[1], t.pk)
    assert committed(tasks.seat_tables, t.pk) == 2
    seated = [u for table in round_tables(t, 1) for u in table]
    assert people[1].pk not in seated and seated.count(None) == 1
    assert committed(tasks.seat_tables, t.pk) == 0, "seated once"


def test_a_round_left_half_seated_is_seated_by_the_next_beat(db, clock, committed, monkeypatch):
    monkeypatch.setattr(services, "SEATING_CHUNK", 1)
    people = players(4)
    t = new_tournament(people[0], 2, rounds=1)
    for p in people:
        services.sign_up(p, t.pk)
    clock.shift(timedelta(hours=1))
    tasks.start_due_tournaments()
    tasks.seat_tables(t.pk)  # one chunk; the task it queues is lost (never committed here)
    assert len(round_tables(t, 1)) == 1
    committed(tasks.start_due_tournaments)
    t.refresh_from_db()
    assert t.plan == [] and len(round_tables(t, 1)) == 2
