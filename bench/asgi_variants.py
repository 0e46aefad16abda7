"""The site's ASGI application with each HTTP handler compared by bench/moves.py
(`--handlers`); websockets go through Channels the same way in all of them.

    onethread  config/asgi.py's OneThreadASGIHandler (a subclass of Django's handler)
    stock      Django's own ASGIHandler, unchanged
    a2wsgi     Django's WSGI application in a2wsgi's thread pool (one thread per request)
"""

from __future__ import annotations

from a2wsgi import WSGIMiddleware
from channels.routing import ProtocolTypeRouter
from django.core.handlers.asgi import ASGIHandler
from django.core.wsgi import get_wsgi_application

from config import asgi

onethread = ProtocolTypeRouter({"http": asgi.OneThreadASGIHandler(), "websocket": asgi.websocket_app})
stock = ProtocolTypeRouter({"http": ASGIHandler(), "websocket": asgi.websocket_app})
a2wsgi = ProtocolTypeRouter(
    {"http": WSGIMiddleware(get_wsgi_application(), workers=16), "websocket": asgi.websocket_app}  # type: ignore[arg-type]
)
