"""Hand-made Architectura positions for the scenario tests."""

from __future__ import annotations

from typing import Any

from games.engines.architectura import ENGINE
from games.engines.architectura.cards import BUILDINGS
from games.engines.architectura.rules import outcome  # noqa: F401  (re-exported for tests)


def card(owner: int, name: str, up: bool = True, turn: int | None = None, token: bool = False) -> tuple:
    """A card as the city holds it; `turn` is the index of the value on top (basic by default)."""
    return (owner, name, up, BUILDINGS[name].basic if turn is None else turn, token)


def position(
    players: int = 2,
    city: dict[tuple[int, int], Any] | None = None,
    hands: list[list[str]] | None = None,
    decks: list[list[str]] | None = None,
    turn: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A game in play at the start of `turn`'s turn. `city` maps (street, block), both counted
    from 0, to a card or a list of cards (bottom first)."""
    s = ENGINE.setup(1, players, {})
    s["city"] = [[[] for _ in range(8)] for _ in range(players)]
    for (st, c), cards in (city or {}).items():
        s["city"][st][c] = list(cards) if isinstance(cards, list) else [cards]
    s["hands"] = [list(h) for h in hands] if hands else [[] for _ in range(players)]
    s["decks"] = [list(d) for d in decks] if decks else [[] for _ in range(players)]
    s["log"] = []
    s["todo"] = []
    s["turn"] = turn
    s["ask"] = {"k": "turn", "p": turn}
    s.update(extra)
    return s


def play(
    s: dict[str, Any], seat: int, name: str, st: int | None = None, c: int | None = None
) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "play", "card": name}
    if st is not None:
        action |= {"street": st, "col": c}
    return ENGINE.apply(s, seat, action)


def act(s: dict[str, Any], seat: int, kind: str, **fields: Any) -> dict[str, Any]:
    return ENGINE.apply(s, seat, {"type": kind, **fields})


def top(s: dict[str, Any], st: int, c: int) -> tuple | None:
    stack = s["city"][st][c]
    return tuple(stack[-1]) if stack else None


def kinds(actions: list[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in actions}


def spaces(s: dict[str, Any], seat: int, name: str) -> set[tuple[int, int]]:
    return {
        (a["street"], a["col"])
        for a in ENGINE.legal_actions(s, seat)
        if a["type"] == "play" and a["card"] == name and "street" in a
    }
