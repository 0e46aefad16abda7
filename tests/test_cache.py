"""The caches of the full stack (config/settings.py: caches_for)."""

from __future__ import annotations

import threading

from django.core.cache.backends.db import DatabaseCache
from django_redis.cache import RedisCache

from config.settings import caches_for

URL = "redis://127.0.0.1:6379/9"


def presence_cache() -> RedisCache:
    """What each request (each async context) gets: a cache object of its own."""
    config = caches_for(URL, "pool-check")["presence"]
    return RedisCache(config["LOCATION"], config)


def test_log_in_limits_are_in_the_database_players_limits_and_presence_in_redis():
    caches = caches_for(URL, "site")
    assert caches["default"]["BACKEND"] == f"{DatabaseCache.__module__}.DatabaseCache"
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
