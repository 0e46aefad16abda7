"""The Redis cache keeps one connection pool per process (config/cache.py says why)."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.core.cache import caches

from config.cache import SharedPoolRedisCache


def cache_in_another_request() -> SharedPoolRedisCache:
    return SharedPoolRedisCache("redis://127.0.0.1:6379/9", {"KEY_PREFIX": "pool-check"})


def test_cache_objects_of_different_requests_share_one_connection_pool():
    # Building a pool opens no connection, so this needs no Redis.
    first, second = cache_in_another_request(), cache_in_another_request()
    assert first is not second
    assert first._cache._get_connection_pool(True) is second._cache._get_connection_pool(True)


def test_threads_share_it_too():
    pools = []
    threads = [
        threading.Thread(
            target=lambda: pools.append(cache_in_another_request()._cache._get_connection_pool(False))
        )
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(pools) == 4 and all(pool is pools[0] for pool in pools)


@pytest.mark.services
@pytest.mark.skipif(not settings.REDIS_URL, reason="REDIS_URL is not set (CI sets it)")
def test_the_site_uses_it_with_redis():
    assert settings.CACHES["default"]["BACKEND"] == "config.cache.SharedPoolRedisCache"
    assert isinstance(caches["default"], SharedPoolRedisCache)
