"""Twenty sign-ups at the same moment against a pool of four database connections, with the
site's own password hasher and pool timeout: each waits its turn and succeeds.

On the deployed stack 4 of 20 such sign-ups answered 500, "couldn't get a connection after
10 s". Each sign-up held a pooled connection while it hashed the password (about a second
of work, several on a busy machine), so four hashing sign-ups kept the whole pool busy and
the rest waited out the pool's timeout: first in the log-in limiter, which then lived in the
database cache, and, with the limits moved to Redis, in the form's check of the address.
Now the hash is made with the connection handed back (accounts/forms.py), and the limits
count in Redis with the full stack. The test's hasher is the site's on purpose: the tests'
fast one (config/settings_test.py) holds a connection too briefly to show anything.
"""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import global_settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.conftest import needs_postgres

pytestmark = [pytest.mark.services, needs_postgres]

SIGN_UPS, POOL = 20, 4
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def small_pool():
    """The site's pool, made POOL connections big for this test (it is built on first use);
    its timeout stays the site's."""
    options = connection.settings_dict["OPTIONS"]["pool"]
    size = options["max_size"]
    connection.close_pool()
    options["max_size"] = POOL
    yield options
    connection.close_pool()
    options["max_size"] = size


def test_twenty_sign_ups_at_once_on_a_pool_of_four_all_succeed(transactional_db, small_pool, settings):
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS  # the site's (it sets none)
    assert small_pool["max_size"] == POOL and small_pool["timeout"] == 10
    start = threading.Barrier(SIGN_UPS)

    def sign_up(n: int) -> int:
        # Twenty people, each from an address of their own: allauth's limits count per
        # address, and twenty sign-ups at once from one address may meet its lock (a 429).
        client = Client(raise_request_exception=False, REMOTE_ADDR=f"198.51.100.{n + 1}")
        start.wait()
        form = {"email": f"burst{n}@example.com", "password1": PASSWORD, "password2": PASSWORD}
        status = client.post(reverse("account_signup"), form).status_code
        connection.close()  # back to the pool, as the server does after each request
        return status

    with ThreadPoolExecutor(max_workers=SIGN_UPS) as threads:
        statuses = Counter(threads.map(sign_up, range(SIGN_UPS)))
    assert statuses == {302: SIGN_UPS}  # no 500, no 503 and no 429 either
    assert get_user_model().objects.filter(email__startswith="burst").count() == SIGN_UPS
