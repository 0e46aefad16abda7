"""Thunderstone passes the shared conformance playout for every player count (2-5), with the
random setup (3 or 4 monster groups, alternately) and the first-game set: the first 50 seeds,
and the later seeds that reached engine branches those 50 did not.

Why not 200 seeds, as before: measured with bench/conformance_coverage.py (branch coverage of
games/engines/thunderstone, bench/README.md), the 31 pinned seeds below reach every branch that
seeds 50-199 reached and the first 50 missed, configuration by configuration (all of them
together, the first 50 seeds of each already reached every branch the 200 did)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from games.engines.thunderstone import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50


def options_for(setup: str, seed: int) -> dict[str, str]:
    return {"setup": setup} if setup != "random" else {"monsters": "34"[seed % 2]}


def test_the_option_sets_are_the_two_setups_and_the_longer_game():
    assert option_sets(ENGINE) == [{}, {"setup": "first game"}, {"monsters": "4"}]


# Seeds past the first 50 that reached branches the first 50 did not, by player count and
# setup (bench/conformance_coverage.py prints them again after a change to the engine).
PINNED: dict[tuple[int, str], list[int]] = {
    (2, "random"): [58, 79],
    (2, "first game"): [100, 163, 191],
    (3, "random"): [84, 149],
    (3, "first game"): [51, 56, 70, 150],
    (4, "random"): [59, 64, 79, 87, 91, 99, 116, 181, 183],
    (4, "first game"): [50, 159, 195],
    (5, "random"): [80, 178, 198],
    (5, "first game"): [50, 97, 117, 169, 189],
}


def conform(players: int, setup: str, seeds: Iterable[int]) -> None:
    for seed in seeds:
        # Every view is searched for secrets, and the contract checked, at every step in the
        # first game of each 50 seeds; then the views at every 25th step, the contract at every 5th.
        views, steps = (1, 1) if seed % BLOCK == 0 else (25, 5)
        playout(
            ENGINE, seed, players, options_for(setup, seed), check_views_every=views, check_steps_every=steps
        )


@pytest.mark.slow
@pytest.mark.parametrize("setup", ["random", "first game"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_conforms_over_the_first_seeds_and_the_pinned_ones(players, setup):
    conform(players, setup, [*range(BLOCK), *PINNED.get((players, setup), [])])
