"""The dungeon hall and deck: shifting and refilling the ranks, breaches, the Thunderstone.

Rulebook: Monster cards (a monster leaving the hall: the ranks above move down, the deck fills
rank 3), Rules clarifications: Breach effect, Winning the game.
Everyone knows which monsters were put under the dungeon deck and in what order (`seen` counts
them, at the bottom); the rest of the deck is unseen, and the Thunderstone lies among its last
`zone` cards until it is turned up.
"""

from __future__ import annotations

from .data import BASICS, STONE, STONE_ID, card
from .flow import next_, step
from .interrupts import start_discard
from .powers import monster_rules
from .state import State, destroy, gain, log, own, own_at, stack_size, stack_take

KILLED_AT_RANK_1 = "won at rank 1"


def is_stone(cid: str | None) -> bool:
    return cid is not None and card(cid).name == STONE


def unseen(s: State) -> int:
    return len(s["dungeon"]) - s["seen"]


def turn_up(s: State) -> str | None:
    """The top card of the dungeon deck, taken off it."""
    deck = own(s, "dungeon")
    if not deck:
        return None
    hidden = len(deck) - s["seen"]
    cid: str = deck.pop(0)
    if hidden <= 0:
        s["seen"] -= 1  # the unseen cards are gone: this one was seen going under
    elif is_stone(cid):
        s["zone"] = 0
    else:
        s["zone"] = min(s["zone"], hidden - 1)
    return cid


def to_bottom(s: State, cid: str) -> None:
    own(s, "dungeon").append(cid)
    s["seen"] += 1


def leave(s: State, rank: int) -> str:
    """Takes the card at `rank` (1-3) out of the hall, leaving the rank empty."""
    hall = own(s, "hall")
    cid = hall[rank - 1]
    assert cid is not None
    hall[rank - 1] = None
    return str(cid)


def send_under(s: State, rank: int) -> None:
    """A monster leaves the hall for the bottom of the dungeon deck (Banish, the Elves)."""
    monster = leave(s, rank)
    to_bottom(s, monster)
    log(s, "sent_under", card(monster).name)
    refill(s)


def refill(s: State, cause: str = "") -> None:
    """Moves every card down into the empty ranks and fills rank 3 from the deck, then checks
    the Thunderstone and breaches (a monster newly in rank 1)."""
    hall = own(s, "hall")
    first = hall[0]
    cards = [c for c in hall if c is not None]
    while len(cards) < 3:
        nxt = turn_up(s)
        if nxt is None:
            break
        cards.append(nxt)
        log(s, "revealed", card(nxt).name)
    hall[:] = cards + [None] * (3 - len(cards))
    arrived(s, first, cause)


def arrived(s: State, before: str | None, cause: str = "") -> None:
    """After the hall changed: the Thunderstone in rank 1 ends the game; a breach monster that
    has just come to rank 1 resolves its breach before anything else."""
    now = s["hall"][0]
    if now is None or now == before:
        return
    if is_stone(now):
        taker = s["turn"] if cause == KILLED_AT_RANK_1 else None
        end_game(s, "stone", taker)
        return
    if monster_rules(card(now).name).breach:
        next_(s, ["breach", now])


def end_game(s: State, why: str, taker: int | None = None) -> None:
    s["phase"] = "over"
    s["end"] = why
    s["ask"] = None
    s["todo"] = []
    s["chosen"] = [[] for _ in range(s["n"])]
    # A hero borrowed for a battle that never came goes back to its owner ([card, owner] pairs).
    for cid, owner in s["t"].get("borrowed", []):
        if cid in s["hands"][s["turn"]]:
            own_at(s, "hands", s["turn"]).remove(cid)
            gain(s, owner, cid)
    if taker is not None:
        own(s, "hall")[0] = None
        gain(s, taker, STONE_ID)
        s["stone"] = taker
    log(s, "over", why, taker)


@step("breach")
def breach(s: State, cid: str) -> None:
    kind = card(cid).name
    what = monster_rules(kind).breach
    log(s, "breach", kind)
    if what == "stacks":
        # Archduke of Pain: the top two cards of every hero stack, Militia's included.
        for sid in sorted(s["stacks"]):
            if sid.startswith("hero:") or sid == f"basic:{BASICS[0]}":
                gone = [stack_take(s, sid) for _ in range(min(2, stack_size(s, sid)))]
                for c in gone:
                    destroy(s, c)
                if gone:
                    log(s, "lost_from_stack", sid, len(gone))
    elif what == "discard":
        # Tyxr the Old: everyone discards two; the active player too, unless the battle is
        # over (their whole hand is about to be discarded anyway).
        after_battle = bool(s["t"].get("fought"))
        victims = {p: "two" for p in range(s["n"]) if not (after_battle and p == s["turn"])}
        start_discard(s, "breach", cid, victims)
