from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from django.utils import translation

        from games.engines import i18n

        # The engines word their logs, actions and options in Django's active language: the
        # request's, an e-mail's (translation.override) or a socket message's, wherever a page
        # or a message is made (docs/i18n.md, "Engines' texts").
        i18n.follow(translation.get_language)
