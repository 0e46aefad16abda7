"""Two sites on one Redis server, each with its own database number: a move announced by
one never reaches the other's pages (publish/subscribe ignores the database number; the
group prefix keeps them apart). Needs Redis (CI's second pass)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from tests.conftest import needs_redis

pytestmark = [pytest.mark.services, needs_redis]


def site_layer(db: int, prefix: str) -> RedisPubSubChannelLayer:
    server = settings.REDIS_URL.rsplit("/", 1)[0]
    return RedisPubSubChannelLayer(hosts=[{"address": f"{server}/{db}"}], prefix=prefix)


def test_a_message_for_one_site_s_game_never_reaches_the_other_site():
    north, south = site_layer(3, "tables-db3"), site_layer(4, "tables-db4")

    async def exchange() -> tuple[dict, bool]:
        north_page, south_page = await north.new_channel(), await south.new_channel()
        await north.group_add("game-1", north_page)
        await south.group_add("game-1", south_page)  # the same game number on the other site
        await north.group_send("game-1", {"type": "game.moved", "game_id": 1, "version": 5})
        heard = await asyncio.wait_for(north.receive(north_page), 5)
        try:
            await asyncio.wait_for(south.receive(south_page), 1)
            crossed = True
        except TimeoutError:
            crossed = False
        await north.flush()
        await south.flush()
        return heard, crossed

    heard, crossed = async_to_sync(exchange)()
    assert heard["version"] == 5
    assert not crossed, "the other site's page heard this site's move"
