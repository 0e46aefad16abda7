"""The Celery app: bot and automaton turns, end-of-game scoring, turn e-mails.

Beat's schedule lives here (django-celery-beat does not support Django 6.1 yet).
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, signals
from celery.schedules import crontab

from config import heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    # The daily digest goes out at 07:00 on each reader's own clock: every quarter of an hour
    # meets every time zone's 07:00 (games/notifications.py claim_digests).
    "daily-digest": {"task": "games.tasks.send_daily_digests", "schedule": crontab(minute="*/15")},
    # A worker that died mid-task leaves a bot seat waiting; this nudges such games again.
    "wake-stalled-games": {"task": "games.tasks.wake_stalled_games", "schedule": 60.0},
    # Side effects that failed after their write committed (Redis was down): games/outbox.py.
    "drain-outbox": {"task": "games.tasks.drain_outbox", "schedule": 60.0},
    # Turn clocks are enforced within a minute of running out (games/timeouts.py).
    "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": 30.0},
    # Reminders when half a turn's time is gone and when a tenth is left (games/reminders.py).
    "send-reminders": {"task": "games.tasks.send_reminders", "schedule": 60.0},
    # Tournaments whose start has come draw their first round (tournaments/services.py).
    "start-tournaments": {"task": "tournaments.tasks.start_due_tournaments", "schedule": 60.0},
}

_warmup = heap.Warmup()


@signals.worker_ready.connect  # the solo pool runs tasks in this process
@signals.worker_process_init.connect  # each prefork child
def _settle_heap(**kwargs: Any) -> None:
    heap.settle()  # config/heap.py says why


@signals.task_postrun.connect
def _count_task(**kwargs: Any) -> None:
    _warmup.tick()
