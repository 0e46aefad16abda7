"""What happens after a game's transaction commits: tell the pages, queue the tasks.

Only ids and versions travel: the socket message is {game_id, version} and every
page fetches its own seat's partials, so no game data ever crosses the socket.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from games.models import Game, SeatKind

log = logging.getLogger(__name__)
_local = threading.local()


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_moved(game_id: int, version: int, finished: bool) -> None:
    from games import tasks

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    layer = get_channel_layer()
    if layer is not None:
        send = async_to_sync(layer.group_send)
        send(game_group(game_id), {"type": "game.moved", "game_id": game_id, "version": version})
        # "Your turn" only to the seats whose turn began with this version.
        for seat in game.seats.filter(
            index__in=game.to_act,
            kind=SeatKind.HUMAN,
            resigned=False,
            user__isnull=False,
            awaiting_since=version,
        ):
            assert seat.user_id is not None
            send(user_group(seat.user_id), {"type": "your.turn", "game_id": game_id, "version": version})
    if finished:
        enqueue(tasks.finish_game, game_id)
        return
    seats = game.seats.filter(index__in=game.to_act)
    if any(s.machine for s in seats):
        enqueue(tasks.play_machine, game_id, version)
    if any(s.kind == SeatKind.HUMAN and not s.resigned for s in seats):
        enqueue(tasks.notify_turn, game_id, version)


def enqueue(task: Any, *args: Any) -> None:
    """Queues a Celery task; in eager mode runs it here, without recursion.

    Eagerly, a bot's move commits and queues the next bot's move from inside the
    first task: a bot-only game would nest hundreds deep. So eager tasks queued
    while one runs wait in a local queue that the outermost call drains.
    """
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args=args)
        return
    queue = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _local.queue = deque([(task, args)])
    try:
        while _local.queue:
            t, a = _local.queue.popleft()
            t.apply(args=a, throw=True)
    finally:
        _local.queue = None
