"""A tournament survives its players' accounts going: a deleted account before the start,
a deactivated (suspended) one between rounds."""

from __future__ import annotations

from datetime import timedelta

from tests.tournaments.conftest import new_tournament, play_round, players, round_tables, seated
from tournaments import services
from tournaments import tasks as tournament_tasks
from tournaments.models import Stage


def test_an_account_deleted_before_the_start_leaves_no_seat(db, clock, committed):
    people = players(4)
    t = new_tournament(people[0], 2, format="round_robin")
    for p in people:
        committed(services.sign_up, p, t.pk)
    people[3].delete()
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    t.refresh_from_db()
    assert (t.stage, t.rounds, t.entries.count()) == (Stage.RUNNING, 3, 3)
    assert len(round_tables(t, 1)) == 1, "three players: one sits the round out"


def test_a_deactivated_account_is_paired_no_more_and_the_tournament_ends(db, clock, committed):
    people = players(4)
    t = new_tournament(people[0], 2, rounds=2)
    for p in people:
        committed(services.sign_up, p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    gone = people[2]
    gone.is_active = False
    gone.save()
    play_round(committed, t)
    t.refresh_from_db()
    assert t.round == 2
    second = round_tables(t, 2)
    assert gone.pk not in seated(t, 2) and sorted(tb.count(None) for tb in second) == [0, 1]
    play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED and t.winner.user != gone


def test_too_few_players_at_the_start_cancel_it(db, clock, committed):
    (alone,) = players(1)
    t = new_tournament(alone, 2)
    committed(services.sign_up, alone, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    t.refresh_from_db()
    assert t.stage == Stage.CANCELLED and not t.tables.exists()
