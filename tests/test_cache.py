"""The caches of the full stack (config/settings.py: caches_for)."""

from __future__ import annotations

import threading
import uuid

from django.conf import settings
from django_redis.cache import RedisCache

from config.caches import FailOpenRedisCache
from config.settings import caches_for
from tests.conftest import needs_redis

URL = "redis://127.0.0.1:6379/9"


def presence_cache() -> RedisCache:
    """What each request (each async context) gets: a cache object of its own."""
    config = caches_for(URL, "pool-check")["presence"]
    return RedisCache(config["LOCATION"], config)


def test_log_in_limits_players_limits_and_presence_are_all_in_redis():
    caches = caches_for(URL, "site")
    # Log-in limits fail open (config/caches.py); tests/accounts/test_without_redis.py.
    assert caches["default"]["BACKEND"] == "config.caches.FailOpenRedisCache"
    assert caches["default"]["LOCATION"] == URL
    assert caches["default"]["OPTIONS"]["IGNORE_EXCEPTIONS"] is True
    assert caches["presence"]["BACKEND"] == "django_redis.cache.RedisCache"
    assert caches["presence"]["OPTIONS"]["IGNORE_EXCEPTIONS"] is True
    # The players' limits raise while Redis is down (games/limits.py lets the request through).
    assert caches["limits"]["BACKEND"] == "django_redis.cache.RedisCache"
    assert "IGNORE_EXCEPTIONS" not in caches["limits"]["OPTIONS"]
    assert {c["KEY_PREFIX"] for c in caches.values()} == {"site"}


def test_cache_objects_of_different_requests_share_one_connection_pool():
    # Building a pool opens no connection, so this needs no Redis. Django's own Redis
    # cache built a pool (and a new TCP connection) per request.
    first, second = presence_cache(), presence_cache()
    assert first is not second
    assert first.client.get_client().connection_pool is second.client.get_client().connection_pool


def test_threads_share_it_too():
    pools = []
    threads = [
        threading.Thread(target=lambda: pools.append(presence_cache().client.get_client().connection_pool))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(pools) == 4 and all(pool is pools[0] for pool in pools)


def fail_open_cache(url: str) -> FailOpenRedisCache:
    config = caches_for(url, "fail-open-check")["default"]
    return FailOpenRedisCache(config["LOCATION"], config)


def test_the_log_in_limits_cache_reads_every_key_as_new_while_redis_is_down():
    cache = fail_open_cache("redis://127.0.0.1:1/0")  # nothing listens there
    # What allauth's lock and axes's counter need to let a log-in through (config/caches.py).
    assert cache.add("lock", True) is True
    assert cache.incr("failures", 1) == 1
    assert cache.get("failures", 0) == 0


@needs_redis
def test_with_redis_up_it_adds_once_and_counts():
    cache = fail_open_cache(settings.REDIS_URL)
    key = f"count-{uuid.uuid4().hex}"
    try:
        assert cache.add(key, 1, timeout=60) is True
        assert cache.add(key, 1, timeout=60) is False  # held: allauth waits for its lock
        assert [cache.incr(key) for _ in range(3)] == [2, 3, 4]
    finally:
        cache.delete(key)
