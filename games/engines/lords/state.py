"""The game state and the small changes every rule is made of.

The state is a plain JSON-safe dict:
  n, opts, rng, round (1-based), rounds, first (who holds the first-player marker), phase
  ("place" | "resolve" | "over"), turn (who places next), board {spot id: seats in arrival order},
  at [index in ORDER, worker index] (the next worker to resolve), ask (the decision the game
  waits for, or None), bag {herb: tokens} (the Scavenge Bag; drawn at random, so no order),
  display (the Herbalist's herbs), store / store_deck / store_known (the General Store's shown
  items, its deck top first, and how many cards at the bottom of the deck everyone has seen
  go there), market / spell_deck (the Black Market), sold (items sold back), tokens (Thieves'
  Guild tokens left), players (one dict each, see `new_player`), lot (the final tie-break
  order, drawn when the game ends), log (one line per entry, see `log`).

`apply` works on a copy made by `begin`: the top level, the board and every player's parts are
copied (small lists and dicts), so a state never changes once made.
"""

from __future__ import annotations

import json
from typing import Any

from games.engines.i18n import _, join, language, say
from games.engines.rng import Rng

from .data import (
    CAST_DISCOUNT,
    DISPLAY_SIZE,
    GARDEN_CAPACITY,
    GARDENS,
    HERBS,
    ITEMS,
    MIN_MARKET_PRICE,
    MOAT_CAPACITY,
    MOAT_GARDENS,
    MOAT_WORK,
    ROTTED,
    START_SKILLS,
    STONE_PRICE,
    WALL_WORK,
)

State = dict[str, Any]
Player = dict[str, Any]


def new_player(workers: int, gems: int) -> Player:
    return {
        "workers": workers,
        "placed": 0,
        "gems": gems,
        "stones": 0,
        "herbs": dict.fromkeys((*HERBS, ROTTED), 0),
        # [herb letter or None, markers]; the 4th opens with the Moat.
        "gardens": [[None, 0] for _ in range(GARDENS + MOAT_GARDENS)],
        **START_SKILLS,
        "trained": 0,
        "moat": 0,
        "wall": 0,
        "towers": 0,
        "tower": 0,
        "hand": [],
        "known": [],  # the spells in hand that everyone saw taken (bought face up)
        "cast": [],
        "items": [],
        "thieves": 0,
    }


def copy_player(p: Player) -> Player:
    q = dict(p)
    q["herbs"] = dict(p["herbs"])
    q["gardens"] = [list(g) for g in p["gardens"]]
    for key in ("hand", "known", "cast", "items"):
        q[key] = list(p[key])
    return q


def begin(s: State, only: int | None = None) -> State:
    """A copy to change; with `only`, the other players' mats are shared (left unchanged)."""
    n = dict(s)
    n["board"] = {k: list(v) for k, v in s["board"].items()}
    if only is None:
        n["players"] = [copy_player(p) for p in s["players"]]
    else:
        n["players"] = list(s["players"])
        n["players"][only] = copy_player(s["players"][only])
    n["bag"] = dict(s["bag"])
    for key in ("display", "store", "store_deck", "market", "spell_deck", "sold", "at"):
        n[key] = list(s[key])
    if s["ask"] is not None:
        n["ask"] = dict(s["ask"])
    return n


def log(s: State, message: str, *, to: int | None = None, **fields: Any) -> None:
    """A log entry; `to` makes it private to that seat. Lines are `who<TAB>message<TAB>fields`,
    `who` empty for everyone, `message` the English sentence with named fields (marked with
    `N_()`), `fields` JSON: the words are made in the reader's language when a view is built
    (names are translated, lists joined). One growing string keeps the state small and quick
    to copy."""
    s["log"] += ("" if to is None else str(to)) + "\t" + message + "\t" + json.dumps(fields) + "\n"


def _field(value: Any) -> Any:
    if isinstance(value, list):
        return join([_field(v) for v in value])
    return _(value) if isinstance(value, str) else value


def _sentence(line: str) -> str:
    message, _tab, fields = line.partition("\t")
    if not _tab:  # a line already in words: a game stored before, or a state dealt from a view
        return message
    return say(message, **{k: _field(v) for k, v in json.loads(fields).items()})


