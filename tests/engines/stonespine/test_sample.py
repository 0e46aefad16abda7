"""`sample` for search bots (games/engines/README.md) and what a seat knows of other hands:
I. Construction, step 2 passes every hand on, so the cards a seat passed on are in its
neighbour's hand (less the chambers built from them since, which every dungeon shows).
With two players the neighbour also draws one and discards one in secret, so only the hand
just passed is known, and only until that neighbour's discard."""

from __future__ import annotations

import pytest

from games.engines.rng import Rng
from games.engines.stonespine import ENGINE
from tests.engines.stonespine.helpers import play_turn, start


def _built(s) -> set[int]:
    return {cell["id"] for g in s["grids"] for row in g for cell in row if cell}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("year", [1, 2])
def test_sample_deals_back_the_cards_a_seat_passed_on(players, year):
    s = start(players, seed=7)
    s["year"] = year
    step = 1 if year == 1 else -1
    passed_on: list[tuple[int, list[int]]] = []  # (turn, cards seat 0 passed on after it)
    for turn in range(4):
        view = ENGINE.view(s, 0)
        for k in range(6):
            dealt = ENGINE.sample(view, 0, Rng(k))
            for t, cards in passed_on:
                holder = ((turn - t) * step) % players
                if holder == 0:
                    continue  # back in seat 0's own hand
                known = set(cards) - _built(s)
                assert known <= set(dealt["hands"][holder]), (turn, t, holder)
                assert known <= set(s["hands"][holder])  # what the sample says is true
        if turn == 3:
            break
        passed_on.append((turn, s["hands"][0][1:]))  # play_turn builds each hand's first card
        s = play_turn(s)


def test_sample_two_players_deals_back_the_hand_just_passed_on():
    s = start(2, seed=7)
    for turn in range(3):
        passed = [c for c in s["hands"][0][2:]]  # play_turn builds the first and discards the second
        s = play_turn(s)
        assert set(passed) <= set(s["hands"][1])
        view = ENGINE.view(s, 0)
        for k in range(6):
            dealt = ENGINE.sample(view, 0, Rng(k))
            assert set(passed) <= set(dealt["hands"][1]), turn
            assert len(dealt["hands"][1]) == len(s["hands"][1])
