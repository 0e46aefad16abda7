"""Stonespine passes the shared conformance playout over 200 seeds for every player
count (2-5) and every value of every option that applies to those counts."""

from __future__ import annotations

import pytest

from games.engines.autoplay import play
from games.engines.base import canonical
from games.engines.stonespine import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50  # seeds per test: pytest-xdist spreads the blocks over the cores


@pytest.mark.parametrize("first", range(0, 200, BLOCK))
@pytest.mark.parametrize("face_down", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_conforms_over_200_seeds(players, face_down, first):
    options = {"face_down": face_down}
    for seed in range(first, first + BLOCK):
        # Every view is searched for secrets, and the contract checked, at every step for the
        # first seeds; then the views at every 10th step, the contract at every 5th.
        first_seeds = seed < 10
        playout(
            ENGINE,
            seed,
            players,
            options,
            check_views_every=1 if first_seeds else 10,
            check_steps_every=1 if first_seeds else 5,
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_solo_option_changes_nothing_with_two_or_more_players(players):
    """`jael` (solo only, see test_solo.py) is the one other option: with 2-5 players a
    game with it set is the very same game, so the playouts above cover it."""
    assert {"jael": "legendary"} in option_sets(ENGINE)
    for seed in range(20):
        plain = ENGINE.setup(seed, players, {})
        legendary = ENGINE.setup(seed, players, {"jael": "legendary"})
        assert canonical({**plain, "options": None}) == canonical({**legendary, "options": None})
    playout(ENGINE, 7, players, {"jael": "legendary"})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bots_finish_games(players):
    for seed in range(5):
        result = play(ENGINE, seed, players, {}, ["heuristic", "random"])
        assert sorted(result["ranks"]) == list(range(1, players + 1))
