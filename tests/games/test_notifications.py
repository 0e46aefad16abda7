"""Turn e-mails: once per game per turn, never while the game is open, as preferred."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Notify
from games import presence, services, tasks
from games.notifications import unsubscribe_url


def set_notify(user, value):
    user.profile.notify = value
    user.profile.save()


@pytest.fixture
def waiting_for_bob(alice, bob, django_capture_on_commit_callbacks):
    """A Highcard game where bob's turn begins: alice opened it, bob's join starts it."""
    game = services.create_game(alice, "highcard", 2, {})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def test_it_emails_a_player_when_their_turn_begins(waiting_for_bob, bob):
    to_bob = [m for m in mail.outbox if m.to == [bob.email]]
    assert len(to_bob) == 1
    message = to_bob[0]
    assert "Your turn" in message.subject
    assert waiting_for_bob.get_absolute_url() in message.body
    assert message.extra_headers["List-Unsubscribe"].startswith("<http")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_it_sends_one_email_per_turn(waiting_for_bob, bob):
    tasks.notify_turn(waiting_for_bob.pk, 0)
    tasks.notify_turn(waiting_for_bob.pk, 0)
    assert len([m for m in mail.outbox if m.to == [bob.email]]) == 1


def test_no_email_while_the_game_is_open(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "highcard", 2, {})
    presence.opened(game.pk, bob.pk)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    assert [m.to for m in mail.outbox] == [[alice.email]]
    presence.closed(game.pk, bob.pk)


def test_no_email_for_players_who_want_none(alice, bob, django_capture_on_commit_callbacks):
    set_notify(bob, Notify.NONE)
    set_notify(alice, Notify.NONE)
    game = services.create_game(alice, "highcard", 2, {})
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    assert mail.outbox == []


def test_a_daily_digest_lists_the_waiting_games(alice, bob, charlie, django_capture_on_commit_callbacks):
    set_notify(bob, Notify.DAILY)
    games = []
    for opener in (alice, charlie):
        game = services.create_game(opener, "highcard", 2, {})
        with django_capture_on_commit_callbacks(execute=True):
            services.join_game(bob, game.pk)
        games.append(game)
    assert not [m for m in mail.outbox if m.to == [bob.email]]
    assert tasks.send_daily_digests() >= 1
    digest = [m for m in mail.outbox if m.to == [bob.email]]
    assert len(digest) == 1
    for game in games:
        assert game.get_absolute_url() in digest[0].body


def test_the_unsubscribe_link_works_in_one_click(bob):
    url = unsubscribe_url(bob)
    client = Client(enforce_csrf_checks=True)
    assert client.get(url).status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.notify == Notify.EVERY_TURN  # a GET (a link scanner) changes nothing
    assert client.post(url).status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.notify == Notify.NONE


def test_a_forged_unsubscribe_link_is_refused(bob):
    url = unsubscribe_url(bob)
    forged = url.rstrip("/")[:-3] + "xyz/"
    response = Client().post(forged.replace("http://127.0.0.1:8000", ""))
    assert response.status_code == 400
    bob.profile.refresh_from_db()
    assert bob.profile.notify == Notify.EVERY_TURN


@pytest.mark.parametrize("watching, queued", [("both", False), ("alice", True), ("nobody", True)])
def test_an_email_task_is_queued_only_when_a_new_turn_is_not_watched(
    alice, bob, django_capture_on_commit_callbacks, monkeypatch, watching, queued
):
    # The task would find the players present and send nothing: queueing it would only
    # cost a worker's time, on every move of a game played live.
    from games import dispatch

    tasks_queued: list[str] = []
    monkeypatch.setattr(dispatch, "enqueue", lambda task, *args: tasks_queued.append(task.name))
    game = services.create_game(alice, "highcard", 2, {})
    present = {"both": [alice, bob], "alice": [alice], "nobody": []}[watching]
    for user in present:
        presence.opened(game.pk, user.pk)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.join_game(bob, game.pk)  # both players' turns begin
    finally:
        for user in present:
            presence.closed(game.pk, user.pk)
    assert any(name.endswith(".notify_turn") for name in tasks_queued) == queued


def test_an_unsubscribe_link_expires_after_sixty_days(bob, time_machine):
    time_machine.move_to("2026-03-01 09:00Z", tick=False)
    path = unsubscribe_url(bob).removeprefix("http://127.0.0.1:8000")
    time_machine.move_to("2026-04-29 09:00Z", tick=False)  # 59 days on: still good
    assert Client().get(path).status_code == 200
    time_machine.move_to("2026-05-01 09:00Z", tick=False)  # 61 days on
    assert Client().post(path).status_code == 400
    bob.profile.refresh_from_db()
    assert bob.profile.notify == Notify.EVERY_TURN


def test_a_new_e_mail_address_revokes_the_links_sent_to_the_old_one(bob):
    path = unsubscribe_url(bob).removeprefix("http://127.0.0.1:8000")
    bob.email = "bob@elsewhere.example"
    bob.save()
    assert Client().post(path).status_code == 400
    bob.profile.refresh_from_db()
    assert bob.profile.notify == Notify.EVERY_TURN
    assert Client().post(unsubscribe_url(bob).removeprefix("http://127.0.0.1:8000")).status_code == 200
