"""A player's page for one game, the leaderboards, the site statistics, and a player's
own data to download."""

from __future__ import annotations

from itertools import pairwise

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models.functions import Lower
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import Profile
from games import registry
from ratings import export, stats
from ratings.models import PROVISIONAL_GAMES, Rating, SoloRecord
from ratings.plot import rating_plot

PER_PAGE = 50


def player_game(request: HttpRequest, name: str, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    # Names are unique ignoring case, through an index on their lower case: looked up by it.
    profiles = Profile.objects.select_related("user").alias(lower=Lower("display_name"))
    profile = get_object_or_404(profiles, lower=name.lower())
    rating = Rating.objects.filter(engine=slug, user=profile.user).first()
    points = stats.history(rating)
    changes = {b.game_id: b.display - a.display for a, b in pairwise(points)}
    return render(
        request,
        "ratings/player_game.html",
        {
            "profile": profile,
            "engine": engine,
            "rating": rating,
            "place": stats.leaderboard_place(rating),
            "plot": rating_plot([p.display for p in points]),
            "record": stats.player_record(profile.user, slug, changes),
            "solo": SoloRecord.objects.filter(user=profile.user, engine=slug).order_by("mode"),
            "provisional_games": PROVISIONAL_GAMES,
        },
    )


def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    ranked = Rating.objects.filter(engine=slug, games__gte=PROVISIONAL_GAMES).order_by("-display", "pk")
    # The page's ids first (from the leaderboard's index alone), then those rows and names.
    page = Paginator(ranked.values_list("pk", flat=True), PER_PAGE).get_page(request.GET.get("page"))
    rows = Rating.objects.in_bulk(list(page))
    users = [r.user_id for r in rows.values() if r.user_id is not None]
    names: dict[int | None, str] = dict(
        Profile.objects.filter(user_id__in=users).values_list("user_id", "display_name")
    )
    table = [(page.start_index() + i, rows[pk], names.get(rows[pk].user_id)) for i, pk in enumerate(page)]
    return render(
        request,
        "ratings/leaderboard.html",
        {"engine": engine, "page": page, "table": table, "provisional_games": PROVISIONAL_GAMES},
    )


def statistics(request: HttpRequest, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    return render(request, "ratings/statistics.html", {"engine": engine, "site": stats.site_stats(slug)})


@login_required
def export_games(request: HttpRequest) -> HttpResponse:
    """Every finished game the player sat at, as one JSON array."""
    response = HttpResponse(export.games_json(request.user), content_type="application/json")
    response["Content-Disposition"] = 'attachment; filename="games.json"'
    return response


@login_required
def export_statistics(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(export.statistics_csv(request.user), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="statistics.csv"'
    return response
