"""Bad input gets a 4xx with a clear message and changes nothing (docs/security.md):
numbers that are not numbers, JSON nested too deep, NUL bytes in addresses, names that
cannot be linked to, unknown websocket addresses, bodies longer than they say."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import ApplicationCommunicator, WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from config.asgi import application
from games import services
from games.models import ChatMessage, Game, Move
from tests.conftest import SOCKET_WAIT, client_for

FORM = "application/x-www-form-urlencoded"


def state_of(game):
    game.refresh_from_db()
    return game.version, game.state, Move.objects.count()


def post_json(user, game, text):
    return client_for(user).post(reverse("act", args=[game.pk]), text, content_type="application/json")


def a_legal_card(game):
    return game.state["hands"][0][0]


@pytest.mark.parametrize(
    "body",
    [
        '{"action": {"type": "play", "card": "%s"}, "version": Infinity}',
        '{"action": {"type": "play", "card": "%s"}, "version": -Infinity}',
        '{"action": {"type": "play", "card": "%s"}, "version": NaN}',
        '{"action": {"type": "play", "card": "%s"}, "version": 1e400}',
        '{"action": {"type": "play", "card": "%s"}, "version": 0, "seat": Infinity}',
        '{"action": {"type": "play", "card": "%s"}, "version": 0, "seat": 1e400}',
        '{"action": {"type": "play", "card": "%s"}, "version": 0.0}',
        '{"action": {"type": "play", "card": "%s"}, "version": false}',
        '{"action": {"type": "play", "card": "%s"}, "version": 99999999999999999999999}',
    ],
)
def test_numbers_that_are_not_whole_numbers_are_refused(duel, alice, body):
    before = state_of(duel)
    response = post_json(alice, duel, body % a_legal_card(duel))
    assert response.status_code == 400
    assert response.json() == {"error": "that is not a well-formed action"}
    assert state_of(duel) == before


def test_json_nested_two_thousand_deep_is_refused(duel, alice):
    before = state_of(duel)
    deep = "[" * 1900 + "]" * 1900  # as deep as fits in the 4 KB an action may take
    body = '{"action": {"type": "play", "card": "%s", "x": %s}, "version": 0}' % (a_legal_card(duel), deep)
    response = post_json(alice, duel, body)
    assert response.status_code == 400
    assert state_of(duel) == before


def test_a_form_post_with_infinity_is_refused(duel, alice):
    before = state_of(duel)
    action = json.dumps({"type": "play", "card": a_legal_card(duel)})
    for version in ("Infinity", "1e400", "NaN", "0.0", "٣"):
        response = client_for(alice).post(
            reverse("act", args=[duel.pk]), {"action": action, "version": version}
        )
        assert response.status_code == 400, version
    response = client_for(alice).post(
        reverse("act", args=[duel.pk]), {"action": '{"type": "play", "n": Infinity}', "version": "0"}
    )
    assert response.status_code == 400
    assert state_of(duel) == before


def test_the_replay_s_step_must_be_a_number(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
    while Game.objects.get(pk=game.pk).status != "finished":
        g = Game.objects.get(pk=game.pk)
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(
                alice, g.pk, 0, {"type": "play", "card": g.state["hands"][0][0]}, g.version
            )
    client = client_for(alice)
    for step in ("abc", "1e400", "Infinity", "-", "٣"):
        response = client.get(reverse("replay", args=[game.pk]), {"step": step})
        assert response.status_code == 400 and "move number" in response.text
    assert client.get(reverse("replay", args=[game.pk]), {"step": "1"}).status_code == 200
    assert client.get(reverse("replay", args=[game.pk]), {"step": "-4"}).status_code == 200


@pytest.mark.parametrize("path", ["/invite/ab%00cd/", "/players/Ali%00ce/", "/players/x/", "/?q=%00"])
def test_a_nul_byte_in_the_address_is_refused(alice, path):
    response = client_for(alice).get(path)
    if path == "/players/x/":
        assert response.status_code == 404  # the control: no NUL, no such player
    else:
        assert response.status_code == 400
        assert "NUL" in response.text


@pytest.mark.parametrize("scripted", [True, False], ids=["fetch", "form"])
@pytest.mark.parametrize("text", ["hi\x00there", "\x00", "a%00b"])
def test_a_nul_in_a_chat_line_is_refused_and_nothing_is_stored(duel, alice, scripted, text):
    """PostgreSQL refuses NUL in text: the line must be turned away before it gets there."""
    headers = {"X-Requested-With": "fetch"} if scripted else {}
    client = client_for(alice)
    url = reverse("chat_write", args=[duel.pk])
    if "%" in text:  # as a browser would send it, already encoded
        response = client.post(url, f"text={text}", content_type=FORM, headers=headers)
    else:
        response = client.post(url, {"text": text}, headers=headers)
    assert response.status_code == 400 and "NUL" in response.text
    assert not ChatMessage.objects.exists()


def test_a_nul_in_a_multipart_form_field_or_its_name_is_refused(duel, alice):
    client = client_for(alice)
    for fields in ({"text": "a\x00b"}, {"te\x00xt": "hello"}):
        response = client.post(reverse("chat_write", args=[duel.pk]), fields)  # multipart
        assert response.status_code == 400
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize("cookie", ["sessionid", "csrftoken", "messages", "other"])
def test_a_nul_in_a_cookie_is_refused(alice, cookie):
    client = client_for(alice)
    # A quoted cookie value may spell a NUL as an octal escape, which Django decodes.
    client.cookies[cookie] = "abc\x00defghijklmnop"
    response = client.get(reverse("lobby"))
    assert response.status_code == 400 and "NUL" in response.text


def test_a_display_name_with_a_slash_is_refused_and_the_page_still_draws(alice):
    response = client_for(alice).post(
        reverse("profile_edit"), {"display_name": "al/ice", "timezone": "UTC", "notify": "turn"}
    )
    assert response.status_code == 200
    assert "3 to 30 letters" in response.text
    assert Profile.objects.get(user=alice).display_name == "Alice"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/nowhere/", "/ws/game/abc/", "/", "/ws/game/1/extra/", "/ws/ga%00me/"])
def test_an_unknown_websocket_address_is_closed_cleanly(path):
    async def connect():
        communicator = WebsocketCommunicator(
            application, path, headers=[(b"origin", settings.WEBSOCKET_ORIGINS[0].encode())]
        )
        # The wait guards against a hang, not a speed: a loaded machine may take seconds.
        connected, code = await communicator.connect(timeout=SOCKET_WAIT)
        await communicator.disconnect()
        return connected, code

    assert async_to_sync(connect)() == (False, 4404)


# The body limit counts the bytes received, not what the Content-Length header says.


@pytest.mark.django_db(transaction=True)
def test_a_chunked_body_over_the_limit_is_refused_before_the_service(duel, alice):
    from tests.test_asgi import session_cookie

    token = "t" * 32
    action = {"type": "play", "card": a_legal_card(duel), "pad": "x" * 1_000_000}
    body = json.dumps({"action": action, "version": 0}).encode()
    cookie = f"{session_cookie(alice)}; csrftoken={token}".encode()

    async def send_chunked():
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": f"/game/{duel.pk}/act",
            "raw_path": f"/game/{duel.pk}/act".encode(),
            "query_string": b"",
            "root_path": "",
            "server": ("testserver", 80),
            "client": ("127.0.0.1", 1234),
            # No Content-Length: the body comes in chunks (Transfer-Encoding: chunked).
            "headers": [
                (b"host", b"testserver"),
                (b"cookie", cookie),
                (b"x-csrftoken", token.encode()),
                (b"content-type", b"application/json"),
                (b"transfer-encoding", b"chunked"),
            ],
        }
        app = ApplicationCommunicator(application, scope)
        for start in range(0, len(body), 65536):
            chunk = body[start : start + 65536]
            await app.send_input(
                {"type": "http.request", "body": chunk, "more_body": start + 65536 < len(body)}
            )
        start_message = await app.receive_output(10)
        body_message = await app.receive_output(10)
        await app.wait(10)
        return start_message["status"], json.loads(body_message["body"])

    status, answer = async_to_sync(send_chunked)()
    assert (status, answer) == (400, {"error": "that action is far too large"})
    assert Game.objects.get(pk=duel.pk).version == 0


def test_a_move_sent_as_multipart_form_data_through_the_csrf_check_is_played(duel, alice):
    """A browser's FormData is multipart: CsrfViewMiddleware reads the fields from the stream
    before the view, so the view cannot read the raw body again. The move is still played (its
    size measured on the fields received), not answered with a server error."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    client.get(duel.get_absolute_url())
    token = client.cookies["csrftoken"].value
    action = '{"type": "play", "card": "%s"}' % a_legal_card(duel)
    fields = {"action": action, "version": 0, "seat": 0, "csrfmiddlewaretoken": token}
    response = client.post(reverse("act", args=[duel.pk]), fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert Move.objects.filter(game=duel, seat=0).count() == 1

    fields = {**fields, "action": '{"type": "play", "card": "%s"}' % ("x" * 5000), "version": 1}
    response = client.post(reverse("act", args=[duel.pk]), fields, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert Move.objects.filter(game=duel).count() == 1
