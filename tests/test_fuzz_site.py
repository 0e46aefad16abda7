"""Fuzzing the whole site: every URL of the resolver, with any query parameters, form
fields, JSON bodies and methods, as an anonymous visitor, a player, a stranger and an
administrator; and any websocket address. Whatever arrives: never a server error, and
an answer of 4xx changes nothing (docs/security.md).

The big tests draw over 10,000 inputs between them (11,236 today); they are marked
slow, and `make test` runs slow tests too (pyproject's pytest settings deselect nothing).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from allauth.account.models import EmailAddress
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import Profile, Vacation
from config.asgi import application
from games import services
from games.models import ChatMessage, Game, Move, Mute, Seat
from tests.conftest import SOCKET_WAIT, make_user

BASE = settings(
    deadline=None,
    derandomize=True,  # the same inputs on every run: a failure in CI can be run again here
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def fuzz(examples: int) -> settings:
    return settings(BASE, max_examples=examples)


# The names the site's forms, query strings and JSON bodies use, and some they do not.
FIELDS = [
    "action",
    "version",
    "seat",
    "text",
    "token",
    "user",
    "unmute",
    "after",
    "step",
    "part",
    "next",
    "display_name",
    "timezone",
    "notify",
    "players",
    "public",
    "rated",
    "pace",
    "on_timeout",
    "opt_variant",
    "seat_1",
    "seat_2",
    "back_on",
    "login",
    "password",
    "email",
    "password1",
    "password2",
    "username",
    "remember",
    "q",
    "o",
    "p",
    "page",
    "format",
]


def routes() -> list[str]:
    """Every route of the resolver as a template: '<int:pk>' and the like stay in place."""

    def walk(resolver: Any, prefix: str) -> list[str]:
        found = []
        for p in resolver.url_patterns:
            route = prefix + str(p.pattern)
            found += walk(p, route) if isinstance(p, URLResolver) else [route]
        return found

    plain = [r for r in walk(get_resolver(), "") if "^" not in r and "(?P" not in r]
    # The few regular-expression routes, written as templates by hand.
    return [
        *plain,
        "admin/<str:app>/",
        "admin/<path:anything>",
        "accounts/confirm-email/<str:key>/",
        "accounts/password/reset/key/<str:uid>-<str:key>/",
    ]


ROUTES = routes()
SITE_ROUTES = [r for r in ROUTES if not r.startswith("admin/")]
PARAM = re.compile(r"<(?:(\w+):)?\w+>")

# Values that broke something once, or might: numbers that are not whole numbers, NUL,
# slashes, markup, digits of other scripts.
SPECIAL = [
    "",
    "0",
    "-1",
    "1e400",
    "Infinity",
    "NaN",
    "1.0",
    "true",
    "a/b",
    "..",
    "%00",
    "\x00",
    "<b>",
    "é",
    "٣",
    "9" * 40,
]
texts = st.text(max_size=40) | st.sampled_from(SPECIAL)
# Real ids are drawn most often, so that inputs reach the views behind them.
big_numbers = st.integers() | st.sampled_from([2**31, 2**63, -(2**63), 10**40])
values = st.one_of(st.sampled_from(SPECIAL), texts, st.integers(-5, 30).map(str), big_numbers.map(str))
floats = st.floats() | st.sampled_from([float("inf"), float("-inf"), float("nan"), 1e308, 1.0, 0.0])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | floats | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=15,
)
actions = (
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "reveal", "pass", ""]) | st.text(max_size=8)},
        optional={"card": st.sampled_from(["Amber 1", "Amber 2"]) | json_values, "x": json_values},
    )
    | json_values
)
# A version or seat: mostly numbers, and every kind of thing that is not one.
counters = st.integers(-2, 5) | big_numbers | floats | st.booleans() | texts | st.none() | json_values


@st.composite
def paths(draw: Any, ids: list[int], route: str | None = None) -> str:
    route = route or draw(st.sampled_from(SITE_ROUTES) | st.sampled_from(ROUTES))

    def fill(match: re.Match[str]) -> str:
        if match.group(1) == "int":
            return str(
                draw(st.one_of(st.sampled_from(ids), st.sampled_from(ids), st.integers(-5, 30), big_numbers))
            )
        return quote(draw(values), safe="")

    return "/" + PARAM.sub(fill, route)


# Fields of the site's forms and query strings most often, with any values.
fields = st.one_of(st.sampled_from(FIELDS), st.sampled_from(FIELDS), st.text(max_size=8))
forms = st.dictionaries(fields, values, max_size=6)
# The names the site reads from query strings.
QUERY_NAMES = ["step", "part", "after", "next", "token", "page", "q", "o", "p", "format"]
queries = st.dictionaries(st.sampled_from(QUERY_NAMES), values, max_size=3) | st.dictionaries(
    st.text(max_size=8), values, max_size=3
)
users = st.sampled_from(["anonymous", "alice", "charlie", "root"])


def snapshot() -> tuple[Any, ...]:
    """What a refused request must leave as it was."""
    return (
        list(Game.objects.order_by("pk").values_list("pk", "version", "status", "to_act", "public")),
        list(Seat.objects.order_by("pk").values_list("pk", "user_id", "kind", "resigned", "timed_out")),
        Move.objects.count(),
        ChatMessage.objects.count(),
        Mute.objects.count(),
        list(Profile.objects.order_by("pk").values_list("display_name", "timezone", "notify")),
        list(get_user_model().objects.order_by("pk").values_list("pk", "email", "is_active")),
        EmailAddress.objects.count(),
        Vacation.objects.count(),
    )


@pytest.fixture
def world(db: Any, django_capture_on_commit_callbacks: Any) -> dict[str, Any]:
    """Tables of every kind (open, private, in play, finished) and the people around them."""
    alice, bob, charlie = make_user("alice"), make_user("bob"), make_user("charlie")
    root = get_user_model().objects.create_superuser("root", "root@example.com", "a-long-admin-secret")
    with django_capture_on_commit_callbacks(execute=True):
        services.create_game(alice, "highcard", 3, {})
        services.create_game(alice, "highcard", 3, {}, public=False)
        duel = services.create_game(alice, "highcard", 2, {})
        services.join_game(bob, duel.pk)
        done = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
        services.resign(alice, done.pk)
    ids = list(Game.objects.values_list("pk", flat=True))
    return {"alice": alice, "charlie": charlie, "root": root, "ids": ids}


def client(world: dict[str, Any], who: str) -> Client:
    """One client per persona for the whole test, logged in again if an input logged it out."""
    c = world.setdefault(
        f"client:{who}", Client(raise_request_exception=True)
    )  # a 500 fails with its traceback
    if who != "anonymous" and "_auth_user_id" not in c.session:
        c.force_login(world[who])
    return c


def snapshot_before(world: dict[str, Any]) -> tuple[Any, ...]:
    """The snapshot before an input: the one `answered` took after the last input if that one
    was refused (so it changed nothing, as checked), else a fresh one. Nothing else writes
    between inputs, so the tables are read once an input instead of twice."""
    if "snapshot" not in world:
        world["snapshot"] = snapshot()
    return world["snapshot"]


def answered(world: dict[str, Any], response: Any, before: tuple[Any, ...], what: str) -> None:
    world.pop("snapshot", None)  # read again for the next input, unless this one changed nothing
    assert response.status_code < 500, what
    if response.status_code >= 400:
        after = snapshot()
        assert after == before, f"{what} answered {response.status_code} but wrote"
        world["snapshot"] = after


# Each route gets inputs of its own: the site's routes 50 each, the admin's 12 each
# (it is Django's own code; only the administrator gets past its log-in).
PER_SITE_ROUTE, PER_ADMIN_ROUTE = 50, 12
ADMIN_ROUTES = [r for r in ROUTES if r.startswith("admin/")]


def get_any(world: Any, data: Any, route: str, query: dict[str, str], who: str) -> None:
    path = data.draw(paths(world["ids"], route), label="path")
    before = snapshot_before(world)
    answered(world, client(world, who).get(path, query), before, f"GET {path} {query} as {who}")


def post_any(world: Any, data: Any, route: str, form: dict[str, str], who: str, method: str) -> None:
    path = data.draw(paths(world["ids"], route), label="path")
    before = snapshot_before(world)
    c = client(world, who)
    if method == "post":
        response = c.post(path, form)
    else:
        response = getattr(c, method)(path, json.dumps(form), content_type="application/json")
    answered(world, response, before, f"{method.upper()} {path} {form} as {who}")


methods = st.sampled_from(["post", "post", "post", "put", "delete"])


@pytest.mark.slow
@pytest.mark.parametrize("route", SITE_ROUTES)
@fuzz(PER_SITE_ROUTE)
@given(data=st.data(), query=queries, who=users)
def test_any_get_to_any_url_of_the_site(world, route, data, query, who):
    get_any(world, data, route, query, who)


@pytest.mark.slow
@pytest.mark.parametrize("route", ADMIN_ROUTES)
@fuzz(PER_ADMIN_ROUTE)
@given(data=st.data(), query=queries, who=users)
def test_any_get_to_any_url_of_the_admin(world, route, data, query, who):
    get_any(world, data, route, query, who)


@pytest.mark.slow
@pytest.mark.parametrize("route", SITE_ROUTES)
@fuzz(PER_SITE_ROUTE)
@given(data=st.data(), form=forms, who=users, method=methods)
def test_any_form_to_any_url_of_the_site(world, route, data, form, who, method):
    post_any(world, data, route, form, who, method)


@pytest.mark.slow
@pytest.mark.parametrize("route", ADMIN_ROUTES)
@fuzz(PER_ADMIN_ROUTE)
@given(data=st.data(), form=forms, who=users, method=methods)
def test_any_form_to_any_url_of_the_admin(world, route, data, form, who, method):
    post_any(world, data, route, form, who, method)


def test_the_fuzzing_draws_ten_thousand_inputs():
    per_run = (
        2 * (PER_SITE_ROUTE * len(SITE_ROUTES) + PER_ADMIN_ROUTE * len(ADMIN_ROUTES))
        + JSON_BODIES
        + ACTIONS
        + SOCKETS
    )
    assert per_run >= 10_000


JSON_BODIES, ACTIONS, SOCKETS = 2000, 1000, 1000


@pytest.mark.slow
@fuzz(JSON_BODIES)
@given(data=st.data(), body=json_values | st.binary(max_size=60), who=users, htmx=st.booleans())
def test_any_json_body_to_any_url(world, data, body, who, htmx):
    path = data.draw(paths(world["ids"]), label="path")
    before = snapshot_before(world)
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"HX-Request": "true"} if htmx else {}
    response = client(world, who).post(path, raw, content_type="application/json", headers=headers)
    answered(world, response, before, f"POST {path} {raw!r} as {who}")


@pytest.mark.slow
@fuzz(ACTIONS)
@given(version=counters, seat=counters, action=actions, who=users, form=st.booleans())
def test_any_action_on_a_game_in_play(world, version, seat, action, who, form):
    game = Game.objects.filter(status="active").order_by("pk").first()
    before = snapshot_before(world)
    c = client(world, who)
    if form:  # as the page's form posts it: every field a string
        fields = {"action": json.dumps(action), "version": str(version), "seat": str(seat)}
        response = c.post(f"/game/{game.pk}/act", fields)
        what = f"act {fields} as {who}"
    else:
        body = json.dumps({"action": action, "version": version, "seat": seat})
        response = c.post(f"/game/{game.pk}/act", body, content_type="application/json")
        what = f"act {body} as {who}"
    answered(world, response, before, what)


@st.composite
def socket_paths(draw: Any) -> str:
    known = [
        "ws/game/<int:pk>/",
        "ws/me/",
        "ws/lobby/",
        "ws/tournament/<int:pk>/",
        "<str:x>",
        "ws/<str:x>/",
        "ws/game/<str:x>/",
        "ws/tournament/<str:x>/",
    ]
    route = draw(st.sampled_from(known))
    number = st.integers(-5, 30) | big_numbers
    return "/" + PARAM.sub(lambda m: str(draw(number)) if m.group(1) == "int" else quote(draw(values)), route)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@fuzz(SOCKETS)
@given(path=socket_paths())
def test_any_websocket_address(path):
    """Every address is answered: accepted, or closed with a 44xx code; never an exception."""

    async def connect() -> tuple[bool, Any]:
        origin = django_settings.WEBSOCKET_ORIGINS[0].encode()  # the site's own: others are refused first
        communicator = WebsocketCommunicator(application, path, headers=[(b"origin", origin)])
        # The wait guards against a hang, not a speed: a loaded machine may take seconds.
        connected, code = await communicator.connect(timeout=SOCKET_WAIT)
        await communicator.disconnect()
        return connected, code

    connected, code = async_to_sync(connect)()
    assert connected or (isinstance(code, int) and 4000 <= code < 5000), (path, code)


# The classes of input that once answered 500 on the deployed stack (docs/security.md),
# each drawn on its own so that it is reached every run, not by chance.
LIFECYCLE = ["join", "leave", "cancel", "resign", "start", "reclaim", "rematch/decline"]
TOKENS = 300


@pytest.mark.slow
@fuzz(TOKENS)
@given(token=st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")), data=st.data())
def test_any_invite_token_on_any_action_at_a_private_table(world, token, data):
    game = Game.objects.filter(public=False).get()
    action = data.draw(st.sampled_from(LIFECYCLE), label="action")
    before = snapshot_before(world)
    body = "token=" + quote(token.encode("utf-8", "surrogatepass"), safe="")
    response = client(world, "charlie").post(
        f"/game/{game.pk}/{action}", body, content_type="application/x-www-form-urlencoded"
    )
    answered(world, response, before, f"{action} with token {token!r}")
    assert response.status_code == (400 if "\x00" in token else 404), token  # NUL: config/middleware.py


CHAT_LINES = 300
# Text with NUL and the other control characters, as a form or as chat.js's fetch sends it.
chat_text = st.text(
    alphabet=st.characters(codec="utf-8") | st.sampled_from("\x00\x01\x7f\u2028"), max_size=30
)


@pytest.mark.slow
@fuzz(CHAT_LINES)
@given(text=chat_text, scripted=st.booleans(), multipart=st.booleans())
def test_any_chat_line(world, text, scripted, multipart):
    game = Game.objects.filter(status="active").order_by("pk").first()
    before = snapshot_before(world)
    c = client(world, "alice")
    headers = {"X-Requested-With": "fetch"} if scripted else {}
    url = f"/game/{game.pk}/chat/write"
    if multipart:
        response = c.post(url, {"text": text}, headers=headers)
    else:
        body = "text=" + quote(text, safe="")
        response = c.post(url, body, content_type="application/x-www-form-urlencoded", headers=headers)
    answered(world, response, before, f"chat {text!r}")
    if "\x00" in text:
        assert response.status_code == 400


COOKIES = 200


@pytest.mark.slow
@fuzz(COOKIES)
@given(
    name=st.sampled_from(["sessionid", "csrftoken", "messages", "django_timezone"]),
    value=st.text(alphabet=st.characters(max_codepoint=255), max_size=30),  # a header is Latin-1
)
def test_any_cookie(world, name, value):
    c = client(world, "alice")
    c.cookies[name] = value
    before = snapshot_before(world)
    response = c.get("/")
    answered(world, response, before, f"cookie {name}={value!r}")
    del c.cookies[name]
    client(world, "alice")  # logged in again if the cookie logged the client out


FRAMES, ORIGINS = 50, 50
frames = st.one_of(
    st.binary(min_size=1, max_size=40).map(lambda b: {"bytes_data": b}),
    st.text(min_size=1, max_size=40).map(lambda t: {"text_data": t}),
    json_values.map(lambda v: {"text_data": json.dumps(v)}),
    st.sampled_from([{"text_data": '{"type": "ping"}'}, {"text_data": "[" * 5000}]),
)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@fuzz(FRAMES)
@given(frame=frames)
def test_any_frame_on_a_socket(frame):
    """A socket takes any frame: JSON is read, anything else closes it with 1003 or 1007;
    the consumer never raises (receive_output and disconnect would re-raise)."""

    async def send() -> Any:
        origin = django_settings.WEBSOCKET_ORIGINS[0].encode()
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", origin)])
        connected, code = await communicator.connect(timeout=SOCKET_WAIT)
        assert connected, code
        await communicator.send_to(**frame)
        if await communicator.receive_nothing(timeout=0.05):
            await communicator.disconnect()
            return None
        output = await communicator.receive_output(timeout=SOCKET_WAIT)
        await communicator.disconnect(timeout=SOCKET_WAIT)
        return output["code"]

    code = async_to_sync(send)()
    assert code in (None, 1003, 1007), (frame, code)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@fuzz(ORIGINS)
@given(origin=st.binary(max_size=40) | st.text(max_size=30).map(lambda t: ("http://127.0.0.1:" + t).encode()))
def test_any_origin_header(origin):
    """Only the site's own origin opens a socket; any other, readable or not, is refused."""

    async def connect() -> tuple[bool, Any]:
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", origin)])
        connected, code = await communicator.connect(timeout=SOCKET_WAIT)
        await communicator.disconnect()
        return connected, code

    connected, code = async_to_sync(connect)()
    assert connected == (origin.decode("latin-1") in django_settings.WEBSOCKET_ORIGINS), (origin, code)
