"""Turn e-mails: once per game per turn, never while the game is open, as preferred."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Notify
from games import presence, registry, services, tasks
from games.models import Seat
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


def turn_mails(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("Your turn")]


def test_a_turn_of_several_steps_is_one_turn_and_one_email(alice, bob, django_capture_on_commit_callbacks):
    """Stonespine turns are made of small steps (buy, then place each token): a player who
    acts and must act again goes on with the same turn, and gets no second e-mail."""
    engine = registry.get("stonespine")
    game = services.create_game(alice, "stonespine", 2, {})
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    game.refresh_from_db()
    turns = {0: int(0 in game.to_act), 1: int(1 in game.to_act)}
    steps = 0
    for _ in range(60):
        before = set(game.to_act)
        seat = min(before)
        user = alice if seat == 0 else bob
        action = engine.legal_actions(engine.load(game.stored_state()), seat)[0]
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(user, game.pk, seat, action, game.version)
        game.refresh_from_db()
        steps += seat in game.to_act
        for began in set(game.to_act) - before:
            turns[began] += 1
    assert steps > 10, "the game had turns of several steps"
    assert len(turn_mails(alice)) == turns[0] and len(turn_mails(bob)) == turns[1]
    assert 2 * (turns[0] + turns[1]) < 60  # far fewer turns (and e-mails) than actions


def test_the_turn_email_names_the_opponents_and_says_what_they_did(
    alice, bob, django_capture_on_commit_callbacks
):
    engine = registry.get("highcard")
    game = services.create_game(alice, "highcard", 2, {})
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    first = {}
    for user, seat in ((alice, 0), (bob, 1)):  # round 1: both pick, then the Dealer turns a card
        game.refresh_from_db()
        first[seat] = game.stored_state()["hands"][seat][0]
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(user, game.pk, seat, {"type": "play", "card": first[seat]}, game.version)
    game.refresh_from_db()
    assert game.stored_state()["round"] == 2
    # Round 2: bob picks at once, before alice's e-mail goes out (it is sent again here).
    secret = game.stored_state()["hands"][1][0]
    turn = Seat.objects.get(game=game, index=0).awaiting_since
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(bob, game.pk, 1, {"type": "play", "card": secret}, game.version)
    mail.outbox.clear()
    Seat.objects.filter(game=game, index=0).update(notified_for=None)
    assert tasks.notify_turn(game.pk, turn) == 1
    [message] = turn_mails(alice)
    assert "with Bob and Dealer" in message.subject and "with Bob and Dealer" in message.body
    news = message.body.split("Since your last move:")[1].split("Make your move")[0]
    dealt = game.stored_state()["played"][2]  # the Dealer's card in round 1
    assert f"Round 1: Alice: {first[0]}, Bob: {first[1]}, Dealer: {dealt}." in news
    assert news.count("Bob picked a card.") == 2  # in round 1 after her pick, and in round 2
    assert "You picked" not in news  # her own move is not news to her
    game.refresh_from_db()
    for hidden in engine.secrets(engine.load(game.stored_state()), 0):
        assert hidden not in message.body  # bob's pick, his hand, the deck
