"""Redis down: a committed move is answered as usual, and its side effects wait in the
outbox until the worker's drain delivers them (games/outbox.py)."""

from __future__ import annotations

import time
from concurrent.futures import Future
from datetime import timedelta

import pytest
from celery.app.task import Task
from django.utils import timezone
from kombu.exceptions import OperationalError

from games import dispatch, outbox, services
from games.models import Game, PendingEffect
from games.publisher import Publisher
from tests.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs inside the request


class BrokenLayer:
    """A channel layer whose Redis is down."""

    async def group_send(self, group: str, message: dict) -> None:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def failed_send(messages) -> Future[None]:
    done: Future[None] = Future()
    done.set_exception(ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."))
    return done


@pytest.fixture
def redis_down(monkeypatch, settings):
    """The broker refuses every task and the channel layer every message; `.up()` heals."""
    settings.CELERY_TASK_ALWAYS_EAGER = False  # tasks go to the broker, which is down

    def refused(task, args=None, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Task, "apply_async", refused)
    monkeypatch.setattr(dispatch, "publish", failed_send)

    class Outage:
        sent: list = []  # socket messages, once the layer is back

        def up(self) -> None:
            monkeypatch.undo()
            settings.CELERY_TASK_ALWAYS_EAGER = True  # the drain's tasks run here, at once
            monkeypatch.setattr(dispatch, "publish", lambda messages: self.sent.extend(messages))

    return Outage()


@pytest.fixture
def alice_against_a_bot(alice):
    """Highcard, alice against a bot; the bot has picked already: alice's pick closes the
    round, and then the Dealer (an automaton, moved by a task) must reveal."""
    game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
    game.refresh_from_db()
    assert game.to_act == [0]
    return game


def pick(client, game: Game, card: str, version: int):
    return client.post(
        f"/game/{game.pk}/act",
        {"action": f'{{"type": "play", "card": "{card}"}}', "version": version, "seat": 0},
        headers={"HX-Request": "true"},
    )


def test_a_move_is_answered_as_usual_when_redis_is_down_and_its_effects_wait(
    alice, alice_against_a_bot, redis_down
):
    game = alice_against_a_bot
    client = client_for(alice)
    card = game.stored_state()["hands"][0][0]
    response = pick(client, game, card, 1)
    assert response.status_code == 200, (
        response.content
    )  # not a 500: the move is stored (the page's regions come back)
    game.refresh_from_db()
    assert game.version == 2 and game.to_act == [2]  # the Dealer's turn, which no task was queued for
    (waiting,) = PendingEffect.objects.filter(game=game)
    assert waiting.effect == "game_moved" and waiting.args[:2] == [game.pk, 2]
    assert waiting.attempts == 1 and "Connection refused" in waiting.last_error
    # The player's page says so, and a retry of the same move is a clear 409, nothing worse.
    assert "Live updates are delayed" in client.get(game.get_absolute_url()).text
    assert pick(client, game, card, 1).status_code == 409

    redis_down.up()
    assert outbox.drain() == 1
    assert not PendingEffect.objects.exists()
    game.refresh_from_db()
    assert game.moves.filter(number=3, seat=2).exists(), "the drain queued the Dealer's reveal"
    # Alice's page hears of the move (in her seat's group), though too late to be drawn for it.
    assert (
        "game-%d-seat-0" % game.pk,
        {"type": "game.moved", "game_id": game.pk, "version": 2},
    ) in redis_down.sent
    assert "Live updates are delayed" not in client.get(game.get_absolute_url()).text


def test_a_message_that_fails_after_the_answer_is_recorded_for_the_drain(alice, monkeypatch):
    """The socket messages leave from the publisher thread after the move is answered:
    when they fail there, the effect goes back into the outbox."""
    game = services.create_game(alice, "highcard", 2, {})  # waits for a second player
    publisher = Publisher("test-publisher")
    monkeypatch.setattr(dispatch, "publish", lambda messages: publisher.send(BrokenLayer(), messages))
    services.cancel_game(alice, game.pk)  # "the lobby changed": a message, no task
    deadline = time.monotonic() + 10
    while not PendingEffect.objects.filter(attempts__gt=0).exists():
        assert time.monotonic() < deadline, "the failed message was not recorded"
        time.sleep(0.05)
    (waiting,) = PendingEffect.objects.all()
    assert waiting.effect == "lobby_changed" and waiting.game_id == game.pk

    sent: list = []
    monkeypatch.setattr(dispatch, "publish", sent.extend)
    assert outbox.drain() == 1
    assert ("lobby", {"type": "lobby.changed"}) in sent and not PendingEffect.objects.exists()


def test_an_effect_is_deleted_once_done(alice_against_a_bot):
    assert not PendingEffect.objects.exists()  # the game's start and the bot's pick: all done


def test_the_drain_leaves_fresh_effects_to_their_own_process_and_takes_orphans(alice, time_machine):
    """An effect not yet tried is being performed by the process that wrote it; one still
    there later lost its process (killed between commit and effect) and is the drain's."""
    time_machine.move_to(timezone.now(), tick=False)
    game = services.create_game(alice, "highcard", 2, {})
    PendingEffect.objects.create(game=game, effect="lobby_changed", args=[game.pk])
    assert outbox.drain() == 0
    time_machine.shift(outbox.FRESH + timedelta(seconds=1))
    assert outbox.drain() == 1 and not PendingEffect.objects.exists()


def test_a_drain_stops_early_while_the_service_is_still_down(alice, monkeypatch):
    game = services.create_game(alice, "highcard", 2, {})
    for _ in range(5):
        PendingEffect.objects.create(game=game, effect="lobby_changed", args=[game.pk], attempts=1)
    monkeypatch.setattr(dispatch, "publish", failed_send)
    assert outbox.drain() == 0
    tried = sorted(PendingEffect.objects.values_list("attempts", flat=True))
    assert tried == [1, 1, 2, 2, 2]  # three failures in a row, then it waits for the next run
