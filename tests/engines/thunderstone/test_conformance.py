"""Thunderstone passes the shared conformance playout over 200 seeds for every player count
(2-5), with the random setup (3 or 4 monster groups, alternately) and the first-game set.

The 200 seeds run in blocks of 50 so that pytest-xdist can spread them over the cores."""

from __future__ import annotations

import pytest

from games.engines.thunderstone import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50


def options_for(setup: str, seed: int) -> dict[str, str]:
    return {"setup": setup} if setup != "random" else {"monsters": "34"[seed % 2]}


def test_the_option_sets_are_the_two_setups_and_the_longer_game():
    assert option_sets(ENGINE) == [{}, {"setup": "first game"}, {"monsters": "4"}]


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 200, BLOCK))
@pytest.mark.parametrize("setup", ["random", "first game"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_conforms_over_200_seeds(players, setup, first):
    for seed in range(first, first + BLOCK):
        # Every view is searched for secrets, and the contract checked, at every step in the
        # first game of each block; then the views at every 25th step, the contract at every 5th.
        views, steps = (1, 1) if seed == first else (25, 5)
        playout(
            ENGINE, seed, players, options_for(setup, seed), check_views_every=views, check_steps_every=steps
        )
