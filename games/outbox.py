"""The transactional outbox: the side effects of a write are never lost to an outage.

A write to a game records its side effects (socket messages, tasks to queue: bot and
automaton turns, turn e-mails, scoring) as a PendingEffect row in its own transaction,
then performs them after the commit. Done, the row is deleted. If Redis (the channel
layer and the Celery broker) is down, the write still stands and its answer is not an
error: the row stays, with the error, and `drain` (beat: every minute, on the worker)
performs it again until it goes through. Every effect is safe to repeat (a message says
"game N is at version V"; tasks check the version they were queued for).

Socket messages leave from the publisher thread (games/publisher.py) after the row is
deleted; if they fail there, the effect is recorded again from that thread's callback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from games.models import PendingEffect

log = logging.getLogger(__name__)

# An effect returns the futures of the socket messages it handed to the publisher
# thread, and raises if it could not do the rest (queue a task).
Effect = Callable[..., list["Future[None] | None"]]
EFFECTS: dict[str, Effect] = {}

FRESH = timedelta(seconds=30)  # a new row's own process is still performing it
LEASE = timedelta(minutes=2)  # a drain that died mid-effect lets go after this
SEND_TIMEOUT = 10  # seconds a drain waits for its socket messages to leave
GIVE_UP_AFTER = 3  # failures in a row: the service is still down; the next drain goes on


def effect(name: str) -> Callable[[Effect], Effect]:
    """Registers a function as an effect the outbox can perform by name (its arguments
    are stored as JSON)."""

    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return register


def after_commit(name: str, *args: Any, game_id: int | None = None) -> None:
    """Inside a write's transaction: records the effect, and performs it once committed."""
    assert name in EFFECTS, name
    row = PendingEffect.objects.create(game_id=game_id, effect=name, args=list(args))
    pk, stored = row.pk, row.args
    transaction.on_commit(lambda: perform(pk, name, stored, game_id))


def perform(pk: int, name: str, args: list[Any], game_id: int | None) -> bool:
    """After commit: performs the effect; deletes its row, or records why it failed.
    Never raises: the write it follows is committed and its answer must not be an error."""
    try:
        sent = EFFECTS[name](*args)
    except Exception as exc:
        log.warning("%s %s failed; the outbox will try again: %r", name, args, exc)
        PendingEffect.objects.filter(pk=pk).update(attempts=F("attempts") + 1, last_error=repr(exc)[:2000])
        return False
    # One DELETE, in autocommit: deleting the instance (no cascades, no signals) skips the
    # transaction a queryset's delete opens around itself.
    PendingEffect(pk=pk).delete()
    for future in sent:
        if future is not None:
            _if_unsent(future, name, args, game_id)
    return True


def _if_unsent(future: Future[None], name: str, args: list[Any], game_id: int | None) -> None:
    """Records the effect again if its socket messages fail to leave."""

    def record(done: Future[None]) -> None:
        exc = done.exception()
        if exc is None:
            return
        PendingEffect.objects.create(
            game_id=game_id, effect=name, args=args, attempts=1, last_error=repr(exc)[:2000]
        )

    def record_elsewhere(done: Future[None]) -> None:
        # Called on the publisher's event loop, where the ORM may not run: a short-lived
        # thread writes the row (failures only) and hands its connection back.
        if done.exception() is not None:
            threading.Thread(target=_closing(record), args=(done,), daemon=True).start()

    if future.done():
        record(future)
    else:
        future.add_done_callback(record_elsewhere)


def _closing(fn: Callable[[Future[None]], None]) -> Callable[[Future[None]], None]:
    def run(done: Future[None]) -> None:
        try:
            fn(done)
        except Exception:
            log.exception("a failed effect could not be recorded")
        finally:
            connection.close()

    return run


def _due(now: datetime) -> Q:
    return (Q(attempts__gt=0) | Q(created_at__lt=now - FRESH)) & (
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    )


def drain(limit: int = 500) -> int:
    """Performs the effects that failed (or whose process died before performing them),
    oldest first; returns how many went through."""
    now = timezone.now()
    ids = list(PendingEffect.objects.filter(_due(now)).values_list("pk", flat=True)[:limit])
    done = failures = 0
    for pk in ids:
        row = _claim(pk, now)
        if row is None:
            continue  # another drain has it, or it went through meanwhile
        try:
            for future in EFFECTS[row.effect](*row.args):
                if future is not None:
                    future.result(timeout=SEND_TIMEOUT)
        except Exception as exc:
            PendingEffect.objects.filter(pk=pk).update(
                attempts=F("attempts") + 1, last_error=repr(exc)[:2000], claimed_until=None
            )
            failures += 1
            if failures >= GIVE_UP_AFTER:
                log.warning("the outbox stops for now after %d failures: %r", failures, exc)
                break
            continue
        PendingEffect.objects.filter(pk=pk).delete()
        done += 1
    return done


def _claim(pk: int, now: datetime) -> PendingEffect | None:
    with transaction.atomic():
        row = PendingEffect.objects.select_for_update(skip_locked=True).filter(_due(now), pk=pk).first()
        if row is not None:
            row.claimed_until = now + LEASE
            row.save(update_fields=["claimed_until"])
        return row


def delayed(game_id: int) -> bool:
    """Whether some effect of this game failed and waits to be tried again: its pages
    say that live updates are delayed."""
    return PendingEffect.objects.filter(game_id=game_id, attempts__gt=0).exists()
