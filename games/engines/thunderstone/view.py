"""What each seat may see (an allow-list, built from scratch), and the secrets it must not.

Public: the dungeon hall, the village stacks, every discard pile and the destroyed cards,
experience, the hand of a player during their Village or Dungeon turn (revealed) or after they
showed it, what everyone owns in all (by perfect memory: every gain and loss is seen), the
monsters seen going under the dungeon deck, and where the Thunderstone may be (among the last
`zone` unseen dungeon cards). Private: a seat's own hand; the others' picks in a discard until all
have picked. Nobody sees the order of any deck, the unseen dungeon cards, or the generator.
Hidden cards appear only as counts of kinds, never by id.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.base import canonical

from .battle import attackable, best_preview
from .data import STONE, card
from .hall import is_stone, unseen
from .rules import breakdown
from .state import State, stack_groups
from .village import gold as village_gold
from .words import describe, log_lines, targets

View = dict[str, Any]


def kinds(cards: list[str]) -> dict[str, int]:
    return dict(sorted(Counter(card(c).name for c in cards).items()))


def view(s: State, seat: int | None) -> View:
    n = s["n"]
    players = []
    for p in range(n):
        visible = seat == p or s["shown"][p]
        hidden = s["decks"][p] if visible else s["decks"][p] + s["hands"][p]
        parts = breakdown(s, p)
        players.append(
            {
                "hand": list(s["hands"][p]) if visible else None,
                "hand_size": len(s["hands"][p]),
                "deck_size": len(s["decks"][p]),
                "discard": list(s["discards"][p]),
                "xp": s["xp"][p],
                "unseen": kinds(hidden),
                "score": sum(parts.values()),
                "breakdown": parts,
                "shown": s["shown"][p],
            }
        )
    hidden_count = unseen(s)
    deck = s["dungeon"]
    v: View = {
        "me": seat,
        "players": n,
        "options": dict(s["opts"]),
        "kinds": {k: list(x) for k, x in s["kinds"].items()},
        "turn": s["turn"],
        "turns": s["turns"],
        "phase": s["phase"],
        "seats": players,
        "hall": list(s["hall"]),
        "dungeon": {
            "size": len(deck),
            "unseen": hidden_count,
            "unseen_kinds": kinds([c for c in deck[:hidden_count] if not is_stone(c)]),
            "bottom": list(deck[hidden_count:]),
            "zone": s["zone"],
        },
        "stacks": {sid: [list(g) for g in stack_groups(s, sid)] for sid in s["stacks"]},
        "destroyed": list(s["destroyed"]),
        "t": public_turn(s),
        "ask": public_ask(s),
        "todo": [list(x) for x in s["todo"]],
        "stone": s["stone"],
        "end": s["end"],
        "log": log_lines(s["log"]),
    }
    if seat is not None:
        v["hand"] = list(s["hands"][seat])
        v["my_picks"] = list(s["chosen"][seat])
    if s["phase"] == "village" and s["ask"] is None:
        v["gold"] = village_gold(s)
    if s["phase"] == "dungeon" and s["ask"] is None and "rank" not in s["t"]:
        v["preview"] = [preview(s, r) for r in (1, 2, 3)]
    return v


def preview(s: State, rank: int) -> dict[str, Any] | None:
    cid = s["hall"][rank - 1]
    if cid is None or not card(cid).is_monster:
        return None
    return {**best_preview(s, rank), "attackable": attackable(s, rank)}


def public_turn(s: State) -> dict[str, Any]:
    """This turn's context: everything in it was done with the hand revealed."""
    return {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in s["t"].items()}


def public_ask(s: State) -> dict[str, Any] | None:
    ask = s["ask"]
    if ask is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in ask.items()}


def secrets(s: State, seat: int | None) -> list[str]:
    out = [str(s["rng"])]
    for p in range(s["n"]):
        if p != seat and not s["shown"][p]:
            out += [f'"{c}"' for c in s["hands"][p]]
        out += [f'"{c}"' for c in s["decks"][p]]
        if p != seat and s["chosen"][p]:
            # Another seat's picks in a discard not yet revealed (their cards may be public).
            out.append('"my_picks":' + canonical(s["chosen"][p]))
    out += [f'"{c}"' for c in s["dungeon"][: unseen(s)]]
    return out


__all__ = ["STONE", "describe", "secrets", "targets", "view"]
