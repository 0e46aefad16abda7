"""A full state dealt from one seat's view, for bots that search (docs/lords.md).

`sample(view, seat, rng)` reads the view and nothing else. What the seat sees is copied; what it
cannot see is dealt at random, consistently with the view: the spells it has not seen (the
others' hands beyond the spells everyone saw them buy, and the Black Market pile) are shuffled
and dealt to fill each hand to its size, the rest make the pile; the store items it has not
seen are shuffled above the ones everyone saw go under the deck. The herb bag holds no order
(draws are made at random when they happen), so nothing there is dealt. The state's log is
the view's lines. Then `view(sample(v, seat, rng), seat)` equals `v`.
"""

from __future__ import annotations

from typing import Any

from games.engines.rng import Rng

from .data import ITEMS, SPELLS
from .state import State
from .view import PUBLIC_MAT


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    seats = view["seats"]
    mine = list(view.get("hand", []))
    seen_spells = set(mine) | set(view["market"])
    for mat in seats:
        seen_spells |= set(mat["cast"]) | set(mat["known"])
    unseen = rng.shuffled(sorted(set(SPELLS) - seen_spells))
    players = []
    for q, mat in enumerate(seats):
        p: dict[str, Any] = {k: mat[k] for k in PUBLIC_MAT}
        p["herbs"] = dict(mat["herbs"])
        p["gardens"] = [list(g) for g in mat["gardens"]]
        p["cast"] = list(mat["cast"])
        p["items"] = list(mat["items"])
        p["known"] = list(mat["known"])
        if q == seat:
            p["hand"] = list(mine)
        else:
            extra = mat["hand_size"] - len(mat["known"])
            p["hand"] = list(mat["known"]) + unseen[:extra]
            unseen = unseen[extra:]
        players.append(p)
    ask = view["ask"]
    seen_items = set(view["store"]) | set(view["store_bottom"]) | set(view["sold"])
    for mat in seats:
        seen_items |= set(mat["items"])
    if ask is not None and "item" in ask:
        seen_items.add(ask["item"])
    hidden_items = rng.shuffled(sorted(set(ITEMS) - seen_items))
    return {
        "n": view["players"],
        "opts": dict(view["options"]),
        "rng": rng.next64(),
        "round": view["round"],
        "rounds": view["rounds"],
        "first": view["first"],
        "phase": view["phase"],
        "turn": view["turn"],
        "board": {k: list(x) for k, x in view["board"].items()},
        "at": list(view["at"]),
        "ask": None if ask is None else dict(ask),
        "bag": dict(view["bag"]),
        "display": list(view["display"]),
        "store": list(view["store"]),
        "store_deck": hidden_items + list(view["store_bottom"]),
        "store_known": len(view["store_bottom"]),
        "market": list(view["market"]),
        "spell_deck": unseen,
        "sold": list(view["sold"]),
        "tokens": view["tokens"],
        "players": players,
        "lot": None if view["lot"] is None else list(view["lot"]),
        "log": "".join(f"\t{line}\n" for line in view["log"]),
    }
