"""What each seat may see (an allow-list, built from scratch), the secrets it must not, and the
actions in the game's own words.

Public: the board, every mat (gems, stones, herbs, gardens, skills, buildings, cast spells,
items, tokens), how many spells each player holds and which of them everyone saw bought face up,
the bag's contents (every draw from it is seen), the Herbalist's display, the shown store items
and spells, the store items seen going under its deck, the deck sizes. Private: a seat's own
spell hand (a spell bought unseen from the pile is known only to its buyer). Nobody sees a
deck's order or the generator.
"""

from __future__ import annotations

from typing import Any

from .building import PROJECT_NAMES
from .casting import cast_cost
from .data import (
    BLIND_SPELL_PRICE,
    HERB_ANY_PRICE,
    HERB_NAMES,
    HERB_SELL,
    HERB_SHOWN_PRICE,
    ITEMS,
    PEEK_PRICE,
    ROTTED_FOR_HERB,
    ROTTED_FOR_STONE,
    SECTIONS,
    SPELLS,
    SPOTS,
    TRAINING,
)
from .scoring import breakdown
from .state import State, capacity, garden_count, log_lines, market_price, stone_price

View = dict[str, Any]
PUBLIC_MAT = (
    "workers", "placed", "gems", "stones", "fight", "build", "negotiate", "trained",
    "moat", "wall", "towers", "tower", "thieves",
)  # fmt: skip


def view(s: State, seat: int | None) -> View:
    seats = []
    for q, p in enumerate(s["players"]):
        mat: dict[str, Any] = {k: p[k] for k in PUBLIC_MAT}
        mat["herbs"] = dict(p["herbs"])
        mat["gardens"] = [list(g) for g in p["gardens"]]
        mat["open_gardens"] = garden_count(p)
        mat["capacity"] = capacity(p)
        mat["cast"] = list(p["cast"])
        mat["items"] = list(p["items"])
        mat["hand_size"] = len(p["hand"])
        mat["known"] = list(p["known"])
        parts = breakdown(s, q)
        mat["breakdown"] = parts
        mat["score"] = sum(parts.values())
        seats.append(mat)
    deck = s["store_deck"]
    v: View = {
        "me": seat,
        "players": s["n"],
        "options": dict(s["opts"]),
        "round": s["round"],
        "rounds": s["rounds"],
        "first": s["first"],
        "phase": s["phase"],
        "turn": s["turn"],
        "at": list(s["at"]),
        "ask": None if s["ask"] is None else dict(s["ask"]),
        "board": {k: list(x) for k, x in s["board"].items()},
        "bag": dict(s["bag"]),
        "display": list(s["display"]),
        "store": list(s["store"]),
        "store_deck": len(deck),
        "store_bottom": list(deck[len(deck) - s["store_known"] :]) if s["store_known"] else [],
        "market": list(s["market"]),
        "spell_deck": len(s["spell_deck"]),
        "sold": list(s["sold"]),
        "tokens": s["tokens"],
        "seats": seats,
        "lot": None if s["lot"] is None else list(s["lot"]),
        "log": log_lines(s["log"], seat),
    }
    if seat is not None:
        v["hand"] = list(s["players"][seat]["hand"])
        v["costs"] = costs(s, seat)
    return v


def costs(s: State, seat: int) -> dict[str, str]:
    """What each spot costs this player now (after Negotiate and Towers), in words."""
    p = s["players"][seat]
    out: dict[str, str] = {}
    for sid in s["board"]:
        spot = SPOTS[sid]
        a = spot.area
        if a == "hire" or a in TRAINING:
            out[sid] = f"{spot.value} gems"
        elif a in ("alchemist", "caster"):
            out[sid] = f"{cast_cost(p, sid)} gems + herbs"
        elif a == "store":
            off = f"items -{p['negotiate']}" if p["negotiate"] else "items at price"
            out[sid] = f"{off}, stones {stone_price(p, 1)}"
        elif a == "herbalist":
            shown, any_ = market_price(p, HERB_SHOWN_PRICE), market_price(p, HERB_ANY_PRICE)
            out[sid] = f"{shown} shown / {any_} any"
        elif a == "black":
            off = f"spells -{p['negotiate']}" if p["negotiate"] else "spells at price"
            out[sid] = f"{off}, pile {market_price(p, BLIND_SPELL_PRICE)}"
        elif a == "labor":
            out[sid] = f"earns {spot.value}"
        elif a == "tournament":
            out[sid] = "prizes by Fight"
        elif a == "thieves":
            out[sid] = f"+18 gems, -2 points ({s['tokens']} left)"
        elif a == "sell":
            out[sid] = "herbs 3 each"
        else:
            out[sid] = "free"
    return out


