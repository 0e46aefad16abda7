"""Ratings and statistics kept as each game is finalized (games.services.finalize)."""

from __future__ import annotations

import pytest

from games import services, tasks
from games.models import PlayerStats
from ratings.ledger import MODEL
from ratings.models import (
    MU,
    SIGMA,
    BotRecord,
    CategoryTotal,
    Rating,
    RatingChange,
    SeatWins,
    SoloRecord,
    conservative,
)
from tests.ratings.factory import highcard, played


def rating(user, engine="highcard"):
    return Rating.objects.get(engine=engine, user=user)


def expected(ranks):
    """openskill's own answer for newcomers finishing in these places."""
    teams = [[MODEL.create_rating([MU, SIGMA])] for _ in ranks]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=ranks)]


def test_a_game_counts_once_even_if_the_end_of_game_task_runs_twice(alice, bob):
    game = highcard([alice, bob], [3, 1], finalize=False)
    assert tasks.finish_game(game.pk) is True
    assert tasks.finish_game(game.pk) is False
    (win_mu, win_sigma), (lose_mu, lose_sigma) = expected([1, 2])
    assert (rating(alice).mu, rating(alice).sigma, rating(alice).games) == (win_mu, win_sigma, 1)
    assert (rating(bob).mu, rating(bob).sigma, rating(bob).games) == (lose_mu, lose_sigma, 1)
    assert rating(alice).display == conservative(win_mu, win_sigma)
    assert RatingChange.objects.filter(game=game).count() == 2
    assert PlayerStats.objects.get(user=alice).played == 1
    assert CategoryTotal.objects.get(players=2, category="round 1").points == 4


def test_players_tied_for_first_move_alike(alice, bob, charlie):
    highcard([alice, bob, charlie], [2, 2, 0])
    assert rating(alice).mu == rating(bob).mu > MU > rating(charlie).mu
    tied, _, last = expected([1, 1, 3])
    assert (rating(alice).mu, rating(charlie).mu) == (tied[0], last[0])
    assert PlayerStats.objects.get(user=alice).won == PlayerStats.objects.get(user=bob).won == 1


def test_a_resigned_seat_is_last_whatever_it_scored(alice, bob, charlie):
    highcard([("resigned", alice), bob, charlie], [3, 2, 0])
    assert rating(alice).mu == expected([3, 1, 2])[0][0]
    assert rating(alice).mu < MU < rating(bob).mu
    assert PlayerStats.objects.get(user=alice).won == 0
    assert PlayerStats.objects.get(user=bob).won == 1  # the best of those who played to the end
    # Its points were partly a bot's: they are not counted as a person's.
    assert CategoryTotal.objects.get(category="round 1").seats == 2


def test_two_resigned_seats_share_the_last_place(alice, bob, charlie):
    highcard([("resigned", alice), ("resigned", bob), charlie], [3, 1, 0])
    assert rating(alice).mu == rating(bob).mu < MU < rating(charlie).mu


def test_a_casual_game_moves_no_rating_but_counts_in_the_statistics(alice, bob):
    highcard([alice, bob], [3, 1], rated=False)
    assert not Rating.objects.exists()
    assert PlayerStats.objects.get(user=alice).won == 1
    assert SeatWins.objects.get(players=2, seat=0).wins == 1


def test_bots_have_ratings_of_their_own_per_level(alice):
    highcard([alice, "heuristic", "random"], [1, 3, 0])
    bots = {r.bot: r for r in Rating.objects.filter(user=None)}
    assert set(bots) == {"heuristic", "random"}
    assert bots["heuristic"].mu > rating(alice).mu > bots["random"].mu
    record = BotRecord.objects.get(bot="heuristic")
    assert (record.games, record.wins, record.ahead, record.behind) == (1, 1, 1, 0)
    assert BotRecord.objects.get(bot="random").behind == 1


def test_a_bot_level_at_two_seats_gets_one_update_the_mean_of_both(alice):
    highcard([alice, "random", "random"], [1, 3, 0])
    bot = Rating.objects.get(bot="random")
    (_, _), (mu2, s2), (mu3, s3) = expected([2, 1, 3])
    assert (bot.mu, bot.sigma, bot.games) == ((mu2 + mu3) / 2, (s2 + s3) / 2, 1)
    assert RatingChange.objects.filter(rating=bot).count() == 1


def test_a_second_game_starts_from_the_first_ones_ratings(alice, bob):
    highcard([alice, bob], [3, 1])
    first = rating(alice)
    highcard([alice, bob], [0, 2])
    change = RatingChange.objects.filter(rating=first).order_by("id").last()
    assert (change.mu_before, change.sigma_before) == (first.mu, first.sigma)
    assert rating(alice).games == 2 and rating(alice).mu == change.mu


def test_a_solo_game_keeps_a_solo_record_per_mode_and_no_rating(alice):
    games = [
        played("stonespine", [alice], seed, options={"jael": mode})
        for seed, mode in enumerate(["basic", "basic", "legendary"])
    ]
    assert not Rating.objects.exists()
    records = {r.mode: r for r in SoloRecord.objects.filter(user=alice, engine="stonespine")}
    assert set(records) == {"basic", "legendary"}
    basic = [g.seats.get(index=0) for g in games[:2]]
    assert records["basic"].played == 2
    assert records["basic"].wins == sum(s.rank == 1 for s in basic)
    assert records["basic"].best == max(s.score for s in basic)
    assert records["basic"].average == pytest.approx(sum(s.score for s in basic) / 2)


def test_a_timed_out_seat_is_rated_last_whatever_it_scored(alice, bob, charlie):
    """A seat whose clock ran out (a bot played on) loses like a resignation (docs/correspondence.md)."""
    game = highcard([alice, bob, charlie], [3, 2, 0], finalize=False)
    game.seats.filter(user=alice).update(timed_out=True)
    services.finalize(game.pk)
    assert rating(alice).mu == expected([3, 1, 2])[0][0]
    assert PlayerStats.objects.get(user=alice).won == 0
    assert PlayerStats.objects.get(user=bob).won == 1
