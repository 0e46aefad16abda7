"""Rate limits per player (games/limits.py): moves, new tables and chat lines answer 429
with a readable message past the limit, and write nothing; a cap on the tables one
player has waiting for players. (Chat's own test is in test_chat.py.)"""

from __future__ import annotations

import json

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import Game, Move, Status
from tests.conftest import client_for, needs_redis


def open_table(client, players="2"):
    return client.post(
        reverse("new_game", args=["highcard"]), {"players": players, "public": "on", "opt_variant": "high"}
    )


def play(client, game, card, version):
    body = json.dumps({"action": {"type": "play", "card": card}, "version": version})
    return client.post(reverse("act", args=[game.pk]), body, content_type="application/json")


def test_moves_past_the_limit_get_429_and_change_nothing(duel, alice, rate_limits):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "move": "3/m"}
    client = client_for(alice)
    card = duel.state["hands"][0][0]
    for _ in range(3):
        assert play(client, duel, card, 99).status_code == 409  # stale pages count too
    refused = play(client, duel, card, 0)
    assert refused.status_code == 429
    assert refused.json() == {"error": "slow down: at most 3 moves a minute; try again shortly"}
    assert Game.objects.get(pk=duel.pk).version == 0 and Move.objects.count() == 0


def test_the_move_limit_counts_per_player(duel, alice, bob, rate_limits):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "move": "2/m"}
    for _ in range(3):
        play(client_for(alice), duel, "none", 99)
    assert play(client_for(bob), duel, "none", 99).status_code == 409  # bob's count is his own


def test_opening_tables_past_the_limit_gets_429_with_the_reason(alice, rate_limits):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "table": "2/10m"}
    client = client_for(alice)
    assert [open_table(client).status_code for _ in range(2)] == [302, 302]
    refused = open_table(client)
    assert refused.status_code == 429
    assert "slow down: at most 2 new tables every 10 minutes" in refused.text
    assert Game.objects.count() == 2


def test_a_player_may_have_only_so_many_tables_waiting(alice, bob, settings):
    settings.MAX_OPEN_TABLES = 2
    client = client_for(alice)
    assert [open_table(client).status_code for _ in range(2)] == [302, 302]
    refused = open_table(client)
    assert refused.status_code == 429
    assert "you already have 2 tables waiting for players" in refused.text
    assert Game.objects.count() == 2
    # A table that starts (or is cancelled) no longer waits: room for another.
    services.join_game(bob, Game.objects.first().pk)
    assert open_table(client).status_code == 302
    assert Game.objects.filter(status=Status.OPEN, created_by=alice).count() == 2


def test_the_limits_let_players_through_when_the_cache_is_down(duel, alice, rate_limits, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(caches["limits"], "add", down)
    card = duel.state["hands"][0][0]
    assert play(client_for(alice), duel, card, 0).status_code == 200


@pytest.mark.parametrize(
    ("rate", "words"), [("120/m", "120 moves a minute"), ("5/30s", "5 moves every 30 seconds")]
)
def test_the_message_says_the_limit_in_words(rate, words):
    from games.limits import described

    assert described(rate, "moves") == words


@needs_redis
def test_with_redis_a_limit_is_counted_there_without_a_database_query(alice, rate_limits, rf):
    """Counting holds no database connection: a burst of requests cannot use up the pool."""
    from games.limits import exceeded

    request = rf.post("/")
    request.user = alice
    with CaptureQueriesContext(connection) as queries:
        assert exceeded(request, "move") is None
    assert len(queries) == 0
    keys = caches["limits"].keys(f"*{rate_limits.RATELIMIT_CACHE_PREFIX}*")
    assert len(keys) == 1
