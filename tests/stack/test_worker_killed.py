"""A worker killed with SIGKILL in the middle of a bot's move: the task it held was
never acknowledged (acks_late), and once the broker's visibility timeout has passed
a running worker takes it again. The game finishes within two minutes of the kill.
Needs the real Redis broker and PostgreSQL (CI's second pass)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from games import services
from games.models import Game, Status
from games.replay import verify
from tests.conftest import needs_postgres, needs_redis

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.services, needs_redis, needs_postgres]

SLOW_AT_VERSION = 4
WITHIN = 120  # seconds from the kill to the finished game


def start_worker(marker: Path) -> subprocess.Popen[bytes]:
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "SLOW_MARKER": str(marker),
        "SLOW_AT_VERSION": str(SLOW_AT_VERSION),
    }
    command = [sys.executable, "-m", "celery", "-A", "tests.stack.slow_worker", "worker", "--pool=solo"]
    queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_BOT_QUEUE}"
    command += ["-Q", queues, "-l", "warning", "--without-heartbeat"]
    return subprocess.Popen([*command, "--without-gossip", "--without-mingle"], cwd=ROOT, env=env)


@pytest.fixture
def workers(transactional_db, settings, tmp_path):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    started: list[subprocess.Popen[bytes]] = []

    def start() -> subprocess.Popen[bytes]:
        started.append(start_worker(tmp_path / "slow-move-started"))
        return started[-1]

    start.marker = tmp_path / "slow-move-started"
    yield start
    for proc in started:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=20)
    celery_app.conf.task_always_eager = True


def test_a_game_whose_worker_was_killed_mid_move_finishes_within_two_minutes(workers, alice):
    first = workers()
    game = services.create_game(alice, "highcard", 3, {}, bots={1: "random", 2: "heuristic"})
    services.resign(alice, game.pk)  # every seat is a machine now: only workers move it
    deadline = time.monotonic() + 60
    while not workers.marker.exists():
        assert time.monotonic() < deadline, "the worker never reached the slow move"
        assert first.poll() is None, "the worker died"
        time.sleep(0.1)

    first.send_signal(signal.SIGKILL)  # in the middle of the move at SLOW_AT_VERSION
    killed_at = time.monotonic()
    first.wait(timeout=10)
    game.refresh_from_db()
    assert game.version == SLOW_AT_VERSION and not game.finalized

    second = workers()  # a restarted worker; nothing queues the lost move again but the broker
    while not Game.objects.get(pk=game.pk).finalized:
        waited = time.monotonic() - killed_at
        assert waited < WITHIN, (
            f"stuck at version {Game.objects.get(pk=game.pk).version} after {waited:.0f} s"
        )
        assert second.poll() is None, "the restarted worker died"
        time.sleep(0.5)
    game.refresh_from_db()
    print(f"the game finished {time.monotonic() - killed_at:.0f} s after the kill")
    assert game.status == Status.FINISHED
    assert verify(game) == []
