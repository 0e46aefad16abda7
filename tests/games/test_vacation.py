"""Vacations: clocks stand still in every game and run on after, the yearly allowance,
ending early, ending by itself on the return date, and what the other players see."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.urls import reverse

from accounts.models import Vacation
from games import services, tasks, vacation
from games.errors import Conflict, Illegal
from games.models import Game, Seat
from tests.conftest import client_for

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


def duel(alice, bob, pace="1d") -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace=pace)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def test_on_vacation_the_clocks_stand_still_in_every_game_and_run_on_after(alice, bob, charlie, clock):
    games = [duel(alice, bob), duel(alice, charlie)]
    clock.shift(timedelta(hours=6))
    vacation.start(alice, date(2026, 3, 9))
    for game in games:
        a = seat(game, 0)
        assert a.deadline is None and a.paused_left == 42 * 3600  # two days less six hours
        assert seat(game, 1).deadline is not None  # the others' clocks run on
    clock.shift(timedelta(days=4))
    assert tasks.sweep_deadlines() == 2  # bob and charlie ran out; alice cannot
    assert not seat(games[0], 0).timed_out
    vacation.end(alice)
    a = seat(games[0], 0)
    assert a.paused_left is None
    assert a.deadline == START + timedelta(days=4, hours=6) + timedelta(hours=42)


def test_a_turn_that_begins_while_away_starts_with_its_clock_standing_still(alice, bob, clock):
    vacation.start(alice, date(2026, 3, 5))
    game = duel(alice, bob)
    a = seat(game, 0)
    assert a.deadline is None and a.paused_left == 2 * 86400 and a.turn_began_at == START


def test_the_vacation_ends_by_itself_on_the_return_date(alice, bob, clock):
    alice.profile.timezone = "Europe/Paris"
    alice.profile.save()
    game = duel(alice, bob)
    vacation.start(alice, date(2026, 3, 4))
    clock.move_to(datetime(2026, 3, 3, 22, 59, tzinfo=UTC), tick=False)  # 23:59 in Paris
    tasks.sweep_deadlines()
    assert vacation.away({alice.pk})
    clock.move_to(datetime(2026, 3, 3, 23, 0, tzinfo=UTC), tick=False)  # midnight in Paris
    tasks.sweep_deadlines()
    assert not vacation.away({alice.pk})
    assert seat(game, 0).deadline == datetime(2026, 3, 3, 23, 0, tzinfo=UTC) + timedelta(days=2)
    assert Vacation.objects.get().days == 2


def test_the_allowance_counts_the_days_and_ending_early_gives_the_rest_back(alice, clock):
    assert vacation.allowance(alice).left == vacation.ALLOWANCE
    vacation.start(alice, date(2026, 3, 12))  # ten days
    mine = vacation.allowance(alice)
    assert (mine.used, mine.left) == (10, vacation.ALLOWANCE - 10) and mine.current is not None
    clock.shift(timedelta(days=2, hours=3))  # three days begun
    vacation.end(alice)
    mine = vacation.allowance(alice)
    assert (mine.used, mine.left, mine.current) == (3, vacation.ALLOWANCE - 3, None)


def test_a_vacation_longer_than_the_days_left_is_refused(alice, clock):
    with pytest.raises(Illegal, match="30 vacation days left"):
        vacation.start(alice, date(2026, 4, 2))  # 31 days
    vacation.start(alice, date(2026, 3, 27))  # 25 days
    vacation.end(alice)
    with pytest.raises(Illegal, match="29 vacation days left"):
        vacation.start(alice, date(2026, 4, 2))
    assert Vacation.objects.count() == 1


def test_the_allowance_is_new_each_calendar_year(alice, clock):
    vacation.start(alice, date(2026, 3, 30))
    vacation.end(alice)
    clock.move_to(datetime(2027, 1, 4, 9, 0, tzinfo=UTC), tick=False)
    assert vacation.allowance(alice).left == vacation.ALLOWANCE


@pytest.mark.parametrize("back_on", [date(2026, 3, 2), date(2026, 2, 20)])
def test_a_return_date_must_be_after_today(alice, clock, back_on):
    with pytest.raises(Illegal):
        vacation.start(alice, back_on)
    assert not Vacation.objects.exists()


def test_one_vacation_at_a_time_and_none_to_end_when_home(alice, clock):
    with pytest.raises(Conflict):
        vacation.end(alice)
    vacation.start(alice, date(2026, 3, 4))
    with pytest.raises(Conflict):
        vacation.start(alice, date(2026, 3, 6))


def test_the_others_see_on_vacation_until_beside_the_name(alice, bob, clock):
    game = duel(alice, bob)
    vacation.start(alice, date(2026, 3, 9))
    page = client_for(bob).get(f"{game.get_absolute_url()}?part=seats", headers={"HX-Request": "true"}).text
    assert "on vacation until Mon 9 Mar" in page


def test_settings_start_and_end_a_vacation_and_show_the_allowance(alice, clock):
    client = client_for(alice)
    page = client.get(reverse("profile_edit")).text
    assert "used <strong>0</strong> and have <strong>30</strong> left" in page
    response = client.post(reverse("vacation_start"), {"back_on": "2026-03-06"})
    assert response.status_code == 302 and vacation.away({alice.pk})
    page = client.get(reverse("profile_edit")).text
    assert "on vacation until <strong>Friday 6 March 2026</strong>" in page
    assert "used <strong>4</strong> and have <strong>26</strong> left" in page
    client.post(reverse("vacation_end"))
    assert not vacation.away({alice.pk})
    assert "used <strong>1</strong>" in client.get(reverse("profile_edit")).text


def test_a_malformed_or_refused_request_changes_nothing(alice, clock):
    client = client_for(alice)
    client.post(reverse("vacation_start"), {"back_on": "someday"})
    client.post(reverse("vacation_start"), {"back_on": "2027-01-01"})
    assert not Vacation.objects.exists()
    assert client.get(reverse("vacation_start")).status_code == 405


def test_a_vacation_does_not_stop_a_live_tables_clock(alice, bob, charlie, clock):
    """Live tables (minutes a move) run on: their players are at the table, waiting."""
    live, slow = duel(alice, bob, pace="live-2m"), duel(alice, charlie)
    vacation.start(alice, date(2026, 3, 9))
    assert seat(live, 0).deadline is not None and seat(live, 0).paused_left is None
    assert seat(slow, 0).deadline is None and seat(slow, 0).paused_left is not None
    clock.shift(timedelta(minutes=5))
    tasks.sweep_deadlines()
    assert seat(live, 0).timed_out and not seat(slow, 0).timed_out


def test_a_live_turn_that_begins_while_away_runs_at_once(alice, bob, clock):
    vacation.start(alice, date(2026, 3, 5))
    game = duel(alice, bob, pace="live-5m")
    assert seat(game, 0).deadline == START + timedelta(minutes=10)


def test_starting_a_vacation_with_live_games_open_warns(alice, bob, charlie, clock):
    live = duel(alice, bob, pace="live-2m")
    duel(alice, charlie)
    client = client_for(alice)
    page = client.get(reverse("profile_edit")).text
    assert f'Your live games (<a href="/game/{live.pk}/">#{live.pk}</a>) keep their clocks running' in page
    shown = client.post(reverse("vacation_start"), {"back_on": "2026-03-06"}, follow=True).text
    assert (
        f"keep their clocks running while you are away (a vacation stops only clocks counted in days): #{live.pk}."
        in shown
    )
    assert vacation.away({alice.pk})


def test_no_warning_without_live_games(alice, bob, clock):
    duel(alice, bob)
    client = client_for(alice)
    assert "Your live games" not in client.get(reverse("profile_edit")).text
    shown = client.post(reverse("vacation_start"), {"back_on": "2026-03-06"}, follow=True).text
    assert "Your live games" not in shown and "Enjoy your vacation" in shown
