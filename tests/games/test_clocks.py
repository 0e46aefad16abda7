"""Turn clocks: the pace menu, a clock that runs only while its seat is to act, the
reserve (time bank) and its refill, simultaneous turns with a clock each.

Time is moved with time-machine, never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import clocks, services, turns
from games.clocks import DAY, HOUR, MINUTE
from games.errors import Illegal
from games.models import Game, Seat

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def pick(django_capture_on_commit_callbacks):
    """pick(user, game, seat): plays the seat's first card; its side effects (the Dealer's
    reveal, e-mails) run as after a real commit."""

    def play(user, game: Game, seat: int) -> None:
        game.refresh_from_db()
        card = game.stored_state()["hands"][seat][0]
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(user, game.pk, seat, {"type": "play", "card": card}, game.version)

    return play


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def clocked_duel(alice, bob, pace="1d", on_timeout="bot") -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace=pace, on_timeout=on_timeout)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize(
    "seconds, words",
    [
        (2 * DAY + 4 * HOUR + 59, "2 days 4 hours"),
        (DAY + 30, "1 day"),
        (5 * HOUR + 12 * MINUTE + 5, "5 hours 12 minutes"),
        (3 * MINUTE + 20, "3 minutes 20 seconds"),
        (40, "40 seconds"),
        (1, "1 second"),
        (0, "0 seconds"),
        (-30, "0 seconds"),
    ],
)
def test_time_left_reads_in_its_two_largest_units(seconds, words):
    assert clocks.in_words(seconds) == words


def test_the_menu_offers_live_correspondence_and_no_clock_paces():
    keys = list(clocks.PACES)
    assert {"live-2m", "live-5m", "1d", "2d", "3d", "5d", "7d", "14d", "none"} == set(keys)
    three = clocks.PACES["3d"]
    assert (three.per_move, three.reserve_start, three.refill, three.reserve_cap) == (
        3 * DAY,
        3 * DAY,
        3 * DAY // 10,
        6 * DAY,
    )
    assert "reserve of 3 days" in clocks.described(three)
    assert not clocks.PACES["none"].clocked


def test_an_unknown_pace_or_timeout_rule_is_refused_and_opens_nothing(alice):
    with pytest.raises(Illegal):
        services.create_game(alice, "highcard", 2, {}, pace="9d")
    with pytest.raises(Illegal):
        services.create_game(alice, "highcard", 2, {}, pace="1d", on_timeout="explode")
    assert not Game.objects.exists()


def test_each_seat_to_act_gets_its_own_clock_and_the_automaton_none(alice, bob, clock):
    game = clocked_duel(alice, bob)
    a, b, dealer = (seat(game, i) for i in range(3))
    # Highcard's players choose at the same time: two clocks run, each of a day plus a day's reserve.
    assert a.deadline == b.deadline == START + timedelta(days=2)
    assert a.reserve == b.reserve == DAY
    assert dealer.deadline is None and dealer.reserve == 0


def test_a_clock_runs_only_while_its_seat_is_to_act(alice, bob, clock, pick):
    game = clocked_duel(alice, bob)
    clock.shift(timedelta(hours=3))
    pick(alice, game, 0)
    a, b = seat(game, 0), seat(game, 1)
    assert a.deadline is None and a.turn_began_at is None  # alice has chosen: her clock stops
    assert b.deadline == START + timedelta(days=2)  # bob's runs on, untouched by alice's move
    # Alice took 3 hours of her day: the reserve is whole, and refills by a tenth of a day.
    assert a.reserve == DAY + DAY // 10


def test_an_overrun_comes_out_of_the_reserve_which_refills_after_the_turn(alice, bob, clock, pick):
    game = clocked_duel(alice, bob)
    clock.shift(timedelta(hours=36))  # 12 hours past the day per move
    pick(alice, game, 0)
    assert seat(game, 0).reserve == DAY - 12 * HOUR + DAY // 10


def test_the_reserve_refills_up_to_its_cap(alice, bob, clock, pick):
    game = clocked_duel(alice, bob)
    for _ in range(3):  # three quick rounds: each adds a tenth of a day
        pick(alice, game, 0)
        pick(bob, game, 1)  # the Dealer reveals at once (eager tasks)
    assert seat(game, 0).reserve == DAY + 3 * (DAY // 10)
    a = seat(game, 0)
    a.reserve = 2 * DAY - 60
    pace = clocks.PACES["1d"]
    a.deadline = START + timedelta(days=3)
    clocks.stop(a, pace, START)
    assert a.reserve == pace.reserve_cap


def test_a_new_turn_gets_the_time_per_move_plus_the_reserve(alice, bob, clock, pick):
    game = clocked_duel(alice, bob)
    clock.shift(timedelta(hours=36))
    pick(alice, game, 0)
    pick(bob, game, 1)  # the Dealer reveals: round 2 begins for both, now
    game.refresh_from_db()
    assert game.to_act == [0, 1]
    a = seat(game, 0)
    now = START + timedelta(hours=36)
    assert a.turn_began_at == now
    assert a.deadline == now + timedelta(seconds=DAY + a.reserve)


def test_a_seat_that_must_act_again_keeps_its_running_clock(alice, bob, clock):
    """A turn is the whole stretch of being to act: a multi-step turn does not reset it, and
    the turn began when it did (so its player is not told of it again)."""
    game = clocked_duel(alice, bob)
    seats = list(game.seats.all())
    deadline = seats[0].deadline
    clock.shift(timedelta(hours=5))
    game.version += 1  # as if seat 0 acted and is still to act
    turns.turns_changed(game, seats, {0, 1}, 0)
    a = seat(game, 0)
    assert a.deadline == deadline and a.awaiting_since == game.version - 1


def test_no_clock_at_a_table_without_one_or_for_a_player_alone_with_bots(alice, bob, clock):
    friendly = clocked_duel(alice, bob, pace="none")
    assert not Seat.objects.filter(game=friendly, deadline__isnull=False).exists()
    solo = services.create_game(alice, "highcard", 2, {}, bots={1: "random"}, pace="1d")
    solo.refresh_from_db()
    assert solo.pace == "none"  # nobody waits for a player who sits alone with bots
    assert not Seat.objects.filter(game=solo, deadline__isnull=False).exists()


def test_resigning_stops_the_clock(alice, bob, clock):
    game = clocked_duel(alice, bob)
    services.resign(alice, game.pk)
    assert seat(game, 0).deadline is None
    assert seat(game, 1).deadline is not None


def test_a_bot_seat_has_no_clock(alice, bob, clock):
    game = services.create_game(alice, "highcard", 3, {}, bots={2: "random"}, pace="1d")
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    assert game.pace == "1d" and 2 in game.to_act  # two players: a clocked table
    assert [s.deadline is not None for s in game.seats.order_by("index")] == [True, True, False, False]
