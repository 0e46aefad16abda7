"""Each benchmark's tiny smoke run: it finishes on a handful of rows (its figures come from
the full runs, bench/README.md). They run on the test database, whichever it is."""

from __future__ import annotations

import random

from bench import clocks, conformance_coverage, ladder, ratings


def test_the_sweep_bench_runs(db):
    clocks.fill(20, players=6)
    times, queries = clocks.time_sweeps(10, 2)
    assert len(times) == len(queries) == 2 and queries[0] == queries[1]


def test_the_ratings_bench_runs(db):
    rng = random.Random(1)
    ratings.fill(12, 60, rng)
    ratings.rate(analyze=False)
    ratings.measure(3, rng)


def test_the_ladder_bench_runs():
    result = ladder.ladder("architectura", games=1, hard_games=1, iterations=3)
    assert set(result["levels"]) == {"random", "heuristic", "hard"}
    assert all(level["games"] == 2 for level in result["levels"].values())
    assert sum(sum(pair["wins"]) for pair in result["pairs"]) == 3  # a first place per game, shared or not


def test_the_tournaments_bench_runs(db):
    from bench import tournaments

    t = tournaments.fill(12, 2)
    assert len(tournaments.time_pairing(t, 1)) == 1
    assert tournaments.time_seating(t) > 0
    assert len(tournaments.time_page(t, 2)) == len(tournaments.time_page(t, 1, "live")) + 1


def test_the_conformance_coverage_bench_runs():
    reached, cpu = conformance_coverage.run_block("lords", {"players": 3}, 49, size=2)
    assert sorted(reached) == [49, 50] and all(reached.values()) and cpu > 0
    pins = conformance_coverage.pinned(reached, 49)  # the seeds past 49 that reach more
    assert pins and set(pins) <= {49, 50}
