"""A Celery app for tests/stack/test_worker_killed.py: the worker's first machine move at
version SLOW_AT_VERSION first writes the file SLOW_MARKER, then sleeps a long time, so
the test can kill the worker (SIGKILL) while that task is running, unacknowledged."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import django

from config.celery import app

django.setup()  # before the models load (celery sets Django up later, for its own tasks)

from games import services  # noqa: E402

_real_machine_move = services.machine_move
MARKER = Path(os.environ["SLOW_MARKER"])
AT_VERSION = int(os.environ["SLOW_AT_VERSION"])


def _slow_once(game_id: int, version: int) -> Any:
    if version == AT_VERSION and not MARKER.exists():
        MARKER.write_text(str(os.getpid()))
        time.sleep(600)  # killed before it wakes
    return _real_machine_move(game_id, version)


services.machine_move = _slow_once

__all__ = ["app"]
