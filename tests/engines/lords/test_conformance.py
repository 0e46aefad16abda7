"""Lords of Spell and Stone passes the shared conformance playout over 200 seeds for every
player count it supports (2-4). The seeds run in blocks of 50 so pytest-xdist can spread them."""

from __future__ import annotations

import pytest

from games.engines.lords import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50


def test_there_are_no_options():
    assert option_sets(ENGINE) == [{}]


def test_a_few_games_conform_in_the_quick_suite():
    for players in (2, 3, 4):
        playout(ENGINE, 1000 + players, players, {}, check_views_every=5)


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 200, BLOCK))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_conforms_over_200_seeds(players, first):
    for seed in range(first, first + BLOCK):
        # Every view is searched for secrets, and the contract checked, at every step in the
        # first game of each block; then the views at every 25th step, the contract at every 5th.
        views, steps = (1, 1) if seed == first else (25, 5)
        playout(ENGINE, seed, players, {}, check_views_every=views, check_steps_every=steps)
