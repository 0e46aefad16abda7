"""The steps an action sets going, resolved in order until the game needs a decision.

An action may start more than one thing (a Banish: the hall changes, a breach may make everyone
discard, then a card is destroyed, then one drawn). Each such thing is a step on the state's
`todo` list, ["name", *args]; `run` resolves them first to last and stops when a step asks a
player something (`ask`), when nothing is left, or when the game is over. Modules register their
steps with `@step("name")`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import State

STEPS: dict[str, Callable[..., None]] = {}


def step(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        STEPS[name] = fn
        return fn

    return register


def later(s: State, *steps: list[Any]) -> None:
    """Steps to resolve after those already waiting."""
    s["todo"].extend(list(x) for x in steps)


def next_(s: State, *steps: list[Any]) -> None:
    """Steps to resolve before anything else still waiting, in the order given."""
    s["todo"][:0] = [list(x) for x in steps]


def run(s: State) -> None:
    while s["ask"] is None and s["todo"] and s["phase"] != "over":
        name, *args = s["todo"].pop(0)
        STEPS[name](s, *args)
