"""A tournament's side effects, through games' outbox (performed after the commit, tried
again if Redis was down): its pages redraw, and its winner is announced by e-mail."""

from __future__ import annotations

from games import outbox
from games.dispatch import Sent, enqueue, publish


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def changed(tournament_id: int) -> None:
    """Inside a write: its pages fetch the standings again once it commits."""
    outbox.after_commit("tournament_changed", tournament_id)


def seat(tournament_id: int) -> None:
    """Inside a write: the round's planned tables are seated (a chunk) once it commits."""
    outbox.after_commit("tournament_seat", tournament_id)


def finished(tournament_id: int) -> None:
    outbox.after_commit("tournament_finished", tournament_id)


@outbox.effect("tournament_changed")
def tournament_changed(tournament_id: int) -> Sent:
    """Only the id travels: each page fetches the standings over HTTP."""
    return [publish([(group(tournament_id), {"type": "tournament.changed", "id": tournament_id})])]


@outbox.effect("tournament_finished")
def tournament_finished(tournament_id: int) -> Sent:
    from tournaments import tasks

    enqueue(tasks.announce_winner, tournament_id)
    return tournament_changed(tournament_id)


@outbox.effect("tournament_seat")
def tournament_seat(tournament_id: int) -> Sent:
    from tournaments import tasks

    enqueue(tasks.seat_tables, tournament_id)
    return []
