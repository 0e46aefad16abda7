"""`manage.py recompute_ratings` gives the live updates' numbers, to the last bit."""

from __future__ import annotations

from django.core.management import call_command

from games import services
from games.engines.rng import Rng
from games.models import PlayerStats
from ratings.models import (
    BotRecord,
    CategoryTotal,
    Meeting,
    Rating,
    RatingChange,
    Result,
    SeatWins,
    SoloRecord,
)
from tests.conftest import make_user
from tests.ratings.factory import played


def snapshot() -> dict:
    """Everything derived, keyed by what it is about (row ids change in a rebuild)."""
    who = {r.pk: (r.engine, r.user_id, r.bot) for r in Rating.objects.all()}
    return {
        "ratings": {
            (r.engine, r.user_id, r.bot): (r.mu, r.sigma, r.display, r.games) for r in Rating.objects.all()
        },
        "history": [
            (who[c.rating_id], c.game_id, c.mu_before, c.sigma_before, c.mu, c.sigma)
            for c in RatingChange.objects.order_by("id")
        ],
        "solo": set(
            SoloRecord.objects.values_list(
                "user_id", "engine", "mode", "played", "wins", "scored", "total", "best"
            )
        ),
        "categories": set(
            CategoryTotal.objects.values_list("engine", "players", "category", "seats", "points")
        ),
        "seats": set(SeatWins.objects.values_list("engine", "players", "seat", "games", "wins")),
        "bots": set(
            BotRecord.objects.values_list("engine", "bot", "games", "wins", "ahead", "behind", "level")
        ),
        "stats": set(PlayerStats.objects.values_list("user_id", "engine", "played", "won")),
        "meetings": set(
            Meeting.objects.values_list(
                "user_id", "engine", "opponent_id", "bot", "met", "won", "lost", "tied"
            )
        ),
        "results": sorted(
            (
                r.game_id,
                r.seat,
                r.user_id,
                r.bot,
                r.players,
                r.public,
                r.rated,
                r.place,
                r.lost,
                r.why,
                r.score,
                str(r.breakdown),
            )
            for r in Result.objects.all()
        ),
    }


def test_the_recompute_equals_the_live_updates_over_a_few_hundred_games(db):
    people = [make_user(f"player{i}") for i in range(8)]
    rng = Rng(2026)
    late = []
    for seed in range(300):
        n = 2 + rng.below(3)
        sitters: list = rng.shuffled(people)[:n]
        if rng.below(3) == 0:
            sitters[n - 1] = rng.choice(["random", "heuristic"])  # a bot in the last seat
            if rng.below(3) == 0:
                sitters[1] = sitters[n - 1]  # sometimes the same level twice
        lost = rng.below(10)
        if lost < 2:
            sitters[0] = (("resigned", "out of time")[lost], sitters[0])
        # Some games are finalized late, as parallel workers may: the live order is not the end order.
        game = played(
            "highcard", sitters, seed, rated=rng.below(6) > 0, public=rng.below(5) > 0, finalize=False
        )
        if rng.below(8) == 0:
            late.append(game)
        else:
            services.finalize(game.pk)
        if len(late) > 3:
            services.finalize(late.pop(0).pk)
    for game in late:
        services.finalize(game.pk)
    for seed in range(20):
        played("stonespine", [people[seed % 3]], seed, options={"jael": ["basic", "legendary"][seed % 2]})
    live = snapshot()
    assert len(live["history"]) > 500 and len(live["ratings"]) == 10 and live["solo"] and live["meetings"]

    call_command("recompute_ratings")
    assert snapshot() == live
    call_command("recompute_ratings")  # and again: the order it rated in is kept
    assert snapshot() == live


def test_the_recompute_rates_games_finished_before_ratings_existed_in_the_order_they_ended(alice, bob):
    first = played("highcard", [alice, bob], 1)
    second = played("highcard", [alice, bob], 2)
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    call_command("recompute_ratings", engine="highcard")
    assert [c.game_id for c in RatingChange.objects.order_by("id")] == [first.pk] * 2 + [second.pk] * 2


def test_the_migration_counts_the_meetings_of_the_games_before(alice, bob, charlie):
    from importlib import import_module

    from django.apps import apps

    played("highcard", [alice, bob, "random"], 1)
    played("highcard", [("resigned", bob), charlie, "random", "random"], 2)
    played("highcard", [alice, charlie], 3, public=False)  # private: not a meeting
    live = snapshot()["meetings"]
    assert len(live) == 7  # alice, bob and charlie against each other and the random bot
    Meeting.objects.all().delete()
    import_module("ratings.migrations.0004_meetings").count_meetings(apps, None)
    assert snapshot()["meetings"] == live
