"""Socket messages leave from a thread of their own, so no request waits on Redis.

After a move commits, the page that moved gets its answer at once; the messages to
the game's group (and "your turn" to players) follow from this thread, in the order
they were published. Used for a layer shared between processes (Redis): the
in-memory layer's queues belong to the server's own event loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import Future
from typing import Any

log = logging.getLogger(__name__)

Message = tuple[str, dict[str, Any]]
Batch = tuple[Any, list[Message], "Future[None]"]


class Publisher:
    """One daemon thread per process, started on first use (and again after a fork,
    which copies no threads), running an event loop that sends batches one by one."""

    def __init__(self, name: str = "socket-publisher") -> None:
        self.name = name
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[Batch] | None = None
        self._pid = 0

    def send(self, layer: Any, messages: list[Message]) -> Future[None]:
        """Queues `messages` for `layer`; the future says when they have left."""
        done: Future[None] = Future()
        with self._lock:
            if self._loop is None or self._pid != os.getpid():
                self._start()
            assert self._loop is not None and self._queue is not None
            self._loop.call_soon_threadsafe(self._queue.put_nowait, (layer, messages, done))
        return done

    def _start(self) -> None:
        self._loop, self._queue, self._pid = asyncio.new_event_loop(), asyncio.Queue(), os.getpid()
        thread = threading.Thread(
            target=self._run, args=(self._loop, self._queue), name=self.name, daemon=True
        )
        thread.start()

    @staticmethod
    def _run(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[Batch]) -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(_drain(queue))


async def _drain(queue: asyncio.Queue[Batch]) -> None:
    while True:
        layer, messages, done = await queue.get()
        try:
            for group, message in messages:
                await layer.group_send(group, message)
        except Exception as exc:  # one failed batch must not stop the ones after it
            # The move is stored; open pages see it with the next message, or on reconnecting.
            log.warning("socket messages could not be sent: %r", exc)
            done.set_exception(exc)
        else:
            done.set_result(None)


publisher = Publisher()
