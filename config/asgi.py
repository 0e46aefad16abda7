"""ASGI entry: HTTP through Django's own ASGI handler, websockets through Channels
(games/routing.py).

Django's handler is used as it is. A subclass that ran each request's middleware and view
in one borrowed thread was measured against it (and against a2wsgi running the WSGI
application) in bench/moves.py, and was no faster (bench/README.md); it re-implemented
Django's handle(), which any Django upgrade could have broken silently.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any
from urllib.parse import urlparse

from django.core import signals
from django.core.asgi import get_asgi_application

from config import heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi = get_asgi_application()  # sets Django up

# The heap is settled again after the first requests have built their furniture
# (templates, query caches): config/heap.py.
_warmup = heap.Warmup()


def _count_request(**kwargs: Any) -> None:
    _warmup.tick()


signals.request_finished.connect(_count_request, dispatch_uid="config.asgi.warmup")

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import OriginValidator, WebsocketDenier  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from games.routing import websocket_urlpatterns as game_sockets  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402


def _origin_readable(scope: Any) -> bool:
    """Whether every Origin header parses: Channels' check reads the port, and a port that
    is not a number (or an address like "http://[::1") raises ValueError there."""
    for name, value in scope.get("headers", []):
        if name == b"origin":
            try:
                _ = urlparse(value.decode("latin-1")).port
            except ValueError:
                return False
    return True


def site_origin_only(app: Any) -> Any:
    """Channels' origin check against settings.WEBSOCKET_ORIGINS (read on each connection),
    which compares scheme, host and port: another site's page, even one on another port of
    the same host, cannot open a socket with our cookies. An Origin that does not parse is
    refused the same way (403 at the handshake), not left to raise."""

    async def check(scope: Any, receive: Any, send: Any) -> None:
        if not _origin_readable(scope):
            await WebsocketDenier()(scope, receive, send)
            return
        await OriginValidator(app, settings.WEBSOCKET_ORIGINS)(scope, receive, send)

    return check


async def lifespan(scope: Any, receive: Any, send: Any) -> None:
    """The server's start and stop (uvicorn: `make run`, the Procfile): without Redis the
    embedded worker runs the tasks and the beat schedule in this process (config/embedded.py)."""
    from config import embedded

    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if settings.EMBEDDED_WORKER:
                embedded.start(asyncio.get_running_loop())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await asyncio.to_thread(embedded.stop)  # lets the running tasks finish
            await send({"type": "lifespan.shutdown.complete"})
            return


websocket_app = site_origin_only(AuthMiddlewareStack(URLRouter(tournament_sockets + game_sockets)))
application = ProtocolTypeRouter({"http": django_asgi, "websocket": websocket_app, "lifespan": lifespan})

get_resolver().resolve("/")  # builds the URL tables now, not in the first request, and they are frozen too
heap.settle()
