"""Helpers for tournaments run to the end on Highcard, the tests' engine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from games import services as tables
from games.models import Game, SeatKind, Status
from tests.conftest import make_user
from tournaments import services
from tournaments.models import Table, Tournament

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock(time_machine: Any) -> Any:
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """committed(fn, *args): runs a write and then its side effects, as after a real commit
    (tasks run eagerly: bots, the Dealer, scoring, the next round)."""

    def run(fn: Any, *args: Any, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return run


def players(n: int) -> list[Any]:
    return [make_user(f"player{i}") for i in range(1, n + 1)]


def new_tournament(creator: Any, size: int, **kwargs: Any) -> Tournament:
    kwargs.setdefault("starts_at", START + timedelta(hours=1))
    return services.create_tournament(creator, "Spring cup", "highcard", size, {}, **kwargs)


def games_in_play(t: Tournament, number: int) -> list[Game]:
    ids = Table.objects.filter(tournament=t, round=number, done=False).values_list("game_id", flat=True)
    return list(Game.objects.filter(pk__in=ids, status=Status.ACTIVE))


def play_round(committed: Any, t: Tournament, *, idle: Any = None) -> None:
    """In the round in play now, every player but `idle` makes their picks until no one
    but `idle` can move (the next round, if it begins, is left alone)."""
    t.refresh_from_db()
    number = t.round
    while True:
        moved = False
        for game in games_in_play(t, number):
            for seat in game.seats.filter(kind=SeatKind.HUMAN, resigned=False, timed_out=False):
                game.refresh_from_db()
                if seat.user_id == getattr(idle, "pk", None) or seat.index not in game.to_act:
                    continue
                card = game.stored_state()["hands"][seat.index][0]
                committed(
                    tables.submit_action,
                    seat.user,
                    game.pk,
                    seat.index,
                    {"type": "play", "card": card},
                    game.version,
                )
                moved = True
        if not moved:
            return


def round_tables(t: Tournament, number: int) -> list[list[int | None]]:
    """The round's tables as the entries' user ids at each, bots as None."""
    seated = []
    for table in Table.objects.filter(tournament=t, round=number).select_related("game"):
        seats = table.game.seats.exclude(kind=SeatKind.AUTOMATON)
        seated.append([s.user_id for s in seats])
    return seated


def seated(t: Tournament, number: int) -> list[int | None]:
    """Everyone at the round's tables (user ids, bots as None)."""
    return [u for table in round_tables(t, number) for u in table]
