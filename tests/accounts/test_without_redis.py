"""Redis down: log-in and sign-up still work. Their rate limits live in the database
cache; presence (who has a game open) lives in Redis and fails soft (django-redis's
IGNORE_EXCEPTIONS): an unreachable Redis reads as an empty cache (config/settings.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command

from config.settings import caches_for

CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens there: every connection is refused


@pytest.fixture
def redis_down(settings, db):
    """The full stack's caches, with Redis refusing every connection."""
    settings.CACHES = caches_for(CLOSED_PORT, "down")
    call_command("createcachetable", verbosity=0)  # as the deploy does (scripts/release)
    caches["presence"].set("probe", 1)  # does not raise ...
    assert caches["presence"].get("probe") is None  # ... and finds nothing


def test_log_in_works_while_redis_is_down(redis_down, alice, client):
    response = client.post("/accounts/login/", {"login": "alice@example.com", "password": "pw-alicealice"})
    assert response.status_code == 302
    assert client.get("/").context["user"] == alice


def test_sign_up_works_while_redis_is_down(redis_down, client, mailoutbox):
    response = client.post(
        "/accounts/signup/",
        {"email": "dora@example.com", "password1": "a long pass phrase", "password2": "a long pass phrase"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(email="dora@example.com").exists()
    assert len(mailoutbox) == 1  # the verification mail


def test_presence_reads_nobody_while_redis_is_down(redis_down):
    from games import presence

    presence.opened(1, 2)
    assert presence.watching(1, [2]) == set()  # so the turn e-mail goes out
    presence.closed(1, 2)
