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

from games.engines.i18n import N_, _, say

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
            out[sid] = say("{gems} gems", gems=spot.value)
        elif a in ("alchemist", "caster"):
            out[sid] = say("{gems} gems + herbs", gems=cast_cost(p, sid))
        elif a == "store":
            off = say("items -{n}", n=p["negotiate"]) if p["negotiate"] else _("items at price")
            out[sid] = say("{off}, stones {gems}", off=off, gems=stone_price(p, 1))
        elif a == "herbalist":
            shown, any_ = market_price(p, HERB_SHOWN_PRICE), market_price(p, HERB_ANY_PRICE)
            out[sid] = say("{shown} shown / {any} any", shown=shown, any=any_)
        elif a == "black":
            off = say("spells -{n}", n=p["negotiate"]) if p["negotiate"] else _("spells at price")
            out[sid] = say("{off}, pile {gems}", off=off, gems=market_price(p, BLIND_SPELL_PRICE))
        elif a == "labor":
            out[sid] = say("earns {gems}", gems=spot.value)
        elif a == "tournament":
            out[sid] = _("prizes by Fight")
        elif a == "thieves":
            out[sid] = say("+18 gems, -2 points ({n} left)", n=s["tokens"])
        elif a == "sell":
            out[sid] = _("herbs 3 each")
        else:
            out[sid] = _("free")
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
    free, store, sell = _("Free actions"), _("General Store"), _("Sell")
    if kind == "place":
        spot = SPOTS[action["spot"]]
        cost = costs(s, seat)[spot.id]
        return (
            say(
                "Place a worker: {number}. {section}",
                number=spot.section,
                section=_(SECTIONS[spot.section]),
            ),
            say("{spot} ({cost})", spot=_(spot.name), cost=cost),
        )
    if kind == "plant":
        return (free, say("Plant {herb} in an empty herb garden", herb=_(HERB_NAMES[action["herb"]])))
    if kind == "trade":
        get = action["get"]
        if get == "stone":
            return (free, say("Trade {n} Rotted herbs for a stone", n=ROTTED_FOR_STONE))
        return (free, say("Trade {n} Rotted herbs for {herb}", n=ROTTED_FOR_HERB, herb=_(HERB_NAMES[get])))
    if kind == "cast":
        spell = SPELLS[action["spell"]]
        return (
            _("Cast a spell"),
            say(
                "Cast {spell} ({herbs}, {vp} points)",
                spell=_(spell.name),
                herbs=herb_letters(spell.herbs),
                vp=spell.vp,
            ),
        )
    if kind in ("buy_item", "buy_peeked"):
        item = ITEMS[action["item"] if kind == "buy_item" else s["ask"]["item"]]
        return (store, say("Buy {item} for {gems} gems", item=_(item.name), gems=market_price(p, item.price)))
    if kind == "stones":
        n = action["n"]
        if n == 1:
            return (store, say("Buy a stone for {gems} gems", gems=stone_price(p, n)))
        return (store, say("Buy {n} stones for {gems} gems", n=n, gems=stone_price(p, n)))
    if kind == "peek":
        return (store, say("Pay {gems} gems to turn up the deck's next item", gems=PEEK_PRICE))
    if kind == "bottom":
        return (store, _("Put it under the deck"))
    if kind == "buy_herb":
        herb = _(HERB_NAMES[action["herb"]])
        if action["from"] == "display":
            price = market_price(p, HERB_SHOWN_PRICE)
            return (_("Herbalist"), say("Buy {herb} from the display for {gems} gems", herb=herb, gems=price))
        price = market_price(p, HERB_ANY_PRICE)
        return (
            _("Herbalist"),
            say("Buy {herb} of your choice from the bag for {gems} gems", herb=herb, gems=price),
        )
    if kind == "buy_spell":
        spell = SPELLS[action["spell"]]
        return (
            _("Black Market"),
            say("Buy {spell} for {gems} gems", spell=_(spell.name), gems=market_price(p, spell.price)),
        )
    if kind == "blind":
        return (
            _("Black Market"),
            say("Buy the pile's top spell unseen for {gems} gems", gems=market_price(p, BLIND_SPELL_PRICE)),
        )
    if kind == "work":
        return (
            _("Build"),
            say("Work on {project} ({n} units)", project=_(PROJECT_NAMES[action["project"]]), n=p["build"]),
        )
    if kind == "sell":
        return (
            sell,
            say("Sell a {herb} for {gems} gems", herb=_(HERB_NAMES[action["herb"]]), gems=HERB_SELL),
        )
    if kind == "sell_item":
        item = ITEMS[action["item"]]
        return (sell, say("Sell {item} for {gems} gems", item=_(item.name), gems=item.sell))
    if kind == "done":
        return (sell, _("Done selling"))
    if kind == "take":
        return (_("Seed Pouch"), say("Take {herb}", herb=_(HERB_NAMES[action["herb"]])))
    if kind == "skip":
        return (_("Pass"), _("Do nothing with this worker"))
    return (_("Actions"), kind)


def herb_letters(herbs: str) -> str:
    """A spell's herbs by their colours' initials ("RGB"), in the reader's language."""
    return "".join(_(HERB_MARKS[h]) for h in herbs)


# Each herb's mark on a spell: the initial of its colour (red Emberroot, green Wyrmwort...).
HERB_MARKS = {"R": N_("R"), "G": N_("G"), "B": N_("B"), "Y": N_("Y"), "P": N_("P")}
