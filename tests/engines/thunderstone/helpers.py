"""Hand-made Thunderstone positions for the scenario tests.

Cards are named by kind; `position` gives each copy its own id (kind-1, kind-2...), so a test
names the cards it means with `ids(s, "Militia")` or `the(s, "Short Sword")`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.battle import evaluate
from games.engines.thunderstone.data import CARDS, HERO_TYPES

State = dict[str, Any]


class Deal:
    """Fresh ids per kind, starting above any id a test already placed."""

    def __init__(self, first: int = 1) -> None:
        self.next: Counter[str] = Counter()
        self.first = first

    def __call__(self, kind: str) -> str:
        c = CARDS[kind]
        self.next[kind] += 1
        return f"{c.slug}-{self.first + self.next[kind] - 1}"

    def many(self, kinds: list[str]) -> list[str]:
        return [self(k) for k in kinds]


def position(
    players: int = 2,
    hands: list[list[str]] | None = None,
    decks: list[list[str]] | None = None,
    discards: list[list[str]] | None = None,
    hall: list[str | None] | None = None,
    dungeon: list[str] | None = None,
    heroes: tuple[str, ...] = ("Elf", "Lorigg", "Regian", "Thyrian"),
    village: tuple[str, ...] = (),
    xp: list[int] | None = None,
    turn: int = 0,
) -> State:
    """A game at the start of `turn`'s turn: hands, decks (top first; ten Iron Rations if not
    given) and discard piles of kinds, the hall (ranks 1-3) and the dungeon deck (top first) of kinds. The village has the
    basic stacks, the hero stacks of `heroes` and a full stack of each kind in `village`."""
    s = ENGINE.setup(1, players, {"setup": "first game"})
    deal = Deal(first=40)  # above every copy number the village stacks use
    s["hands"] = [deal.many(h) for h in (hands or [[] for _ in range(players)])]
    # By default every deck holds ten Iron Rations, so a turn's end draws a new hand from it.
    s["decks"] = [deal.many(d) for d in (decks or [["Iron Rations"] * 10 for _ in range(players)])]
    s["discards"] = [deal.many(d) for d in (discards or [[] for _ in range(players)])]
    s["hall"] = [deal(k) if k else None for k in (hall or ["Grudgebeast", "Grudgebeast", "Grudgebeast"])]
    s["dungeon"] = [deal(k) for k in (dungeon or ["Nixie"] * 5)] + ["stone-of-mystery-1"]
    s["seen"] = 0
    s["zone"] = 1
    s["xp"] = list(xp or [0] * players)
    s["turn"] = turn
    s["log"] = ""
    stacks: dict[str, list[int]] = {k: v for k, v in s["stacks"].items() if k.startswith("basic:")}
    for hero_type in heroes:
        stacks[f"hero:{hero_type}"] = [c.count for c in HERO_TYPES[hero_type]]
    for kind in village:
        stacks[f"village:{kind}"] = [CARDS[kind].count]
    s["stacks"] = stacks
    return s


def act(s: State, seat: int, kind: str, **fields: Any) -> State:
    return ENGINE.apply(s, seat, {"type": kind, **fields})


def use(s: State, card: str, ability: str, **fields: Any) -> State:
    return act(s, s["turn"], "use", card=card, ability=ability, **fields)


def ids(s: State, kind: str, where: str = "hand", seat: int | None = None) -> list[str]:
    """The ids of a kind in a seat's hand (or "deck", "discard")."""
    p = s["turn"] if seat is None else seat
    pile = {"hand": s["hands"], "deck": s["decks"], "discard": s["discards"]}[where][p]
    return [c for c in pile if c.startswith(CARDS[kind].slug + "-")]


def the(s: State, kind: str, where: str = "hand", seat: int | None = None) -> str:
    return ids(s, kind, where, seat)[0]


def names(cards: list[str]) -> list[str]:
    from games.engines.thunderstone.data import card

    return [card(c).name for c in cards]


def legal(s: State, seat: int | None = None) -> list[dict[str, Any]]:
    return ENGINE.legal_actions(s, s["turn"] if seat is None else seat)


def kinds_of(actions: list[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in actions}


def battle(s: State, rank: int, haunted: str | None = None) -> dict[str, Any]:
    return evaluate(s, rank, haunted)


def last_battle(s: State) -> tuple[str, int, int, bool]:
    """(monster, rank, total, victory) of the last battle in the log."""
    line = [x for x in s["log"].splitlines() if x.startswith("battle\t")][-1]
    _, _, monster, rank, total, win = line.split("\t")
    return monster, int(rank), int(total), win == "1"


def dungeon(s: State) -> State:
    """The active player enters the dungeon (hand revealed, Lorigg/Redblade discards asked)."""
    return act(s, s["turn"], "dungeon")


def village_visit(s: State) -> State:
    return act(s, s["turn"], "village")
