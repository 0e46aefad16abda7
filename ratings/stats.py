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

from django.db.models import Max, Sum

from accounts.models import Profile
from games import levels
from games.results import SeatResult
from ratings.models import (
    PROVISIONAL_GAMES,
    BotRecord,
    CategoryTotal,
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
    """Points per category per seat people played to the end, in multiplayer (or solo) games."""
    rows = CategoryTotal.objects.filter(engine=slug)
    rows = rows.filter(players=1) if solo else rows.filter(players__gte=2)
    sums = rows.values("category").annotate(seats=Sum("seats"), points=Sum("points"))
    return {r["category"]: r["points"] / r["seats"] for r in sums if r["seats"]}


def player_record(user: Any, slug: str, changes: dict[int, float]) -> PlayerRecord:
    """A player's multiplayer games of one engine (solo games have their own record)."""
    mine = list(
        Result.objects.filter(user=user, engine=slug, players__gte=2)
        .order_by("-finished_at", "-game_id")
        .values_list(*MINE, named=True)
    )
    record = PlayerRecord(played=len(mine), won=sum(SeatResult(r.place, r.why).won for r in mine))
    scored = [r for r in mine if not r.lost and r.score is not None]
    if scored:
        record.average = sum(r.score for r in scored) / len(scored)
        record.best = max(r.score for r in scored)
    record.categories = _categories(scored, game_averages(slug))
    others = _others(user, slug)
    record.opponents = _head_to_head(mine, others)
    recent = [r for r in mine if r.public][:RECENT]
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
            others=[names.get(o.user_id) or f"Bot ({levels.name(o.bot)})" for o in others[r.game_id]],
            score=r.score,
            result=SeatResult(r.place, r.why),
            change=changes.get(r.game_id),
        )
        for r in recent
    ]
    return record


# The fields read of the player's own results, and of the others' at the same public tables.
MINE = ("game_id", "place", "lost", "why", "score", "breakdown", "public", "rated", "finished_at")
THEIRS = ("game_id", "user_id", "bot", "place")


def _others(user: Any, slug: str) -> dict[int, list[Any]]:
    """The other people's and bots' results at the player's public multiplayer tables."""
    tables = Result.objects.filter(user=user, engine=slug, players__gte=2, public=True).values("game_id")
    rows = (
        Result.objects.filter(game_id__in=tables)
        .exclude(user=user)
        .order_by("game_id", "seat")
        .values_list(*THEIRS, named=True)
    )
    found: dict[int, list[Any]] = defaultdict(list)
    for row in rows:
        found[row.game_id].append(row)
    return found


def _categories(scored: list[Any], averages: dict[str, float]) -> list[tuple[str, float, float | None]]:
    totals: dict[str, int] = {}
    for r in scored:
        for category, points in (r.breakdown or {}).items():
            totals[category] = totals.get(category, 0) + int(points)
    return [(c, total / len(scored), averages.get(c)) for c, total in totals.items()]


def _head_to_head(mine: list[Any], others: dict[int, list[Any]]) -> list[Opponent]:
    """The most frequent opponents: each meeting is won, lost or tied by place."""
    table: dict[tuple[Any, str], Opponent] = {}
    for r in mine:
        for o in others.get(r.game_id, []):
            met = table.setdefault(
                (o.user_id, o.bot), Opponent(name=f"Bot ({levels.name(o.bot)})", user_id=o.user_id)
            )
            met.met += 1
            met.won += r.place < o.place
            met.lost += r.place > o.place
            met.tied += r.place == o.place
    ranked = sorted(table.items(), key=lambda item: (-item[1].met, item[0][0] or 0, item[0][1]))
    return [o for _, o in ranked[:OPPONENTS]]


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
