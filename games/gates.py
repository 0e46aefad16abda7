"""Gates: how other apps limit what games lets a player do, without games importing them.

games/ asks at its decision points; an app built on games (social/) registers hooks for
them in its AppConfig.ready. With no hook registered everything is allowed and nobody is
hidden, so games works alone. Two kinds of question:

- a refusal (`refusal(point, **facts)`): each hook answers None (allowed) or a reason a
  player can read; the first reason wins and the write is refused with it.
- a set of players (`players(point, viewer)`): the union of the hooks' answers (user ids).

The points, and the facts games passes:

    "join"      refusal: user, game        may `user` take a seat at this open table
    "invite"    refusal: user, invitee, game   may `user` keep a seat for `invitee`
    "chat"      refusal: user, game        may `user` write in this game's chat
    "rematch"   refusal: user, game        may `user` open a rematch of this finished game
    "hidden"    players: viewer            whose chat lines and tables `viewer` never sees
    "followed"  players: viewer            whose new tables the lobby marks for `viewer`
    "friends"   players: viewer            whom the waiting room offers to invite in one click
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

REFUSALS = ("join", "invite", "chat", "rematch")
PLAYER_SETS = ("hidden", "followed", "friends")

_hooks: dict[str, list[Callable[..., Any]]] = defaultdict(list)


def register(point: str, hook: Callable[..., Any]) -> None:
    """Adds a hook at a point (once: registering the same function again changes nothing)."""
    if point not in REFUSALS + PLAYER_SETS:
        raise ValueError(f"no gate named {point!r}")
    if hook not in _hooks[point]:
        _hooks[point].append(hook)


def unregister(point: str, hook: Callable[..., Any]) -> None:
    if hook in _hooks[point]:
        _hooks[point].remove(hook)


def refusal(point: str, **facts: Any) -> str | None:
    """The first reason a hook gives to refuse, or None when every hook allows it."""
    assert point in REFUSALS, point
    for hook in _hooks[point]:
        reason = hook(**facts)
        if reason:
            return str(reason)
    return None


def players(point: str, viewer: Any) -> set[int]:
    """The user ids the hooks name for this viewer (none for a visitor who is not logged in)."""
    assert point in PLAYER_SETS, point
    if viewer is None or not viewer.is_authenticated:
        return set()
    found: set[int] = set()
    for hook in _hooks[point]:
        answer: Iterable[int] = hook(viewer=viewer)
        found.update(answer)
    return found
