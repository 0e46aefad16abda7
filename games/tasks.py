"""Celery tasks. Each takes ids (and the version it was queued for) and is
idempotent: run twice, or after the game moved on, it does nothing harmful.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games import notifications, reminders, services, timeouts, vacation
from games.models import Game, Notice, Seat, SeatKind, Status

# Every task is acknowledged late, and none runs longer than CELERY_TASK_TIME_LIMIT, which
# the broker's visibility timeout is set just above (config/settings.py): a task lost with
# its worker is handed to another within that timeout. Retries wait at most a minute, so
# no retry is ever held back past the visibility timeout (it would be delivered twice).


@shared_task(
    acks_late=True, autoretry_for=(ConnectionError,), retry_backoff=True, retry_backoff_max=60, max_retries=5
)
def play_machine(game_id: int, version: int) -> bool:
    """One bot or automaton move; the commit queues the next one."""
    return services.machine_move(game_id, version)


@shared_task(acks_late=True)
def play_machines(turns: list[list[int]]) -> int:
    """Queues the machine turns of many games at once, [game id, version] each (a sweep's
    timeouts): the sweep queues this one task per chunk instead of one per game."""
    from games.dispatch import enqueue

    for game_id, version in turns:
        enqueue(play_machine, game_id, version)
    return len(turns)


@shared_task(acks_late=True)
def analyse_game(analysis_id: int) -> bool:
    """The hard bot's look back at one player's decisions (games/analysis.py); on the bots' queue."""
    from games.analysis import analyse

    return analyse(analysis_id)


@shared_task(acks_late=True)
def finish_game(game_id: int) -> bool:
    return services.finalize(game_id)


@shared_task(acks_late=True)
def notify_turn(game_id: int, version: int) -> int:
    """E-mails the players whose turn began at `version` (once per game per turn)."""
    sent = 0
    seats = Seat.objects.filter(
        game_id=game_id,
        game__status=Status.ACTIVE,
        kind=SeatKind.HUMAN,
        resigned=False,
        user__isnull=False,
        awaiting_since=version,
    ).select_related("game", "user__profile")
    for seat in seats:
        if seat.index in seat.game.to_act and notifications.send_turn_email(seat):
            sent += 1
    return sent


DIGEST_BATCH = 20  # readers per task: each task stays well inside the time limit


@shared_task(acks_late=True)
def send_daily_digests() -> int:
    """The digests of the readers whose morning has come (beat: every 15 minutes, so each
    time zone's 07:00 is met), split into small tasks (a long task would need a long
    visibility timeout, and a worker lost mid-way would hold up every game for as long)."""
    from games.dispatch import enqueue

    readers = notifications.claim_digests(timezone.now())
    for start in range(0, len(readers), DIGEST_BATCH):
        enqueue(send_digests, readers[start : start + DIGEST_BATCH])
    return len(readers)


@shared_task(acks_late=True)
def send_digests(user_ids: list[int]) -> int:
    return notifications.send_daily_digests(user_ids)


@shared_task(acks_late=True)
def drain_outbox() -> int:
    """Performs the side effects that failed after their write committed (beat: every minute)."""
    from games import outbox

    return outbox.drain()


# A machine turn normally follows its move within a second; one still waiting after this
# lost its task (a worker killed mid-task, a broker outage).
STALLED_AFTER = timedelta(seconds=60)


@shared_task(acks_late=True)
def wake_stalled_games() -> int:
    """Re-queues machine turns of games idle for a while (a worker may have died); beat
    runs it every minute, so a stalled game moves again within two."""
    from games.dispatch import enqueue

    stale = timezone.now() - STALLED_AFTER
    woken = 0
    for game in Game.objects.filter(status=Status.ACTIVE, finalized=False).exclude(to_act=[]):
        last = game.moves.order_by("-number").values_list("created_at", flat=True).first() or game.started_at
        if (
            last
            and last < stale
            and game.seats.filter(index__in=game.to_act)
            .exclude(kind=SeatKind.HUMAN, resigned=False, timed_out=False)
            .exists()
        ):
            enqueue(play_machine, game.pk, game.version)
            woken += 1
    for game in Game.objects.filter(status=Status.FINISHED, finalized=False):
        enqueue(finish_game, game.pk)
    return woken


@shared_task(acks_late=True)
def sweep_deadlines() -> int:
    """Ends the vacations due to end (their clocks run again), then times out the seats
    whose clock ran out (beat: every 30 s). Safe to run twice at once or again after a
    worker died mid-sweep (games/timeouts.py says why)."""
    now = timezone.now()
    vacation.end_due(now)
    return timeouts.sweep(now)


@shared_task(acks_late=True)
def notify_notices(notice_ids: list[int]) -> int:
    """E-mails each table's players what happened (a seat ran out of time, was claimed back)."""
    return sum(
        notifications.send_notice(n) for n in Notice.objects.select_related("game").filter(pk__in=notice_ids)
    )


@shared_task(acks_late=True)
def send_reminders() -> int:
    """E-mails the players whose clock is half gone, or nearly out (beat: every minute)."""
    return reminders.send_due()


@shared_task(acks_late=True)
def notify_rematch(game_id: int) -> int:
    """E-mails the players invited to a rematch."""
    game = Game.objects.filter(pk=game_id, status=Status.OPEN).first()
    return notifications.send_rematch(game) if game else 0


@shared_task(acks_late=True)
def notify_invitation(game_id: int, seat_index: int, user_id: int) -> int:
    """E-mails a player for whom a new table keeps a seat (services.invite_player)."""
    return notifications.send_invitation(game_id, seat_index, user_id)
