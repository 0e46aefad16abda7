"""The websockets: who may connect, and what they are told."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import connections

from config.asgi import application
from games import presence, services
from games.consumers import GameConsumer, LobbyConsumer, PlayerConsumer
from games.publisher import publisher
from tests.conftest import SOCKET_WAIT

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


SITE = b"http://127.0.0.1:8000"  # the test settings' SITE_URL


def communicator(path: str, user, consumer=None, origin: bytes = SITE):
    if consumer is None:
        return WebsocketCommunicator(application, path, headers=[(b"origin", origin)])
    app = consumer.as_asgi()
    comm = WebsocketCommunicator(app, path)
    comm.scope["user"] = user or AnonymousUser()
    comm.scope["url_route"] = {
        "kwargs": {"pk": int(path.strip("/").split("/")[-1])} if "game" in path else {}
    }
    return comm


async def published() -> None:
    """Waits until the messages already published have left (the publisher thread sends
    batches in order): on Redis a join's table notice could otherwise reach a socket
    opened after it, and be read in place of the message a test waits for."""
    layer = get_channel_layer()
    if not isinstance(layer, InMemoryChannelLayer):
        await asyncio.wrap_future(publisher.send(layer, []))


async def new_duel(alice, bob, public=True):
    game = await sync_to_async(services.create_game)(alice, "highcard", 2, {}, public=public)
    await sync_to_async(services.join_game)(bob, game.pk, game.invite_token)
    await sync_to_async(game.refresh_from_db)()
    await published()
    return game


async def test_a_seated_player_hears_each_new_version(alice, bob):
    game = await new_duel(alice, bob)
    comm = communicator(f"/ws/game/{game.pk}/", bob, GameConsumer)
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert connected
    # On connecting, the version now: a page drawn at it has nothing to fetch.
    assert await comm.receive_json_from(timeout=SOCKET_WAIT) == {
        "type": "version",
        "game_id": game.pk,
        "version": 0,
    }
    card = game.state["hands"][0][0]
    await sync_to_async(services.submit_action)(alice, game.pk, 0, {"type": "play", "card": card}, 0)
    moved = await comm.receive_json_from(timeout=SOCKET_WAIT)
    # With bob's page drawn at that version (his socket is open): nothing to fetch.
    assert moved.pop("html").count("hx-swap-oob") >= 6
    assert moved == {"type": "moved", "game_id": game.pk, "version": 1}
    await comm.disconnect()


async def test_each_page_hears_the_move_drawn_for_its_own_seat(alice, bob, charlie):
    """Alice's, Bob's and a spectator's sockets each hear the move once: the players' with
    their own regions (Bob's show his hand and not Alice's secret pick), the spectator's
    with the version only."""
    from games.registry import get

    game = await new_duel(alice, bob)
    sockets = {}
    for name, user in (("alice", alice), ("bob", bob), ("charlie", charlie)):
        sockets[name] = communicator(f"/ws/game/{game.pk}/", user, GameConsumer)
        assert (await sockets[name].connect(timeout=SOCKET_WAIT))[0]
        assert (await sockets[name].receive_json_from(timeout=SOCKET_WAIT))["type"] == "version"
    card = game.state["hands"][0][0]
    await sync_to_async(services.submit_action)(alice, game.pk, 0, {"type": "play", "card": card}, 0)
    await sync_to_async(game.refresh_from_db)()
    engine = get("highcard")
    state = engine.load(game.state)
    for name, seat in (("alice", 0), ("bob", 1), ("charlie", None)):
        message = await sockets[name].receive_json_from(timeout=SOCKET_WAIT)
        assert message["type"] == "moved" and message["version"] == 1
        if seat is None:
            assert "html" not in message  # a spectator's page fetches its own
        for secret in engine.secrets(state, seat):
            assert secret not in message.get("html", ""), f"{name} hears {secret!r}"
        assert await sockets[name].receive_nothing(timeout=0.2)  # once, not once per group
        await sockets[name].disconnect()


async def test_a_player_socket_says_your_turn_anywhere(alice, bob):
    game = await new_duel(alice, bob)
    comm = communicator("/ws/me/", bob, PlayerConsumer)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    await sync_to_async(services.submit_action)(
        alice, game.pk, 0, {"type": "play", "card": game.state["hands"][0][0]}, 0
    )
    # Bob was already to act (a simultaneous choice): alice's move starts no new turn for him.
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()
    game2 = await sync_to_async(services.create_game)(alice, "highcard", 2, {})
    comm = communicator("/ws/me/", bob, PlayerConsumer)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    await sync_to_async(services.join_game)(bob, game2.pk)
    message = await comm.receive_json_from(timeout=SOCKET_WAIT)
    assert message == {"type": "your_turn", "game_id": game2.pk, "version": 0}
    await comm.disconnect()


async def test_a_stranger_cannot_watch_a_private_game(alice, bob, charlie):
    game = await new_duel(alice, bob, public=False)
    for user in (charlie, None):
        comm = communicator(f"/ws/game/{game.pk}/", user, GameConsumer)
        connected, _ = await comm.connect(timeout=SOCKET_WAIT)
        assert not connected


async def test_anyone_may_watch_a_public_game_but_only_players_count_as_present(alice, bob, charlie):
    game = await new_duel(alice, bob)
    comm = communicator(f"/ws/game/{game.pk}/", None, GameConsumer)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    await comm.disconnect()
    comm = communicator(f"/ws/game/{game.pk}/", bob, GameConsumer)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    assert await sync_to_async(presence.is_open)(game.pk, bob.pk)
    await comm.disconnect()
    assert not await sync_to_async(presence.is_open)(game.pk, bob.pk)


async def test_the_player_socket_needs_a_login():
    comm = communicator("/ws/me/", None, PlayerConsumer)
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert not connected


async def test_a_socket_from_another_site_is_refused(alice, bob):
    game = await new_duel(alice, bob)
    comm = communicator(f"/ws/game/{game.pk}/", None, origin=b"http://evil.example.com")
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert not connected
    comm = communicator(f"/ws/game/{game.pk}/", None)
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert connected
    await comm.disconnect()


@pytest.mark.parametrize(
    "origin",
    [
        b"http://127.0.0.1:8001",
        b"http://127.0.0.1",
        b"https://127.0.0.1:8000",
        b"http://127.0.0.1.evil.example:8000",
    ],
)
async def test_a_socket_from_the_same_host_on_another_port_or_scheme_is_refused(alice, bob, origin):
    """Another port of the same host is another site (any user may run a server there)."""
    game = await new_duel(alice, bob)
    comm = communicator(f"/ws/game/{game.pk}/", None, origin=origin)
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert not connected
    # No consumer ran to hand the set-up's database connection back (with PostgreSQL's
    # pool it would outlive the test database).
    await sync_to_async(connections.close_all)()


# Our sockets speak JSON text only. A frame of anything else closes the socket with the
# code that names the fault: 1003 for binary data, 1007 for text that is not JSON.
BAD_FRAMES = [
    ({"bytes_data": b"\x00\xff"}, 1003),
    ({"bytes_data": b'{"type": "ping"}'}, 1003),
    ({"text_data": "not json"}, 1007),
    ({"text_data": '{"type": "ping"'}, 1007),
    ({"text_data": "[" * 100_000}, 1007),  # nested deeper than the parser goes
    ({"text_data": "\ud800"}, 1007),
]


async def _opened(path, user, consumer, first_message):
    comm = communicator(path, user, consumer)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    if first_message:
        await comm.receive_json_from(timeout=SOCKET_WAIT)
    return comm


@pytest.mark.parametrize("frame, code", BAD_FRAMES)
@pytest.mark.parametrize("which", ["game", "me", "lobby"])
async def test_a_bad_frame_closes_the_socket_with_its_code(alice, bob, frame, code, which):
    game = await new_duel(alice, bob)
    path, consumer = {
        "game": (f"/ws/game/{game.pk}/", GameConsumer),
        "me": ("/ws/me/", PlayerConsumer),
        "lobby": ("/ws/lobby/", LobbyConsumer),
    }[which]
    comm = await _opened(path, bob, consumer, which == "game")
    await comm.send_to(**frame)
    assert await comm.receive_output(timeout=SOCKET_WAIT) == {"type": "websocket.close", "code": code}
    await comm.disconnect(timeout=SOCKET_WAIT)  # re-raises if the consumer raised


async def test_a_good_ping_after_a_bad_one_is_never_read(alice, bob):
    """The control: a well-formed ping keeps the socket open."""
    game = await new_duel(alice, bob)
    comm = await _opened(f"/ws/game/{game.pk}/", bob, GameConsumer, True)
    await comm.send_json_to({"type": "ping"})
    await comm.send_json_to(["not", "a", "ping"])
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()


@pytest.mark.parametrize(
    "origin",
    [
        b"http://127.0.0.1:port",
        b"http://127.0.0.1:99999",
        b"http://127.0.0.1:-1",
        b"http://[::1",
        b"http://127.0.0.1:8000:8000",
        b"\xff\xfe",
        b"",
    ],
)
async def test_a_malformed_origin_is_refused_at_the_handshake(alice, bob, origin):
    game = await new_duel(alice, bob)
    comm = communicator(f"/ws/game/{game.pk}/", None, origin=origin)
    connected, code = await comm.connect(timeout=SOCKET_WAIT)
    assert not connected and code == 1000  # Channels' refusal, which servers answer with 403
    await sync_to_async(connections.close_all)()
