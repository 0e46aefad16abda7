"""Blocks, honoured on every path: joining a table, inviting, the chat (page, partial,
socket), the rematch, and the lobby's list. Alice blocks bob; charlie is nobody's enemy."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from games import chat, rematch, services
from games.consumers import GameConsumer
from games.errors import Forbidden
from games.models import ChatMessage, Game, Status
from social import services as social
from social.models import Block, Follow
from tests.conftest import SOCKET_WAIT, client_for


@pytest.fixture
def alice_blocks_bob(alice, bob):
    social.block(alice, bob.pk)


def test_a_blocked_player_cannot_join_the_table_nor_the_blocker_theirs(alice, bob, charlie, alice_blocks_bob):
    mine = services.create_game(alice, "highcard", 3, {})
    with pytest.raises(Forbidden, match="block"):
        services.join_game(bob, mine.pk)
    # Through the page too: the refusal is shown and the seat stays open.
    response = client_for(bob).post(reverse("join", args=[mine.pk]), follow=True)
    assert "there is a block between you" in response.text
    assert not mine.seats.filter(user=bob).exists()
    theirs = services.create_game(bob, "highcard", 3, {})
    with pytest.raises(Forbidden):
        services.join_game(alice, theirs.pk)
    # Nor may they meet at a third player's table, whoever sits first.
    third = services.create_game(charlie, "highcard", 3, {})
    services.join_game(bob, third.pk)
    with pytest.raises(Forbidden):
        services.join_game(alice, third.pk)
    services.join_game(charlie, mine.pk)  # anyone else still may


def test_the_lobby_hides_tables_across_a_block(alice, bob, charlie, alice_blocks_bob):
    mine = services.create_game(alice, "highcard", 2, {})
    opened = {g.pk for g in client_for(bob).get(reverse("lobby")).context["open_tables"]}
    assert mine.pk not in opened
    assert mine.pk in {g.pk for g in client_for(charlie).get(reverse("lobby")).context["open_tables"]}


def test_a_blocked_player_cannot_be_invited_nor_invite(alice, bob, charlie, alice_blocks_bob):
    mine = services.create_game(alice, "highcard", 3, {})
    with pytest.raises(Forbidden):
        services.invite_player(alice, mine.pk, bob.pk)
    theirs = services.create_game(bob, "highcard", 3, {})
    response = client_for(bob).post(
        reverse("invite_player", args=[theirs.pk]), {"user": alice.pk}, follow=True
    )
    assert "you cannot invite that player" in response.text
    assert not theirs.seats.filter(invited=alice).exists()
    # A player who sits at a table with bob cannot bring alice to it either.
    other = services.create_game(charlie, "highcard", 3, {})
    services.join_game(bob, other.pk)
    with pytest.raises(Forbidden):
        services.invite_player(charlie, other.pk, alice.pk)


def test_blocking_ends_follows_both_ways(alice, bob):
    social.follow(alice, bob.pk)
    social.follow(bob, alice.pk)
    social.block(alice, bob.pk)
    assert not Follow.objects.exists()
    with pytest.raises(Exception, match="block"):
        social.follow(bob, alice.pk)


@pytest.fixture
def blocked_in_play(alice, bob, charlie, duel):
    """Alice and bob at a public table in play, each with a chat line; then alice blocks bob."""
    chat.post(alice, duel.pk, "alice was here")
    chat.post(bob, duel.pk, "bob was here")
    social.block(alice, bob.pk)
    return duel


def test_neither_sees_the_other_s_chat_lines_on_the_page_or_the_partial(blocked_in_play, alice, bob, charlie):
    game = blocked_in_play
    for me, mine, theirs in (
        (alice, "alice was here", "bob was here"),
        (bob, "bob was here", "alice was here"),
    ):
        client = client_for(me)
        page = client.get(game.get_absolute_url()).text
        partial = client.get(reverse("chat", args=[game.pk])).text
        for text in (page, partial):
            assert mine in text and theirs not in text
    # A spectator, and the e-mails' chat news, follow each reader's own blocks.
    spectator = client_for(charlie).get(reverse("chat", args=[game.pk])).text
    assert "alice was here" in spectator and "bob was here" in spectator
    assert [m.text for m in chat.since(game, bob, None)] == []


def test_a_report_of_a_hidden_line_is_refused_as_missing(blocked_in_play, bob):
    line = ChatMessage.objects.get(text="alice was here")
    assert client_for(bob).get(reverse("report"), {"line": line.pk}).status_code == 404


def _socket(game: Game, user) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/game/{game.pk}/")
    comm.scope["user"] = user
    comm.scope["url_route"] = {"kwargs": {"pk": game.pk}}
    return comm


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_does_not_tell_a_blocked_player_of_the_other_s_lines(alice, bob, charlie):
    game = await sync_to_async(services.create_game)(alice, "highcard", 2, {})
    await sync_to_async(services.join_game)(bob, game.pk)
    await sync_to_async(social.block)(alice, bob.pk)
    sockets = {}
    for user in (alice, bob, charlie):
        comm = _socket(game, user)
        connected, _ = await comm.connect(timeout=SOCKET_WAIT)
        assert connected
        assert (await comm.receive_json_from(timeout=SOCKET_WAIT))["type"] == "version"
        sockets[user.username] = comm
    line = await sync_to_async(chat.post)(alice, game.pk, "only for the friendly")
    # Charlie (a spectator) and alice herself hear of it; bob hears nothing.
    for name in ("charlie", "alice"):
        message = await sockets[name].receive_json_from(timeout=SOCKET_WAIT)
        assert message == {"type": "chat", "game_id": game.pk, "id": line.pk}
    assert await sockets["bob"].receive_nothing(timeout=0.5)
    for comm in sockets.values():
        await comm.disconnect()


def test_a_rematch_across_a_block_is_not_offered(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "highcard", 2, {}, rated=False)
    services.join_game(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(alice, game.pk)
        services.resign(bob, game.pk)
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    assert 'action="/game/%d/rematch"' % game.pk in client_for(bob).get(game.get_absolute_url()).text
    Block.objects.create(user=alice, blocked=bob)
    for user in (alice, bob):
        assert 'action="/game/%d/rematch"' % game.pk not in client_for(user).get(game.get_absolute_url()).text
        with pytest.raises(Forbidden, match="no rematch"):
            rematch.offer(user, game.pk)
    assert not Game.objects.filter(rematch_of=game).exists()
