"""Scale-out: two web processes and two workers share one PostgreSQL and Redis
(docs/operations.md). A move POSTed to one web process reaches a page whose socket is held by
the other, and the worker's answer to it too; killing one web process while moves go on
loses no move that was answered, and the game goes on through the other. Needs both services
(CI's second pass)."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websockets
from django.conf import settings
from django.db import connection
from django.test import Client

from config.celery import app as celery_app
from games import services
from games.models import Game, Move, Status
from games.replay import verify
from tests.conftest import needs_postgres, needs_redis

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.services, needs_redis, needs_postgres]
WAIT = 60  # seconds: a guard against a hang on a loaded machine, not a measure of speed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stack:
    """Two uvicorn processes (each one worker) and two Celery workers on the test database."""

    def __init__(self) -> None:
        db = connection.settings_dict
        self.ports = [free_port(), free_port()]
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}:"
            f"{db['PORT'] or 5432}/{db['NAME']}",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "WEBSOCKET_ORIGINS": ",".join(f"http://127.0.0.1:{p}" for p in self.ports),
        }
        queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_BOT_QUEUE}"
        self.webs = [self._start("uvicorn", "config.asgi:application", "--port", str(p)) for p in self.ports]
        self.workers = [
            self._start("celery", "-A", "config", "worker", "--pool=solo", "-Q", queues, "-n", f"w{i}@%h")
            for i in range(2)
        ]
        for port in self.ports:
            self._wait_for(port)

    def _start(self, *args: str) -> subprocess.Popen:
        quiet = ["--log-level", "warning"] if args[0] == "uvicorn" else ["-l", "warning"]
        return subprocess.Popen([sys.executable, "-m", *args, *quiet], cwd=ROOT, env=self.env)

    def _wait_for(self, port: int) -> None:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).read()
                return
            except OSError:
                assert time.monotonic() < deadline, f"the web process on {port} did not answer"
                time.sleep(0.2)

    def stop(self) -> None:
        for proc in self.webs + self.workers:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.webs + self.workers:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture
def stack(transactional_db, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # what this process queues goes to the workers
    celery_app.conf.task_always_eager = False
    running = Stack()
    yield running
    running.stop()
    celery_app.conf.task_always_eager = True


class Player:
    """A logged-in player's HTTP requests (a session cookie and a CSRF secret)."""

    def __init__(self, user) -> None:
        client = Client()
        client.force_login(user)
        self.csrf = secrets.token_hex(16)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        self.cookie = f"{settings.SESSION_COOKIE_NAME}={session}; csrftoken={self.csrf}"

    def pick(self, port: int, game: Game, seat: int) -> int:
        """POSTs the seat's first card at the game's current version; returns the status."""
        game.refresh_from_db()
        card = game.stored_state()["hands"][seat][0]
        body = json.dumps({"action": {"type": "play", "card": card}, "version": game.version, "seat": seat})
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/game/{game.pk}/act",
            data=body.encode(),
            headers={"Cookie": self.cookie, "X-CSRFToken": self.csrf, "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as refused:
            return int(refused.code)


def duel(alice, bob) -> Game:
    game = services.create_game(alice, "highcard", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def test_a_move_made_through_one_web_process_reaches_a_page_on_the_other(stack, alice, bob):
    game = duel(alice, bob)
    players = [Player(alice), Player(bob)]
    north, south = stack.ports

    async def page_on_south_hears_the_round() -> list[int]:
        url = f"ws://127.0.0.1:{south}/ws/game/{game.pk}/"
        origin = {"Cookie": players[1].cookie, "Origin": f"http://127.0.0.1:{south}"}
        heard: list[int] = []
        async with websockets.connect(url, additional_headers=origin, open_timeout=WAIT) as page:
            for seat in (0, 1):  # both picks through the north process
                status = await asyncio.to_thread(players[seat].pick, north, game, seat)
                assert status == 200
            while not heard or heard[-1] < 3:  # the picks, then the Dealer's reveal by a worker
                heard.append(json.loads(await asyncio.wait_for(page.recv(), WAIT))["version"])
        return heard

    heard = asyncio.run(page_on_south_hears_the_round())
    # On connecting, the version the page should show; then each move, the worker's included.
    assert heard == [0, 1, 2, 3], heard
    assert Move.objects.get(game=game, number=3).seat == 2  # the Dealer's move came from a worker


def test_killing_one_web_process_under_load_loses_no_answered_move(stack, alice, bob):
    """Moves go through both processes in turn; the north one is killed mid-game. Every move
    answered 200 is stored, the moves go on through the south one, and the games end."""
    games = [duel(alice, bob) for _ in range(3)]
    players = [Player(alice), Player(bob)]
    north, south = stack.ports
    answered: list[tuple[int, int]] = []  # (game, version after the move) for each 200
    moves = 0
    deadline = time.monotonic() + 4 * WAIT
    while any(g.status != Status.FINISHED for g in games):
        assert time.monotonic() < deadline, [(g.pk, g.version, g.to_act) for g in games]
        for game in games:
            game.refresh_from_db()
            if game.status != Status.ACTIVE or game.to_act == [2]:
                continue  # over, or the Dealer's turn: a worker makes it
            seat = game.to_act[0]
            if moves == 4:
                stack.webs[0].kill()  # no goodbye: requests in flight there are cut
                stack.webs[0].wait()
            port = north if moves % 2 == 0 and stack.webs[0].poll() is None else south
            try:
                status = players[seat].pick(port, game, seat)
            except OSError:
                continue  # the killed process's connection: the page sends it again
            moves += 1
            if status == 200:
                answered.append((game.pk, game.version + 1))
        time.sleep(0.05)
    assert stack.webs[0].poll() is not None and moves > 8
    for game_id, version in answered:
        assert Move.objects.filter(game_id=game_id, number=version).exists(), (game_id, version)
    for game in games:
        assert verify(Game.objects.get(pk=game.pk)) == []


def test_a_page_whose_process_dies_reconnects_to_the_other_and_catches_up(stack, alice, bob):
    """Bob's page holds its socket on the north process and hears Alice's pick drawn for his
    seat; north is killed; the page opens its socket again, as site.js does, and behind a
    proxy lands on the south one: it is told the version now, and the next moves, Bob's own
    and the Dealer's (drawn by a worker), reach it there with his regions."""
    game = duel(alice, bob)
    players = [Player(alice), Player(bob)]
    north, south = stack.ports

    def page(port: int) -> websockets.connect:
        return websockets.connect(
            f"ws://127.0.0.1:{port}/ws/game/{game.pk}/",
            additional_headers={"Cookie": players[1].cookie, "Origin": f"http://127.0.0.1:{port}"},
            open_timeout=WAIT,
        )

    async def hear(socket) -> dict:
        return json.loads(await asyncio.wait_for(socket.recv(), WAIT))

    async def the_page_lives_on() -> list[dict]:
        heard: list[dict] = []
        async with page(north) as on_north:
            heard.append(await hear(on_north))  # the version on connecting
            assert await asyncio.to_thread(players[0].pick, south, game, 0) == 200
            heard.append(await hear(on_north))
            stack.webs[0].kill()
            await asyncio.to_thread(stack.webs[0].wait)
            with pytest.raises(websockets.ConnectionClosed):
                await hear(on_north)
        async with page(south) as on_south:
            heard.append(await hear(on_south))
            assert await asyncio.to_thread(players[1].pick, south, game, 1) == 200
            while heard[-1]["version"] < 3:  # Bob's pick, then the Dealer's reveal
                heard.append(await hear(on_south))
        return heard

    heard = asyncio.run(the_page_lives_on())
    assert [(m["type"], m["version"]) for m in heard] == [
        ("version", 0),
        ("moved", 1),
        ("version", 1),  # reconnected: the page shows 1 already and fetches nothing
        ("moved", 2),
        ("moved", 3),
    ]
    # Every move came with Bob's regions; none holds Alice's hand.
    alice_hand = [c for c in Game.objects.get(pk=game.pk).stored_state()["hands"][0]]
    for message in heard:
        if message["type"] == "moved":
            assert 'id="hand"' in message["html"]
            assert not any(card in message["html"] for card in alice_hand)
