"""Who a game rates and in what places; the plot's arithmetic."""

from __future__ import annotations

from games.models import Game, Seat, SeatKind
from ratings.ledger import places, placings, rate, winners
from ratings.models import MU, SIGMA
from ratings.plot import nice_step, rating_plot


def seat(index, rank, kind=SeatKind.HUMAN, user_id=None, bot="", resigned=False):
    return Seat(index=index, rank=rank, kind=kind, user_id=user_id, bot=bot, resigned=resigned)


def test_places_put_lost_seats_last_and_leave_automata_out():
    game = Game(players=3, rated=True)
    seats = [
        seat(0, 1, user_id=1, resigned=True),
        seat(1, 3, user_id=2),
        seat(2, 2, kind=SeatKind.BOT, bot="heuristic"),
        seat(3, 4, kind=SeatKind.AUTOMATON),
    ]
    assert places(game, seats) == [((1, ""), 4), ((2, ""), 2), ((None, "heuristic"), 1)]
    assert placings(seats) == {0: 4, 1: 2, 2: 1, 3: 3}
    assert winners(seats) == {2}


def test_nobody_wins_when_an_automaton_comes_first():
    seats = [seat(0, 2, user_id=1), seat(1, 1, kind=SeatKind.AUTOMATON)]
    assert winners([seats[0]]) == {0} and 0 not in winners(seats)


def test_casual_and_solo_games_rate_nobody():
    seats = [seat(0, 1, user_id=1), seat(1, 2, user_id=2)]
    assert places(Game(players=2, rated=False), seats) == []
    assert places(Game(players=1, rated=True), [*seats[:1], seat(1, 2, kind=SeatKind.AUTOMATON)]) == []


def test_a_winner_gains_and_a_loser_loses_and_uncertainty_shrinks():
    after = rate({(1, ""): (MU, SIGMA), (2, ""): (MU, SIGMA)}, [((1, ""), 1), ((2, ""), 2)])
    assert after[(1, "")][0] > MU > after[(2, "")][0]
    assert after[(1, "")][1] < SIGMA and after[(2, "")][1] < SIGMA


def test_the_plot_spans_round_values_and_draws_every_point():
    assert [nice_step(span) for span in (7, 40, 0.3)] == [2, 10, 0.1]
    plot = rating_plot([0.0, 1.5, -0.8, 3.2])
    assert plot is not None and len(plot.points.split()) == 4
    labels = [label for _, label in plot.y_ticks]
    assert labels[0] == "-1" and labels[-1] == "4"
    assert rating_plot([0.0]) is None


def test_a_long_history_is_drawn_with_a_point_per_pixel_at_most():
    values = [float(i % 7) for i in range(1404)]  # before the first game, then 1,403 games
    plot = rating_plot(values)
    assert plot is not None
    points = plot.points.split()
    assert len(points) <= 640 and points[0].startswith("44.0,") and points[-1].startswith("628.0,")
    assert plot.last == tuple(float(v) for v in points[-1].split(","))
