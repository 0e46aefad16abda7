"""The game state and the small changes every rule is made of.

The state is a plain dict (JSON-safe once dumped):
  n, opts, rng, phase ("swap" | "play" | "over"), turn,
  decks, hands, limits, tokens, mull (mulligan used), box (cards out of the game),
  grave (None until a Graveyard is built, then its cards), swaps, ready, allow,
  city, res (see city.py), ask (the decision the game waits for, or None),
  todo (the steps still to resolve this turn, first first), log.
Lists are copied by `clone`; cards and log entries are never changed in place, so
copies share them.
"""

from __future__ import annotations

from typing import Any

from .cards import BUILDINGS

State = dict[str, Any]


def clone(s: State) -> State:
    out = dict(s)
    for key in ("decks", "hands", "box", "swaps", "res"):
        out[key] = [list(x) for x in s[key]]
    out["grave"] = [None if g is None else list(g) for g in s["grave"]]
    for key in ("limits", "tokens", "mull", "ready", "todo", "log"):
        out[key] = list(s[key])
    out["city"] = [[list(stack) for stack in street] for street in s["city"]]
    out["ask"] = dict(s["ask"]) if s["ask"] else None
    return out


def log(s: State, code: str, *args: Any) -> None:
    """A public log entry [to, code, *args]; words are made in view.py."""
    s["log"].append([None, code, *args])


def destroy(s: State, st: int, c: int) -> None:
    """Flips the top card face down (basic side up again when restored). A protection token on
    it goes back to its owner; with a Graveyard built, the card goes there instead."""
    stack = s["city"][st][c]
    card = stack[-1]
    owner, name = card[0], card[1]
    if card[4]:
        s["tokens"][owner] += 1
    if s["grave"][owner] is not None:
        stack.pop()
        s["grave"][owner].append(name)
    else:
        stack[-1] = (owner, name, False, BUILDINGS[name].basic, False)
    log(s, "destroyed", owner, name)


def lift(s: State, st: int, c: int) -> Any:
    """Takes the top card off a space (its token, if any, goes back to its owner)."""
    card = s["city"][st][c].pop()
    if card[4]:
        s["tokens"][card[0]] += 1
    return (card[0], card[1], card[2], card[3], False)


def put(s: State, card: Any, st: int, c: int) -> None:
    """Puts a card on a space; its owner's Fountain token there comes back to them."""
    if s["res"][st][c] == card[0]:
        s["res"][st][c] = -1
        s["tokens"][card[0]] += 1
    s["city"][st][c].append(card)


def draw_up(s: State, p: int) -> None:
    hand, deck = s["hands"][p], s["decks"][p]
    while len(hand) < s["limits"][p] and deck:
        hand.append(deck.pop(0))
