"""The ASGI entry point serves HTTP with one thread per request and no trips back to
the event loop in between (config/asgi.py says why)."""

from __future__ import annotations

import gc
import json
import secrets
import threading

import pytest
from asgiref.sync import AsyncToSync, async_to_sync
from channels.testing import HttpCommunicator
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler

from config.asgi import OneThreadASGIHandler, application
from games.models import Game
from tests.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)  # requests run in threads of their own


def session_cookie(user) -> str:
    return f"{settings.SESSION_COOKIE_NAME}={client_for(user).cookies[settings.SESSION_COOKIE_NAME].value}"


async def answered(app, method: str, path: str, cookie: str = "", body: bytes = b"", headers=()) -> dict:
    """The response, once the app has finished too (request_finished has run)."""
    all_headers = [(b"host", b"testserver"), (b"cookie", cookie.encode()), *headers]
    communicator = HttpCommunicator(app, method, path, body=body, headers=all_headers)
    response = await communicator.get_response()
    await communicator.wait()
    return response


def request(app, method: str, path: str, cookie: str = "", body: bytes = b"", headers=()) -> dict:
    return async_to_sync(answered)(app, method, path, cookie, body, headers)


@pytest.mark.parametrize("handler, hops", [(ASGIHandler, "some"), (OneThreadASGIHandler, "none")])
def test_a_page_goes_back_to_the_event_loop_only_with_django_s_own_handler(alice, monkeypatch, handler, hops):
    trips = []
    real_call = AsyncToSync.__call__
    test_thread = threading.current_thread()

    def counting(self, *args, **kwargs):
        if threading.current_thread() is not test_thread:  # not this test's own call
            trips.append(self)
        return real_call(self, *args, **kwargs)

    app = handler()
    monkeypatch.setattr(AsyncToSync, "__call__", counting)
    response = request(app, "GET", "/", session_cookie(alice))
    assert response["status"] == 200
    assert bool(trips) == (hops == "some")


def test_an_action_posted_through_the_asgi_app_is_played(duel, alice):
    token = secrets.token_hex(16)
    cookie = f"{session_cookie(alice)}; csrftoken={token}"
    card = duel.state["hands"][0][0]
    body = json.dumps({"action": {"type": "play", "card": card}, "version": 0}).encode()
    headers = [(b"content-type", b"application/json"), (b"x-csrftoken", token.encode())]
    response = request(application, "POST", f"/game/{duel.pk}/act", cookie, body, headers)
    assert response["status"] == 200, response["body"][:300]
    assert json.loads(response["body"]) == {"ok": True, "version": 1}
    game = Game.objects.get(pk=duel.pk)
    assert game.version == 1 and game.moves.get().seat == 0


def test_the_asgi_app_refuses_a_post_without_its_csrf_token(duel, alice):
    body = json.dumps({"action": {"type": "play", "card": "Amber 1"}, "version": 0}).encode()
    headers = [(b"content-type", b"application/json")]
    response = request(application, "POST", f"/game/{duel.pk}/act", session_cookie(alice), body, headers)
    assert response["status"] == 403
    assert Game.objects.get(pk=duel.pk).version == 0


def test_requests_reuse_their_threads_instead_of_starting_new_ones(alice, monkeypatch):
    # Django's handler starts a thread for every request (and another to join it),
    # and the event loop waits for each to start: under load that wait queues pages.
    app = OneThreadASGIHandler()
    cookie = session_cookie(alice)
    started: list[str] = []
    real_start = threading.Thread.start

    async def page() -> int:
        return (await answered(app, "GET", "/", cookie))["status"]

    def counted_start(thread: threading.Thread) -> None:
        started.append(thread.name)
        real_start(thread)

    async def five_pages() -> list[int]:
        statuses = [await page()]
        monkeypatch.setattr(threading.Thread, "start", counted_start)
        for _ in range(4):  # after the first, which may start the one thread they all use
            statuses.append(await page())
        return statuses

    assert async_to_sync(five_pages)() == [200] * 5
    assert started == []


def test_each_request_runs_its_middleware_and_view_in_one_thread(alice, monkeypatch):
    from django.core import signals

    seen: list[str] = []

    def note(**kwargs):
        seen.append(threading.current_thread().name)

    signals.request_started.connect(note)
    signals.request_finished.connect(note)
    try:
        assert request(OneThreadASGIHandler(), "GET", "/", session_cookie(alice))["status"] == 200
    finally:
        signals.request_started.disconnect(note)
        signals.request_finished.disconnect(note)
    # Django closes stale database connections in these signals: they must run in the
    # view's thread, or they would close another thread's connection.
    assert len(seen) == 2 and seen[0] == seen[1] != threading.current_thread().name


@pytest.mark.parametrize("handler, leaves_cycles", [(ASGIHandler, True), (OneThreadASGIHandler, False)])
def test_an_answered_request_leaves_no_reference_cycles_for_the_collector(
    duel, alice, handler, leaves_cycles
):
    # Cyclic garbage is freed only by the collector, whose passes stop the whole process.
    app, cookie = handler(), session_cookie(alice)

    async def requests(count: int) -> None:
        for _ in range(count):
            assert (await answered(app, "GET", f"/game/{duel.pk}/state.json", cookie))["status"] == 200

    async_to_sync(requests)(3)  # warm: first-use caches are not garbage
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        async_to_sync(requests)(10)
        gc.collect()
        per_request = len(gc.garbage) / 10
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert (per_request > 20) == leaves_cycles, per_request
