from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "social"
    verbose_name = _("Friends, blocks and moderation")

    def ready(self) -> None:
        from social import gates

        gates.register_all()
