"""A turn: choosing Village, Dungeon or Rest; resting; the end of every turn (rulebook: Playing
the game, Rest, End of turn, Your party deck).

A house rule (docs/thunderstone.md) keeps every game finite: after 100 turns per player the
game ends and is scored as usual, with the Thunderstone still in the dungeon.
"""

from __future__ import annotations

from typing import Any

from . import dungeon, village
from .data import card
from .flow import later, run, step
from .hall import end_game
from .state import HAND_SIZE, State, destroy, draw, gain, log, own, take_from_hand

Action = dict[str, Any]
TURNS_PER_PLAYER = 100

CHOICES: list[Action] = [{"type": "village"}, {"type": "dungeon"}, {"type": "rest"}]


def choose(s: State, action: Action) -> None:
    kind = action["type"]
    if kind == "village":
        village.enter(s)
    elif kind == "dungeon":
        dungeon.enter(s)
    else:
        s["phase"] = "rest"
        s["t"] = {"mode": "rest"}
        log(s, "rest", s["turn"])
    run(s)


def rest_legal(s: State) -> list[Action]:
    seen: set[str] = set()
    out: list[Action] = []
    for c in s["hands"][s["turn"]]:
        if card(c).name not in seen:
            seen.add(card(c).name)
            out.append({"type": "destroy", "card": c})
    return [*out, {"type": "end"}]


def rest_apply(s: State, action: Action) -> None:
    if action["type"] == "destroy":
        cid = action["card"]
        take_from_hand(s, s["turn"], cid)
        destroy(s, cid)
        log(s, "destroyed", s["turn"], card(cid).name)
    later(s, ["end"])
    run(s)


@step("end")
def end_turn(s: State) -> None:
    """Everything in hand goes to the discard pile (a borrowed hero back to its owner's), six
    new cards are drawn, and the next player in seat order begins."""
    p: int = s["turn"]
    lent: dict[str, int] = {c: owner for c, owner in s["t"].get("borrowed", [])}
    for c in s["hands"][p]:
        gain(s, lent.get(c, p), c)
    own(s, "hands")[p] = []
    draw(s, p, HAND_SIZE)
    own(s, "shown")[p] = False
    s["t"] = {"mode": None}
    s["turns"] += 1
    s["turn"] = (p + 1) % s["n"]
    s["phase"] = "choose"
    if s["turns"] >= TURNS_PER_PLAYER * s["n"]:
        end_game(s, "turns")
