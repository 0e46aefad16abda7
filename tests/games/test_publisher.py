"""The publisher thread: socket messages after a commit, without the mover waiting."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from games import dispatch
from games.publisher import Publisher


class SlowLayer:
    """A stand-in for a shared (Redis) layer: sends wait until the test opens the gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.sent: list[tuple[str, dict, str]] = []

    async def group_send(self, group: str, message: dict) -> None:
        await asyncio.to_thread(self.gate.wait, 5)
        self.sent.append((group, message, threading.current_thread().name))


class BrokenLayer:
    def __init__(self) -> None:
        self.calls = 0

    async def group_send(self, group: str, message: dict) -> None:
        self.calls += 1
        if self.calls == 1:
            raise ConnectionError("redis went away")


def test_publishing_returns_before_the_messages_have_left():
    layer, publisher = SlowLayer(), Publisher("test-publisher")
    done = publisher.send(layer, [("game-1", {"version": 1})])
    assert not done.done()  # the caller is not held up by the layer
    layer.gate.set()
    done.result(timeout=5)
    assert layer.sent == [("game-1", {"version": 1}, "test-publisher")]


def test_messages_leave_in_the_order_they_were_published():
    layer, publisher = SlowLayer(), Publisher("test-publisher")
    batches = [[(f"game-{n}", {"version": v}) for v in (1, 2)] for n in range(5)]
    futures = [publisher.send(layer, batch) for batch in batches]
    layer.gate.set()
    for future in futures:
        future.result(timeout=5)
    assert [(g, m) for g, m, _ in layer.sent] == [pair for batch in batches for pair in batch]


def test_a_failed_send_is_logged_and_the_next_messages_still_go(caplog):
    caplog.set_level(logging.WARNING, logger="games.publisher")
    layer, publisher = BrokenLayer(), Publisher("test-publisher")
    first = publisher.send(layer, [("game-1", {"version": 1})])
    second = publisher.send(layer, [("game-1", {"version": 2})])
    with pytest.raises(ConnectionError):
        first.result(timeout=5)
    assert second.result(timeout=5) is None
    assert layer.calls == 2
    assert "could not be sent" in caplog.text


def test_a_shared_layer_is_sent_to_through_the_publisher(monkeypatch):
    layer = SlowLayer()
    layer.gate.set()
    monkeypatch.setattr(dispatch, "get_channel_layer", lambda: layer)
    done = dispatch.publish([("game-7", {"type": "game.moved", "game_id": 7, "version": 3})])
    assert done is not None
    done.result(timeout=5)
    assert layer.sent == [("game-7", {"type": "game.moved", "game_id": 7, "version": 3}, "socket-publisher")]


def test_the_in_memory_layer_is_sent_to_inline():
    from asgiref.sync import async_to_sync
    from channels.layers import InMemoryChannelLayer, get_channel_layer

    layer = get_channel_layer()
    if not isinstance(layer, InMemoryChannelLayer):
        pytest.skip("REDIS_URL is set: the shared layer is tested above")
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("game-8", channel)
    assert dispatch.publish([("game-8", {"type": "game.moved", "game_id": 8, "version": 1})]) is None
    assert async_to_sync(layer.receive)(channel)["version"] == 1
