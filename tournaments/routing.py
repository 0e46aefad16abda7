from __future__ import annotations

from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [path("ws/tournament/<int:pk>/", TournamentConsumer.as_asgi())]
