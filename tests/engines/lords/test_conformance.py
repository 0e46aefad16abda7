"""Lords of Spell and Stone passes the shared conformance playout for every player count it
supports (2-4): the first 50 seeds, and the later seeds that reached engine branches those 50
did not.

Why not 200 seeds, as before: measured with bench/conformance_coverage.py (branch coverage of
games/engines/lords, bench/README.md), seeds 50-199 reached 11 branches the first 50 missed,
all reached by the 4 pinned seeds below; 3 players reached nothing new past seed 50. The 200
seeds reached no branch these games do not, with a quarter of the games."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from games.engines.lords import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50
# Seeds past the first 50 that reached branches the first 50 did not, by player count
# (bench/conformance_coverage.py prints them again after a change to the engine).
PINNED = {2: [60, 115, 196], 4: [113]}


def test_there_are_no_options():
    assert option_sets(ENGINE) == [{}]


def test_a_few_games_conform_in_the_quick_suite():
    for players in (2, 3, 4):
        playout(ENGINE, 1000 + players, players, {}, check_views_every=5)


def conform(players: int, seeds: Iterable[int]) -> None:
    for seed in seeds:
        # Every view is searched for secrets, and the contract checked, at every step in the
        # first game of each 50 seeds; then the views at every 25th step, the contract at every 5th.
        views, steps = (1, 1) if seed % BLOCK == 0 else (25, 5)
        playout(ENGINE, seed, players, {}, check_views_every=views, check_steps_every=steps)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_conforms_over_the_first_seeds_and_the_pinned_ones(players):
    conform(players, [*range(BLOCK), *PINNED.get(players, [])])
