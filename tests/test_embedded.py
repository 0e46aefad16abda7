"""The embedded worker (config/embedded.py): started and stopped with the ASGI server's
lifespan when there is no Redis, and the place tasks go while it runs."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import ApplicationCommunicator

from config import embedded
from config.asgi import application
from config.celery import app
from games import dispatch


async def lifespan() -> list[str]:
    """Starts the application's lifespan, notes whether the worker runs, stops it."""
    seen = []
    app = ApplicationCommunicator(application, {"type": "lifespan"})
    await app.send_input({"type": "lifespan.startup"})
    seen.append((await app.receive_output(10))["type"])
    seen.append("running" if embedded.running() else "not running")
    await app.send_input({"type": "lifespan.shutdown"})
    seen.append((await app.receive_output(10))["type"])
    seen.append("running" if embedded.running() else "not running")
    return seen


def test_the_lifespan_starts_and_stops_the_worker_without_redis(settings) -> None:
    settings.EMBEDDED_WORKER = True
    assert async_to_sync(lifespan)() == [
        "lifespan.startup.complete",
        "running",
        "lifespan.shutdown.complete",
        "not running",
    ]
    assert not [t for t in threading.enumerate() if t.name == "beat"]  # the scheduler is gone


def test_with_redis_the_lifespan_starts_nothing(settings) -> None:
    settings.EMBEDDED_WORKER = False  # REDIS_URL set: Celery's own workers and beat
    assert async_to_sync(lifespan)()[1] == "not running"


@pytest.mark.django_db
def test_a_task_queued_while_it_runs_runs_on_its_threads_not_in_the_caller(settings) -> None:
    ran = []
    done = threading.Event()

    class Task:
        name = "games.tasks.notify_turn"

        def apply(self, args, throw):
            ran.append((threading.current_thread().name, args))
            done.set()

    embedded.start()
    try:
        dispatch.enqueue(Task(), 7, 3)
        assert done.wait(10)
    finally:
        embedded.stop()
    assert ran[0][1] == (7, 3)
    assert ran[0][0].startswith("tasks")  # the worker's own thread, not the caller's


@app.task(name="tests.embedded.fails")
def fails(n: int) -> None:
    raise ValueError(f"no such table: {n}")


def test_a_failed_task_is_logged_once_with_its_traceback(caplog) -> None:
    """Celery's own trace logs a failure (with the traceback), as a production worker does;
    the worker adds no second line of its own."""
    caplog.set_level(logging.INFO)
    worker = embedded.start()
    try:
        worker.submit(fails, (41,))
        worker.pools["games"].shutdown(wait=True)  # the task has run to its end
    finally:
        embedded.stop()
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1, [r.getMessage() for r in failures]
    assert "tests.embedded.fails" in failures[0].getMessage()
    assert failures[0].exc_info and "no such table: 41" in str(failures[0].exc_info[1])


class Slow:
    """A task of the bots' queue that takes `seconds` and notes that it ran."""

    name = "games.tasks.play_machine"

    def __init__(self, ran: list[Any], seconds: float = 0) -> None:
        self.ran, self.seconds = ran, seconds

    def apply(self, args, throw):
        time.sleep(self.seconds)
        self.ran.append(args)


@pytest.mark.django_db
def test_at_shutdown_the_queued_tasks_still_run_within_the_grace(settings) -> None:
    """One bot thread busy for 0.3 s with three turns queued behind it: Ctrl-C lets all four run."""
    settings.EMBEDDED_BOT_THREADS = 1
    settings.EMBEDDED_SHUTDOWN_GRACE = 10
    ran: list[Any] = []
    worker = embedded.start()
    worker.submit(Slow(ran, 0.3), (1,))
    for n in (2, 3, 4):
        worker.submit(Slow(ran), (n,))
    embedded.stop()
    assert ran == [(1,), (2,), (3,), (4,)]


@pytest.mark.django_db
def test_past_the_grace_the_rest_is_dropped_and_named_in_the_log(settings, caplog) -> None:
    """A task still running at the end of the grace is let finish; the ones queued behind it
    are not run, each named in a warning (the stalled-game wake-up finds a dropped bot turn
    again after the next start:
    tests/games/test_services.py::test_the_sweeper_wakes_a_game_whose_machine_turn_was_lost)."""
    settings.EMBEDDED_BOT_THREADS = 1
    settings.EMBEDDED_SHUTDOWN_GRACE = 0.2
    ran: list[Any] = []
    worker = embedded.start()
    worker.submit(Slow(ran, 1.0), (1,))
    worker.submit(Slow(ran), (2,))
    worker.submit(Slow(ran), (3,))
    started = time.monotonic()
    embedded.stop()
    assert time.monotonic() - started < 5
    assert ran == [(1,)]
    dropped = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert dropped == [
        "games.tasks.play_machine(2,) not run: the server stopped first",
        "games.tasks.play_machine(3,) not run: the server stopped first",
    ]


@pytest.mark.django_db
def test_a_task_queued_during_the_grace_goes_to_the_worker_and_one_past_it_is_dropped(settings) -> None:
    """A bot turn queues the next one: during the grace that one still goes to the worker's
    queue (never run inside the task that queued it, which would chain a whole game of bots
    past any limit); once the grace is over it is dropped."""
    settings.EMBEDDED_SHUTDOWN_GRACE = 0.5
    ran: list[Any] = []

    class Chain(Slow):
        def apply(self, args, throw):
            ran.append((threading.current_thread().name, args))
            time.sleep(0.1)
            dispatch.enqueue(self, args[0] + 1)

    embedded.start().submit(Chain(ran), (1,))
    embedded.stop()
    assert 2 <= len(ran) < 10
    assert all(name.startswith("bots") for name, _ in ran)
    assert [args for _, args in ran] == [(n,) for n in range(1, len(ran) + 1)]
