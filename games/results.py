"""A finished seat's result: its place, whether it won, and why it lost if it was not
played to the end. The one rule every page, partial, list, export, the ratings and the
statistics read (docs/ratings.md, docs/correspondence.md).

A seat whose player resigned, or ran out of time and did not claim the seat back, counts
as lost whatever its score: it is placed after every seat played to the end, and such
seats share the last place; the others keep the engine's order among themselves (ties
share a place). So if the leader resigned, the next best won; a lost seat never wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop

from games.models import Seat

# Stored as they are (ratings' results keep them); translated where they are shown.
RESIGNED = gettext_noop("resigned")
OUT_OF_TIME = gettext_noop("out of time")


@dataclass(frozen=True)
class SeatResult:
    place: int  # 1 is first; ties share a place
    why: str  # "" for a seat played to the end, else RESIGNED or OUT_OF_TIME

    @property
    def lost(self) -> bool:
        """Counts as a loss whatever the score."""
        return bool(self.why)

    @property
    def won(self) -> bool:
        return self.place == 1 and not self.lost

    def __str__(self) -> str:
        """As a list's "place" column shows it: "1", "2", ..., "resigned", "out of time"."""
        return gettext(self.why) if self.why else str(self.place)


def why(seat: Seat) -> str:
    """Why the seat counts as lost ("" if it does not). Resigning comes first: a player who
    resigned after running out of time chose to give the game up."""
    if seat.resigned:
        return RESIGNED
    if seat.timed_out:
        return OUT_OF_TIME
    return ""


def decide(ranks: Sequence[int | None], seats: Iterable[Seat]) -> dict[int, SeatResult]:
    """Each seat's result (by index), from the engine's ranks (by index) and the seats.

    The engine's ranks or the places stored at the end (Seat.rank) both do: the lost
    seats are moved last either way, so deciding again gives the same places."""
    seats = list(seats)
    last = 1 + len(ranks) + len(seats)  # after every place a seat played to the end can have
    standing: dict[int, int] = {}
    for s in seats:
        rank = ranks[s.index] if s.index < len(ranks) else None
        standing[s.index] = last if why(s) or rank is None else rank
    return {
        s.index: SeatResult(1 + sum(other < standing[s.index] for other in standing.values()), why(s))
        for s in seats
    }


def stored(seats: Iterable[Seat]) -> dict[int, SeatResult]:
    """The results of a finalized game's seats, decided again from the places stored on them."""
    seats = list(seats)
    ranks: list[int | None] = [None] * (1 + max((s.index for s in seats), default=-1))
    for s in seats:
        ranks[s.index] = s.rank
    return decide(ranks, seats)


def of_seat(seat: Seat) -> SeatResult | None:
    """One seat's result in a finalized game, for lists that read one row per game: its
    place was decided when the game was finalized (games.services.finalize stores it).
    None while the game is not finalized."""
    return None if seat.rank is None else SeatResult(seat.rank, why(seat))


def of_outcome(outcome: dict[str, Any] | None, seats: Iterable[Seat]) -> dict[int, SeatResult]:
    """The results of a game whose engine says it is over (none while it is in play)."""
    return decide(outcome["ranks"], seats) if outcome else {}


def seat_record(seat: Seat) -> dict[str, Any]:
    """A finished game's seat as its record (JSON) and a player's download list it."""
    result = of_seat(seat)
    return {
        "index": seat.index,
        "kind": seat.kind,
        "name": seat.name(),
        "bot": seat.bot,
        "score": seat.score,
        "rank": seat.rank,  # its place, lost seats last
        "won": bool(result and result.won),
        "why": why(seat),  # "" if played to the end, else "resigned" or "out of time"
        "breakdown": seat.breakdown,
        "resigned": seat.resigned,
    }
