"""Where a card may go: the colour rule and the card-specific conditions (City Hall, Magic
Academy, Graveyard). Both the turn (rules.py) and the effects that build a card again
(effects.py, Manufactory) ask these questions, so they live here, below both.
"""

from __future__ import annotations

from . import city as cy
from .state import State


def colour_rule(s: State) -> bool:
    """3-4 players: no third card of one colour in a row (rulebook: "Playing a card")."""
    return bool(s["n"] >= 3)


def can_pay(s: State, p: int) -> bool:
    """Magic Academy costs two cards from hand (besides itself) and/or the Graveyard."""
    return len(s["hands"][p]) - 1 + len(s["grave"][p] or ()) >= 2


def face_up_left(city: cy.City, st: int, c: int) -> bool:
    """City Hall's condition (designed here): a face-up building, of any colour, on its left."""
    return cy.face_up(city, st, c - 1) is not None


def playable_at(s: State, p: int, name: str, st: int, c: int) -> bool:
    """Card-specific conditions on top of the space being open to `p`."""
    if name == "City Hall":
        return face_up_left(s["city"], st, c)
    if name == "Magic Academy":
        return can_pay(s, p)
    return name != "Graveyard"
