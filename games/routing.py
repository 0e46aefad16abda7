from __future__ import annotations

from django.urls import path

from games.consumers import GameConsumer, LobbyConsumer, PlayerConsumer

websocket_urlpatterns = [
    path("ws/game/<int:pk>/", GameConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
