"""Discards other seats make during a turn: Lorigg Rogue and Outlaw, Redblade Poisoner and
Assassin (when they enter the dungeon), Selurin Theurge (its Dungeon effect), and Tyxr the Old's
breach (everyone, the active player too).

Everyone who must discard chooses at the same time: those seats are all in `to_act`, each sees
only their own picks, and the picks are revealed together once everyone has chosen (the
discarded cards then lie face up on the discard piles). A seat with no card to give gives
nothing; a seat without a hero shows its hand to answer a Theurge.
"""

from __future__ import annotations

from .data import card
from .flow import next_, step
from .powers import HARASS
from .state import State, forget, gain, log, own, own_at

MODES = ("one", "two", "hero", "hero_or_two")


def start_discard(s: State, why: str, src: str, victims: dict[int, str]) -> None:
    need: list[str | None] = [None] * s["n"]
    for p, mode in sorted(victims.items()):
        hand = s["hands"][p]
        if not hand:
            continue
        if mode == "hero" and not any(card(c).is_hero for c in hand):
            own(s, "shown")[p] = True
            log(s, "no_hero", p)
            continue
        need[p] = mode
    if any(need):
        s["ask"] = {"k": "discard", "why": why, "src": src, "need": need, "done": [False] * s["n"]}
    elif why == "summon":
        s["t"]["offered"] = []


def waiting(s: State) -> frozenset[int]:
    ask = s["ask"]
    return frozenset(p for p, mode in enumerate(ask["need"]) if mode and not ask["done"][p])


def choices(s: State, p: int) -> list[str]:
    ask = s["ask"]
    mode = ask["need"][p]
    if not mode or ask["done"][p]:
        return []
    picked = s["chosen"][p]
    cards = [c for c in s["hands"][p] if c not in picked]
    if mode == "hero":
        cards = [c for c in cards if card(c).is_hero]
    return cards


def complete(mode: str, picked: list[str], left: int) -> bool:
    if mode in ("one", "hero"):
        return len(picked) == 1
    if mode == "hero_or_two" and card(picked[0]).is_hero:
        return True  # a hero alone answers "one hero or two cards"
    return len(picked) == 2 or left == 0


def choose(s: State, p: int, cid: str) -> None:
    picked = own_at(s, "chosen", p)
    picked.append(cid)
    ask = s["ask"]
    if complete(ask["need"][p], picked, len(s["hands"][p]) - len(picked)):
        ask = s["ask"] = {**ask, "done": [*ask["done"]]}
        ask["done"][p] = True
        if not waiting(s):
            reveal(s)


def reveal(s: State) -> None:
    ask = s["ask"]
    offered = []
    for p, picked in enumerate(s["chosen"]):
        for cid in picked:
            own_at(s, "hands", p).remove(cid)
            if p == s["turn"]:
                forget(s["t"], cid)  # the active player's card leaves the party it was preparing
            gain(s, p, cid)
            if card(cid).is_hero:
                offered.append([cid, p])
        if picked:
            log(s, "discarded", p, [card(c).name for c in picked])
    s["chosen"] = [[] for _ in range(s["n"])]
    s["ask"] = None
    if ask["why"] == "summon":
        s["t"]["offered"] = offered
        if offered:
            next_(s, ["borrow"])


@step("harass")
def harass(s: State, cid: str) -> None:
    """A Lorigg or Redblade hero has entered the dungeon: every other player discards."""
    mode = HARASS[card(cid).name]
    log(s, "harass", s["turn"], card(cid).name)
    start_discard(s, "harass", cid, {p: mode for p in range(s["n"]) if p != s["turn"]})
