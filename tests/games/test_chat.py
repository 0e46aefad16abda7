"""The game chat: players write, spectators of public tables read, strangers to a
private table see nothing; length and rate limits; escaping; muting; the socket
carries only ids; new lines in the turn e-mail and the digest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Notify
from games import chat, dispatch, services, tasks
from games.models import ChatMessage
from tests.conftest import client_for

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def write(user, game, text, scripted=True):
    headers = {"X-Requested-With": "fetch"} if scripted else {}
    return client_for(user).post(reverse("chat_write", args=[game.pk]), {"text": text}, headers=headers)


def read(client, game, after=0):
    return client.get(reverse("chat", args=[game.pk]), {"after": after})


def test_a_player_writes_and_everyone_at_a_public_table_reads(duel, alice, charlie):
    assert write(alice, duel, "  Good luck!  ").status_code == 204
    line = ChatMessage.objects.get()
    assert (line.user, line.text) == (alice, "Good luck!")
    for client in (client_for(charlie), Client()):
        text = read(client, duel).text
        assert "Good luck!" in text and '<b class="sender">Alice</b>' in text and "<time datetime=" in text
    assert "Good luck!" in client_for(charlie).get(duel.get_absolute_url()).text


def test_spectators_read_but_may_not_write(duel, charlie):
    response = write(charlie, duel, "hello")
    assert response.status_code == 403 and "only the players" in response.text
    assert Client().post(reverse("chat_write", args=[duel.pk]), {"text": "hi"}).status_code == 302
    assert not ChatMessage.objects.exists()


def test_a_private_table_s_chat_is_invisible_to_strangers(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 2, {}, public=False)
    services.join_game(bob, game.pk, game.invite_token)
    write(bob, game, "just us")
    assert read(client_for(charlie), game).status_code == 404
    assert read(Client(), game).status_code == 404
    assert write(charlie, game, "let me in").status_code == 404
    assert "just us" in read(client_for(alice), game).text
    assert ChatMessage.objects.count() == 1


@pytest.mark.parametrize(
    "text, reason", [("", "write something"), ("   ", "write something"), ("x" * 501, "500")]
)
def test_empty_or_overlong_lines_are_refused_and_nothing_is_stored(duel, alice, text, reason):
    response = write(alice, duel, text)
    assert response.status_code == 400 and reason in response.text
    assert not ChatMessage.objects.exists()


def test_a_line_of_exactly_the_limit_is_fine(duel, alice):
    assert write(alice, duel, "x" * chat.MAX_LENGTH).status_code == 204


def test_the_rate_limit_answers_429_with_a_reason_then_lets_the_player_go_on(
    duel, alice, time_machine, rate_limits
):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "chat": "5/30s"}
    time_machine.move_to(START, tick=False)
    for n in range(5):
        assert write(alice, duel, f"line {n}").status_code == 204
    response = write(alice, duel, "one too many")
    assert response.status_code == 429
    assert response.text == "slow down: at most 5 chat lines every 30 seconds; try again shortly"
    assert ChatMessage.objects.count() == 5
    time_machine.shift(timedelta(seconds=30))
    assert write(alice, duel, "later").status_code == 204


def test_lines_are_escaped(duel, alice, bob):
    write(alice, duel, '<script>alert("x")</script><b onclick=1>')
    for text in (read(client_for(bob), duel).text, client_for(bob).get(duel.get_absolute_url()).text):
        assert "<script>alert" not in text and "<b onclick" not in text
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text


def test_after_gives_only_the_newer_lines(duel, alice, bob):
    write(alice, duel, "first")
    first = ChatMessage.objects.get().pk
    write(bob, duel, "second")
    text = read(Client(), duel, after=first).text
    assert "second" in text and "first" not in text
    assert read(Client(), duel, after="x").status_code == 400


def test_a_muted_player_s_lines_are_hidden_from_the_one_who_muted_only(duel, alice, bob, charlie):
    write(alice, duel, "you will lose")
    bob_client = client_for(bob)
    bob_client.post(reverse("chat_mute", args=[duel.pk]), {"user": alice.pk})
    assert "you will lose" not in read(bob_client, duel).text
    page = bob_client.get(duel.get_absolute_url()).text
    assert "you will lose" not in page and "Muted: Alice" in page
    assert "you will lose" in read(client_for(charlie), duel).text
    bob_client.post(reverse("chat_mute", args=[duel.pk]), {"user": alice.pk, "unmute": "1"})
    assert "you will lose" in read(bob_client, duel).text


def test_muting_oneself_or_nobody_is_refused(duel, alice):
    client = client_for(alice)
    for user in (alice.pk, 99999, "x"):
        response = client.post(reverse("chat_mute", args=[duel.pk]), {"user": user}, follow=True)
        assert response.status_code == 200
    assert not alice.mutes.exists()


def test_without_script_the_form_posts_and_comes_back_to_the_game(duel, alice):
    response = write(alice, duel, "plain form", scripted=False)
    assert response.status_code == 302 and response.url == duel.get_absolute_url()
    response = write(alice, duel, "", scripted=False)
    assert response.status_code == 302 and ChatMessage.objects.count() == 1


def test_the_socket_message_carries_only_the_line_s_id(
    duel, alice, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(dispatch, "publish", sent.extend)
    with django_capture_on_commit_callbacks(execute=True):
        chat.post(alice, duel.pk, "secret plans")
    line = ChatMessage.objects.get()
    # The author rides along for the consumers, which pass on only the id (test_blocks).
    assert sent == [
        (f"game-{duel.pk}", {"type": "game.chat", "game_id": duel.pk, "id": line.pk, "author": alice.pk})
    ]


def test_new_lines_appear_in_the_turn_email_and_the_digest(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "highcard", 2, {})
    chat.post(alice, game.pk, "welcome, take your time")  # in the waiting room
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)  # the game starts: bob's first turn
    [turn] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "New in the chat" in turn.body and "Alice: welcome, take your time" in turn.body
    [to_alice] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "New in the chat" not in to_alice.body  # her own line is no news to her
    bob.profile.notify = Notify.DAILY
    bob.profile.save()
    mail.outbox.clear()
    tasks.send_daily_digests()
    [digest] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "Alice: welcome, take your time" in digest.body


def test_the_turn_email_shows_only_lines_since_the_player_s_last_move(
    alice, bob, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, "highcard", 2, {})
    services.join_game(bob, game.pk)
    chat.post(alice, game.pk, "seen before moving")
    for user, index in ((bob, 1), (alice, 0)):
        game.refresh_from_db()
        card = game.stored_state()["hands"][index][0]
        if user == alice:
            chat.post(alice, game.pk, "after bob moved")
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(user, game.pk, index, {"type": "play", "card": card}, game.version)
    turn = [m for m in mail.outbox if m.to == [bob.email]][-1]
    assert "after bob moved" in turn.body and "seen before moving" not in turn.body
