"""Personas: alice, bob and charlie. Charlie must never see alice's and bob's secrets."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.utils import translation

from games import services
from games.models import Game

# The real services, which CI provides (.ci/run fails when they are missing). SQLite runs one
# writer at a time, so races between connections, and a worker process sharing the test
# database, need PostgreSQL.
needs_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="DATABASE_URL does not point at PostgreSQL (CI sets it)"
)
needs_redis = pytest.mark.skipif(not settings.REDIS_URL, reason="REDIS_URL is not set (CI sets it)")

# Seconds a socket test waits to connect or for a message: a guard against a hang, not a measure
# of speed (on a loaded machine a connection can take longer than the default 1 s).
SOCKET_WAIT = 30


def make_user(name: str) -> Any:
    user = get_user_model().objects.create_user(
        username=name, email=f"{name}@example.com", password="pw-" + name * 2
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    user.profile.display_name = name.capitalize()
    user.profile.save()
    return user


@pytest.fixture
def alice(db: Any) -> Any:
    return make_user("alice")


@pytest.fixture
def bob(db: Any) -> Any:
    return make_user("bob")


@pytest.fixture
def charlie(db: Any) -> Any:
    return make_user("charlie")


def forget_log_in_limits() -> None:
    """Deletes what allauth's limits and axes's lock-outs counted in the "default" cache.

    With Redis only this run's keys go (its prefix, config/settings_test.py): `clear()`
    would empty the whole Redis database, other runs' keys and task queues with it."""
    cache = caches["default"]
    if hasattr(cache, "delete_pattern"):
        cache.delete_pattern("*")
    else:
        cache.clear()


@pytest.fixture(autouse=True)
def no_log_in_counted_yet() -> None:
    """The cache outlives each test's database: each test starts with nothing counted."""
    forget_log_in_limits()


@pytest.fixture(autouse=True)
def site_language_afterwards() -> Any:
    """A request in another language leaves it active in the thread (as a real server does
    until its next request): the next test starts in the site's default again."""
    yield
    translation.deactivate()


@pytest.fixture
def rate_limits(settings: Any) -> Any:
    """Rate limits on, counting under keys of this test's own (the cache outlives each
    test's database and may be shared with other runs)."""
    settings.RATELIMIT_ENABLE = True
    settings.RATELIMIT_CACHE_PREFIX = f"rl-{uuid.uuid4().hex}:"
    return settings


def client_for(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    """A started 2-player Highcard game: alice in seat 0, bob in seat 1, the Dealer in seat 2."""
    game = services.create_game(alice, "highcard", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


# Tests that take many seconds each (measured: bench/README.md). Run first, they keep both
# xdist workers busy from the start, and the quick tests fill the end evenly; run last, one
# of them could hold the whole run up on a single worker after the other has finished. The
# end-to-end runs of `make run` come first of all: they mostly wait on their subprocess, so
# started early they overlap with the other worker's computing.
WAITING = ("tests/e2e/",)
LONG = (
    "tests/browser/",
    "tests/test_fuzz_site.py",
    "tests/ratings/test_recompute.py",
    "tests/engines/test_search.py",
    "tests/games/test_lords_pages.py",
    "tests/games/test_thunderstone_pages.py",
    "tests/games/test_stonespine_pages.py",
)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        if path.startswith(WAITING):
            return 0
        if item.get_closest_marker("slow") or path.startswith(LONG) or path.endswith("/test_conformance.py"):
            return 1
        return 2

    items.sort(key=rank)  # stable: the order within each rank is kept
    # Each waiting test is followed by a long one: xdist hands out the first tests in turn, so
    # the waiting ones go one after the other to the first worker while the second computes.
    waiting = [item for item in items if rank(item) == 0]
    rest = items[len(waiting) :]
    paired = min(len(waiting), len(rest))
    items[:] = [
        *(i for pair in zip(waiting[:paired], rest[:paired], strict=True) for i in pair),
        *waiting[paired:],
        *rest[paired:],
    ]
