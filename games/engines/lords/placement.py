"""Worker Placement (rules text: Phases of a turn) and the free actions a player may take
whenever they are to act: planting a herb garden and trading Rotted herbs (text: Scavenge).
"""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.i18n import seat as who

from .data import (
    HERB_NAMES,
    HERBS,
    MAX_WORKERS,
    ROTTED,
    ROTTED_FOR_HERB,
    ROTTED_FOR_STONE,
    SPOTS,
    tournament_places,
)
from .resolution import start
from .state import State, garden_count, log

Action = dict[str, Any]


# Per spot: (its area, how many workers it holds; 0 for any number), looked up once.
_SPOTS = {sid: (spot.area, spot.seats) for sid, spot in SPOTS.items()}


def place_legal(s: State, seat: int) -> list[Action]:
    board = s["board"]
    p = s["players"][seat]
    hiring = board["hire-1"].count(seat) + board.get("hire-2", []).count(seat)
    can_hire = p["workers"] + hiring < MAX_WORKERS
    places = tournament_places(s["n"])
    out: list[Action] = []
    for sid, taken in board.items():
        area, seats = _SPOTS[sid]
        if area == "tournament":
            seats = places
        if seats and len(taken) >= seats:
            continue
        if (area == "hire" and not can_hire) or (area == "thieves" and s["tokens"] <= 0):
            continue
        out.append({"type": "place", "spot": sid})
    return out


def free_legal(s: State, seat: int) -> list[Action]:
    """Planting and Rotted-herb trades: free, any number, whenever the player is to act."""
    p = s["players"][seat]
    out: list[Action] = []
    gardens = p["gardens"][: garden_count(p)]
    if any(g[0] is None for g in gardens):
        out += [{"type": "plant", "herb": h} for h in HERBS if p["herbs"][h]]
    rotted = p["herbs"][ROTTED]
    if rotted >= ROTTED_FOR_STONE:
        out.append({"type": "trade", "get": "stone"})
    if rotted >= ROTTED_FOR_HERB:
        out += [{"type": "trade", "get": h} for h in HERBS if s["bag"][h]]
    return out


def free_apply(s: State, seat: int, action: Action) -> None:
    p = s["players"][seat]
    if action["type"] == "plant":
        h = action["herb"]
        g = next(g for g in p["gardens"][: garden_count(p)] if g[0] is None)
        g[0], g[1] = h, 1
        p["herbs"][h] -= 1
        log(s, N_("{who} plants {herb} in a herb garden."), who=who(seat), herb=HERB_NAMES[h])
        return
    get = action["get"]
    if get == "stone":
        p["herbs"][ROTTED] -= ROTTED_FOR_STONE
        s["bag"][ROTTED] += ROTTED_FOR_STONE
        p["stones"] += 1
        log(s, N_("{who} trades {n} Rotted herbs for a stone."), who=who(seat), n=ROTTED_FOR_STONE)
    else:
        p["herbs"][ROTTED] -= ROTTED_FOR_HERB
        s["bag"][ROTTED] += ROTTED_FOR_HERB
        s["bag"][get] -= 1
        p["herbs"][get] += 1
        log(
            s,
            N_("{who} trades {n} Rotted herbs for {herb}."),
            who=who(seat),
            n=ROTTED_FOR_HERB,
            herb=HERB_NAMES[get],
        )


def place(s: State, seat: int, sid: str) -> None:
    s["board"][sid].append(seat)
    s["players"][seat]["placed"] += 1
    log(s, N_("{who} places a worker on {spot}."), who=who(seat), spot=SPOTS[sid].name)
    nxt = next_placer(s, seat)
    if nxt is None:
        start(s)
    else:
        s["turn"] = nxt


def next_placer(s: State, seat: int) -> int | None:
    """The next seat clockwise that still has a worker to place."""
    n = s["n"]
    for k in range(1, n + 1):
        q = (seat + k) % n
        p = s["players"][q]
        if p["placed"] < p["workers"]:
            return q
    return None
