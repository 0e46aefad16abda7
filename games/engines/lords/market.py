"""Section 2, the Market (rules text: Market a-c): the General Store (one item, or stones, with
the 2-gem peek at the deck's top card), the Herbalist and the Black Market. Negotiate takes its
value off every Market price, never below 1 gem an item, herb or stone."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.i18n import seat as who

from .data import (
    BLIND_SPELL_PRICE,
    HERB_ANY_PRICE,
    HERB_NAMES,
    HERB_SHOWN_PRICE,
    HERBS,
    ITEMS,
    MARKET_SPELLS,
    PEEK_PRICE,
    QUARRY_STONES,
    SEED_HERBS,
    SPELLS,
)
from .state import Player, State, log, market_price, refill_display, stone_price

Action = dict[str, Any]


def stones_affordable(p: Player) -> int:
    """The rules text lets a player buy any number of stones: as many as the gems pay for."""
    n = 0
    while stone_price(p, n + 1) <= p["gems"]:
        n += 1
    return n


def store_legal(s: State, p: Player) -> list[Action]:
    out: list[Action] = [
        {"type": "buy_item", "item": i} for i in s["store"] if market_price(p, ITEMS[i].price) <= p["gems"]
    ]
    out += [{"type": "stones", "n": k} for k in range(1, stones_affordable(p) + 1)]
    if s["store_deck"] and p["gems"] >= PEEK_PRICE:
        out.append({"type": "peek"})
    return out


def herbalist_legal(s: State, p: Player) -> list[Action]:
    out: list[Action] = []
    if market_price(p, HERB_SHOWN_PRICE) <= p["gems"]:
        out += [{"type": "buy_herb", "herb": h, "from": "display"} for h in HERBS if h in s["display"]]
    if market_price(p, HERB_ANY_PRICE) <= p["gems"]:
        out += [{"type": "buy_herb", "herb": h, "from": "bag"} for h in HERBS if s["bag"][h]]
    return out


def black_legal(s: State, p: Player) -> list[Action]:
    out: list[Action] = [
        {"type": "buy_spell", "spell": c}
        for c in s["market"]
        if market_price(p, SPELLS[c].price) <= p["gems"]
    ]
    if s["spell_deck"] and market_price(p, BLIND_SPELL_PRICE) <= p["gems"]:
        out.append({"type": "blind"})
    return out


def gain_item(s: State, seat: int, iid: str, paid: int) -> None:
    """An item joins the player's mat; its effect happens now or stays on."""
    p = s["players"][seat]
    item = ITEMS[iid]
    p["gems"] -= paid
    p["items"].append(iid)
    log(s, N_("{who} buys {thing} for {gems} gems."), who=who(seat), thing=item.name, gems=paid)
    if item.effect in ("fight", "build", "negotiate"):
        p[item.effect] += 1
    elif item.effect == "stones":
        p["stones"] += QUARRY_STONES
    elif item.effect == "seeds" and any(s["bag"][h] for h in HERBS):
        s["ask"] = {"k": "seeds", "seat": seat, "left": SEED_HERBS}


def _fix_known(s: State) -> None:
    # The cards everyone saw go under the deck are still its last ones, however few are left.
    s["store_known"] = min(s["store_known"], len(s["store_deck"]))


def store_apply(s: State, seat: int, action: Action) -> None:
    p = s["players"][seat]
    s["ask"] = None
    kind = action["type"]
    if kind == "buy_item":
        iid = action["item"]
        s["store"].remove(iid)
        if s["store_deck"]:
            s["store"].append(s["store_deck"].pop(0))
            _fix_known(s)
        gain_item(s, seat, iid, market_price(p, ITEMS[iid].price))
    elif kind == "stones":
        n = action["n"]
        cost = stone_price(p, n)
        p["gems"] -= cost
        p["stones"] += n
        if n == 1:
            log(s, N_("{who} buys a stone for {gems} gems."), who=who(seat), gems=cost)
        else:
            log(s, N_("{who} buys {n} stones for {gems} gems."), who=who(seat), n=n, gems=cost)
    elif kind == "peek":
        p["gems"] -= PEEK_PRICE
        iid = s["store_deck"].pop(0)
        _fix_known(s)
        log(
            s,
            N_("{who} pays 2 gems to turn up the store's next item: {item}."),
            who=who(seat),
            item=ITEMS[iid].name,
        )
        s["ask"] = {"k": "peeked", "seat": seat, "item": iid}


def peeked_legal(s: State, p: Player) -> list[Action]:
    iid = s["ask"]["item"]
    out: list[Action] = []
    if market_price(p, ITEMS[iid].price) <= p["gems"]:
        out.append({"type": "buy_peeked"})
    out.append({"type": "bottom"})
    return out


def peeked_apply(s: State, seat: int, action: Action) -> None:
    iid = s["ask"]["item"]
    s["ask"] = None
    if action["type"] == "buy_peeked":
        gain_item(s, seat, iid, market_price(s["players"][seat], ITEMS[iid].price))
    else:
        s["store_deck"].append(iid)
        s["store_known"] += 1
        log(s, N_("{who} puts {item} under the store's deck."), who=who(seat), item=ITEMS[iid].name)


def herbalist_apply(s: State, seat: int, action: Action) -> None:
    p = s["players"][seat]
    s["ask"] = None
    h = action["herb"]
    if action["from"] == "display":
        s["display"].remove(h)
        cost = market_price(p, HERB_SHOWN_PRICE)
        refill_display(s)
    else:
        s["bag"][h] -= 1
        cost = market_price(p, HERB_ANY_PRICE)
    p["gems"] -= cost
    p["herbs"][h] += 1
    log(s, N_("{who} buys {thing} for {gems} gems."), who=who(seat), thing=HERB_NAMES[h], gems=cost)


def black_apply(s: State, seat: int, action: Action) -> None:
    p = s["players"][seat]
    s["ask"] = None
    if action["type"] == "buy_spell":
        c = action["spell"]
        cost = market_price(p, SPELLS[c].price)
        s["market"].remove(c)
        if s["spell_deck"] and len(s["market"]) < MARKET_SPELLS:
            s["market"].append(s["spell_deck"].pop(0))
        p["known"].append(c)
        log(
            s,
            N_("{who} buys the spell {spell} for {gems} gems."),
            who=who(seat),
            spell=SPELLS[c].name,
            gems=cost,
        )
    else:
        c = s["spell_deck"].pop(0)
        cost = market_price(p, BLIND_SPELL_PRICE)
        log(
            s,
            N_("{who} buys the top spell of the Black Market pile unseen for {gems} gems."),
            who=who(seat),
            gems=cost,
        )
        log(s, N_("You drew {spell} from the pile."), to=seat, spell=SPELLS[c].name)
    p["gems"] -= cost
    p["hand"].append(c)


def seeds_legal(s: State) -> list[Action]:
    return [{"type": "take", "herb": h} for h in HERBS if s["bag"][h]]


def seeds_apply(s: State, seat: int, h: str) -> None:
    s["bag"][h] -= 1
    s["players"][seat]["herbs"][h] += 1
    log(s, N_("{who} takes {herb} from the bag."), who=who(seat), herb=HERB_NAMES[h])
    left = s["ask"]["left"] - 1
    s["ask"] = {**s["ask"], "left": left} if left and any(s["bag"][x] for x in HERBS) else None
