"""The full stack for real: channels_redis (publish/subscribe) over Redis, and a Celery worker process
playing bot turns against PostgreSQL. CI runs these with DATABASE_URL and REDIS_URL
set (`.ci/run` fails if the services are missing); elsewhere they skip, saying why.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

from config.celery import app as celery_app
from games import services
from games.models import Game, Status
from games.publisher import publisher
from games.replay import verify
from tests.conftest import needs_postgres, needs_redis

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.services, needs_redis]


def test_the_channel_layer_is_redis_and_carries_a_mover_s_message_to_a_page():
    layer = get_channel_layer()
    assert type(layer).__module__.startswith("channels_redis")

    async def page_hears() -> dict:
        channel = await layer.new_channel()
        await layer.group_add("stack-check", channel)
        # Sent as a move sends it: from the publisher thread, over a connection of its own.
        message = {"type": "game.moved", "game_id": 1, "version": 2}
        await asyncio.wrap_future(publisher.send(layer, [("stack-check", message)]))
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert async_to_sync(page_hears)()["version"] == 2


def test_a_socket_listening_longer_than_redis_default_timeout_still_hears_the_move():
    """redis-py 8 gives every connection a 5 s read timeout by default; a page's socket
    may wait far longer for a move, and each idle page's consumer used to crash."""
    layer = get_channel_layer()

    async def listen_then_send() -> dict:
        channel = await layer.new_channel()
        await layer.group_add("idle-check", channel)
        listening = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(7)
        assert not listening.done(), listening.exception() if listening.done() else None
        await layer.group_send("idle-check", {"type": "game.moved", "game_id": 1, "version": 9})
        return await asyncio.wait_for(listening, 5)

    assert async_to_sync(listen_then_send)()["version"] == 9


@pytest.fixture
def worker(transactional_db, settings):
    """A real `celery worker` process on the test database and Redis."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "-Q",
            f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_BOT_QUEUE}",
            "-l",
            "warning",
            "--without-heartbeat",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=env,
    )
    yield proc
    proc.terminate()
    proc.wait(timeout=20)
    celery_app.conf.task_always_eager = True


@needs_postgres
def test_a_real_worker_plays_a_bot_game_to_the_end(worker, alice):
    game = services.create_game(alice, "highcard", 3, {}, bots={1: "random", 2: "heuristic"})
    services.resign(alice, game.pk)  # every seat is now a machine: the worker plays it out
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.finalized:
            break
        assert worker.poll() is None, "the worker died"
        time.sleep(0.2)
    assert game.status == Status.FINISHED and game.finalized, f"stuck at version {game.version}"
    assert game.moves.filter(seat=3).count() == 3  # the automaton's reveals came from the worker
    assert verify(Game.objects.get(pk=game.pk)) == []


def wait_until(predicate, worker, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out waiting for the worker"
        assert worker.poll() is None, "the worker died"
        time.sleep(0.1)


@needs_postgres
def test_humans_move_through_services_while_the_worker_moves_the_automaton(worker, alice, bob):
    game = services.create_game(alice, "highcard", 2, {})
    services.join_game(bob, game.pk)
    users = {0: alice, 1: bob}
    while True:
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            break
        if game.to_act == [2]:  # the Dealer's turn: only the worker may make it
            version = game.version
            wait_until(lambda v=version: Game.objects.get(pk=game.pk).version > v, worker)
            continue
        seat = game.to_act[0]
        card = game.stored_state()["hands"][seat][0]
        services.submit_action(users[seat], game.pk, seat, {"type": "play", "card": card}, game.version)
    wait_until(lambda: Game.objects.get(pk=game.pk).finalized, worker)
    assert list(game.moves.filter(seat=2).values_list("number", flat=True)) == [3, 6, 9]
    assert verify(Game.objects.get(pk=game.pk)) == []


@needs_postgres
def test_a_solo_stonespine_game_with_jael_moved_only_by_the_worker(worker, alice):
    from games.engines.stonespine import ENGINE

    game = services.create_game(alice, "stonespine", 1, {"jael": "basic"})
    while True:
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            break
        if game.to_act == [1]:  # Jael's step: only the worker may take it
            version = game.version
            wait_until(lambda v=version: Game.objects.get(pk=game.pk).version > v, worker)
            continue
        state = ENGINE.load(game.stored_state())
        services.submit_action(alice, game.pk, 0, ENGINE.legal_actions(state, 0)[0], game.version)
    wait_until(lambda: Game.objects.get(pk=game.pk).finalized, worker)
    jael_moves = game.moves.filter(seat=1)
    assert jael_moves.count() >= 4 * 2 + 4  # a card, a score pile each turn, the market, every year
    assert all(m.action["type"].startswith("jael_") for m in jael_moves)
    assert verify(Game.objects.get(pk=game.pk)) == []
