"""Game records: a table (Game), its seats, and the append-only list of moves.

The stored state always equals a replay of the seed and the moves
(`manage.py replay GAME_ID --verify`); the seed stays secret until the game ends.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import levels


class Status(models.TextChoices):
    OPEN = "open", _("Waiting for players")
    ACTIVE = "active", _("In play")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class OnTimeout(models.TextChoices):
    BOT = "bot", _("A bot takes the seat over (its player may claim it back once)")
    LOSE = "lose", _("The seat loses (it ranks last; a bot finishes its moves)")


class SeatKind(models.TextChoices):
    HUMAN = "human", _("Player")
    BOT = "bot", _("Bot")
    AUTOMATON = "automaton", _("Automaton")


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


def token_matches(given: str | None, token: str) -> bool:
    """Whether an invite token brought by a visitor is this table's, in constant time.

    Real tokens are base64url, so a token that is not ASCII is simply wrong: it is refused
    before compare_digest, which raises TypeError on text that is not ASCII.
    """
    return bool(given and token and given.isascii() and secrets.compare_digest(given, token))


class Game(models.Model):
    engine = models.SlugField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField(help_text="seats for players and bots (not automata)")
    public = models.BooleanField(default=True)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    # Secret until the game ends: with it and the moves anyone could rebuild every hidden card.
    seed = models.BigIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="number of moves applied")
    state = models.JSONField(null=True, blank=True)
    # The seats to act now, kept beside the state so lists need not load every state.
    to_act = models.JSONField(default=list, blank=True)
    finalized = models.BooleanField(default=False, help_text="scores and statistics stored")
    # The steps one seat may take back now, with the state before each (games/undo.py); {} when
    # none. Derived from the moves like the state, and checked with it by `replay --verify`.
    takeback = models.JSONField(default=dict, blank=True)
    # Chosen at creation: a rated game moves its players' ratings (see docs/ratings.md).
    rated = models.BooleanField(default=True, help_text="counts for the ratings (else casual)")
    # The turn clock (games/clocks.py has the menu) and what happens when one runs out.
    pace = models.CharField(max_length=16, default="none")
    on_timeout = models.CharField(max_length=8, choices=OnTimeout.choices, default=OnTimeout.BOT)
    # The finished game this table replays with the same players and options (games/rematch.py).
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # Claimed before the invitations go out, so a task delivered twice sends them once.
    rematch_emailed = models.BooleanField(default=False)
    # The least reliability (percent of finished games played to the end) a player needs to
    # take a seat; 0 lets anyone in. Stored here, enforced by the "join" gate (games/gates.py).
    min_reliability = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.engine})"

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    def seat_names(self) -> list[str]:
        """Names at the table for lists (automata are part of the game, not the company)."""
        return [s.name() for s in self.seats.all() if s.kind != SeatKind.AUTOMATON]

    def stored_state(self) -> dict[str, Any]:
        """The engine's dump of the current state (a started game always has one)."""
        if self.state is None:
            raise ValueError(f"game {self.pk} has not started")
        return dict(self.state)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=SeatKind.choices, default=SeatKind.HUMAN)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    bot = models.CharField(max_length=20, blank=True, help_text="bot level, for bot seats")
    resigned = models.BooleanField(default=False)
    # The game's version when its player resigned (how far the game had gone: docs/social.md).
    resigned_at = models.PositiveIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    # The seat's place once the game is finalized, as games/results.py decides it (a seat
    # that resigned or ran out of time comes after every seat played to the end).
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    breakdown = models.JSONField(null=True, blank=True)
    # The version at which this seat last became one to act, and the one we e-mailed about.
    awaiting_since = models.PositiveIntegerField(null=True, blank=True)
    notified_for = models.PositiveIntegerField(null=True, blank=True)
    # The turn clock (games/clocks.py). While the seat is to act `turn_began_at` is set,
    # and on a clocked table `deadline` (running) or `paused_left` (its player is away).
    turn_began_at = models.DateTimeField(null=True, blank=True)
    reserve = models.PositiveIntegerField(default=0, help_text="time bank, seconds")
    deadline = models.DateTimeField(null=True, blank=True)
    paused_left = models.PositiveIntegerField(null=True, blank=True, help_text="seconds, while away")
    remind_at = models.DateTimeField(null=True, blank=True)
    reminded = models.PositiveSmallIntegerField(default=0, help_text="reminders sent this turn")
    # Ran out of time: a machine plays the seat (and under the "lose" rule it ranks last).
    timed_out = models.BooleanField(default=False)
    reclaimed = models.BooleanField(default=False, help_text="claimed back after a timeout (once)")
    # Goes up each time the seat changes hands between its player and a machine (resigned,
    # ran out of time, claimed back): a machine's decision made before is dropped.
    handovers = models.PositiveIntegerField(default=0)
    # A rematch keeps an open seat for each player of the game before, until they answer.
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="invitations"
    )
    # An invitation to a new table (services.invite_player) is claimed before its e-mail goes
    # out, so a task delivered twice sends it once.
    invite_emailed = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        indexes = [
            # The sweeps read only the seats whose clock runs: small partial indexes.
            models.Index(
                fields=["deadline"], name="seat_deadline", condition=models.Q(deadline__isnull=False)
            ),
            models.Index(
                fields=["remind_at"], name="seat_remind_at", condition=models.Q(remind_at__isnull=False)
            ),
            models.Index(
                fields=["user", "turn_began_at"],
                name="seat_user_turn",
                condition=models.Q(turn_began_at__isnull=False),
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_one_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}"

    @property
    def machine(self) -> bool:
        """Seats the worker moves: bots, automata, players who resigned or ran out of time."""
        return self.kind != SeatKind.HUMAN or self.resigned or self.timed_out

    def name(self) -> str:
        if self.kind == SeatKind.AUTOMATON:
            from games import registry  # the engine names its own automaton

            return str(getattr(registry.get(self.game.engine), "automaton_name", gettext("Automaton")))
        if self.kind == SeatKind.BOT:
            # Two bots of one level stay apart by their seat's number.
            return gettext("Bot %(number)d (%(level)s)") % {
                "number": self.index + 1,
                "level": levels.name(self.bot),
            }
        if self.user is None:
            return gettext("(open seat)")
        return self.user.profile.display_name


class Move(models.Model):
    """One applied action. Append-only: a move is never changed or deleted."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField(help_text="1 for the first move; the game's version after it")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="move_unique_number")]

    def __str__(self) -> str:
        return f"{self.game} move {self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("moves are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("moves are append-only")


class PlayerStats(models.Model):
    """Per player and game: how many finished games they played and won."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stats")
    engine = models.SlugField(max_length=32)
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "engine"], name="stats_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.engine}: {self.won}/{self.played}"


