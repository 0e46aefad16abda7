"""Who acts, what they may do, and doing it."""

from __future__ import annotations

from typing import Any

from games.engines.base import IllegalAction, require_legal

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


def legal_actions(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    main = resolution.ask_legal(s) if s["ask"] is not None else placement.place_legal(s, seat)
    return main + placement.free_legal(s, seat)


def apply(s: State, seat: int, action: Action) -> State:
    if not isinstance(seat, int) or not 0 <= seat < s["n"]:
        raise IllegalAction("there is no such seat")
    action = require_legal(legal_actions(s, seat), action)
    n = begin(s)
    if action["type"] in FREE:
        placement.free_apply(n, seat, action)
    elif n["ask"] is not None:
        resolution.ask_apply(n, action)
    else:
        placement.place(n, seat, action["spot"])
    return n
