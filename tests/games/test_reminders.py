"""Reminders before a deadline: at half time and at a tenth left, each once per turn,
never while the game is open, as the player's notification preference says; and the
clock in the turn e-mail and the digest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from accounts.models import Notify
from games import presence, reminders, services, tasks, vacation
from games.models import Game, Seat

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HALF = timedelta(days=1)  # of a day a move plus a day's reserve
TENTH_LEFT = timedelta(hours=43, minutes=12)  # 4 h 48 min before the deadline


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def game(alice, bob, clock) -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace="1d")
    services.join_game(bob, game.pk)
    mail.outbox.clear()
    return game


def reminders_to(user) -> list[str]:
    return [str(m.subject) for m in mail.outbox if m.to == [user.email] and "left" in m.subject]


def test_reminders_go_out_at_half_time_and_at_a_tenth_left_once_each(game, alice, clock):
    clock.shift(HALF - timedelta(seconds=1))
    assert reminders.send_due() == 0
    clock.shift(timedelta(seconds=1))
    assert tasks.send_reminders() == 2  # alice and bob: both clocks run
    assert reminders.send_due() == 0
    [half] = reminders_to(alice)
    assert half.startswith("Half your time is gone") and half.endswith("1 day left")
    clock.shift(TENTH_LEFT - HALF - timedelta(seconds=1))
    assert reminders.send_due() == 0
    clock.shift(timedelta(seconds=1))
    assert reminders.send_due() == 2
    clock.shift(timedelta(hours=1))
    assert reminders.send_due() == 0
    assert reminders_to(alice) == [
        half,
        f"Last call: 4 hours 48 minutes left in Highcard (test game) (game {game.pk})",
    ]
    body = [m.body for m in mail.outbox if m.to == [alice.email]][-1]
    assert "Wednesday 4 March, 09:00 UTC" in body and "a bot takes the seat over" in body


def test_a_late_first_reminder_is_only_the_last_call(game, alice, clock):
    clock.shift(TENTH_LEFT + timedelta(minutes=5))  # the sweep was down at half time
    assert reminders.send_due() == 2
    assert [s.split(":")[0] for s in reminders_to(alice)] == ["Last call"]
    clock.shift(timedelta(minutes=5))
    assert reminders.send_due() == 0


def test_each_new_turn_is_reminded_anew(game, alice, bob, clock, django_capture_on_commit_callbacks):
    clock.shift(HALF)
    reminders.send_due()
    for user, index in ((alice, 0), (bob, 1)):
        game.refresh_from_db()
        card = game.stored_state()["hands"][index][0]
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(user, game.pk, index, {"type": "play", "card": card}, game.version)
    mail.outbox.clear()
    assert Seat.objects.get(game=game, index=0).reminded == 0  # round 2: a new turn
    clock.shift(timedelta(days=1, hours=2))  # half of this turn's day plus 1.2 days' reserve
    assert reminders.send_due() == 2
    assert len(reminders_to(alice)) == 1


def test_no_reminder_while_the_game_is_open_until_it_is_closed(game, alice, bob, clock):
    clock.shift(HALF)
    presence.opened(game.pk, alice.pk)  # (her page's pings keep this fresh while it is open)
    try:
        assert reminders.send_due() == 1  # bob only
        assert reminders_to(alice) == []
        assert reminders.send_due() == 0
    finally:
        presence.closed(game.pk, alice.pk)
    assert reminders.send_due() == 1  # now alice, who left the page without moving
    assert len(reminders_to(alice)) == 1


def test_the_preference_decides(game, alice, bob, clock):
    alice.profile.notify = Notify.NONE
    alice.profile.save()
    bob.profile.notify = Notify.DAILY
    bob.profile.save()
    clock.shift(HALF)
    assert reminders.send_due() == 0  # none wanted: alice none, bob only a last call
    clock.shift(TENTH_LEFT - HALF)  # Wednesday 04:12 UTC; the deadline (09:00) is after the 07:00 digest
    assert reminders.send_due() == 0
    assert reminders_to(alice) == reminders_to(bob) == []
    assert not Seat.objects.filter(game=game, remind_at__isnull=False).exists()  # all done with


def test_a_digest_reader_gets_the_last_call_when_the_deadline_comes_before_the_digest(alice, bob, clock):
    bob.profile.notify = Notify.DAILY
    bob.profile.save()
    clock.move_to(datetime(2026, 3, 2, 12, 0, tzinfo=UTC), tick=False)
    game = services.create_game(alice, "highcard", 2, {}, pace="1d")
    services.join_game(bob, game.pk)  # deadline Wednesday 12:00, after Wednesday's 07:00 digest
    clock.shift(TENTH_LEFT)  # Wednesday 07:12: the next digest is Thursday's
    reminders.send_due()
    assert [s.split(":")[0] for s in reminders_to(bob)] == ["Last call"]
    [body] = [m.body for m in mail.outbox if m.to == [bob.email]]
    assert "asks for a daily digest" in body and "every turn" not in body


def test_no_reminder_while_on_vacation(game, alice, clock):
    vacation.start(alice, datetime(2026, 3, 20).date())
    clock.shift(timedelta(days=5))
    assert reminders.send_due() == 1  # bob's only
    assert reminders_to(alice) == []


def test_the_turn_email_and_the_digest_show_the_time_left_in_the_player_s_zone(
    alice, bob, clock, django_capture_on_commit_callbacks
):
    bob.profile.timezone = "Asia/Tokyo"
    bob.profile.save()
    game = services.create_game(alice, "highcard", 2, {}, pace="2d")
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    [turn] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "You have 4 days to move (until Friday 6 March, 18:00 JST)" in turn.body
    bob.profile.notify = Notify.DAILY
    bob.profile.save()
    clock.shift(timedelta(hours=5))
    tasks.send_daily_digests()
    digest = [m for m in mail.outbox if m.to == [bob.email]][-1]
    assert "3 days 19 hours left (until Fri 6 Mar, 18:00 JST)" in digest.body


def test_a_digest_readers_last_call_follows_their_own_morning(alice, bob, clock):
    """Bob reads his digest at 07:00 in Los Angeles (15:00 UTC): a deadline at 12:00 UTC
    comes before it, so he gets the last call; in London it would come after his 07:00."""
    bob.profile.notify, bob.profile.timezone = Notify.DAILY, "America/Los_Angeles"
    bob.profile.save()
    clock.move_to(datetime(2026, 3, 2, 12, 0, tzinfo=UTC), tick=False)
    game = services.create_game(alice, "highcard", 2, {}, pace="1d")
    services.join_game(bob, game.pk)  # deadline Wednesday 12:00 UTC, 04:00 in Los Angeles
    clock.shift(TENTH_LEFT)  # Wednesday 07:12 UTC, Tuesday 23:12 in Los Angeles
    reminders.send_due()
    assert [s.split(":")[0] for s in reminders_to(bob)] == ["Last call"]
    [body] = [m.body for m in mail.outbox if m.to == [bob.email]]
    assert "asks for a daily digest" in body and "every turn" not in body
