"""A player's profile: the name others see, their time zone, how we notify them."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower

TIMEZONES = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})


class Notify(models.TextChoices):
    EVERY_TURN = "turn", "An e-mail each time it is my turn"
    DAILY = "daily", "One daily digest of the games waiting for me"
    NONE = "none", "No e-mails"


display_name_validator = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$",
    "3 to 30 letters, digits, '.', '_' or '-', starting with a letter or digit.",
)


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=30, unique=True, validators=[display_name_validator])
    timezone = models.CharField(max_length=64, default="UTC", choices=[(z, z) for z in TIMEZONES])
    notify = models.CharField(max_length=8, choices=Notify.choices, default=Notify.EVERY_TURN)

    class Meta:
        constraints = [
            # "Alice" and "alice" would confuse everyone in a lobby; names are unique ignoring case.
            models.UniqueConstraint(Lower("display_name"), name="profile_display_name_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.display_name
