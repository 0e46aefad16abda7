"""Twenty sign-ups at the same moment against a pool of four database connections: each
waits its turn for a connection, and none answers with a server error (a wait past the
pool's timeout would answer 503 with Retry-After, config/health.py)."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.conftest import needs_postgres

pytestmark = [pytest.mark.services, needs_postgres]

SIGN_UPS, POOL = 20, 4
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def small_pool():
    """The site's pool, made POOL connections big for this test (it is built on first use)."""
    options = connection.settings_dict["OPTIONS"]["pool"]
    size = options["max_size"]
    connection.close_pool()
    options["max_size"] = POOL
    yield
    connection.close_pool()
    options["max_size"] = size


def test_twenty_sign_ups_at_once_on_a_pool_of_four_give_no_server_error(transactional_db, small_pool):
    cache.clear()  # allauth's sign-up limits count per client address: all of these share one
    start = threading.Barrier(SIGN_UPS)

    def sign_up(n: int) -> int:
        client = Client(raise_request_exception=False)
        start.wait()
        form = {"email": f"burst{n}@example.com", "password1": PASSWORD, "password2": PASSWORD}
        status = client.post(reverse("account_signup"), form).status_code
        connection.close()  # back to the pool, as the server does after each request
        return status

    with ThreadPoolExecutor(max_workers=SIGN_UPS) as threads:
        statuses = list(threads.map(sign_up, range(SIGN_UPS)))
    print(Counter(statuses))
    assert [s for s in statuses if s >= 500] == []
    assert get_user_model().objects.filter(email__startswith="burst").count() == statuses.count(302)
