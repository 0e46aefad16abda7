"""The log-in limits' cache: Redis, failing open (docs/security.md, "Log-in").

allauth's rate limits and django-axes's lock-outs (its cache handler) keep their counts in
the "default" cache. With IGNORE_EXCEPTIONS, django-redis logs an unreachable Redis and
answers as an empty cache would: `get` gives the default, `set` and `delete` do nothing.
Two of its answers would still turn every log-in away: `add` answers None, which allauth
reads as "another request holds the lock" (it waits a second, then answers 429), and
`incr` answers None, which axes compares with a number (a server error).

So here an unreachable Redis reads as a cache in which every key is new: `add` stores,
`incr` counts from nothing. Log-in and sign-up go on working, unlimited, until Redis is
back; every call that could not reach it is logged.
"""

from __future__ import annotations

from typing import Any

from django_redis.cache import RedisCache


class FailOpenRedisCache(RedisCache):
    def add(self, *args: Any, **kwargs: Any) -> bool:
        added = super().add(*args, **kwargs)
        return True if added is None else bool(added)

    def incr(self, key: Any, delta: int = 1, *args: Any, **kwargs: Any) -> int:
        counted = super().incr(key, delta, *args, **kwargs)
        return delta if counted is None else int(counted)
