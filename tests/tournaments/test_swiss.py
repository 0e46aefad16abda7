"""A Swiss tournament of nine players of a 3-player game, run to the end with the clock
moved by time-machine: one player runs out of time, one withdraws, every round's tables
are seated by the site and the winner is announced."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

from django.core import mail

from games import tasks as game_tasks
from games.models import Game, Notice, SeatKind
from ratings.models import Result
from tests.tournaments.conftest import new_tournament, play_round, players, round_tables, seated
from tournaments import services
from tournaments import tasks as tournament_tasks
from tournaments.models import STANDING, Stage, TableSeat

PAST_DEADLINE = timedelta(days=2, seconds=31)  # a day a move, a day's reserve, and the sweep's beat


def test_a_swiss_tournament_of_nine_runs_to_the_end_through_a_timeout_and_a_withdrawal(db, clock, committed):
    people = players(9)
    t = new_tournament(people[0], 3, rounds=3, pace="1d", on_timeout="lose")
    for p in people:
        committed(services.sign_up, p, t.pk)
    assert committed(tournament_tasks.start_due_tournaments) == 0  # not before its start
    clock.shift(timedelta(hours=1))
    assert committed(tournament_tasks.start_due_tournaments) == 1
    t.refresh_from_db()
    assert (t.stage, t.round) == (Stage.RUNNING, 1)
    first = round_tables(t, 1)
    assert sorted(len(tb) for tb in first) == [3, 3, 3] and None not in [u for tb in first for u in tb]
    assert sorted([u for tb in first for u in tb]) == sorted(p.pk for p in people)

    # Round 1: one player never moves; their table waits for them, the others end.
    slow = people[8]
    play_round(committed, t, idle=slow)
    t.refresh_from_db()
    assert t.round == 1
    clock.shift(PAST_DEADLINE)
    committed(game_tasks.sweep_deadlines)
    assert Notice.objects.filter(kind=Notice.Kind.TIMEOUT).count() == 1
    play_round(committed, t)  # a bot finishes the seat; its table-mates play on to the end
    t.refresh_from_db()
    assert t.round == 2, "the round's last table ended: the next round began"
    slow_seat = TableSeat.objects.get(entry__user=slow, table__round=1)
    assert (slow_seat.place, slow_seat.points2) == (3, 0), "out of time under the 'lose' rule: last"
    second = round_tables(t, 2)
    met_in_first = {frozenset(pair) for tb in first for pair in combinations(tb, 2)}
    assert not [pair for tb in second for pair in combinations(tb, 2) if frozenset(pair) in met_in_first]

    # Round 2: a player withdraws mid-table; a bot finishes it for them.
    leaver = people[4]
    committed(services.withdraw, leaver, t.pk)
    play_round(committed, t)
    t.refresh_from_db()
    assert t.round == 3
    third = round_tables(t, 3)
    assert leaver.pk not in seated(t, 3)
    assert sorted(len(tb) for tb in third) == [3, 3, 3]
    assert sorted(tb.count(None) for tb in third) == [0, 0, 1], "eight players: a bot fills the short table"
    assert t.tables.filter(round=3, game__seats__kind=SeatKind.BOT).count() == 1

    # Round 3 and the end.
    mail.outbox.clear()
    play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED and t.round == 3
    standings = list(t.entries.order_by(*STANDING))
    assert t.winner == standings[0] and t.winner.user != leaver
    assert [e.played for e in standings if e.user != leaver] == [3] * 8
    assert t.entries.get(user=leaver).played == 2
    # A full table of three gives out 3 points (2 + 1 + 0); bots keep theirs.
    assert sum(e.points2 for e in standings) <= 2 * 3 * 9
    announced = [m for m in mail.outbox if "won the tournament" in m.subject]
    assert len(announced) == 9 and {m.to[0] for m in announced} == {p.email for p in people}
    assert t.winner.name in announced[0].subject
    assert tournament_tasks.announce_winner(t.pk) == 0, "announced once"
    # Rated tables count as usual: every human seat of every table has its result.
    tables = list(t.tables.all())
    assert len(tables) == 9
    humans = sum(
        g.seats.filter(kind=SeatKind.HUMAN).count()
        for g in Game.objects.filter(pk__in=[x.game_id for x in tables])
    )
    assert Result.objects.filter(game__in=[x.game_id for x in tables], user__isnull=False).count() == humans
