"""The ASGI entry point: HTTP through Django's own handler (config/asgi.py says why)."""

from __future__ import annotations

import json
import secrets

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler

from config.asgi import application
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


def test_http_goes_through_django_s_own_asgi_handler_not_a_subclass():
    """A subclass re-implementing handle() could break silently with any Django upgrade."""
    http = application.application_mapping["http"]
    assert type(http) is ASGIHandler


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
