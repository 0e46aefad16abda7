"""No page, partial, record, socket message or log line shows what a seat may not see.

The tests' engine names its secrets (other hands, a pending secret pick, the deck,
the generator state); with the seed added, every endpoint is searched for them.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.test import Client
from django.urls import reverse

from games import registry, services
from games.dispatch import game_group
from tests.conftest import client_for

PARTS = ["seats", "board", "hand", "actions", "log", "result"]


def urls(game) -> list[str]:
    base = game.get_absolute_url()
    return [
        base,
        *(f"{base}?part={p}" for p in PARTS),
        reverse("record", args=[game.pk]),
        reverse("state_json", args=[game.pk]),
        reverse("replay", args=[game.pk]),
        reverse("lobby"),
        reverse("catalogue"),
        reverse("invite", args=[game.invite_token]),
        reverse("player", args=["Alice"]),
        reverse("player", args=["Bob"]),
        reverse("how_to_play", args=["highcard"]),
        reverse("chat", args=[game.pk]),
        reverse("turns_count"),
    ]


def secrets_for(game, seat):
    game.refresh_from_db()
    engine = registry.get(game.engine)
    return [str(game.seed), *engine.secrets(engine.load(game.state), seat)]


@pytest.fixture
def mid_game(duel, alice, bob, django_capture_on_commit_callbacks):
    """Round 2: alice has picked in secret, bob has not; round 1 is revealed."""
    for seat, user in ((0, alice), (1, bob)):
        duel.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(
                user, duel.pk, seat, {"type": "play", "card": duel.state["hands"][seat][0]}, duel.version
            )
    duel.refresh_from_db()
    services.submit_action(
        alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, duel.version
    )
    duel.refresh_from_db()
    assert duel.to_act == [1] and duel.state["picks"][0] is not None
    return duel


@pytest.mark.parametrize("who", ["alice", "bob", "charlie", "anonymous"])
def test_no_endpoint_shows_another_seats_secrets(mid_game, alice, bob, charlie, who):
    user = {"alice": alice, "bob": bob, "charlie": charlie, "anonymous": None}[who]
    seat = {"alice": 0, "bob": 1}.get(who)
    client = client_for(user) if user else Client()
    hidden = secrets_for(mid_game, seat)
    assert len(hidden) > 10  # the deck, the other hand, the pick: a real search
    for url in urls(mid_game):
        text = client.get(url, headers={"HX-Request": "true"} if "part=" in url else {}).content.decode()
        for secret in hidden:
            assert secret not in text, f"{who} sees {secret!r} at {url}"


def test_a_player_sees_their_own_secret_pick(mid_game, alice):
    pick = mid_game.state["picks"][0]
    assert pick in client_for(alice).get(mid_game.get_absolute_url()).text


def test_the_games_group_hears_no_moves(duel, alice):
    """A move's regions go to each seat's own group (tests/games/test_push.py); the group
    every page of the game joins hears nothing of it."""
    from django.db import transaction

    from games.dispatch import game_moved

    with transaction.atomic():
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    layer = get_channel_layer()

    async def a_page_hears() -> bool:
        # One event loop throughout, as in a server: a channel belongs to its process's loop.
        channel = await layer.new_channel()
        await layer.group_add(game_group(duel.pk), channel)
        # on_commit does not fire inside the test transaction: send what dispatch would.
        await sync_to_async(game_moved)(duel.pk, 1, False, [], None)
        try:
            await asyncio.wait_for(layer.receive(channel), 0.5)
        except TimeoutError:
            return False
        return True

    assert not async_to_sync(a_page_hears)()


def test_log_lines_hold_no_secrets(duel, alice, bob, charlie, caplog, django_capture_on_commit_callbacks):
    caplog.set_level(logging.DEBUG)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    for user in (alice, bob, charlie):
        client_for(user).get(duel.get_absolute_url())
    client_for(bob).post(
        reverse("act", args=[duel.pk]),
        {"action": '{"type": "play", "card": "Amber 99"}', "version": 1, "seat": 1},
    )
    text = "\n".join(r.getMessage() for r in caplog.records)
    for secret in secrets_for(duel, None):
        assert secret not in text
