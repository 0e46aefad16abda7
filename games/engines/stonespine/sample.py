"""A full state dealt from one seat's view, for bots that search (games/engines/README.md).

`sample(view, seat, rng)` reads the view and nothing else. What the seat sees is copied; what it
cannot see is dealt at random, consistently with the view:
- the cards the seat passed on this year go back to the hands now holding them, less the
  chambers built since (with two players only the hand passed on last turn: the other seat's
  discards are secret);
- the other chambers nobody can see (not in a dungeon, the seat's hand or Jael's score pile)
  fill the other hands (every hand holds as many cards as the seat's own while a year is
  built), the draw deck (its size is public) and the discard pile (the rest);
- another seat's hidden pick this turn (a chamber of its dealt hand on a free column of its row,
  and in a two-player game the card it discards);
- the challenge and market decks from the cards not showing, and each token pile from the
  tokens of its shape not showing anywhere (cards and tokens that left the game unseen by the
  view may come back: the view does not list them, so neither can the sample);
- Jael's deck from his cards not yet revealed.
The log is the view's sentences. Then `view(sample(v, seat, rng), seat)` equals `v`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.rng import Rng

from . import dungeon as d
from .cards import CHALLENGES
from .data import CHAMBERS, LEFT_YEARS, MARKET_CARDS, TOKENS
from .jael import deck as jael_deck

State = dict[str, Any]


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    n = view["players"]
    solo = view["solo"]
    grids = [d.clone(g) for g in view["grids"]]
    own = list(view["hand"])
    seen = {cell["id"] for g in grids for _, _, cell in d.cells(g)} | set(own)
    if solo:
        seen |= set(solo["pile"])
    known = _passed_on(view, seat, seen)
    held = {c for cards in known.values() for c in cards}
    unseen = rng.shuffled([c for c in sorted(CHAMBERS) if c not in seen and c not in held])
    hands: list[list[int]] = []
    for p in range(n):
        if p == seat:
            hands.append(own)
        else:
            fill = len(own) - len(known.get(p, []))
            hands.append(sorted(known.get(p, []) + unseen[:fill]))
            unseen = unseen[fill:]
    deck, discard = unseen[: view["deck_size"]], unseen[view["deck_size"] :]
    picks = _picks(view, seat, hands, grids, rng)
    shown_cards = {slot["card"] for slot in view["market"]}
    out: State = {
        "players": n,
        "options": {"jael": solo["mode"] if solo else "basic", "face_down": view["face_down"]},
        "year": view["year"],
        "turn": view["turn"],
        "phase": view["phase"],
        "deck": deck,
        "discard": discard,
        "hands": hands,
        "picks": picks,
        "passed_on": [[[t, list(h)] for t, h in view["my_passed_on"]] if p == seat else [] for p in range(n)],
        "grids": grids,
        "blueprints": list(view["blueprints"]),
        "goal": view["goal"],
        "challenge_deck": rng.shuffled(
            [
                c
                for c in sorted(CHALLENGES)
                if c not in view["shown"] and all(c not in t for t in view["taken"])
            ]
        ),
        "shown": list(view["shown"]),
        "taken": [list(t) for t in view["taken"]],
        "market_deck": rng.shuffled([c for c in sorted(MARKET_CARDS) if c not in shown_cards]),
        "market": [
            {k: (list(v) if isinstance(v, list) else v) for k, v in slot.items()} for slot in view["market"]
        ],
        "piles": _piles(view, grids, rng),
        "gold": list(view["gold"]),
        "priority": list(view["priority"]),
        "next_priority": list(view["next_priority"]),
        "passed": list(view["passed"]),
        "buying": None
        if view["buying"] is None
        else {"seat": view["buying"]["seat"], "tokens": list(view["buying"]["tokens"])},
        "final_gold": [0] * n,
        "log": [[None, "t", line] for line in view["log"]],
        "rng": rng.next64(),
    }
    if solo:
        out["solo"] = _solo(view, solo, rng)
        if view["phase"] == "jael_rest" and view["year"] == 4:
            out["final_gold"] = list(view["gold"])  # a year-4 pass keeps the gold as the final gold
    return out


def _passed_on(view: dict[str, Any], seat: int, seen: set[int]) -> dict[int, list[int]]:
    """The cards the seat knows to be in other hands: each hand it passed on this year has
    moved one seat on per turn since (I. Construction, step 2), losing only the chambers built
    from it, which are in the dungeons. With two players a hand also loses a secret discard,
    so only the hand passed on last turn is known (nothing has left it yet)."""
    n = view["players"]
    if view["phase"] != "build" or view["solo"]:
        return {}
    step = 1 if view["year"] in LEFT_YEARS else -1
    known: dict[int, list[int]] = {}
    for turn, cards in view["my_passed_on"]:
        moves = view["turn"] - turn
        holder = (seat + moves * step) % n
        if holder != seat and (n > 2 or moves == 1):
            known[holder] = [c for c in cards if c not in seen]
    return known


def _picks(
    view: dict[str, Any], seat: int, hands: list[list[int]], grids: list[Any], rng: Rng
) -> list[dict[str, Any] | None]:
    """The seat's own pick as it stands; a made-up pick for each other seat that has chosen."""
    n = view["players"]
    picks: list[dict[str, Any] | None] = [None] * n
    if view["solo"]:
        picks[0] = view["solo"]["placed"]
        return [dict(p) if p else None for p in picks]
    if view["phase"] != "build":
        return picks
    row = view["year"] - 1
    for p in range(n):
        if p == seat:
            picks[p] = dict(view["my_pick"]) if view["my_pick"] else None
        elif view["chosen"][p]:
            chamber = rng.choice(hands[p])
            column = rng.choice([c for c in range(4) if grids[p][row][c] is None])
            pick: dict[str, Any] = {"chamber": chamber, "column": column}
            if n == 2 and len(hands[p]) > 2 and p not in view["acting"]:
                pick["discard"] = rng.choice([c for c in hands[p] if c != chamber])
            picks[p] = pick
    return picks


def _piles(view: dict[str, Any], grids: list[Any], rng: Rng) -> dict[str, list[str]]:
    """Each shape's tokens less those showing: in dungeons (beyond the printed elements),
    on the market, being placed, and in Jael's collection."""
    showing: Counter[str] = Counter()
    for g in grids:
        for _, _, cell in d.cells(g):
            showing.update(e for e in cell["el"] if e)
            showing.subtract(e for e in CHAMBERS[cell["id"]].elements if e)
            showing["passage"] += len(cell["sp"])
    for slot in view["market"]:
        showing.update(slot["top"] + slot["bottom"])
    if view["buying"]:
        showing.update(view["buying"]["tokens"])
    if view["solo"]:
        showing.update(view["solo"]["tokens"])
    piles = {}
    for shape, faces in TOKENS.items():
        left = []
        for face in faces:
            if showing[face] > 0:
                showing[face] -= 1
            else:
                left.append(face)
        piles[shape] = rng.shuffled(left)
    return piles


def _solo(view: dict[str, Any], solo: dict[str, Any], rng: Rng) -> dict[str, Any]:
    hidden = [c for c in jael_deck(solo["mode"] == "legendary") if c not in solo["cards"]]
    return {
        "mode": solo["mode"],
        "deck": rng.shuffled(hidden)[: solo["deck_size"]],
        "cards": list(solo["cards"]),
        "pile": list(solo["pile"]),
        "tokens": list(solo["tokens"]),
        "collected": solo["collected"],
        "kept": solo["kept"],
    }
