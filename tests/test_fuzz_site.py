"""Fuzzing the whole site: every URL of the resolver, with any query parameters, form
fields, JSON bodies and methods, as an anonymous visitor, a player, a stranger and an
administrator; and any websocket address. Whatever arrives: never a server error, and
an answer of 4xx changes nothing (docs/security.md).

The four big tests draw 10,000 inputs between them; they are marked slow, and `make
test` runs slow tests too (pyproject's pytest settings deselect nothing).
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
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import Profile, Vacation
from config.asgi import application
from games import services
from games.models import ChatMessage, Game, Move, Mute, Seat
from tests.conftest import make_user

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
PARAM = re.compile(r"<(?:(\w+):)?\w+>")

texts = st.text(max_size=40) | st.sampled_from(
    ["", "0", "-1", "1e400", "Infinity", "NaN", "a/b", "..", "%00", "\x00", "<script>", "é", "9" * 30, " "]
)
numbers = st.integers(min_value=-5, max_value=30) | st.integers() | st.sampled_from(["9" * 40, "0x1"])
values = texts | numbers.map(str)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=15,
)


@st.composite
def paths(draw: Any) -> str:
    route = draw(st.sampled_from(ROUTES))

    def fill(match: re.Match[str]) -> str:
        if match.group(1) == "int":
            return str(draw(numbers))
        return quote(draw(values), safe="")

    return "/" + PARAM.sub(fill, route)


forms = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), values, max_size=6)
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
    return {"alice": alice, "charlie": charlie, "root": root}


def client(world: dict[str, Any], who: str) -> Client:
    """One client per persona for the whole test, logged in again if an input logged it out."""
    c = world.setdefault(
        f"client:{who}", Client(raise_request_exception=True)
    )  # a 500 fails with its traceback
    if who != "anonymous" and "_auth_user_id" not in c.session:
        c.force_login(world[who])
    return c


def answered(response: Any, before: tuple[Any, ...], what: str) -> None:
    assert response.status_code < 500, what
    if response.status_code >= 400:
        assert snapshot() == before, f"{what} answered {response.status_code} but wrote"


@pytest.mark.slow
@fuzz(3500)
@given(path=paths(), query=forms, who=users)
def test_any_get_to_any_url(world, path, query, who):
    before = snapshot()
    answered(client(world, who).get(path, query), before, f"GET {path} {query} as {who}")


@pytest.mark.slow
@fuzz(3500)
@given(path=paths(), form=forms, who=users, method=st.sampled_from(["post", "post", "post", "put", "delete"]))
def test_any_form_to_any_url(world, path, form, who, method):
    before = snapshot()
    c = client(world, who)
    if method == "post":
        response = c.post(path, form)
    else:
        response = getattr(c, method)(path, json.dumps(form), content_type="application/json")
    answered(response, before, f"{method.upper()} {path} {form} as {who}")


@pytest.mark.slow
@fuzz(2000)
@given(path=paths(), body=json_values | st.binary(max_size=60), who=users, htmx=st.booleans())
def test_any_json_body_to_any_url(world, path, body, who, htmx):
    before = snapshot()
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"HX-Request": "true"} if htmx else {}
    response = client(world, who).post(path, raw, content_type="application/json", headers=headers)
    answered(response, before, f"POST {path} {raw!r} as {who}")


@pytest.mark.slow
@fuzz(1000)
@given(
    version=numbers | texts | json_values,
    seat=numbers | texts | json_values,
    action=json_values,
    who=users,
)
def test_any_action_on_a_game_in_play(world, version, seat, action, who):
    game = Game.objects.filter(status="active").order_by("pk").first()
    before = snapshot()
    body = json.dumps({"action": action, "version": version, "seat": seat})
    response = client(world, who).post(f"/game/{game.pk}/act", body, content_type="application/json")
    answered(response, before, f"act {body} as {who}")


@st.composite
def socket_paths(draw: Any) -> str:
    known = ["ws/game/<int:pk>/", "ws/me/", "ws/lobby/", "<str:x>", "ws/<str:x>/", "ws/game/<str:x>/"]
    route = draw(st.sampled_from(known))
    return "/" + PARAM.sub(
        lambda m: str(draw(numbers)) if m.group(1) == "int" else quote(draw(values)), route
    )


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@fuzz(1000)
@given(path=socket_paths())
def test_any_websocket_address(path):
    """Every address is answered: accepted, or closed with a 44xx code; never an exception."""

    async def connect() -> tuple[bool, Any]:
        communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
        connected, code = await communicator.connect()
        await communicator.disconnect()
        return connected, code

    connected, code = async_to_sync(connect)()
    assert connected or (isinstance(code, int) and 4000 <= code < 5000), (path, code)
