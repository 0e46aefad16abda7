"""The embedded worker (config/embedded.py): started and stopped with the ASGI server's
lifespan when there is no Redis, and the place tasks go while it runs."""

from __future__ import annotations

import threading

import pytest
from asgiref.sync import async_to_sync
from channels.testing import ApplicationCommunicator

from config import embedded
from config.asgi import application
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

            class Result:
                def failed(self) -> bool:
                    return False

            return Result()

    embedded.start()
    try:
        dispatch.enqueue(Task(), 7, 3)
        assert done.wait(10)
    finally:
        embedded.stop()
    assert ran[0][1] == (7, 3)
    assert ran[0][0].startswith("tasks")  # the worker's own thread, not the caller's
