"""Stonespine passes the shared conformance playout over 200 seeds per player count."""

from __future__ import annotations

import pytest

from games.engines.autoplay import play
from games.engines.stonespine import ENGINE
from tests.engines.conformance import playout


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_conforms_over_200_seeds(players):
    for seed in range(200):
        # Every view is searched for secrets at every step for the first seeds, then every 10th.
        playout(ENGINE, seed, players, {}, check_views_every=1 if seed < 20 else 10)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bots_finish_games(players):
    for seed in range(5):
        result = play(ENGINE, seed, players, {}, ["heuristic", "random"])
        assert sorted(result["ranks"]) == list(range(1, players + 1))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_face_up_base_rule_conforms_too(players):
    for seed in range(50):
        playout(ENGINE, 1000 + seed, players, {"face_down": False}, check_views_every=5)
