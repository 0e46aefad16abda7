"""Tournaments: a series of rounds of one game, each round's tables arranged by the site.

A tournament takes sign-ups until it starts, then pairs its rounds (tournaments/pairing.py)
and seats each table through games.services; when a table's game is finished its places
become points (tournaments/services.py). docs/tournaments.md gives the rules.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import Game, OnTimeout


class Format(models.TextChoices):
    SWISS = "swiss", _("Swiss (each round pairs players of similar standing)")
    ROUND_ROBIN = "round_robin", _("Round-robin (everyone plays everyone once)")


class Stage(models.TextChoices):
    SIGNUP = "signup", _("Taking sign-ups")
    RUNNING = "running", _("In play")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled (too few players)")


def new_seed() -> int:
    return secrets.randbits(62)


class Tournament(models.Model):
    name = models.CharField(max_length=80)
    engine = models.SlugField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(help_text="players at each table")
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.SWISS)
    rounds = models.PositiveSmallIntegerField(help_text="a round-robin's is set when it starts")
    # The tables' clock and timeout rule (games/clocks.py, games.models.OnTimeout).
    pace = models.CharField(max_length=16, default="3d")
    on_timeout = models.CharField(max_length=8, choices=OnTimeout.choices, default=OnTimeout.BOT)
    rated = models.BooleanField(default=True, help_text="its tables count for the ratings")
    signup_opens = models.DateTimeField()
    starts_at = models.DateTimeField(help_text="sign-up closes and the first round begins")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.SIGNUP, db_index=True)
    round = models.PositiveSmallIntegerField(default=0, help_text="the round in play (0 before the start)")
    # The draw (the order of the first round, seats at each table) comes from it; never shown.
    seed = models.BigIntegerField(default=new_seed)
    # The round's tables still to seat, [{"number", "seats": [entry id or None (a bot)]}]:
    # planned in one transaction, seated a chunk per task (tournaments/services.py).
    plan = models.JSONField(default=list, blank=True)
    winner = models.ForeignKey("Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    finished_at = models.DateTimeField(null=True, blank=True)
    # Claimed before the winner's announcement is mailed, so a task run twice sends it once.
    announced = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["stage", "starts_at"], name="tournament_stage_start")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.pk])


class Entry(models.Model):
    """A player's place in a tournament, with their points so far.

    Points are stored doubled (`points2`) so shared places stay whole numbers."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # A deleted account leaves its entry, name and points behind: the others' tie-breaks
    # count them; the entry is treated as withdrawn.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_entries",
    )
    name = models.CharField(max_length=30, help_text="the player's name when they signed up")
    joined_at = models.DateTimeField(auto_now_add=True)
    draw = models.PositiveIntegerField(null=True, blank=True, help_text="place in the draw at the start")
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    points2 = models.PositiveIntegerField(default=0)
    opponents2 = models.PositiveIntegerField(default=0, help_text="opponents' points, doubled")
    wins = models.PositiveSmallIntegerField(default=0)
    played = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=models.Q(user__isnull=False), name="entry_once"
            )
        ]
        indexes = [
            models.Index(
                fields=["tournament", "-points2", "-opponents2", "-wins", "draw"], name="entry_standing"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament_id}"

    @property
    def points(self) -> float:
        return self.points2 / 2

    @property
    def opponents(self) -> float:
        return self.opponents2 / 2

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None or self.user_id is None


# The standings' order, tie-breaks included (docs/tournaments.md; the page says it in words).
STANDING = ["-points2", "-opponents2", "-wins", "draw", "pk"]


class Table(models.Model):
    """One table of a round: a game the site seated."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    # games/ knows nothing of tournaments: no name back from the game.
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="+")
    done = models.BooleanField(default=False, help_text="its places are counted")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "number"], name="table_once")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} table {self.number}"


class TableSeat(models.Model):
    """An entry's seat at a table, and what it earned there once the game is over."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="table_seats")
    seat = models.PositiveSmallIntegerField(help_text="the game's seat index")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points2 = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [models.UniqueConstraint(fields=["table", "entry"], name="table_seat_once")]

    def __str__(self) -> str:
        return f"{self.entry} at {self.table}"
