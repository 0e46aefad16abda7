"""Celery tasks of tournaments: ids only, idempotent (games/tasks.py says why)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from tournaments import mail, services
from tournaments.models import Stage, Tournament


@shared_task(acks_late=True)
def start_due_tournaments() -> int:
    """Starts the tournaments whose start has come (beat: every minute), and queues again the
    seating of any round left half seated (its task lost with a worker): a second seating
    task at once does no harm, each takes the next chunk of the plan under the lock."""
    from games.dispatch import enqueue

    for pk in Tournament.objects.filter(stage=Stage.RUNNING).exclude(plan=[]).values_list("pk", flat=True):
        enqueue(seat_tables, pk)
    return services.start_due(timezone.now())


@shared_task(acks_late=True)
def announce_winner(tournament_id: int) -> int:
    return mail.announce_winner(tournament_id)


@shared_task(acks_late=True)
def seat_tables(tournament_id: int) -> int:
    """Seats a chunk of the round's planned tables (queued again while some are left)."""
    return services.seat_tables(tournament_id)
