"""Who has a game open right now, so we do not e-mail someone looking at the board.

A counter per (game, user) in the cache, raised when a page's socket connects,
lowered when it closes, and expiring on its own if a process dies without saying.
"""

from __future__ import annotations

import logging

from django.core.cache import BaseCache, caches

log = logging.getLogger(__name__)

TTL = 120  # seconds; the page's socket pings every 45 s, which refreshes it


def _cache() -> BaseCache:
    return caches["presence"]  # Redis with the full stack, failing soft (config/settings.py)


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def opened(game_id: int, user_id: int) -> None:
    key = _key(game_id, user_id)
    _cache().add(key, 0, TTL)
    try:
        _cache().incr(key)
    except ValueError:
        _cache().set(key, 1, TTL)
    _touch(key)


def closed(game_id: int, user_id: int) -> None:
    key = _key(game_id, user_id)
    try:
        left = _cache().decr(key)
    except ValueError:
        return
    # None: the cache is unreachable (it fails soft); the key expires on its own.
    if left is not None and left <= 0:
        _cache().delete(key)


def still_open(game_id: int, user_id: int) -> None:
    _touch(_key(game_id, user_id))


def _touch(key: str) -> None:
    # django-redis ignores Redis errors in get, set, incr and the like, but not in touch;
    # presence is best effort, so an outage here is logged and forgotten too.
    try:
        _cache().touch(key, TTL)
    except Exception as exc:
        log.warning("presence: %r", exc)


def is_open(game_id: int, user_id: int) -> bool:
    return user_id in watching(game_id, [user_id])


def watching(game_id: int, user_ids: list[int]) -> set[int]:
    """Those of `user_ids` who have the game open (one cache round trip)."""
    found = _cache().get_many([_key(game_id, u) for u in user_ids])
    return {u for u in user_ids if found.get(_key(game_id, u))}
