"""Redis down: log-in and sign-up still work. Their limits and lock-outs count in Redis and
fail open (config/caches.py): while it cannot be reached every count reads as new, and
each call that went unanswered is logged. Presence (who has a game open) fails soft: an
unreachable Redis reads as an empty cache (config/settings.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client, override_settings

from config.settings import caches_for

CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens there: every connection is refused
STRANGER = "203.0.113.66"


@pytest.fixture
def redis_down(db):
    """The full stack's caches and lock-out handler, with Redis refusing every connection.

    One override for both, so that axes builds its handler on the dead cache, and again
    on the test's own caches once the override is undone."""
    with override_settings(
        CACHES=caches_for(CLOSED_PORT, "down"), AXES_HANDLER="axes.handlers.cache.AxesCacheHandler"
    ):
        caches["presence"].set("probe", 1)  # does not raise ...
        assert caches["presence"].get("probe") is None  # ... and finds nothing
        yield


def log_in(password: str, ip: str = STRANGER) -> int:
    form = {"login": "alice@example.com", "password": password}
    return Client(REMOTE_ADDR=ip).post("/accounts/login/", form).status_code


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


def test_wrong_passwords_lock_no_one_out_while_redis_is_down_and_each_miss_is_logged(
    redis_down, alice, settings, caplog
):
    # Failing open: nothing is counted, so nothing locks (docs/security.md says why).
    answers = [log_in("wrong") for _ in range(settings.AXES_FAILURE_LIMIT + 2)]
    assert answers == [200] * len(answers)  # the form again, with its error: never 429, never 500
    assert log_in("pw-alicealice") == 302
    unanswered = [r for r in caplog.records if r.name == "django_redis.cache" and r.exc_info]
    assert unanswered and all("Error 111" in str(r.exc_info[1]) for r in unanswered)


def test_presence_reads_nobody_while_redis_is_down(redis_down):
    from games import presence

    presence.opened(1, 2)
    assert presence.watching(1, [2]) == set()  # so the turn e-mail goes out
    presence.closed(1, 2)
