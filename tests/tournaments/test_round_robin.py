"""A round-robin of four players of a 2-player game: everyone meets everyone once."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

from django.core import mail

from tests.tournaments.conftest import new_tournament, play_round, players, round_tables, seated
from tournaments import services
from tournaments import tasks as tournament_tasks
from tournaments.models import STANDING, Stage


def test_a_round_robin_of_four_pairs_everyone_with_everyone_once(db, clock, committed):
    people = players(4)
    people[3].profile.notify = "none"  # asked for no e-mails: not told of the winner either
    people[3].profile.save()
    t = new_tournament(people[0], 2, format="round_robin", pace="1d")
    for p in people:
        committed(services.sign_up, p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    t.refresh_from_db()
    assert (t.stage, t.rounds) == (Stage.RUNNING, 3)
    mail.outbox.clear()
    for number in (1, 2, 3):
        assert t.round == number
        assert len(round_tables(t, number)) == 2
        play_round(committed, t)
        t.refresh_from_db()
    assert t.stage == Stage.FINISHED
    pairs = [frozenset(tb) for n in (1, 2, 3) for tb in round_tables(t, n)]
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(pair) for pair in combinations([p.pk for p in people], 2)
    )
    standings = list(t.entries.order_by(*STANDING))
    assert [e.played for e in standings] == [3, 3, 3, 3]
    # Two players a table: a win is 1, a shared first place 0.5 each; each game gives out 1.
    assert sum(e.points2 for e in standings) == 2 * 6
    assert t.winner == standings[0]
    told = [m.to[0] for m in mail.outbox if "won the tournament" in m.subject]
    assert sorted(told) == sorted(p.email for p in people[:3])


def test_a_withdrawn_players_remaining_games_are_played_by_a_bot(db, clock, committed):
    people = players(4)
    t = new_tournament(people[0], 2, format="round_robin")
    for p in people:
        committed(services.sign_up, p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    committed(services.withdraw, people[1], t.pk)
    for _ in range(3):
        play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED
    later = round_tables(t, 2) + round_tables(t, 3)
    assert people[1].pk not in seated(t, 2) + seated(t, 3) and sum(tb.count(None) for tb in later) == 2
    assert t.entries.get(user=people[1]).played == 1
    assert t.winner.user != people[1]


def test_a_round_robin_of_five_at_tables_of_three_meets_every_pair(db, clock, committed):
    people = players(5)
    t = new_tournament(people[0], 3, format="round_robin")
    for p in people:
        committed(services.sign_up, p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    t.refresh_from_db()
    rounds = t.rounds
    assert rounds >= 3  # ten pairs, at most four new ones a round (a table of 3 and one of 2)
    for _ in range(rounds):
        play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED
    met = {
        frozenset(pair)
        for n in range(1, rounds + 1)
        for tb in round_tables(t, n)
        for pair in combinations([u for u in tb if u], 2)
    }
    assert len(met) == 10
