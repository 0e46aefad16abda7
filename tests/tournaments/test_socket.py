"""The tournament page's socket: any visitor hears "the tournament changed", no more."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from config.asgi import application
from tests.conftest import SOCKET_WAIT
from tests.games.test_sockets import SITE, published
from tournaments import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_visitor_hears_each_change_of_the_tournament(alice, bob):
    t = await sync_to_async(services.create_tournament)(
        alice, "Cup", "highcard", 2, {}, starts_at=timezone.now() + timedelta(days=1)
    )
    comm = WebsocketCommunicator(application, f"/ws/tournament/{t.pk}/", headers=[(b"origin", SITE)])
    connected, _ = await comm.connect(timeout=SOCKET_WAIT)
    assert connected
    await sync_to_async(services.sign_up)(bob, t.pk)
    await published()
    assert await comm.receive_json_from(timeout=SOCKET_WAIT) == {"type": "tournament", "id": t.pk}
    await comm.disconnect()
