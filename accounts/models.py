"""A player's profile: the name others see, their time zone, how we notify them."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

TIMEZONES = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})


class Notify(models.TextChoices):
    EVERY_TURN = "turn", _("An e-mail each time it is my turn")
    DAILY = "daily", _("One daily digest of the games waiting for me")
    NONE = "none", _("No e-mails")


display_name_validator = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$",
    _("3 to 30 letters, digits, '.', '_' or '-', starting with a letter or digit."),
)


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=30, unique=True, validators=[display_name_validator])
    timezone = models.CharField(max_length=64, default="UTC", choices=[(z, z) for z in TIMEZONES])
    notify = models.CharField(max_length=8, choices=Notify.choices, default=Notify.EVERY_TURN)
    # The language of the pages and e-mails (a code of settings.LANGUAGES; no choices here, so
    # that adding a language needs no migration): the browser's at sign-up, then the settings'.
    language = models.CharField(max_length=16, default="en")
    # The day (in the player's own time zone) of their last daily digest: one a day at most.
    digest_sent_on = models.DateField(null=True, blank=True)

    class Meta:
        constraints = [
            # "Alice" and "alice" would confuse everyone in a lobby; names are unique ignoring case.
            models.UniqueConstraint(Lower("display_name"), name="profile_display_name_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.display_name


class Vacation(models.Model):
    """A stretch away from the site: the player's turn clocks stand still in every game.

    games/vacation.py starts and ends them; `days` is what the stretch takes from the
    year's allowance (the days planned, or the days used when it ends early).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    started_at = models.DateTimeField()
    until = models.DateTimeField(help_text="when the clocks run again, unless it ends earlier")
    ended_at = models.DateTimeField(null=True, blank=True)
    days = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["-started_at"]
        indexes = [
            models.Index(
                fields=["until"], name="vacation_open_until", condition=models.Q(ended_at__isnull=True)
            )
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(ended_at__isnull=True), name="vacation_one_at_a_time"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} away {self.started_at:%Y-%m-%d} to {self.until:%Y-%m-%d}"