def secrets(s: State, seat: int | None) -> list[str]:
    out = [str(s["rng"])]
    for q, p in enumerate(s["players"]):
        if q != seat:
            out += [f'"{c}"' for c in p["hand"] if c not in p["known"]]
    out += [f'"{c}"' for c in s["spell_deck"]]
    deck = s["store_deck"]
    out += [f'"{c}"' for c in deck[: len(deck) - s["store_known"]]]
    return out


# -- Moves on the board (games/engines/README.md): the element each action is made on --------

BOARD_TARGETS = {
    "place": ("spot", "spot"),
    "buy_item": ("store", "item"),
    "buy_spell": ("black", "spell"),
    "cast": ("spell", "spell"),
}


def targets(action: dict[str, Any]) -> list[str]:
    """A worker goes on its spot; a store item or Black Market spell is bought by clicking it;
    a spell in hand is cast by clicking it. Everything else is made from the list."""
    kind, field = BOARD_TARGETS.get(action["type"], (None, None))
    return [f"{kind}:{action[field]}"] if kind and field else []


# -- Actions in words -----------------------------------------------------------------------------


def describe(s: State, seat: int, action: dict[str, Any]) -> tuple[str, str]:
    kind = action["type"]
    p = s["players"][seat]
    if kind == "place":
        spot = SPOTS[action["spot"]]
        cost = costs(s, seat)[spot.id]
        return (f"Place a worker: {spot.section}. {SECTIONS[spot.section]}", f"{spot.name} ({cost})")
    if kind == "plant":
        return ("Free actions", f"Plant {HERB_NAMES[action['herb']]} in an empty herb garden")
    if kind == "trade":
        get = action["get"]
        if get == "stone":
            return ("Free actions", f"Trade {ROTTED_FOR_STONE} Rotted herbs for a stone")
        return ("Free actions", f"Trade {ROTTED_FOR_HERB} Rotted herbs for {HERB_NAMES[get]}")
    if kind == "cast":
        spell = SPELLS[action["spell"]]
        return ("Cast a spell", f"Cast {spell.name} ({spell.herbs}, {spell.vp} points)")
    if kind == "buy_item":
        item = ITEMS[action["item"]]
        return ("General Store", f"Buy {item.name} for {market_price(p, item.price)} gems")
    if kind == "stones":
        n = action["n"]
        return ("General Store", f"Buy {n} stone{'s' if n > 1 else ''} for {stone_price(p, n)} gems")
    if kind == "peek":
        return ("General Store", f"Pay {PEEK_PRICE} gems to turn up the deck's next item")
    if kind == "buy_peeked":
        item = ITEMS[s["ask"]["item"]]
        return ("General Store", f"Buy {item.name} for {market_price(p, item.price)} gems")
    if kind == "bottom":
        return ("General Store", "Put it under the deck")
    if kind == "buy_herb":
        where = "from the display" if action["from"] == "display" else "of your choice from the bag"
        price = HERB_SHOWN_PRICE if action["from"] == "display" else HERB_ANY_PRICE
        return ("Herbalist", f"Buy {HERB_NAMES[action['herb']]} {where} for {market_price(p, price)} gems")
    if kind == "buy_spell":
        spell = SPELLS[action["spell"]]
        return ("Black Market", f"Buy {spell.name} for {market_price(p, spell.price)} gems")
    if kind == "blind":
        return (
            "Black Market",
            f"Buy the pile's top spell unseen for {market_price(p, BLIND_SPELL_PRICE)} gems",
        )
    if kind == "work":
        return ("Build", f"Work on {PROJECT_NAMES[action['project']]} ({p['build']} units)")
    if kind == "sell":
        return ("Sell", f"Sell a {HERB_NAMES[action['herb']]} for {HERB_SELL} gems")
    if kind == "sell_item":
        item = ITEMS[action["item"]]
        return ("Sell", f"Sell {item.name} for {item.sell} gems")
    if kind == "done":
        return ("Sell", "Done selling")
    if kind == "take":
        return ("Seed Pouch", f"Take {HERB_NAMES[action['herb']]}")
    if kind == "skip":
        return ("Pass", "Do nothing with this worker")
    return ("Actions", kind)
