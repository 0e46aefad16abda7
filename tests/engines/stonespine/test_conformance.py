"""Stonespine passes the shared conformance playout over the first 50 seeds for every player
count (2-5) and every value of every option that applies to those counts.

Why 50 and not 200, as before: measured with bench/conformance_coverage.py (branch coverage of
games/engines/stonespine, bench/README.md), no configuration reached a branch past its 25th
seed in 200; 50 keeps twice that."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from games.engines.autoplay import play
from games.engines.base import canonical
from games.engines.stonespine import ENGINE
from tests.engines.conformance import option_sets, playout

BLOCK = 50
# Seeds past the first 50 that reached branches the first 50 did not, by player count and
# face_down (bench/conformance_coverage.py prints them again after a change to the engine):
# none, measured over 200 seeds.
PINNED: dict[tuple[int, bool], list[int]] = {}


def conform(players: int, face_down: bool, seeds: Iterable[int]) -> None:
    options = {"face_down": face_down}
    for seed in seeds:
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


@pytest.mark.parametrize("face_down", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_conforms_over_the_first_seeds_and_the_pinned_ones(players, face_down):
    conform(players, face_down, [*range(BLOCK), *PINNED.get((players, face_down), [])])


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
