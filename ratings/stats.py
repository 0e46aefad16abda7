"""What the pages show: a player's record in one game, the game's own averages, the site's
statistics. Reads only; each function is a handful of queries whatever the history's length.

Private tables stay private: a player's numbers count every game, but the opponents and
the recent games listed come from public tables only.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, F, IntegerField, Max, Q, Sum
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils.translation import gettext

from accounts.models import Profile
from games import levels
from games.results import SeatResult
from ratings.models import (
    PROVISIONAL_GAMES,
    WON,
    BotRecord,
    CategoryTotal,
    Meeting,
    Rating,
    RatingChange,
    Result,
    SeatWins,
    SoloRecord,
    conservative,
)

RECENT = 10
OPPONENTS = 10


@dataclass
class Opponent:
    name: str
    user_id: int | None = None  # None for a bot level
    met: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0


@dataclass
class Recent:
    game_id: int
    finished_at: datetime | None
    rated: bool
    others: list[str]
    score: int | None
    result: SeatResult
    change: float | None  # the displayed rating's change, for a rated game


@dataclass
class PlayerRecord:
    played: int = 0
    won: int = 0
    average: float | None = None
    best: int | None = None
    # (category, the player's average, the game's average over people's seats)
    categories: list[tuple[str, float, float | None]] = field(default_factory=list)
    opponents: list[Opponent] = field(default_factory=list)
    recent: list[Recent] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass
class Point:
    game_id: int  # 0 before the first game
    display: float


def history(rating: Rating | None) -> list[Point]:
    """The displayed rating before the first rated game, then after each one."""
    if rating is None:
        return []
    rows = list(
        RatingChange.objects.filter(rating=rating)
        .order_by("id")
        .values_list("game_id", "mu_before", "sigma_before", "mu", "sigma")
    )
    if not rows:
        return []
    points = [Point(0, conservative(rows[0][1], rows[0][2]))]
    points += [Point(game_id, conservative(mu, sigma)) for game_id, _, _, mu, sigma in rows]
    return points


def leaderboard_place(rating: Rating | None) -> int | None:
    if rating is None or rating.provisional:
        return None
    ahead = Rating.objects.filter(
        engine=rating.engine, games__gte=PROVISIONAL_GAMES, display__gt=rating.display
    )
    return ahead.count() + 1


def game_averages(slug: str, solo: bool = False) -> dict[str, float]:
    """Points per category per seat people played to the end, in multiplayer (or solo) games,
    by category name."""
    rows = CategoryTotal.objects.filter(engine=slug)
    rows = rows.filter(players=1) if solo else rows.filter(players__gte=2)
    sums = rows.values("category").annotate(seats=Sum("seats"), points=Sum("points")).order_by("category")
    return {r["category"]: r["points"] / r["seats"] for r in sums if r["seats"]}


def player_record(user: Any, slug: str, changes: dict[int, float]) -> PlayerRecord:
    """A player's multiplayer games of one engine (solo games have their own record).

    The sums are the database's (one aggregate over the player's Results), so a player with
    a thousand games costs about what a newcomer does; only the recent games are read."""
    mine = Result.objects.filter(user=user, engine=slug, players__gte=2)
    averages = game_averages(slug)
    to_end = Q(lost=False, score__isnull=False)  # played to the end: a bot finished the others
    points = {
        f"category{i}": Sum(Cast(KeyTextTransform(category, "breakdown"), IntegerField()), filter=to_end)
        for i, category in enumerate(averages)
    }
    facts = mine.aggregate(
        played=Count("pk"),
        won=Count("pk", filter=WON),
        scored=Count("pk", filter=to_end),
        total=Sum("score", filter=to_end),
        best=Max("score", filter=to_end),
        **points,
    )
    record = PlayerRecord(played=facts["played"], won=facts["won"])
    if facts["scored"]:
        record.average = facts["total"] / facts["scored"]
        record.best = facts["best"]
        record.categories = [
            (category, facts[f"category{i}"] / facts["scored"], everyone)
            for i, (category, everyone) in enumerate(averages.items())
            if facts[f"category{i}"] is not None
        ]
    record.opponents = _head_to_head(user, slug)
    recent = list(
        mine.filter(public=True).order_by("-finished_at", "-game_id").values_list(*MINE, named=True)[:RECENT]
    )
    others = _others(user, [r.game_id for r in recent])
    # One query names everyone listed on the page.
    listed: set[Any] = {o.user_id for o in record.opponents}
    listed |= {o.user_id for r in recent for o in others[r.game_id]}
    names = dict(Profile.objects.filter(user_id__in=listed - {None}).values_list("user_id", "display_name"))
    for o in record.opponents:
        if o.user_id is not None:
            o.name = names.get(o.user_id, "?")
    record.recent = [
        Recent(
            game_id=r.game_id,
            finished_at=r.finished_at,
            rated=r.rated,
            others=[
                names.get(o.user_id) or gettext("Bot (%(level)s)") % {"level": levels.name(o.bot)}
                for o in others[r.game_id]
            ],
            score=r.score,
            result=SeatResult(r.place, r.why),
            change=changes.get(r.game_id),
        )
        for r in recent
    ]
    return record


# The fields read of the player's own recent results, and of the others' at the same tables.
MINE = ("game_id", "place", "why", "score", "rated", "finished_at")
THEIRS = ("game_id", "user_id", "bot", "place")


def _others(user: Any, games: list[int]) -> dict[int, list[Any]]:
    """The other people's and bots' results in these games (the player's recent public ones)."""
    rows = (
        Result.objects.filter(game_id__in=games)
        .exclude(user=user)
        .order_by("game_id", "seat")
        .values_list(*THEIRS, named=True)
    )
    found: dict[int, list[Any]] = defaultdict(list)
    for row in rows:
        found[row.game_id].append(row)
    return found


def _head_to_head(user: Any, slug: str) -> list[Opponent]:
    """The most frequent opponents at the player's public multiplayer tables: each meeting is
    won, lost or tied by place (kept as games end: ratings.models.Meeting)."""
    rows = Meeting.objects.filter(user=user, engine=slug).order_by(
        "-met", F("opponent_id").asc(nulls_first=True), "bot"
    )[:OPPONENTS]
    return [
        Opponent(
            name=gettext("Bot (%(level)s)") % {"level": levels.name(r.bot)},
            user_id=r.opponent_id,
            met=r.met,
            won=r.won,
            lost=r.lost,
            tied=r.tied,
        )
        for r in rows
    ]


@dataclass
class SiteStats:
    finished: int
    # (category, average per seat) in multiplayer and in solo games
    categories: list[tuple[str, float]]
    solo_categories: list[tuple[str, float]]
    # (players, games, [win share of seat 1, seat 2, ...])
    seats: list[tuple[int, int, list[float]]]
    bots: list[BotRecord]
    solo: list[dict[str, Any]]


def site_stats(slug: str) -> SiteStats:
    by_players: dict[int, list[SeatWins]] = defaultdict(list)
    for seat in SeatWins.objects.filter(engine=slug).order_by("players", "seat"):
        by_players[seat.players].append(seat)
    seats = [
        (n, rows[0].games, [r.wins / r.games if r.games else 0.0 for r in rows])
        for n, rows in sorted(by_players.items())
    ]
    solo: list[dict[str, Any]] = [
        dict(row)
        for row in SoloRecord.objects.filter(engine=slug)
        .values("mode")
        .annotate(
            played=Sum("played"), wins=Sum("wins"), scored=Sum("scored"), total=Sum("total"), best=Max("best")
        )
        .order_by("mode")
    ]
    for row in solo:
        row["average"] = row["total"] / row["scored"] if row["scored"] else None
    return SiteStats(
        finished=sum(games for _, games, _ in seats) + sum(row["played"] for row in solo),
        categories=list(game_averages(slug).items()),
        solo_categories=list(game_averages(slug, solo=True).items()),
        seats=seats,
        bots=list(BotRecord.objects.filter(engine=slug).order_by("bot")),
        solo=solo,
    )
