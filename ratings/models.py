"""Ratings and the statistics kept beside them, all derived from finished games.

Everything here can be rebuilt from the game records (`manage.py recompute_ratings`);
`ratings.record` keeps it up to date as each game is finalized.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game
from games.results import SeatResult

# openskill's defaults (Plackett-Luce): a newcomer is 25 +- 25/3, shown as mu - 3 sigma = 0.
MU = 25.0
SIGMA = 25.0 / 3
# Below this many rated games a rating is provisional: shown as such, and not on the leaderboard.
PROVISIONAL_GAMES = 10


def conservative(mu: float, sigma: float) -> float:
    """The displayed rating: a skill the player almost surely has (99.7%)."""
    return mu - 3 * sigma


class Rating(models.Model):
    """A person's rating in one game, or a bot level's (bots are rated like players)."""

    engine = models.SlugField(max_length=32)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    bot = models.CharField(max_length=20, blank=True, help_text="the bot level, for a bot's rating")
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    # mu - 3 sigma, stored so that the leaderboard reads it in order from an index.
    display = models.FloatField(default=conservative(MU, SIGMA))
    games = models.PositiveIntegerField(default=0, help_text="rated games played")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["engine", "user"], condition=models.Q(user__isnull=False), name="rating_one_per_user"
            ),
            models.UniqueConstraint(
                fields=["engine", "bot"], condition=models.Q(user__isnull=True), name="rating_one_per_bot"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False, bot="")
                | (models.Q(user__isnull=True) & ~models.Q(bot="")),
                name="rating_user_or_bot",
            ),
        ]
        # The leaderboard: its order and its members in one index, so a page's ids are read from
        # the index alone, even deep in the list (no sort of every rating, no row visited).
        indexes = [
            models.Index(
                fields=["engine", "-display", "id"],
                condition=models.Q(games__gte=PROVISIONAL_GAMES),
                name="rating_leaderboard_order",
            )
        ]

    def __str__(self) -> str:
        who = f"bot {self.bot}" if self.user_id is None else f"user {self.user_id}"
        return f"{who} in {self.engine}: {self.display:.1f}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """What one rated game did to one rating: its history, and the order games were rated in."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["rating", "game"], name="rating_change_once")]

    def __str__(self) -> str:
        return f"{self.rating} after game {self.game_id}"

    @property
    def display(self) -> float:
        return conservative(self.mu, self.sigma)

    @property
    def delta(self) -> float:
        return self.display - conservative(self.mu_before, self.sigma_before)


class Result(models.Model):
    """One seat's result in a finished game as the statistics read it, written when the game
    is finalized (people's and bots' seats; automata are part of the game). The game's facts
    are copied beside it, so that a player's page reads one short row per game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="results"
    )
    bot = models.CharField(max_length=20, blank=True)
    engine = models.SlugField(max_length=32)
    players = models.PositiveSmallIntegerField()
    public = models.BooleanField()
    rated = models.BooleanField()
    finished_at = models.DateTimeField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(
        help_text="1 won (ties share); seats that count as lost come last"
    )
    lost = models.BooleanField(help_text="counts as a loss whatever the score (resigned, out of time)")
    why = models.CharField(max_length=20, blank=True, help_text="why it counts as lost (games/results.py)")
    score = models.IntegerField(null=True, blank=True)
    breakdown = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="result_once_per_seat")]
        indexes = [models.Index(fields=["user", "engine", "-finished_at"], name="result_player_history")]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat}: place {self.place}"

    @property
    def result(self) -> SeatResult:
        return SeatResult(self.place, self.why)

    @property
    def won(self) -> bool:
        return self.result.won


# The Results that won (SeatResult.won: first, and not lost), for counts the database makes.
WON = models.Q(place=1, why="")


class SoloRecord(models.Model):
    """A player's solo games in one mode (e.g. against basic or legendary Jael)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solo_records")
    engine = models.SlugField(max_length=32)
    mode = models.CharField(max_length=40, blank=True)
    played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    # Scores of the games played to the end (a resigned game was finished by a bot).
    scored = models.PositiveIntegerField(default=0)
    total = models.BigIntegerField(default=0)
    best = models.IntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "engine", "mode"], name="solo_record_unique")]

    def __str__(self) -> str:
        return f"{self.user} solo {self.engine} {self.mode}: {self.wins}/{self.played}"

    @property
    def average(self) -> float | None:
        return self.total / self.scored if self.scored else None


class CategoryTotal(models.Model):
    """Points per scoring category, summed over the seats people played to the end."""

    engine = models.SlugField(max_length=32)
    players = models.PositiveSmallIntegerField()
    category = models.CharField(max_length=60)
    seats = models.PositiveIntegerField(default=0)
    points = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["engine", "players", "category"], name="category_total_unique")
        ]

    def __str__(self) -> str:
        return f"{self.engine} ({self.players}p) {self.category}: {self.points}/{self.seats}"


class SeatWins(models.Model):
    """How often each seat (in turn order) wins, per number of players: the first-player advantage."""

    engine = models.SlugField(max_length=32)
    players = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["engine", "players", "seat"], name="seat_wins_unique")]

    def __str__(self) -> str:
        return f"{self.engine} ({self.players}p) seat {self.seat}: {self.wins}/{self.games}"


class BotRecord(models.Model):
    """A bot level's results at tables with people: games won, and people finished ahead of."""

    engine = models.SlugField(max_length=32)
    bot = models.CharField(max_length=20)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    # One count per (bot seat, person) pair at a table.
    ahead = models.PositiveIntegerField(default=0)
    behind = models.PositiveIntegerField(default=0)
    level = models.PositiveIntegerField(default=0, help_text="pairs tied")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["engine", "bot"], name="bot_record_unique")]

    def __str__(self) -> str:
        return f"bot {self.bot} in {self.engine}: {self.wins}/{self.games}"


class Meeting(models.Model):
    """How a player fared against one opponent, a person or a bot level, at the public
    multiplayer tables of one game: ahead, behind or level by final place, one count per
    meeting (two bots of one level at a table are two meetings). The player page's most
    frequent opponents read these rows, however many games the player has."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="meetings")
    engine = models.SlugField(max_length=32)
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bot = models.CharField(max_length=20, blank=True, help_text="the bot level, when the opponent is a bot")
    met = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0, help_text="meetings the player finished ahead")
    lost = models.PositiveIntegerField(default=0, help_text="meetings the player finished behind")
    tied = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "engine", "opponent"],
                condition=models.Q(opponent__isnull=False),
                name="meeting_one_per_person",
            ),
            models.UniqueConstraint(
                fields=["user", "engine", "bot"],
                condition=models.Q(opponent__isnull=True),
                name="meeting_one_per_bot",
            ),
        ]
        indexes = [models.Index(fields=["user", "engine", "-met"], name="meeting_most_met")]

    def __str__(self) -> str:
        who = f"bot {self.bot}" if self.opponent_id is None else f"user {self.opponent_id}"
        return f"{self.user} against {who} in {self.engine}: {self.won}/{self.met}"
