"""What happens after a game's transaction commits: tell the pages, queue the tasks.

Only ids and versions travel: the socket message is {game_id, version} and every
page fetches its own seat's partials, so no game data ever crosses the socket.

Writes call the `on_*` functions inside their transaction: each records its effect in
the outbox (games/outbox.py), which performs it after the commit and again later if
Redis was down. The effects themselves raise when they fail, and return the futures
of the socket messages they handed to the publisher thread.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from concurrent.futures import Future
from dataclasses import asdict, dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

from config import embedded
from games import outbox, presence
from games.models import Game, Seat
from games.publisher import Message, publisher

_local = threading.local()


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


LOBBY_GROUP = "lobby"
SEND_TIMEOUT = 10  # seconds a task of the embedded worker waits for its socket messages to be handed over


@dataclass(frozen=True)
class SeatNote:
    """What the after-commit step needs of a seat to act (taken inside the transaction)."""

    user_id: int | None
    machine: bool
    new_turn: bool  # this seat's turn began with this version

    @classmethod
    def of(cls, seat: Seat, game: Game) -> SeatNote:
        return cls(None if seat.machine else seat.user_id, seat.machine, seat.awaiting_since == game.version)


Sent = list["Future[None] | None"]


def on_game_moved(game_id: int, version: int, finished: bool, to_act: list[SeatNote]) -> None:
    outbox.after_commit(
        "game_moved", game_id, version, finished, [asdict(n) for n in to_act], game_id=game_id
    )


def on_table_changed(game_id: int, user_ids: list[int]) -> None:
    outbox.after_commit("table_changed", game_id, user_ids, game_id=game_id)


@dataclass(frozen=True)
class TableChange:
    """A game whose seats changed hands (ran out of time, claimed back), for the after-commit step."""

    game_id: int
    version: int
    user_ids: list[int]  # the players at the table
    machine: bool  # a bot or automaton is now to act


def on_hands_changed(changes: list[TableChange], notice_ids: list[int]) -> None:
    """Seats changed hands in these games (a sweep's chunk of timeouts, a claim): one outbox
    row for them all, so a sweep costs the same few queries per chunk however many ran out."""
    outbox.after_commit("hands_changed", [asdict(c) for c in changes], notice_ids)


def on_chat_posted(game_id: int, line_id: int, author_id: int | None = None) -> None:
    outbox.after_commit("chat_posted", game_id, line_id, author_id, game_id=game_id)


def on_lobby_changed(game_id: int) -> None:
    outbox.after_commit("lobby_changed", game_id, game_id=game_id)


def on_task(name: str, *args: Any, game_id: int | None = None) -> None:
    """Queues games.tasks.<name>(*args) after the commit, through the outbox."""
    outbox.after_commit("task", name, *args, game_id=game_id)


@outbox.effect("game_moved")
def _game_moved_stored(game_id: int, version: int, finished: bool, to_act: list[dict[str, Any]]) -> Sent:
    return game_moved(game_id, version, finished, [SeatNote(**n) for n in to_act])


@outbox.effect("task")
def _task(name: str, *args: Any) -> Sent:
    from games import tasks

    enqueue(getattr(tasks, name), *args)
    return []


def game_moved(game_id: int, version: int, finished: bool, to_act: list[SeatNote]) -> Sent:
    from games import tasks

    woken = [n.user_id for n in to_act if n.user_id is not None and n.new_turn]
    messages = [(game_group(game_id), {"type": "game.moved", "game_id": game_id, "version": version})]
    messages += [
        (user_group(user_id), {"type": "your.turn", "game_id": game_id, "version": version})
        for user_id in woken
    ]
    if finished:
        messages.append((LOBBY_GROUP, {"type": "lobby.changed"}))  # the finished list, "my games"
    sent = [publish(messages)]
    if finished:
        enqueue(tasks.finish_game, game_id)
        return sent
    if any(n.machine for n in to_act):
        enqueue(tasks.play_machine, game_id, version)
    # Someone looking at the board gets no e-mail: the task would check and send nothing.
    if woken and presence.watching(game_id, woken) != set(woken):
        enqueue(tasks.notify_turn, game_id, version)
    return sent


@outbox.effect("table_changed")
def table_changed(game_id: int, user_ids: list[int]) -> Sent:
    """Something at the table changed besides a move (a seat ran out of time, was claimed
    back): its pages redraw, and its players' "your move" counts are fetched again."""
    messages = [(game_group(game_id), {"type": "game.table", "game_id": game_id})]
    messages += [(user_group(u), {"type": "turns.changed"}) for u in user_ids]
    return [publish(messages)]


@outbox.effect("hands_changed")
def hands_changed(changes: list[dict[str, Any]], notice_ids: list[int]) -> Sent:
    """Each page of these games redraws, each of their players fetches their "your move"
    count again; one task queues the machine turns now due, one e-mails the tables."""
    from games import tasks

    messages: list[Message] = []
    for change in changes:
        messages.append((game_group(change["game_id"]), {"type": "game.table", "game_id": change["game_id"]}))
        messages += [(user_group(u), {"type": "turns.changed"}) for u in change["user_ids"]]
    sent = [publish(messages)]
    machines = [[c["game_id"], c["version"]] for c in changes if c["machine"]]
    if machines:
        enqueue(tasks.play_machines, machines)
    if notice_ids:
        enqueue(tasks.notify_notices, notice_ids)
    return sent


@outbox.effect("chat_posted")
def chat_posted(game_id: int, line_id: int, author_id: int | None = None) -> Sent:
    """A new chat line: only its id travels; each page fetches the lines it may see. The
    author's id rides along to the consumers (never to the browser): a socket whose viewer
    may not see that author's lines (games/gates.py, "hidden") is not told of the line."""
    event = {"type": "game.chat", "game_id": game_id, "id": line_id, "author": author_id}
    return [publish([(game_group(game_id), event)])]


@outbox.effect("lobby_changed")
def lobby_changed(game_id: int) -> Sent:
    """A table opened, filled, started or closed: lobbies and its waiting room redraw."""
    return [
        publish(
            [
                (LOBBY_GROUP, {"type": "lobby.changed"}),
                (game_group(game_id), {"type": "game.table", "game_id": game_id}),
            ]
        )
    ]


def publish(messages: list[Message]) -> Future[None] | None:
    """Sends socket messages to their groups: through the publisher thread for a
    shared layer (the mover does not wait on Redis), inline for the in-memory one."""
    layer = get_channel_layer()
    if layer is None:
        return None
    if isinstance(layer, InMemoryChannelLayer):
        loop = embedded.server_loop()  # a task on the embedded worker: the server's loop owns the queues
        for group, message in messages:
            if loop is None:
                async_to_sync(layer.group_send)(group, message)
            else:
                asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop).result(SEND_TIMEOUT)
        return None
    return publisher.send(layer, messages)


def enqueue(task: Any, *args: Any) -> None:
    """Queues a Celery task: on the embedded worker if it runs (config/embedded.py), else on
    the broker; in eager mode (tests, commands) runs it here, without recursion.

    Eagerly, a bot's move commits and queues the next bot's move from inside the
    first task: a bot-only game would nest hundreds deep. So eager tasks queued
    while one runs wait in a local queue that the outermost call drains.
    """
    worker = embedded.running()
    if worker is not None:
        worker.submit(task, args)
        return
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
