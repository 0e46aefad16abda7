"""Setting up a game (rules text: Setup)."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.i18n import seat as who
from games.engines.rng import Rng, seed_state

from .data import (
    BAG,
    CATCH_UP_PRICE,
    HERB_NAMES,
    HERBS,
    ITEMS,
    MARKET_SPELLS,
    ROTTED,
    SPELLS,
    SPOTS,
    START_GEMS,
    START_HERBS,
    START_SPELLS,
    START_WORKERS,
    STORE_ITEMS,
    THIEVES_TOKENS,
    rounds_for,
    spots_for,
)
from .state import State, draw_from_bag, log, new_player, refill_display

OPTIONS: dict[str, dict[str, Any]] = {}


def setup(seed: int, players: int, options: dict[str, Any]) -> State:
    rng = Rng(seed_state(seed))
    first = rng.below(players)  # the text's "most likely to build a castle": chosen by lot
    spell_deck = rng.shuffled(sorted(SPELLS))
    store_deck = rng.shuffled(sorted(ITEMS))
    s: State = {
        "n": players,
        "opts": dict(options),
        "rng": rng.state,
        "round": 1,
        "rounds": rounds_for(players),
        "first": first,
        "phase": "place",
        "turn": first,
        "board": {sid: [] for sid in spots_for(players)},
        "at": [0, 0],
        "ask": None,
        "bag": dict(BAG),
        "display": [],
        "store": store_deck[:STORE_ITEMS],
        "store_deck": store_deck[STORE_ITEMS:],
        "store_known": 0,
        "market": spell_deck[:MARKET_SPELLS],
        "spell_deck": spell_deck[MARKET_SPELLS:],
        "sold": [],
        "tokens": THIEVES_TOKENS,
        "players": [new_player(START_WORKERS, START_GEMS) for _ in range(players)],
        "lot": None,
        "log": "",
    }
    catch_up(s)
    for p, mat in enumerate(s["players"]):
        # Three herbs from the bag; a Rotted token drawn here goes back and is drawn again.
        got = 0
        while got < START_HERBS:
            h = draw_from_bag(s, herbs_only=True)
            assert h is not None and h != ROTTED
            mat["herbs"][h] += 1
            got += 1
        for _ in range(START_SPELLS):
            mat["hand"].append(s["spell_deck"].pop(0))
        herbs = [HERB_NAMES[h] for h in HERBS for _ in range(mat["herbs"][h])]
        log(
            s,
            N_("{who} starts with {workers} workers, {gems} gems and {herbs}."),
            who=who(p),
            workers=mat["workers"],
            gems=mat["gems"],
            herbs=herbs,
        )
        one, two = (SPELLS[c].name for c in mat["hand"])  # START_SPELLS of them
        log(s, N_("You were dealt {first} and {second}."), to=p, first=one, second=two)
    refill_display(s)
    log(
        s, N_("{who} holds the first-player marker. Round 1 of {rounds}."), who=who(first), rounds=s["rounds"]
    )
    return s


def catch_up(s: State) -> None:
    """First-round catch-up (designed here, docs/lords.md "First round"): the players who place in
    round 1 after every open Hire spot could be taken start with a worker on its way, as if they
    had hired it in round 1 without spending a placement on it: it works from round 2, and they
    pay CATCH_UP_PRICE gems for it."""
    n = s["n"]
    hires = sum(1 for sid in spots_for(n) if SPOTS[sid].area == "hire")
    for position in range(hires, n):
        mat = s["players"][(s["first"] + position) % n]
        mat["workers"] += 1
        mat["placed"] += 1  # not in round 1: the placement round counts it as already out
        mat["gems"] -= CATCH_UP_PRICE
