"""Django's Redis cache, with its connections kept for the life of the process.

Django gives every request (every async context) a cache object of its own, and each
builds its own connection pool: every request that looked at who has a game open
(games/presence.py) opened a new TCP connection to Redis. Here the pools are shared
by all cache objects of the process; redis-py's pools are thread-safe and start
afresh in a forked child.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class SharedPoolClient(RedisCacheClient):
    _pools_by_url: ClassVar[dict[str, Any]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def _get_connection_pool(self, write: bool) -> Any:
        django_s: Any = self  # the base class's attributes are private, so untyped
        url = django_s._servers[django_s._get_connection_pool_index(write)]
        pool = self._pools_by_url.get(url)
        if pool is None:
            with self._lock:
                pool = self._pools_by_url.get(url)
                if pool is None:
                    pool = django_s._pool_class.from_url(url, **django_s._pool_options)
                    self._pools_by_url[url] = pool
        return pool


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedPoolClient
