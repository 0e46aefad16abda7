"""Bots for Architectura: they decide from their seat's view and legal actions only.

The heuristic bot rebuilds a table from its view (other hands and every deck are unknown,
so they are filled with stand-in cards), tries each legal action on that copy with the
game's own rules, follows its own further decisions this turn a couple of steps deep, and
takes the action whose result is worth most: its score against the best opponent's, a
little for the cards it keeps in hand and its unused tokens, less for its buildings left
open to an opponent's next card.
"""

from __future__ import annotations

from games.engines.base import Action, Bot, View, random_bot
from games.engines.rng import Rng

from . import city as cy
from . import rules
from .cards import BLOCKS, BUILDINGS
from .state import State

STAND_IN = "Park"  # an unknown card, for the copy of the table a bot plays with
# Replacements the heuristic bot makes in the advanced game, best first (measured in bench/).
SWAP_ORDER = (
    ("Magic Academy", "City Hall"),
    ("Manufactory", "Quarry"),
    ("Laboratory", "Guesthouse"),
    ("Obelisk", "Museum"),
    ("Smithy", "Tavern"),
    ("Graveyard", "Statue"),
)


def table(view: View) -> State:
    """A state with everything the view shows; hidden cards are stand-ins."""
    n, me = view["players"], view["me"]
    hands = [[STAND_IN] * size for size in view["hand_sizes"]]
    hands[me] = [card["name"] for card in view["hand"]]
    return {
        "n": n,
        "opts": dict(view["options"]),
        "rng": 1,
        "phase": view["phase"],
        "turn": view["turn"],
        "decks": [[STAND_IN] * size for size in view["deck_sizes"]],
        "hands": hands,
        "limits": list(view["limits"]),
        "tokens": list(view["tokens"]),
        "mull": list(view["mulligan_used"]),
        "box": [list(b) for b in view["box"]],
        "grave": [None if g is None else list(g) for g in view["grave"]],
        "swaps": [[] for _ in range(n)],
        "ready": [True] * n,
        "allow": view["allow"],
        "city": [[[tuple(card) for card in stack] for stack in street] for street in view["city"]],
        "res": [list(r) for r in view["res"]],
        "ask": dict(view["ask"]) if view["ask"] else None,
        "todo": [list(step) for step in view["todo"]],
        "log": [],
    }


def _nominal(name: str) -> float:
    b = BUILDINGS[name]
    if b.kind in ("faces", "fixed"):
        return float(b.values[b.basic])
    return 4.0 if b.kind in ("x", "no") else 2.0


def _exposed(s: State, me: int) -> float:
    """How much of my city an opponent's next card could lower or destroy: my unprotected
    face-up cards whose right-hand space is still open."""
    city, res = s["city"], s["res"]
    risk = 0.0
    for st, street in enumerate(city):
        for c in range(BLOCKS - 1):
            stack = street[c]
            if not stack or not stack[-1][2] or stack[-1][0] != me or cy.protected(stack[-1]):
                continue
            nxt = street[c + 1]
            if (not nxt and res[st][c + 1] < 0) or (nxt and not nxt[-1][2]):
                risk += min(cy.value(city, st, c), 6)
    return risk


def worth(s: State, me: int) -> float:
    parts = rules.scores(s)
    totals = [sum(x.values()) for x in parts]
    best_other = max(t for p, t in enumerate(totals) if p != me)
    value = float(totals[me] - best_other)
    value += 0.2 * sum(_nominal(name) for name in s["hands"][me] if name != STAND_IN)
    value += 0.5 * s["tokens"][me] - 0.25 * _exposed(s, me)
    return value


def _best(s: State, me: int, actions: list[Action], depth: int) -> tuple[float, Action]:
    best: tuple[float, Action] | None = None
    for action in actions:
        after = rules.perform(s, me, action)
        ask = after["ask"]
        if depth > 0 and ask is not None and ask["p"] == me and after["phase"] == "play":
            follow = [a for a in rules.legal_actions(after, me) if a["type"] not in ("mulligan", "seek")]
            score = _best(after, me, follow, depth - 1)[0] if follow else worth(after, me)
        else:
            score = worth(after, me)
        if best is None or score > best[0]:
            best = (score, action)
    assert best is not None
    return best


def _swap_choice(view: View, actions: list[Action]) -> Action:
    for add, out in SWAP_ORDER:
        pick = {"type": "swap", "add": add, "out": out}
        if pick in actions:
            return pick
    return {"type": "ready"}


def heuristic_bot(view: View, actions: list[Action], rng: Rng) -> Action:
    if view["phase"] == "swap":
        return _swap_choice(view, actions)
    me = view["me"]
    # Starting over or fetching the Obelisk depends on cards nobody can see: not worth a guess.
    choices = [a for a in actions if a["type"] not in ("mulligan", "seek")] or actions
    if len(choices) == 1:
        return choices[0]
    s = table(view)
    # Magic Academy is placed only once its two-card price is paid: look that far ahead.
    depth = 3 if any(a.get("card") == "Magic Academy" for a in choices) else 1
    return _best(s, me, choices, depth)[1]


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
