"""Who has a game open right now, so we do not e-mail someone looking at the board.

A counter per (game, user) in the cache, raised when a page's socket connects,
lowered when it closes, and expiring on its own if a process dies without saying.
"""

from __future__ import annotations

from django.core.cache import cache

TTL = 120  # seconds; the page's socket pings every 45 s, which refreshes it


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def opened(game_id: int, user_id: int) -> None:
    key = _key(game_id, user_id)
    cache.add(key, 0, TTL)
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, TTL)
    cache.touch(key, TTL)


def closed(game_id: int, user_id: int) -> None:
    key = _key(game_id, user_id)
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:
        pass


def still_open(game_id: int, user_id: int) -> None:
    cache.touch(_key(game_id, user_id), TTL)


def is_open(game_id: int, user_id: int) -> bool:
    return user_id in watching(game_id, [user_id])


def watching(game_id: int, user_ids: list[int]) -> set[int]:
    """Those of `user_ids` who have the game open (one cache round trip)."""
    found = cache.get_many([_key(game_id, u) for u in user_ids])
    return {u for u in user_ids if found.get(_key(game_id, u))}
