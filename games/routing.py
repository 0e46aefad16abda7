from __future__ import annotations

from django.urls import path, re_path

from games.consumers import GameConsumer, LobbyConsumer, NoSuchSocket, PlayerConsumer

websocket_urlpatterns = [
    path("ws/game/<int:pk>/", GameConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    # Last: every other address (Channels would raise on a path no route matches).
    re_path(r"", NoSuchSocket.as_asgi()),
]
