"""When a clock runs out: under each table rule, seen in the log and by e-mail, counted
as a loss, a seat claimed back once; the sweep that enforces deadlines, run twice and
cut short. (Two sweeps at once on PostgreSQL: tests/stack/test_clock_sweep.py.)
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import clocks, registry, results, services, tasks, timeouts
from games.engines.search import Thought
from games.errors import Conflict, Forbidden
from games.models import Game, Notice, PlayerStats, Seat, Status
from tests.conftest import client_for, make_user

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PAST_DEADLINE = timedelta(days=2, seconds=1)  # a day a move plus a day's reserve, and a second


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """committed(fn, *args): runs a write and then its side effects, as after a real commit."""

    def run(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return run


def duel(alice, bob, on_timeout="bot", pace="1d") -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace=pace, on_timeout=on_timeout)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def pick(user, game: Game, seat: int) -> None:
    game.refresh_from_db()
    card = game.stored_state()["hands"][seat][0]
    services.submit_action(user, game.pk, seat, {"type": "play", "card": card}, game.version)


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def test_nothing_runs_out_before_the_deadline(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE - timedelta(seconds=2))
    assert committed(tasks.sweep_deadlines) == 0
    assert not seat(game, 0).timed_out and not Notice.objects.exists()


def test_under_the_bot_rule_a_bot_takes_the_seat_over_and_everyone_is_told(alice, bob, clock, committed):
    game = duel(alice, bob)
    committed(pick, bob, game, 1)  # bob chose in time; alice lets her clock run out
    mail.outbox.clear()
    clock.shift(PAST_DEADLINE)
    assert committed(tasks.sweep_deadlines) == 1
    a = seat(game, 0)
    assert a.timed_out and a.deadline is None and a.reserve == 0
    game.refresh_from_db()
    # The bot made alice's pick at once, the Dealer revealed, and the bot picked for round 2.
    assert game.moves.filter(seat=0).count() == 2 and game.stored_state()["round"] == 2
    assert game.to_act == [1] and seat(game, 1).deadline is not None and seat(game, 0).deadline is None
    notice = Notice.objects.get()
    assert (notice.seat, notice.kind) == (0, Notice.Kind.TIMEOUT)
    log = client_for(bob).get(f"{game.get_absolute_url()}?part=log", headers={"HX-Request": "true"}).text
    assert "Alice ran out of time" in log and "a bot plays the seat" in log
    told = sorted(m.to[0] for m in mail.outbox if "ran out of time" in m.subject)
    assert told == [alice.email, bob.email]
    mine = next(m.body for m in mail.outbox if m.to == [alice.email])
    assert "claim it back" in mine and "unless it is claimed back the game counts as lost" in mine


def test_under_the_lose_rule_the_seat_ranks_last_and_a_bot_finishes(alice, bob, clock, committed):
    game = duel(alice, bob, on_timeout="lose")
    clock.shift(PAST_DEADLINE)
    committed(tasks.sweep_deadlines)  # both ran out: both seats lose, the bots play on
    game.refresh_from_db()
    assert game.status == Status.FINISHED and game.finalized
    assert [s.rank for s in game.seats.order_by("index")][:2] == [2, 2]
    assert seat(game, 2).rank == 1  # the Dealer, the only seat left standing
    for user in (alice, bob):
        stats = PlayerStats.objects.get(user=user)
        assert (stats.played, stats.won) == (1, 0)
    with pytest.raises(Conflict):
        services.resign(alice, game.pk)


def test_lost_seats_share_the_last_place_and_the_others_keep_their_order():
    def places(ranks, out):
        seats = [Seat(index=i, timed_out=i in out) for i in range(len(ranks))]
        return [r.place for r in results.decide(ranks, seats).values()]

    assert places([1, 2, 3, 3], {0}) == [4, 1, 2, 2]
    assert places([2, 1, 3], {0, 1}) == [2, 2, 1]
    assert places([1, 1], set()) == [1, 1]


def test_a_timeout_counts_as_a_loss_even_with_the_best_score(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE)
    committed(tasks.sweep_deadlines)  # both time out; bots play the game to its end
    game.refresh_from_db()
    assert game.finalized
    # Whatever the bots scored for them, both seats come after the Dealer's and neither won.
    assert [s.rank for s in game.seats.order_by("index")] == [2, 2, 1]
    for user in (alice, bob):
        assert PlayerStats.objects.get(user=user).won == 0


def test_a_timed_out_player_cannot_move_but_may_claim_the_seat_back_once(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE - timedelta(seconds=2))
    committed(pick, bob, game, 1)  # bob chose in the last seconds; alice did not
    clock.shift(timedelta(seconds=2))
    committed(timeouts.sweep)
    game.refresh_from_db()
    assert game.to_act == [1]  # the bot chose for alice in rounds 1 and 2
    with pytest.raises(Forbidden):
        pick(alice, game, 0)
    committed(timeouts.reclaim, alice, game.pk)
    a = seat(game, 0)
    assert not a.timed_out and a.reclaimed and a.deadline is None  # not her turn: no clock
    assert Notice.objects.filter(kind=Notice.Kind.RECLAIM).count() == 1
    committed(pick, bob, game, 1)  # round 3 begins, and alice plays her own seat again
    # Her reserve was spent: she has the day a move, from the start of her turn.
    assert seat(game, 0).deadline == START + PAST_DEADLINE + timedelta(days=1)
    with pytest.raises(Conflict):
        committed(timeouts.reclaim, alice, game.pk)  # nothing to claim
    Seat.objects.filter(game=game, index=0).update(timed_out=True)  # as if out of time again
    with pytest.raises(Conflict, match="once"):
        committed(timeouts.reclaim, alice, game.pk)


def test_the_reclaim_button_is_on_the_page_only_for_the_timed_out_player(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE - timedelta(seconds=2))
    committed(pick, bob, game, 1)
    clock.shift(timedelta(seconds=2))
    committed(timeouts.sweep)
    url = game.get_absolute_url()
    assert "Claim your seat back" in client_for(alice).get(url).text
    assert "Claim your seat back" not in client_for(bob).get(url).text
    response = client_for(alice).post(f"{url}reclaim")
    assert response.status_code == 302
    assert not seat(game, 0).timed_out


def test_under_the_lose_rule_there_is_nothing_to_claim_back(alice, bob, clock, committed):
    game = duel(alice, bob, on_timeout="lose")
    clock.shift(PAST_DEADLINE - timedelta(seconds=2))
    committed(pick, bob, game, 1)
    clock.shift(timedelta(seconds=2))
    committed(timeouts.sweep)
    with pytest.raises(Conflict):
        timeouts.reclaim(alice, game.pk)
    with pytest.raises(Forbidden):
        timeouts.reclaim(alice.__class__.objects.create(username="dave"), game.pk)


def test_in_a_simultaneous_turn_only_the_seat_whose_clock_ran_out_times_out(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(timedelta(hours=20))
    committed(pick, alice, game, 0)  # alice's clock stops; bob's runs on
    clock.shift(PAST_DEADLINE - timedelta(hours=20))
    assert committed(timeouts.sweep) == 1
    assert seat(game, 1).timed_out and not seat(game, 0).timed_out


def test_a_sweep_run_twice_times_each_seat_out_once(alice, bob, charlie, clock, committed):
    games = [duel(alice, bob), duel(charlie, bob)]
    clock.shift(PAST_DEADLINE)
    first = committed(timeouts.sweep)
    second = committed(timeouts.sweep)
    assert (first, second) == (4, 0)
    for game in games:
        assert sorted(Notice.objects.filter(game=game).values_list("seat", flat=True)) == [0, 1]


def test_a_sweep_cut_short_leaves_the_rest_for_the_next_one(
    alice, bob, charlie, clock, committed, monkeypatch
):
    """A worker that dies mid-sweep: what it did stays done, what it did not is done next time."""
    games = [duel(alice, bob), duel(charlie, bob), duel(alice, charlie)]
    clock.shift(PAST_DEADLINE)
    monkeypatch.setattr(timeouts, "CHUNK", 2)  # three transactions of two seats
    real = timeouts.time_out_seats
    calls = []

    def dies_in_the_second(due, now):
        calls.append(due)
        if len(calls) == 2:
            raise SystemExit("worker lost")  # not an error the sweep may catch
        return real(due, now)

    monkeypatch.setattr(timeouts, "time_out_seats", dies_in_the_second)
    with pytest.raises(SystemExit):
        committed(timeouts.sweep)
    assert Notice.objects.count() == 2
    monkeypatch.setattr(timeouts, "time_out_seats", real)
    assert committed(timeouts.sweep) == 4
    for game in games:
        assert sorted(Notice.objects.filter(game=game).values_list("seat", flat=True)) == [0, 1]


def test_one_broken_game_does_not_stop_the_sweep(alice, bob, charlie, clock, committed, monkeypatch, caplog):
    duel(alice, bob)
    other = duel(charlie, bob)
    clock.shift(PAST_DEADLINE)
    real = timeouts._run_out

    def breaks_for_the_first_game(game, seat):
        if game.pk != other.pk:
            raise RuntimeError("corrupt state")
        return real(game, seat)

    monkeypatch.setattr(timeouts, "_run_out", breaks_for_the_first_game)
    assert committed(timeouts.sweep) == 2
    assert "could not be timed out" in caplog.text
    assert Notice.objects.filter(game=other).count() == 2
    assert Notice.objects.count() == 2


def test_a_stale_clock_on_a_seat_not_to_act_is_stopped_not_timed_out(alice, bob, clock, committed):
    game = duel(alice, bob)
    committed(pick, alice, game, 0)
    Seat.objects.filter(game=game, index=0).update(deadline=START)  # as if left behind by a bug
    clock.shift(timedelta(hours=1))
    assert committed(timeouts.sweep) == 0
    assert seat(game, 0).deadline is None and not seat(game, 0).timed_out


def test_a_live_pace_runs_out_in_minutes(alice, bob, clock, committed):
    game = duel(alice, bob, pace="live-2m")
    pace = clocks.PACES["live-2m"]
    clock.shift(timedelta(seconds=pace.per_move + pace.reserve_start + 1))
    assert committed(timeouts.sweep) == 2
    assert all(s.timed_out for s in game.seats.filter(index__lt=2))


def test_a_timed_out_player_is_offered_no_moves(alice, bob, clock):
    game = duel(alice, bob)
    Seat.objects.filter(game=game, index=0).update(timed_out=True)  # before the bot has moved
    page = client_for(alice).get(f"{game.get_absolute_url()}?part=actions", headers={"HX-Request": "true"})
    assert "Your move" not in page.text and "<button" not in page.text


def test_a_notice_task_delivered_again_sends_no_second_e_mail(alice, bob, clock, committed):
    # Tasks ack late, so a worker lost after sending leaves the task to run again.
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE)
    committed(tasks.sweep_deadlines)
    notice = Notice.objects.get(game=game, seat=0)
    sent = len(mail.outbox)
    assert sent >= 2
    assert tasks.notify_notices([notice.pk]) == 0
    assert len(mail.outbox) == sent


class ThinkingBot:
    """A bot whose first decision takes a while: `during` runs meanwhile (as a search would
    leave time for), then it decides from the view it was given."""

    def __init__(self, during):
        self.during, self.decisions = during, 0

    def think(self, view, actions, rng, **budget):
        self.decisions += 1
        if self.decisions == 1:
            self.during()
        return Thought(actions[0], [], 0, 0.0)


def test_a_seat_claimed_back_while_the_bot_thinks_gets_no_bot_move(alice, bob, clock, committed, monkeypatch):
    """The bot decides at version V without a lock; the player claims the seat back meanwhile
    (no move is made, so the version is still V): the bot's decision must be dropped."""
    game = duel(alice, bob)
    committed(pick, bob, game, 1)  # bob chose; alice's clock runs out
    clock.shift(PAST_DEADLINE)
    bot = ThinkingBot(during=lambda: timeouts.reclaim(alice, game.pk))
    monkeypatch.setattr(registry.get("highcard"), "bots", {"heuristic": bot})
    committed(tasks.sweep_deadlines)  # alice runs out; the bot takes her seat and starts to think
    assert bot.decisions == 1
    game.refresh_from_db()
    a = seat(game, 0)
    assert a.reclaimed and not a.timed_out and a.handovers == 2  # out of time, then back
    assert game.to_act == [0] and not game.moves.filter(seat=0).exists()
    committed(pick, alice, game, 0)  # her move, made by her
    assert game.moves.filter(seat=0).count() == 1


