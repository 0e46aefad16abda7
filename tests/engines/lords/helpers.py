"""Hand-made Lords of Spell and Stone positions for the scenario tests."""

from __future__ import annotations

from typing import Any

from games.engines.lords import ENGINE
from games.engines.lords.data import START_GEMS, START_WORKERS
from games.engines.lords.resolution import run
from games.engines.lords.state import begin

State = dict[str, Any]


def position(players: int = 2, seed: int = 1, **mats: Any) -> State:
    """A fresh game at the start of round 1 (seat 0 holds the first-player marker); `mats`
    changes seat 0's mat (`p1=` a dict changes seat 1's)."""
    s = begin(ENGINE.setup(seed, players, {}))
    s["first"] = s["turn"] = 0
    for p in s["players"]:
        p["herbs"] = dict.fromkeys(p["herbs"], 0)
        p["hand"] = []
        # Equal mats (no first-round catch-up): each scenario sets what it needs.
        p["workers"], p["placed"], p["gems"] = START_WORKERS, 0, START_GEMS
    for q in range(players):
        mat = mats.pop(f"p{q}", {})
        s["players"][q].update(mat)
    s["players"][0].update(mats)
    return s


def resolve_board(s: State, board: dict[str, list[int]]) -> State:
    """Every worker placed as `board` says; the board resolves until a decision is needed or the
    round ends (placed workers are counted, so the round can end)."""
    n = begin(s)
    for sid, seats in board.items():
        n["board"][sid] = list(seats)
        for seat in seats:
            n["players"][seat]["placed"] += 1
    for p in n["players"]:
        p["workers"] = max(p["workers"], p["placed"])
    n["phase"] = "resolve"
    n["at"] = [0, 0]
    run(n)
    return n


def act(s: State, *actions: dict[str, Any]) -> State:
    """The seat to act takes each action in turn."""
    for a in actions:
        (seat,) = ENGINE.to_act(s)
        s = ENGINE.apply(s, seat, a)
    return s
