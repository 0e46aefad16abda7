"""Who acts, what they may do, and doing it."""

from __future__ import annotations

from typing import Any

from games.engines.base import IllegalAction, require_legal
from games.engines.i18n import _

from . import placement, resolution
from .state import State, begin

Action = dict[str, Any]
FREE = ("plant", "trade")


def to_act(s: State) -> frozenset[int]:
    if s["phase"] == "over":
        return frozenset()
    if s["ask"] is not None:
        return frozenset({s["ask"]["seat"]})
    return frozenset({s["turn"]})


# The last answer as one tuple (state, seat, actions), the state held so the object (and its id)
# stays alive: callers ask for a state's actions and then apply one, so each list is made once.
# One tuple, read and replaced whole, so threads never see half of an answer.
_last: list[tuple[Any, int, list[Action]]] = [(None, -1, [])]


def legal_actions(s: State, seat: int) -> list[Action]:
    last = _last[0]
    if last[0] is s and last[1] == seat:
        return list(last[2])
    out = _legal(s, seat)
    _last[0] = (s, seat, out)
    return list(out)


def _legal(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    main = resolution.ask_legal(s) if s["ask"] is not None else placement.place_legal(s, seat)
    return main + placement.free_legal(s, seat)


def apply(s: State, seat: int, action: Action) -> State:
    if not isinstance(seat, int) or not 0 <= seat < s["n"]:
        raise IllegalAction(_("there is no such seat"))
    action = require_legal(legal_actions(s, seat), action)
    # Only the acting player's mat changes unless resolution may start or go on.
    placing = action["type"] == "place" and sum(p["workers"] - p["placed"] for p in s["players"]) > 1
    n = begin(s, only=seat if (placing or action["type"] in FREE) else None)
    if action["type"] in FREE:
        placement.free_apply(n, seat, action)
    elif n["ask"] is not None:
        resolution.ask_apply(n, action)
    else:
        placement.place(n, seat, action["spot"])
    return n
