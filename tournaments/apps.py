from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Tournaments react to games' events; games/ never imports this app.
        from games.signals import game_finished
        from tournaments import effects, services

        game_finished.connect(services.on_game_finished, dispatch_uid="tournaments.game_finished")
        del effects  # imported for its outbox effects' registration