def test_a_move_after_the_deadline_is_refused_and_the_seat_runs_out_there_and_then(
    alice, bob, clock, committed
):
    game = duel(alice, bob)
    committed(pick, bob, game, 1)
    clock.shift(PAST_DEADLINE + timedelta(seconds=19))  # 20 s late; no sweep has run
    with pytest.raises(Conflict, match="time ran out"):
        committed(pick, alice, game, 0)
    a = seat(game, 0)
    assert a.timed_out and a.deadline is None
    assert Notice.objects.get().kind == Notice.Kind.TIMEOUT
    game.refresh_from_db()
    assert game.moves.filter(seat=0).count() == 2  # the bot's picks, rounds 1 and 2: not alice's
    assert committed(tasks.sweep_deadlines) == 0  # nothing left for the backstop


def test_a_move_a_second_before_the_deadline_is_taken(alice, bob, clock, committed):
    game = duel(alice, bob)
    clock.shift(PAST_DEADLINE - timedelta(seconds=2))
    committed(pick, alice, game, 0)
    assert not seat(game, 0).timed_out and game.moves.filter(seat=0).count() == 1


def test_the_page_says_why_a_late_move_was_refused(alice, bob, clock, committed):
    game = duel(alice, bob, on_timeout="lose")
    clock.shift(PAST_DEADLINE)
    card = game.stored_state()["hands"][0][0]
    response = client_for(alice).post(
        f"{game.get_absolute_url()}act",
        {"action": f'{{"type": "play", "card": "{card}"}}', "version": game.version, "seat": 0},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 409 and "time ran out" in response.text
    assert seat(game, 0).timed_out


def test_a_sweep_costs_the_same_few_queries_per_chunk_however_many_ran_out(
    db, clock, django_capture_on_commit_callbacks
):
    """The queries of one chunk (read the due seats, lock their games, read the seats and
    vacations, write the seats, the notices and one outbox row) do not grow with its size;
    after the commit its one outbox row is performed and deleted (socket messages in one
    batch, one task for the machine turns, one for the e-mails)."""
    players = [make_user(f"p{i}") for i in range(24)]

    def queries(tables: int) -> int:
        for i in range(tables):
            duel(players[2 * i], players[2 * i + 1])
        clock.shift(PAST_DEADLINE)
        with CaptureQueriesContext(connection) as seen, django_capture_on_commit_callbacks(execute=False):
            assert timeouts.sweep() == 2 * tables
        return len(seen.captured_queries)

    few, many = queries(2), queries(10)
    assert few == many <= 10, (few, many)


def test_a_sweep_stops_for_time_and_leaves_the_rest_for_the_next(
    alice, bob, charlie, clock, committed, monkeypatch
):
    """A backlog larger than a sweep can take in its time is worked off over several
    sweeps, oldest deadlines first, and no sweep runs past its time."""
    games = [duel(alice, bob), duel(charlie, bob), duel(alice, charlie)]
    clock.shift(PAST_DEADLINE)
    monkeypatch.setattr(timeouts, "CHUNK", 2)
    ticks = iter(range(0, 10_000, 15))  # each look at the clock finds 15 s more gone
    monkeypatch.setattr(timeouts.time, "monotonic", lambda: next(ticks))
    assert committed(timeouts.sweep, seconds=20) == 2  # one chunk, then its time was up
    monkeypatch.setattr(timeouts.time, "monotonic", lambda: 0)
    assert committed(timeouts.sweep) == 4
    assert Notice.objects.count() == 6 and {n.game_id for n in Notice.objects.all()} == {g.pk for g in games}
