"""With Redis, log-in limits and lock-outs count there (config/settings.py: caches_for,
AXES_HANDLER): atomic SET NX and INCR on keys that expire, shared by every process, and no
database query spent on counting, so a burst of log-ins cannot use up the pool on it."""

from __future__ import annotations

from axes.models import AccessAttempt
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.accounts.test_login_throttle import OWNER, STRANGER, site_login
from tests.conftest import needs_redis

pytestmark = needs_redis

# Tables the limits used when they lived in the database (axes's own and the database cache).
LIMIT_TABLES = ("axes_", "cache_entries")


def test_a_lock_out_is_counted_in_redis_without_a_query_for_it(alice, settings):
    assert settings.AXES_HANDLER == "axes.handlers.cache.AxesCacheHandler"
    with CaptureQueriesContext(connection) as queries:
        answers = [site_login("alice@example.com", "wrong", STRANGER).status_code for _ in range(6)]
        locked = site_login("alice@example.com", "pw-alicealice", STRANGER).status_code
    assert answers == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429] * (7 - settings.AXES_FAILURE_LIMIT)
    assert locked == 429
    assert [q["sql"] for q in queries if any(t in q["sql"] for t in LIMIT_TABLES)] == []
    assert AccessAttempt.objects.count() == 0
    counted = caches["default"].keys("*")
    assert any(key.startswith("axes-") for key in counted)  # axes's lock-out count
    assert any(key.startswith("allauth:rl:") for key in counted)  # allauth's failed log-ins per address
    # The owner, elsewhere, is not locked out.
    assert site_login("alice@example.com", "pw-alicealice", OWNER).status_code == 302


def test_an_operator_lifts_a_lock_out_by_address_and_account(alice, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        site_login("alice@example.com", "wrong", STRANGER)
    assert site_login("alice@example.com", "pw-alicealice", STRANGER).status_code == 429
    call_command("axes_reset_ip_username", STRANGER, "alice")
    assert site_login("alice@example.com", "pw-alicealice", STRANGER).status_code == 302
