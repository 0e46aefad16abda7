"""The pairing rules, on their own (tournaments/pairing.py), and the points of a table."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.pairing import (
    met_key,
    round_robin,
    round_robin_rounds,
    round_robin_schedule,
    swiss,
    table_sizes,
)
from tournaments.services import table_points2


@pytest.mark.parametrize(
    ("players", "size", "sizes"),
    [(9, 3, [3, 3, 3]), (8, 3, [3, 3, 2]), (11, 5, [4, 4, 3]), (2, 4, [2]), (1000, 3, [3] * 332 + [2, 2])],
)
def test_tables_are_as_few_and_as_even_as_can_be(players, size, sizes):
    assert table_sizes(players, size) == sizes


def test_the_first_swiss_round_seats_players_in_standing_order():
    assert swiss(list("abcdefghi"), 3) == [list("abc"), list("def"), list("ghi")]


def test_a_swiss_round_avoids_players_who_have_met():
    met = {met_key(a, b): 1 for group in ("abc", "def", "ghi") for a, b in combinations(group, 2)}
    tables = swiss(list("abcdefghi"), 3, met)
    assert sorted(map(len, tables)) == [3, 3, 3]
    assert not [p for t in tables for p in combinations(t, 2) if met_key(*p) in met]
    assert tables[0][0] == "a", "the leader heads the top table"


def test_a_swiss_round_repeats_only_when_everyone_within_reach_has_met():
    met = {met_key("a", "b"): 1}
    assert swiss(["a", "b"], 2, met) == [["a", "b"]]


def test_a_round_robin_meets_everyone_once_even_with_a_player_out_each_round():
    for n in (2, 4, 5, 8):
        rounds = [round_robin(list(range(n)), r) for r in range(round_robin_rounds(n))]
        pairs = [frozenset(p) for pairing in rounds for p in pairing]
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, combinations(range(n), 2)))
        for pairing in rounds:
            seated = [p for pair in pairing for p in pair]
            assert len(seated) == len(set(seated)) >= n - 1


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ({0: 1, 1: 2, 2: 3}, [(1, 4), (2, 2), (3, 0)]),  # 2, 1 and 0 points
        ({0: 1, 1: 1, 2: 3}, [(1, 3), (1, 3), (3, 0)]),  # two tied first share 2 + 1
        ({0: 1, 1: 2}, [(1, 2), (2, 0)]),  # a win is a point
        ({0: 1, 1: 1}, [(1, 1), (1, 1)]),  # a draw is half each
    ],
)
def test_a_tables_places_become_points_shared_on_ties(places, expected):
    assert [table_points2(places, seat) for seat in sorted(places)] == expected


@pytest.mark.parametrize(("players", "size"), [(3, 3), (5, 3), (9, 3), (12, 4), (10, 5), (30, 5)])
def test_a_round_robin_at_larger_tables_ends_once_every_pair_has_met(players, size):
    rounds = round_robin_schedule(list(range(players)), size)
    met = {frozenset(p) for tables in rounds for table in tables for p in combinations(table, 2)}
    assert len(met) == players * (players - 1) // 2
    last = rounds[-1]
    before = {frozenset(p) for tables in rounds[:-1] for table in tables for p in combinations(table, 2)}
    assert {frozenset(p) for table in last for p in combinations(table, 2)} - before, "no round is idle"
    for tables in rounds:
        assert sorted(p for table in tables for p in table) == list(range(players))
        assert max(map(len, tables)) <= size
