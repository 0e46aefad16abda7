"""Relations between players (follows, blocks) and moderation (reports, sanctions).

games/ knows nothing of these: social/gates.py answers games' questions through the hooks
of games/gates.py (docs/social.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from games.models import ChatMessage


class Follow(models.Model):
    """`user` follows `followed`: their new tables are marked in `user`'s lobby, and the
    waiting room of `user`'s tables offers to keep a seat for them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "followed"], name="follow_once")]

    def __str__(self) -> str:
        return f"{self.user} follows {self.followed}"


class Block(models.Model):
    """`user` blocked `blocked`. It works both ways at the table: neither sits at a table where
    the other sits, sees the other's chat lines, nor invites or rematches the other."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "blocked"], name="block_once")]

    def __str__(self) -> str:
        return f"{self.user} blocks {self.blocked}"


class Reason(models.TextChoices):
    ABUSE = "abuse", "Insults or harassment"
    SPAM = "spam", "Spam or advertising"
    STALLING = "stalling", "Stalling or abandoning games"
    CHEATING = "cheating", "Cheating (several accounts, outside help)"
    OTHER = "other", "Something else"


class Report(models.Model):
    """A player's report of another player, or of one chat line; moderators handle the
    queue in the admin (social/admin.py)."""

    class State(models.TextChoices):
        OPEN = "open", "Waiting for a moderator"
        HANDLED = "handled", "Handled"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports")
    line = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The line's words as they were reported (the line itself may go with its game).
    quoted = models.CharField(max_length=500, blank=True)
    reason = models.CharField(max_length=10, choices=Reason.choices)
    details = models.TextField(max_length=1000, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"report of {self.reported} by {self.reporter} ({self.reason})"


class Sanction(models.Model):
    """A moderator's decision about a player: a mute (no chat), a warning (a notice and an
    e-mail) or a suspension (no log-in; their running games go to bots)."""

    class Kind(models.TextChoices):
        MUTE = "mute", "Muted (may not chat)"
        WARN = "warn", "Warned"
        SUSPEND = "suspend", "Suspended (may not log in)"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    note = models.TextField(blank=True, help_text="why, in words the player is shown")
    report = models.ForeignKey(
        Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="sanctions"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    until = models.DateTimeField(null=True, blank=True, help_text="empty: until lifted")
    lifted = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind}"

    @staticmethod
    def in_force(kind: str) -> models.QuerySet[Sanction]:
        return Sanction.objects.filter(
            Q(until__isnull=True) | Q(until__gt=timezone.now()), kind=kind, lifted=False
        )
