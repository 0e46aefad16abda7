"""/healthz: the process answers. /readyz: and so do PostgreSQL and Redis (config/health.py)."""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
import pytest
from django.db.utils import OperationalError
from psycopg_pool import PoolTimeout

from config import health
from config.settings import caches_for

pytestmark = pytest.mark.django_db


def test_healthz_answers_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


def test_readyz_answers_ok_when_the_services_answer(client):
    assert client.get("/readyz").content == b"ok"


def test_readyz_answers_503_when_the_database_is_down(client, monkeypatch):
    def dead(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setitem(health.CHECKS, "database", dead)
    response = client.get("/readyz")
    assert response.status_code == 503 and b"database: OperationalError" in response.content
    assert client.get("/healthz").status_code == 200  # alive all the same: no restart needed


def test_readyz_answers_503_when_redis_is_down(client, settings):
    closed = "redis://127.0.0.1:1/0"
    settings.REDIS_URL = closed
    settings.CACHES = caches_for(closed, "down")
    response = client.get("/readyz")
    # Refused at once, as a rule; on a loaded machine the check may not even get to run within
    # its 0.8 s, and the probe says so instead: 503 naming Redis either way.
    assert response.status_code == 503
    assert b"redis: ConnectionError" in response.content or b"redis: no answer within" in response.content


@pytest.mark.parametrize("name", ["database", "redis"])
def test_readyz_answers_within_a_second_when_a_check_hangs(client, monkeypatch, name):
    """A service that takes connections and never answers: 503 all the same, in time."""
    released = threading.Event()
    monkeypatch.setitem(health.CHECKS, name, lambda: released.wait(30))
    try:
        for _ in range(3):  # probe after probe: each in time, and no second check starts
            started = time.monotonic()
            response = client.get("/readyz")
            assert time.monotonic() - started < 1
            assert response.status_code == 503
            assert f"{name}: no answer within".encode() in response.content
        assert sum(t.name.startswith("readyz") for t in threading.enumerate()) <= len(health.CHECKS)
    finally:
        released.set()
    health._running[name].result(timeout=5)


def _answer_to(error: Exception, rf) -> Any:
    try:
        raise error
    except Exception:  # as Django calls handler500: inside the except block
        return health.server_error(rf.get("/"))


def test_a_database_error_that_passes_answers_503_with_retry_after(rf):
    # The pool's "no connection free within its wait" is an OperationalError, which Django
    # raises as its own OperationalError: so is a connection dropped under a request.
    assert issubclass(PoolTimeout, psycopg.OperationalError)
    response = _answer_to(OperationalError("couldn't get a connection after 10.00 sec"), rf)
    assert response.status_code == 503 and response.headers["Retry-After"] == str(health.RETRY_AFTER)


def test_any_other_error_is_still_a_500(rf):
    response = _answer_to(ValueError("a bug"), rf)
    assert response.status_code == 500 and "Retry-After" not in response.headers
