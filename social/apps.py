from __future__ import annotations

from django.apps import AppConfig


class SocialConfig(AppConfig):
    name = "social"
    verbose_name = "Friends, blocks and moderation"

    def ready(self) -> None:
        from social import gates

        gates.register_all()
