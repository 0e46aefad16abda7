"""Every user gets a profile with a free, readable default name."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import translation

from accounts.models import Profile

# A name found free can be taken by a concurrent sign-up before ours is saved.
NAME_TRIES = 5


def free_display_name(seed: str, taken_tries: int = 0) -> str:
    base = "".join(ch for ch in seed if ch.isalnum())[:20] or "player"
    if len(base) < 3:
        base = f"{base}-player"
    if taken_tries:
        # Lost a race for the name: a random suffix, so racers do not pick the same one again.
        base = f"{base}{secrets.randbelow(10**6)}"
    name, n = base, 1
    while Profile.objects.filter(display_name__iexact=name).exists():
        n += 1
        name = f"{base}{n}"
    return name


def site_language() -> str:
    """The language active now (at sign-up: the browser's or the switcher's) if the site
    speaks it, else the site's default."""
    active = (translation.get_language() or "").split("-")[0]
    return active if active in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created or hasattr(instance, "profile"):
        return
    seed = (instance.email or instance.username or "player").split("@")[0]
    for attempt in range(NAME_TRIES):
        try:
            # A savepoint: a name taken meanwhile must not spoil the sign-up's transaction.
            with transaction.atomic():
                Profile.objects.create(
                    user=instance, display_name=free_display_name(seed, attempt), language=site_language()
                )
            return
        except IntegrityError:
            if Profile.objects.filter(user=instance).exists():
                return
    raise IntegrityError(f"no free display name found for {seed!r}")