# The sentences last made for each reader and language: the log only grows, so when it starts
# with the text last read, only the new lines need words (bots read a view at every move).
_READ: dict[tuple[str, str], tuple[str, list[str]]] = {}


def log_lines(text: str, seat: int | None) -> list[str]:
    mine = "" if seat is None else str(seat)
    key = (mine, language())
    last, out = _READ.get(key, ("", []))
    if not text.startswith(last):
        last, out = "", []
    out = list(out)
    for line in text[len(last) :].splitlines():
        who, _tab, words = line.partition("\t")
        if not who or who == mine:
            out.append(_sentence(words))
    _READ[key] = (text, out)
    return list(out)


def draw_rng(s: State) -> Rng:
    return Rng(s["rng"])


def draw_from_bag(s: State, *, herbs_only: bool = False) -> str | None:
    """One token at random from the Scavenge Bag (None if it is empty)."""
    bag = s["bag"]
    kinds = [h for h in (*HERBS, ROTTED) if bag[h] and not (herbs_only and h == ROTTED)]
    total = sum(bag[h] for h in kinds)
    if not total:
        return None
    rng = Rng(s["rng"])
    k = rng.below(total)
    s["rng"] = rng.state
    for h in kinds:
        if k < bag[h]:
            bag[h] -= 1
            return h
        k -= bag[h]
    raise AssertionError("bag count")


def refill_display(s: State) -> None:
    while len(s["display"]) < DISPLAY_SIZE:
        h = draw_from_bag(s, herbs_only=True)
        if h is None:
            break
        s["display"].append(h)


# -- A player's mat ----------------------------------------------------------------------------


def moat_done(p: Player) -> bool:
    return bool(p["moat"] >= MOAT_WORK)


def wall_done(p: Player) -> bool:
    return bool(p["wall"] >= WALL_WORK)


def has_item(p: Player, effect: str) -> int:
    return sum(1 for i in p["items"] if ITEMS[i].effect == effect)


def garden_count(p: Player) -> int:
    return len(p["gardens"]) if moat_done(p) else len(p["gardens"]) - MOAT_GARDENS


def capacity(p: Player) -> int:
    return GARDEN_CAPACITY + (MOAT_CAPACITY if moat_done(p) else 0) + has_item(p, "garden")


def herb_supply(p: Player) -> dict[str, int]:
    """Herbs a player can spend: the collection and the markers in gardens."""
    out = {h: p["herbs"][h] for h in HERBS}
    for h, n in p["gardens"]:
        if h is not None:
            out[h] += n
    return out


def can_pay_herbs(p: Player, recipe: dict[str, int]) -> bool:
    supply = herb_supply(p)
    return all(supply[h] >= k for h, k in recipe.items())


def pay_herbs(s: State, p: Player, recipe: dict[str, int]) -> None:
    """Spends herbs: full gardens first (they would waste their next growth), then the
    collection, then the other gardens. Collection tokens go back to the bag."""
    cap = capacity(p)
    for h, k in recipe.items():
        for g in p["gardens"]:
            if g[0] == h and g[1] >= cap and k:
                take = min(k, g[1])
                g[1] -= take
                k -= take
        take = min(k, p["herbs"][h])
        p["herbs"][h] -= take
        s["bag"][h] += take
        k -= take
        for g in p["gardens"]:
            if g[0] == h and k:
                take = min(k, g[1])
                g[1] -= take
                k -= take
        assert k == 0, "pay_herbs without the herbs"


def cast_discount(p: Player) -> int:
    return CAST_DISCOUNT * (int(p["towers"]) + has_item(p, "charm"))


def market_price(p: Player, price: int) -> int:
    """A Market price after Negotiate, never below 1 gem."""
    return max(MIN_MARKET_PRICE, price - int(p["negotiate"]))


def stone_price(p: Player, n: int) -> int:
    """n stones at 5 gems, Negotiate off the total once, at least 1 gem per stone."""
    return max(n * MIN_MARKET_PRICE, n * STONE_PRICE - int(p["negotiate"]))
