"""Who acts, what they may do, doing it, and the final score (rulebook: Winning the game)."""

from __future__ import annotations

from typing import Any

from games.engines.base import IllegalAction, require_legal
from games.engines.i18n import _

from . import dungeon, fight, interrupts, turn, village
from .data import card
from .flow import run
from .state import State, begin, finish

Action = dict[str, Any]


def to_act(s: State) -> frozenset[int]:
    if s["phase"] == "over":
        return frozenset()
    ask = s["ask"]
    if ask is not None and ask["k"] == "discard":
        return interrupts.waiting(s)
    return frozenset({s["turn"]})


def _one_per_kind(kind: str, field: str, cards: list[str]) -> list[Action]:
    seen: set[str] = set()
    out: list[Action] = []
    for c in cards:
        if card(c).name not in seen:
            seen.add(card(c).name)
            out.append({"type": kind, field: c})
    return out


def legal_actions(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    ask = s["ask"]
    if ask is not None:
        k = ask["k"]
        if k == "discard":
            return _one_per_kind("discard", "card", interrupts.choices(s, seat))
        if k == "banish":
            return dungeon.banish_legal(s)
        if k == "banish_destroy":
            return _one_per_kind("destroy", "card", ask["options"])
        if k == "haunt":
            return [{"type": "haunt", "hero": h} for h in ask["options"]]
        if k == "slay":
            return _one_per_kind("lose", "card", ask["options"])
        if k == "borrow":
            return [*({"type": "borrow", "card": c} for c in ask["options"]), {"type": "pass"}]
        if k == "spoils":
            return fight.spoils_legal(s)
        if k == "sphinx":
            return fight.sphinx_legal(s)
        if k == "send":
            return fight.send_legal(s)
        raise AssertionError(k)
    phase = s["phase"]
    if phase == "choose":
        return list(turn.CHOICES)
    if phase == "village":
        return village.legal(s)
    if phase == "dungeon":
        return dungeon.legal(s)
    return turn.rest_legal(s)


def apply(s: State, seat: int, action: Action) -> State:
    if not isinstance(seat, int) or not 0 <= seat < s["n"]:
        raise IllegalAction(_("there is no such seat"))
    action = require_legal(legal_actions(s, seat), action)
    n = begin(s)
    ask = n["ask"]
    if ask is None:
        phase = n["phase"]
        if phase == "choose":
            turn.choose(n, action)
        elif phase == "village":
            village.apply(n, action)
        elif phase == "dungeon":
            dungeon.apply(n, action)
        else:
            turn.rest_apply(n, action)
    elif ask["k"] == "discard":
        interrupts.choose(n, seat, action["card"])
        run(n)
    elif ask["k"] == "banish":
        dungeon.banish_apply(n, action)
    elif ask["k"] == "banish_destroy":
        dungeon.banish_destroy_apply(n, action["card"])
    elif ask["k"] == "haunt":
        n["t"]["haunted"] = action["hero"]
        n["ask"] = None
        run(n)
    elif ask["k"] == "slay":
        fight.slay_apply(n, action["card"])
    elif ask["k"] == "borrow":
        dungeon.borrow_apply(n, action)
    elif ask["k"] == "spoils":
        fight.spoils_apply(n, action)
    elif ask["k"] == "sphinx":
        fight.sphinx_apply(n, action)
    elif ask["k"] == "send":
        fight.send_apply(n, action)
    return finish(n)


# -- Scoring ---------------------------------------------------------------------------------

CATEGORIES = ("Monsters", "Heroes", "Village cards", "Thunderstone")


def category(cid: str) -> str:
    kind = card(cid)
    if kind.is_monster:
        return "Monsters"
    if kind.is_hero:
        return "Heroes"
    if kind.group == "stone":
        return "Thunderstone"
    return "Village cards"


def owned(s: State, p: int) -> list[str]:
    """Every card a player has: deck, hand and discard pile (a borrowed hero is its owner's)."""
    lent = {c: owner for c, owner in s["t"].get("borrowed", [])}
    cards = [c for c in s["hands"][p] if lent.get(c, p) == p]
    cards += [c for q in range(s["n"]) if q != p for c in s["hands"][q] if lent.get(c) == p]
    return cards + s["decks"][p] + s["discards"][p] + (s["t"].get("revealed", []) if p == s["turn"] else [])


def breakdown(s: State, p: int) -> dict[str, int]:
    parts = dict.fromkeys(CATEGORIES, 0)
    for c in owned(s, p):
        parts[category(c)] += card(c).vp
    return parts


def outcome(s: State) -> dict[str, list[Any]] | None:
    if s["phase"] != "over":
        return None
    parts = [breakdown(s, p) for p in range(s["n"])]
    scores = [sum(x.values()) for x in parts]
    # Ties: a tied player holding the Thunderstone wins; otherwise tied players share the place.
    keys = [(scores[p], s["stone"] == p) for p in range(s["n"])]
    ranks = [1 + sum(other > keys[p] for other in keys) for p in range(s["n"])]
    return {"scores": scores, "ranks": ranks, "breakdown": parts}
