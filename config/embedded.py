"""The embedded worker: what Celery's workers and beat do in production, done inside the
web process when there is no Redis (`make run`, the embedded default).

The ASGI server's lifespan starts it (config/asgi.py) and stops it on Ctrl-C. It runs
the real task functions of games/tasks.py, through Celery's own `Task.apply`, on two
thread pools that mirror production's two queues: bot and automaton turns (and analyses)
on one, everything else on the other, so turn e-mails and clocks never wait behind a
bot's search. A scheduler thread runs config/celery.py's beat schedule, on its real
intervals. Tasks are handed over after their write commits (games/dispatch.enqueue), so
the request that caused them answers at once. Why threads in this process rather than a
Celery worker beside it: docs/operations.md.

The in-memory channel layer's queues belong to the server's event loop, so socket
messages from these threads are sent on that loop (`server_loop`, games/dispatch.publish).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from celery.schedules import maybe_schedule
from django.conf import settings
from django.db import connections
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)


class Worker:
    def __init__(self, loop: asyncio.AbstractEventLoop | None, beat_every: float = 0) -> None:
        self.loop = loop
        self.beat_every = beat_every  # > 0: every scheduled job this often (tests only)
        self.pools = {
            "games": ThreadPoolExecutor(settings.EMBEDDED_THREADS, thread_name_prefix="tasks"),
            "bots": ThreadPoolExecutor(settings.EMBEDDED_BOT_THREADS, thread_name_prefix="bots"),
        }
        self.stopping = threading.Event()
        self.scheduler = threading.Thread(target=self._beat, name="beat", daemon=True)

    def start(self) -> None:
        # Celery logs every task that succeeds: on the console of `make run` that would be
        # five lines a minute about nothing. Failures are still logged.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        self.scheduler.start()
        log.info("embedded worker and beat started (no REDIS_URL): tasks run in this process")

    def stop(self) -> None:
        """Lets the tasks already running finish; those still queued are dropped. The stalled-game
        wake-up queues a dropped bot turn or scoring again after the next start; a dropped turn
        e-mail is not sent (unlike a broker, these queues do not outlive the process)."""
        self.stopping.set()
        self.scheduler.join(5)
        for pool in self.pools.values():
            pool.shutdown(wait=True, cancel_futures=True)

    def submit(self, task: Any, args: tuple[Any, ...]) -> None:
        queue = "bots" if task.name in settings.CELERY_TASK_ROUTES else "games"
        try:
            self.pools[queue].submit(_run, task, args)
        except RuntimeError:  # shut down: the server is stopping
            log.warning("%s%r not run: the server is stopping", task.name, args)

    def _beat(self) -> None:
        from config.celery import app

        entries: list[list[Any]] = []  # [task, schedule, last run]
        for entry in app.conf.beat_schedule.values():
            every: Any = timedelta(seconds=self.beat_every) if self.beat_every else entry["schedule"]
            entries.append([import_string(entry["task"]), maybe_schedule(every, app=app), app.now()])
        while not self.stopping.is_set():
            wait = 60.0
            for entry in entries:
                task, schedule, last = entry
                due, next_in = schedule.is_due(last)  # Celery's own arithmetic, as beat does it
                if due:
                    entry[2] = app.now()
                    self.submit(task, ())
                wait = min(wait, next_in)
            self.stopping.wait(max(wait, 0.05))


def _run(task: Any, args: tuple[Any, ...]) -> None:
    _local.in_worker = True
    try:
        result = task.apply(args=args, throw=False)
        if result.failed():
            log.error("%s%r failed: %r", task.name, args, result.result)
    finally:
        connections.close_all()  # each thread's own connections; the next task opens its own


_local = threading.local()
_worker: Worker | None = None


def start(loop: asyncio.AbstractEventLoop | None = None) -> Worker:
    global _worker
    assert _worker is None, "the embedded worker is already running"
    _worker = Worker(loop, beat_every=settings.EMBEDDED_BEAT_EVERY)
    _worker.start()
    return _worker


def stop() -> None:
    global _worker
    worker, _worker = _worker, None
    if worker is not None:
        worker.stop()


def running() -> Worker | None:
    return _worker


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop when called from one of the worker's threads, else None
    (a request's thread reaches that loop through asgiref already)."""
    worker = _worker
    if worker is None or not getattr(_local, "in_worker", False):
        return None
    return worker.loop
