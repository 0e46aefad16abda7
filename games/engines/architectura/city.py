"""The city: one street per player, each of 8 blocks (rulebook: "Playing a card").

city[street][block] is a stack of cards, bottom first (a card built on a destroyed
one covers it). A card is a tuple (owner, building, face_up, turn, token): `turn` is
the index of the value on top, `token` whether a protection token lies on it. Cards
are never changed in place: a change puts a new tuple in the stack.
`res[street][block]` is the seat whose Fountain token reserves that empty space, or -1.

These functions read a city and never change it; rules.py makes the changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .cards import BLOCKS, BUILDINGS

Card = tuple[int, str, bool, int, bool]
City = list[list[list[Any]]]
Res = list[list[int]]
Pos = tuple[int, int]


def top(city: City, st: int, c: int) -> Any | None:
    if 0 <= st < len(city) and 0 <= c < BLOCKS and city[st][c]:
        return city[st][c][-1]
    return None


def face_up(city: City, st: int, c: int) -> Any | None:
    card = top(city, st, c)
    return card if card is not None and card[2] else None


def value(city: City, st: int, c: int) -> int:
    """Current value of the face-up building at (st, c) (rulebook: FAQ on X and No. values)."""
    card = city[st][c][-1]
    b = BUILDINGS[card[1]]
    kind = b.kind
    if kind == "faces":
        return b.values[card[3]]
    if kind == "fixed":
        return b.values[0]
    if kind == "no":
        return c + 1 + b.k
    # "x": the building on the left, 0 when there is none or it is destroyed.
    if c > 0 and city[st][c - 1] and city[st][c - 1][-1][2]:
        return value(city, st, c - 1) + b.k
    return b.k


def values(city: City) -> list[list[int | None]]:
    """Every face-up building's current value (None elsewhere), street by street, left to right
    (an X card's value is its left neighbour's, already known by then)."""
    out: list[list[int | None]] = []
    for street in city:
        row: list[int | None] = []
        left: int | None = None
        for c, stack in enumerate(street):
            v: int | None = None
            if stack and stack[-1][2]:
                card = stack[-1]
                b = BUILDINGS[card[1]]
                kind = b.kind
                if kind == "faces":
                    v = b.values[card[3]]
                elif kind == "fixed":
                    v = b.values[0]
                elif kind == "no":
                    v = c + 1 + b.k
                else:
                    v = (left or 0) + b.k
            row.append(v)
            left = v
        out.append(row)
    return out


def protected(card: Any) -> bool:
    return bool(card[4]) or BUILDINGS[card[1]].guarded


def shields(card: Any, seat: int) -> bool:
    """True when `card` is safe from `seat`'s cards: an opponent's protected card."""
    return card[0] != seat and protected(card)


def adjacent(city: City, st: int, c: int) -> Iterator[Pos]:
    """Left, right, the street above and below (diagonals do not count)."""
    for s2, c2 in ((st, c - 1), (st, c + 1), (st - 1, c), (st + 1, c)):
        if 0 <= s2 < len(city) and 0 <= c2 < BLOCKS:
            yield s2, c2


def occupied(city: City, res: Res, st: int, c: int) -> bool:
    return bool(city[st][c]) or res[st][c] >= 0


def street_empty(city: City, st: int) -> bool:
    return not any(city[st])


def eligible(city: City, res: Res, seat: int, st: int, c: int) -> bool:
    """A space a card may go to: on a destroyed card, right of an occupied space, or the first
    block of a street with no cards; a reserved space only for the seat that reserved it."""
    stack = city[st][c]
    if stack:
        return not stack[-1][2]
    r = res[st][c]
    if r >= 0:
        return r == seat
    if c == 0:
        return street_empty(city, st)
    return occupied(city, res, st, c - 1)


def third_in_a_row(city: City, seat: int, st: int, c: int) -> bool:
    """Would a card of `seat` at (st, c) be the third of its colour in a row?"""
    run = 1
    for step in (-1, 1):
        k = c + step
        while 0 <= k < BLOCKS and city[st][k] and city[st][k][-1][0] == seat:
            run += 1
            k += step
    return run >= 3


def spaces(city: City, res: Res, seat: int, colour_rule: bool) -> list[Pos]:
    """Where `seat` may play a card from hand (3-4 players: no third card of a colour in a row).
    The same test as `eligible`, street by street in one pass (this runs at every decision)."""
    out = []
    for st, street in enumerate(city):
        reserved = res[st]
        empty_street = not any(street)
        left_occupied = False
        for c in range(BLOCKS):
            stack = street[c]
            if stack:
                ok = not stack[-1][2]
                left_occupied = True
            else:
                r = reserved[c]
                ok = r == seat if r >= 0 else (empty_street if c == 0 else left_occupied)
                left_occupied = r >= 0
            if ok and not (colour_rule and third_in_a_row(city, seat, st, c)):
                out.append((st, c))
    return out


def find(city: City, owner: int, name: str) -> Pos | None:
    """Where a player's face-up building lies (each player has one of each building)."""
    for st, street in enumerate(city):
        for c, stack in enumerate(street):
            if stack:
                card = stack[-1]
                if card[0] == owner and card[1] == name and card[2]:
                    return st, c
    return None


def compare(city: City, st: int, c: int) -> str | None:
    """What the card just built at (st, c) does to its left neighbour (rulebook: "Comparing the
    values"): "destroy" (left at least two times lower), "down", "up", or None."""
    left = face_up(city, st, c - 1)
    if left is None:
        return None
    mine, theirs = value(city, st, c), value(city, st, c - 1)
    if theirs == mine:
        return None
    if theirs < mine:
        return "destroy" if 2 * theirs <= mine else "down"
    return "up"


def turned(card: Any, step: int, wrap: bool) -> Any | None:
    """The card turned one step (+1 clockwise = higher), or None if it cannot turn that way.
    Comparison never wraps round; a rotate effect may (highest and lowest are adjacent sides)."""
    if not BUILDINGS[card[1]].turnable:
        return None
    t = card[3] + step
    if wrap:
        t %= 4
    elif not 0 <= t <= 3:
        return None
    return (card[0], card[1], card[2], t, card[4])
