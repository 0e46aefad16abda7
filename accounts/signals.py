"""Every user gets a profile with a free, readable default name."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Profile


def free_display_name(seed: str) -> str:
    base = "".join(ch for ch in seed if ch.isalnum())[:20] or "player"
    if len(base) < 3:
        base = f"{base}-player"
    name, n = base, 1
    while Profile.objects.filter(display_name__iexact=name).exists():
        n += 1
        name = f"{base}{n}"
    return name


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if created and not hasattr(instance, "profile"):
        seed = (instance.email or instance.username or "player").split("@")[0]
        Profile.objects.create(user=instance, display_name=free_display_name(seed))
