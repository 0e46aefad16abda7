"""Who a finished game rates, in what places, and the new ratings: pure functions, used
alike by the live update at the end of a game and by the recompute command (so both give
the very same numbers).

The model is openskill's Plackett-Luce (see docs/ratings.md for why).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from openskill.models import PlackettLuce

from games import results
from games.models import Game, Seat, SeatKind

MODEL = PlackettLuce()

# A person is (user id, ""), a bot level is (None, level).
Who = tuple[int | None, str]
Skill = tuple[float, float]  # mu, sigma


def who(seat: Seat) -> Who | None:
    """Whose rating a seat plays for; None for an automaton, which is part of the game."""
    if seat.kind == SeatKind.HUMAN and seat.user_id is not None:
        return (seat.user_id, "")
    if seat.kind == SeatKind.BOT:
        return (None, seat.bot)
    return None


def placings(seats: Iterable[Seat]) -> dict[int, int]:
    """Each seat's place (by index), as games/results.py decides it: the seats that count as
    lost come after all others, so if the leader resigned, the next best is first."""
    return {i: r.place for i, r in results.stored(seats).items()}


def winners(seats: Iterable[Seat]) -> set[int]:
    """The seats (indices) that won: first, and not lost (games/results.py)."""
    return {i for i, r in results.stored(seats).items() if r.won}


def places(game: Game, seats: Iterable[Seat]) -> list[tuple[Who, int]]:
    """(who, place) for each seat a finished game rates; empty when it rates nobody:
    a casual game, a solo game, or fewer than two different players and bots."""
    if not game.rated or game.players < 2:
        return []
    seats = list(seats)
    place = placings(seats)
    found = [(w, place[s.index]) for s in seats if (w := who(s)) is not None]
    return found if len({w for w, _ in found}) >= 2 else []


def rate(before: Mapping[Who, Skill], found: list[tuple[Who, int]]) -> dict[Who, Skill]:
    """The ratings after a game: each seat is its own team, ranked by place.

    A bot level may sit at two seats of one game: it gets one update, the mean of its
    seats' updates (each computed as if the seats were different players).
    """
    teams = [[MODEL.create_rating(list(before[w]))] for w, _ in found]
    after = MODEL.rate(teams, ranks=[float(place) for _, place in found])
    seats: dict[Who, list[Skill]] = defaultdict(list)
    for (w, _), [r] in zip(found, after, strict=True):
        seats[w].append((r.mu, r.sigma))
    return {
        w: (sum(mu for mu, _ in skills) / len(skills), sum(sigma for _, sigma in skills) / len(skills))
        for w, skills in seats.items()
    }