class Notice(models.Model):
    """Something that happened at the table outside the rules (a seat ran out of time, a
    player claimed a seat back), shown in the log beside the game's own sentences."""

    class Kind(models.TextChoices):
        TIMEOUT = "timeout", _("ran out of time")
        RECLAIM = "reclaim", _("claimed the seat back")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    version = models.PositiveIntegerField(help_text="the game's version when it happened")
    created_at = models.DateTimeField(auto_now_add=True)
    # Claimed before the e-mails go out, so a task delivered twice sends them once.
    emailed = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            # However many sweepers run, a seat runs out of time at most once per turn.
            models.UniqueConstraint(fields=["game", "seat", "kind", "version"], name="notice_once"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat} {self.kind} at {self.version}"


class ChatMessage(models.Model):
    """A line of a game's chat: its players write, spectators of a public table read."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["game", "created_at"], name="chat_game_time")]

    def __str__(self) -> str:
        return f"{self.game} chat {self.pk}"


class Mute(models.Model):
    """`user` no longer sees `muted`'s chat lines, in any game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class PendingEffect(models.Model):
    """The outbox: a side effect of a write (socket messages, a task to queue) that is not
    done yet. Written in the write's own transaction, so a committed move always has its
    effects on record; deleted once they are done. One that failed (Redis down) stays,
    and the worker tries it again every minute (games/outbox.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    effect = models.CharField(max_length=40)
    args = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveIntegerField(default=0, help_text="failed tries so far")
    last_error = models.TextField(blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True, help_text="a drain is trying it until then")

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["game", "attempts"], name="effect_game_attempts")]

    def __str__(self) -> str:
        return f"{self.effect}{self.args} ({self.attempts} failed tries)"


class Analysis(models.Model):
    """The hard bot's look back at one player's decisions in a finished game (games/analysis.py).

    `decisions` holds one entry per decision that had a choice: the move number, the player's
    action and the bot's in words, their estimated chances of winning and whether they differ.
    Each was searched from that seat's view at that moment, never from what it could not see."""

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting for a bot worker")
        RUNNING = "running", _("Analysing")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="analyses")
    seat = models.PositiveSmallIntegerField()
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="decisions looked at so far")
    total = models.PositiveIntegerField(default=0, help_text="decisions to look at")
    decisions = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_analysis_per_seat")]

    def __str__(self) -> str:
        return f"analysis of seat {self.seat} in game {self.game_id}"

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0

    @property
    def differences(self) -> list[dict[str, Any]]:
        return [d for d in self.decisions if d["differs"]]
