"""A full state dealt from one seat's view, for bots that search (games/engines/README.md).

`sample(view, seat, rng)` reads the view and nothing else. Each player's cards are their deck
(the basic deck with their replacements, once shown); those not in the city, the Graveyard, out
of the game or in the seat's own hand are unseen, and are dealt at random to that player's hand
(its size is public) and deck (shuffled). While replacements are chosen, another seat's pending
choice is made up from the replacements open to it. The log is the view's sentences, so
`view(sample(v, seat, rng), seat)` equals `v`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.rng import Rng

from .cards import ADDITIONAL_NAMES, BASIC_DECK, BUILDINGS
from .state import State


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    n = view["players"]
    swaps = _swaps(view, seat, rng)
    s: State = {
        "n": n,
        "opts": dict(view["options"]),
        "rng": rng.next64(),
        "phase": view["phase"],
        "turn": view["turn"],
        "decks": [list(BASIC_DECK) for _ in range(n)],
        "hands": [[] for _ in range(n)],
        "limits": list(view["limits"]),
        "tokens": list(view["tokens"]),
        "mull": list(view["mulligan_used"]),
        "box": [list(b) for b in view["box"]],
        "grave": [None if g is None else list(g) for g in view["grave"]],
        "swaps": swaps,
        "ready": list(view["ready"]),
        "allow": view["allow"],
        "city": [[[tuple(card) for card in stack] for stack in street] for street in view["city"]],
        "res": [list(r) for r in view["res"]],
        "ask": dict(view["ask"]) if view["ask"] else None,
        "todo": [list(step) for step in view["todo"]],
        "log": [[None, "said", line] for line in view["log"]],
    }
    if view["phase"] == "swap":
        return s  # nothing dealt yet: every deck is the basic deck until all have chosen
    for p in range(n):
        unseen = _unseen(view, p, swaps[p], [c["name"] for c in view["hand"]] if p == seat else [])
        rng.shuffle(unseen)
        if p == seat:
            s["hands"][p], s["decks"][p] = [c["name"] for c in view["hand"]], unseen
        else:
            size = view["hand_sizes"][p]
            s["hands"][p], s["decks"][p] = unseen[:size], unseen[size:]
    return s


def _unseen(view: dict[str, Any], p: int, swaps: list[list[str]], hand: list[str]) -> list[str]:
    """Player p's cards that this view does not show anywhere."""
    deck = list(BASIC_DECK)
    for add, out in swaps:
        deck[deck.index(out)] = add
    left = Counter(deck)
    shown = [card[1] for street in view["city"] for stack in street for card in stack if card[0] == p]
    shown += view["box"][p] + (view["grave"][p] or []) + hand
    if view["grave"][p] is not None:
        shown.append("Graveyard")  # the card itself lies beside the city
    ask = view["ask"]
    if ask and ask["k"] == "pay" and ask["p"] == p:
        shown.append("Magic Academy")  # played, waiting for its price to be paid
    left.subtract(shown)
    return [name for name in sorted(left) for _ in range(max(0, left[name]))]


def _swaps(view: dict[str, Any], seat: int, rng: Rng) -> list[list[list[str]]]:
    n = view["players"]
    if view["swaps"] is not None:  # shown to all once everyone was ready
        return [[[x["add"], x["out"]] for x in mine] for mine in view["swaps"]]
    out: list[list[list[str]]] = [[] for _ in range(n)]
    out[seat] = [[x["add"], x["out"]] for x in view["my_swaps"]]
    for p in range(n):
        if p != seat and view["ready"][p]:
            out[p] = _some_swaps(view["allow"], rng)
    return out


def _some_swaps(allow: int, rng: Rng) -> list[list[str]]:
    """Up to `allow` replacements a player might have picked, each add and out used once."""
    chosen: list[list[str]] = []
    for _ in range(rng.below(allow + 1)):
        added = {a for a, _ in chosen}
        removed = {o for _, o in chosen}
        options = [
            [add, out]
            for add in ADDITIONAL_NAMES
            if add not in added
            for out in BUILDINGS[add].replaces
            if out not in removed
        ]
        if not options:
            break
        chosen.append(rng.choice(options))
    return chosen
