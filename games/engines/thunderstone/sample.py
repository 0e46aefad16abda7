"""A full state dealt from one seat's view, for bots that search (docs/thunderstone.md).

`sample(view, seat, rng)` reads the view and nothing else. What the seat sees is copied; what it
cannot see is dealt at random, consistently with the view:
- every hidden hand and deck (the seat's own deck too) from the kinds that player holds unseen
  (hand and deck together, or the deck alone when the hand is known), shuffled; a player asked
  to discard a hero is dealt at least one;
- the unseen dungeon cards, shuffled, with the Thunderstone among the last `zone` of them, above
  the monsters everyone saw go under the deck;
- the picks of other seats that have already chosen in a discard still waiting for others.
Hidden cards get fresh ids (never shown in a view, so any free ids will do). The state's log is
the view's sentences. Then `view(sample(v, seat, rng), seat)` equals `v`.
"""

from __future__ import annotations

import re
from typing import Any

from games.engines.rng import Rng

from .data import BY_SLUG, CARDS, STONE_ID, card
from .state import State

_ID = re.compile(r"^([a-z0-9-]+)-(\d+)$")


def _seen_ids(obj: Any, out: dict[str, set[int]]) -> None:
    if isinstance(obj, str):
        m = _ID.match(obj)
        if m and m.group(1) in BY_SLUG:
            out.setdefault(m.group(1), set()).add(int(m.group(2)))
    elif isinstance(obj, list):
        for x in obj:
            _seen_ids(x, out)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _seen_ids(k, out)
            _seen_ids(x, out)


class _Ids:
    """Fresh ids for hidden cards: numbers no visible card of that kind uses."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.used: dict[str, set[int]] = {}
        _seen_ids(view, self.used)
        self.next: dict[str, int] = {}

    def fresh(self, kind: str) -> str:
        slug = CARDS[kind].slug
        used = self.used.setdefault(slug, set())
        k = self.next.get(slug, 1)
        while k in used:
            k += 1
        used.add(k)
        self.next[slug] = k + 1
        return f"{slug}-{k}"

    def top(self, slug: str) -> int:
        return max(self.used.get(slug, {0}))


def _deal(ids: _Ids, counts: dict[str, int], rng: Rng) -> list[str]:
    pool = [ids.fresh(kind) for kind, k in counts.items() for _ in range(k)]
    rng.shuffle(pool)
    return pool


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    n = view["players"]
    ids = _Ids(view)
    ask = view["ask"]
    need = ask["need"] if ask and ask["k"] == "discard" else [None] * n
    hands, decks = [], []
    for p, pv in enumerate(view["seats"]):
        pool = _deal(ids, pv["unseen"], rng)
        if pv["hand"] is not None:
            hands.append(list(pv["hand"]))
            decks.append(pool)
            continue
        hand, deck = pool[: pv["hand_size"]], pool[pv["hand_size"] :]
        if need[p] == "hero" and not any(card(c).is_hero for c in hand):
            # They were asked for a hero, so they hold one: swap one in from the deck.
            k = next(i for i, c in enumerate(deck) if card(c).is_hero)
            j = rng.below(len(hand))
            hand[j], deck[k] = deck[k], hand[j]
        hands.append(hand)
        decks.append(deck)
    chosen: list[list[str]] = [[] for _ in range(n)]
    for p in range(n):
        if p == seat:
            chosen[p] = list(view.get("my_picks", []))
        elif need[p] is not None and ask["done"][p]:
            chosen[p] = _picks(str(need[p]), hands[p], rng)
    dungeon = view["dungeon"]
    unseen = _deal(ids, dungeon["unseen_kinds"], rng)
    if dungeon["zone"]:
        size = dungeon["unseen"]
        unseen.insert(size - 1 - rng.below(dungeon["zone"]), STONE_ID)
    disease = ids.top("disease") + 1
    return {
        "n": n,
        "opts": dict(view["options"]),
        "rng": rng.next64(),
        "kinds": {k: list(x) for k, x in view["kinds"].items()},
        "turn": view["turn"],
        "turns": view["turns"],
        "phase": view["phase"],
        "hands": hands,
        "decks": decks,
        "discards": [list(pv["discard"]) for pv in view["seats"]],
        "xp": [pv["xp"] for pv in view["seats"]],
        "shown": [pv["shown"] for pv in view["seats"]],
        "stacks": {sid: [n for _, n in groups] for sid, groups in view["stacks"].items()},
        "hall": list(view["hall"]),
        "dungeon": unseen + list(dungeon["bottom"]),
        "seen": len(dungeon["bottom"]),
        "zone": dungeon["zone"],
        "destroyed": list(view["destroyed"]),
        "next_disease": disease,
        "t": {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in view["t"].items()},
        "ask": None if ask is None else {k: (list(v) if isinstance(v, list) else v) for k, v in ask.items()},
        "todo": [list(x) for x in view["todo"]],
        "chosen": chosen,
        "stone": view["stone"],
        "end": view["end"],
        "log": "".join(f"=\t{line}\n" for line in view["log"]),
    }


def _picks(mode: str, hand: list[str], rng: Rng) -> list[str]:
    """A complete discard this player may have picked."""
    if mode == "hero":
        return [rng.choice([c for c in hand if card(c).is_hero])]
    order = rng.shuffled(hand)
    if mode == "one" or (mode == "hero_or_two" and card(order[0]).is_hero):
        return order[:1]
    return order[:2]
