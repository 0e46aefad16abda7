"""The site's ASGI application with each HTTP handler compared by bench/moves.py
(`--handlers`); websockets go through Channels the same way in all of them.

    stock      Django's own ASGIHandler, unchanged: what config/asgi.py serves
    onethread  the handler the site used before (below): a subclass of Django's that
               re-implemented its handle(), kept here only to be measured against
    a2wsgi     Django's WSGI application in a2wsgi's thread pool (one thread per request)
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from typing import Any

from a2wsgi import WSGIMiddleware
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from channels.routing import ProtocolTypeRouter
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.wsgi import get_wsgi_application
from django.urls import set_script_prefix

from config import asgi, heap


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, with each request's middleware and view in one thread.

    Every view of ours is synchronous, as are WhiteNoise and our own middleware. On
    Django's own async path, each synchronous piece costs a trip from the event loop to
    the request's thread and back (for the view, and twice per built-in middleware),
    and under load every trip queues behind the other connections on the loop. Here
    the whole chain runs synchronously, as under WSGI: one trip in, one out.

    Django also starts a new thread for every request (and another to join it), and
    the event loop waits for each to start, which under load means waiting for the
    GIL. Here a request takes an idle one-thread executor and gives it back after.

    Nor does a request listen for its client leaving while the view runs: a
    synchronous view cannot be stopped anyway, and Django's way of listening (a task
    group ended by an exception every time) tied each request into reference cycles
    that only the garbage collector could free, about 90 objects per request.
    """

    KEEP_IDLE = 64  # more than the connections one process serves at once

    def __init__(self) -> None:
        self._idle: list[ThreadPoolExecutor] = []
        self._warmup = heap.Warmup()
        super().__init__()

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        chain: Any = getattr(self, "_middleware_chain")  # noqa: B009  (Django leaves it untyped)
        self._middleware_chain = sync_to_async(chain, thread_sensitive=True)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP only, not {scope['type']}")
        try:
            executor = self._idle.pop()
        except IndexError:
            executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")
        try:
            # Everything synchronous in this request (signals, middleware, view) runs on
            # the executor's one thread, so it keeps one database connection throughout.
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            # A request cut short may leave work running there; the next one queues behind it.
            if len(self._idle) < self.KEEP_IDLE:
                self._idle.append(executor)
            else:
                executor.shutdown(wait=False)
            self._warmup.tick()

    async def handle(self, scope: Any, receive: Any, send: Any) -> None:
        """Django's handle(), less the listening for a disconnect (see above)."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        with closing(body_file):
            set_script_prefix(get_script_prefix(scope))
            await signals.request_started.asend(sender=self.__class__, scope=scope)
            request, refusal = self.create_request(scope, body_file)
            response: Any = refusal if request is None else await self.run_get_response(request)
            try:
                await self.send_response(response, send)
            finally:
                # Sends request_finished, which hands the database connection back.
                await sync_to_async(response.close)()
                if request is not None:
                    # Answered: empty it, so that the cycles through it (request.user's
                    # lazy loader and request.htmx both point back at it) go now, not
                    # in the collector's next pass.
                    request.__dict__.clear()


onethread = ProtocolTypeRouter({"http": OneThreadASGIHandler(), "websocket": asgi.websocket_app})
stock = ProtocolTypeRouter({"http": ASGIHandler(), "websocket": asgi.websocket_app})
a2wsgi = ProtocolTypeRouter(
    {"http": WSGIMiddleware(get_wsgi_application(), workers=16), "websocket": asgi.websocket_app}  # type: ignore[arg-type]
)
