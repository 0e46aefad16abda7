"""A player's own data to take away: every finished game they sat at (JSON records, the
same fields as a game's record.json, plus their rating before and after) and their
statistics (CSV, one number a row)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Prefetch

from games import results
from games.models import Game, Move, PlayerStats, Seat, Status
from ratings import stats
from ratings.models import Rating, RatingChange, SoloRecord, conservative

CHUNK = 100  # games loaded at a time, with their seats and moves


def games_json(user: Any) -> str:
    """Finished games only: the moves of a game in play would reveal secret choices."""
    changes = {
        c.game_id: c
        for c in RatingChange.objects.filter(rating__user=user).only(
            "game_id", "mu", "sigma", "mu_before", "sigma_before"
        )
    }
    ids = list(
        Game.objects.filter(seats__user=user, status=Status.FINISHED)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    records = []
    for start in range(0, len(ids), CHUNK):
        games = (
            Game.objects.filter(pk__in=ids[start : start + CHUNK])
            .defer("state")
            .order_by("finished_at", "pk")
        )
        games = games.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user__profile")),
            Prefetch("moves", queryset=Move.objects.order_by("number")),
        )
        records += [_record(game, user, changes.get(game.pk)) for game in games]
    return json.dumps(records, cls=DjangoJSONEncoder, indent=1)


def _record(game: Game, user: Any, change: RatingChange | None) -> dict[str, Any]:
    return {
        "id": game.pk,
        "engine": game.engine,
        "options": game.options,
        "players": game.players,
        "public": game.public,
        "rated": game.rated,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "seed": game.seed,
        "version": game.version,
        "seats": [{**results.seat_record(s), "you": s.user_id == user.pk} for s in game.seats.all()],
        "rating": None
        if change is None
        else {
            "before": conservative(change.mu_before, change.sigma_before),
            "after": conservative(change.mu, change.sigma),
            "mu": change.mu,
            "sigma": change.sigma,
        },
        "moves": [{"number": m.number, "seat": m.seat, "action": m.action} for m in game.moves.all()],
    }


def statistics_csv(user: Any) -> str:
    """Rows of game, section, statistic, value: every game the player has numbers in."""
    out = io.StringIO()
    rows = csv.writer(out)
    rows.writerow(["game", "section", "statistic", "value"])
    ratings = {r.engine: r for r in Rating.objects.filter(user=user)}
    slugs = sorted({s.engine for s in PlayerStats.objects.filter(user=user)} | set(ratings))
    for slug in slugs:
        record = stats.player_record(user, slug, {})
        if record.played:
            _facts(
                rows,
                slug,
                "multiplayer",
                [
                    ("played", record.played),
                    ("won", record.won),
                    ("win rate", _round(record.win_rate)),
                    ("average score", _round(record.average)),
                    ("best score", record.best),
                ],
            )
            for category, mine, everyone in record.categories:
                _facts(rows, slug, "average points", [(category, _round(mine))])
                _facts(rows, slug, "game's average points", [(category, _round(everyone))])
        if slug in ratings:
            r = ratings[slug]
            _facts(
                rows,
                slug,
                "rating",
                [
                    ("rating", _round(r.display)),
                    ("mu", r.mu),
                    ("sigma", r.sigma),
                    ("rated games", r.games),
                    ("provisional", str(r.provisional).lower()),
                ],
            )
    for solo in SoloRecord.objects.filter(user=user).order_by("engine", "mode"):
        _facts(
            rows,
            solo.engine,
            f"solo {solo.mode}".strip(),
            [
                ("played", solo.played),
                ("wins", solo.wins),
                ("best score", solo.best),
                ("average score", _round(solo.average)),
            ],
        )
    return out.getvalue()


def _facts(rows: Any, slug: str, section: str, facts: list[tuple[str, Any]]) -> None:
    for name, value in facts:
        rows.writerow([slug, section, name, "" if value is None else value])


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
