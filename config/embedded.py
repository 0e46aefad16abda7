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
        self.idle = threading.Condition()  # guards pending and dropping
        self.pending = 0  # tasks submitted and not yet ended
        self.dropping = False  # the shutdown's grace is over: nothing more runs
        self.scheduler = threading.Thread(target=self._beat, name="beat", daemon=True)

    def start(self) -> None:
        # Celery logs every task that succeeds: on the console of `make run` that would be
        # five lines a minute about nothing. Failures are still logged.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        self.scheduler.start()
        log.info("embedded worker and beat started (no REDIS_URL): tasks run in this process")

    def stop(self) -> None:
        """Stops the scheduler, then lets the queued tasks run for up to EMBEDDED_SHUTDOWN_GRACE
        seconds (most take milliseconds; follow-ups they queue meanwhile run too). Past it, the
        tasks still running finish and the ones still queued are dropped, each named in the log:
        the stalled-game wake-up queues a dropped bot turn or scoring again after the next start;
        a dropped e-mail is not sent (unlike a broker, these queues do not outlive the process)."""
        self.stopping.set()
        self.scheduler.join(5)
        with self.idle:
            self.idle.wait_for(lambda: self.pending == 0, timeout=settings.EMBEDDED_SHUTDOWN_GRACE)
            self.dropping = True
        for pool in self.pools.values():
            pool.shutdown(wait=True)

    def submit(self, task: Any, args: tuple[Any, ...]) -> None:
        queue = "bots" if task.name in settings.CELERY_TASK_ROUTES else "games"
        with self.idle:
            if self.dropping:
                log.warning("%s%r not run: the server stopped first", task.name, args)
                return
            self.pending += 1
        self.pools[queue].submit(self._run, task, args)

    def _run(self, task: Any, args: tuple[Any, ...]) -> None:
        _local.in_worker = True
        try:
            if self.dropping:
                log.warning("%s%r not run: the server stopped first", task.name, args)
            else:
                # A failure is logged by Celery's own trace, with its traceback, as a worker logs it.
                task.apply(args=args, throw=False)
        finally:
            connections.close_all()  # each thread's own connections; the next task opens its own
            with self.idle:
                self.pending -= 1
                self.idle.notify_all()

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
    if _worker is not None:
        # Still the running worker while it stops: tasks queued during the grace come to it
        # (games/dispatch.enqueue), not run eagerly in the thread that queued them.
        _worker.stop()
    _worker = None


def running() -> Worker | None:
    return _worker


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop when called from one of the worker's threads, else None
    (a request's thread reaches that loop through asgiref already)."""
    worker = _worker
    if worker is None or not getattr(_local, "in_worker", False):
        return None
    return worker.loop
