from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from accounts import signals  # noqa: F401  (connects the profile creation)
        from accounts.site import sync_site

        post_migrate.connect(sync_site, sender=self)
