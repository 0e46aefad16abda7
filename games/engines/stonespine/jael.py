"""Jael, the solo game's automaton: his nine cards (designed here; see docs/stonespine.md)
and his final scoring (rulebook, Solo - Final Scoring).

Each card has the gold Jael holds that year, the solo icon whose chambers go to his score
pile, the market positions whose tokens he collects when the player's gold does not beat
his, a base reputation and a reputation condition. Legendary mode swaps the three marked
basic cards for the three legendary ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import dungeon as d
from .data import CHAMBERS, TRAPS

Collection = list[str]  # Jael's elements: from his score-pile chambers and his tokens
FULL_DUNGEON_AREAS = 16 * 4  # element areas in a finished dungeon


@dataclass(frozen=True)
class JaelCard:
    id: int
    name: str
    gold: int
    icon: str  # red, green or blue: chambers with this solo icon go to his score pile
    positions: tuple[tuple[int, str], ...]  # (market card, "top"/"bottom") he collects from
    base: int
    condition: str  # in our words
    per: Callable[[Collection], int]
    legendary: bool = False
    marked: bool = False  # a basic card that legendary mode replaces


def _count(what: str) -> Callable[[Collection], int]:
    return lambda items: sum(d.is_a(e, what) for e in items)


def _sets(*names: str) -> Callable[[Collection], int]:
    return lambda items: min(sum(e == n for e in items) for n in names)


def _times(k: int, f: Callable[[Collection], int]) -> Callable[[Collection], int]:
    return lambda items: k * f(items)


JAEL_CARDS = {
    c.id: c
    for c in [
        JaelCard(
            1,
            "Jael the Kennel Master",
            10,
            "red",
            ((0, "top"),),
            14,
            "3 per gnoll",
            _times(3, _count("gnoll")),
        ),
        JaelCard(
            2,
            "Jael the Tunneler",
            8,
            "green",
            ((1, "bottom"),),
            13,
            "2 per kobold",
            _times(2, _count("kobold")),
            marked=True,
        ),
        JaelCard(
            3,
            "Jael the Miser",
            6,
            "blue",
            ((0, "bottom"), (1, "top")),
            10,
            "3 per treasure chest",
            _times(3, _count("treasure")),
        ),
        JaelCard(
            4,
            "Jael the Alchemist",
            12,
            "red",
            ((1, "top"),),
            16,
            "4 per slime and ooze pair",
            _times(4, _sets("slime", "ooze")),
            marked=True,
        ),
        JaelCard(
            5,
            "Jael the Warden",
            9,
            "green",
            ((0, "top"), (1, "bottom")),
            12,
            "2 per trap",
            _times(2, _count("trap")),
            marked=True,
        ),
        JaelCard(
            6,
            "Jael the Herald",
            7,
            "blue",
            ((0, "bottom"),),
            11,
            "2 per positive star icon",
            _times(2, _count("star")),
        ),
        JaelCard(
            7,
            "Jael the Warlord",
            14,
            "green",
            ((0, "top"), (1, "top")),
            18,
            "5 per gnoll, goblin and kobold trio",
            _times(5, _sets("gnoll", "goblin", "kobold")),
            legendary=True,
        ),
        JaelCard(
            8,
            "Jael the Engineer",
            13,
            "red",
            ((1, "bottom"), (0, "bottom")),
            17,
            "3 per different kind of trap, 1 per trap",
            lambda items: 3 * len({e for e in items if e in TRAPS}) + _count("trap")(items),
            legendary=True,
        ),
        JaelCard(
            9,
            "Jael the Breeder",
            15,
            "blue",
            ((0, "top"), (0, "bottom")),
            20,
            "5 per slime and ooze pair",
            _times(5, _sets("slime", "ooze")),
            legendary=True,
        ),
    ]
}


def deck(legendary: bool) -> list[int]:
    """The six cards in play: the basic ones, or with the marked three replaced."""
    basic = [c.id for c in JAEL_CARDS.values() if not c.legendary]
    if not legendary:
        return basic
    return [i for i in basic if not JAEL_CARDS[i].marked] + [c.id for c in JAEL_CARDS.values() if c.legendary]


def collection(score_pile: list[int], tokens: list[str]) -> Collection:
    return [e for c in score_pile for e in CHAMBERS[c].elements if e] + [t for t in tokens if t != "passage"]


def jael_score(
    cards: list[int], items: Collection, jael_gold: int, player_gold: int, goal_places: tuple[int, int] | None
) -> dict[str, int]:
    """Jael's score sheet. `goal_places` is (Jael's place, None if he has none) from the goal
    comparison, which the caller makes (Jael wins ties)."""
    return {
        "Final gold": 9 if jael_gold >= player_gold else 6,  # Jael wins ties
        "Goal": {1: 15, 2: 9}.get(goal_places[0], 0) if goal_places else 0,
        "Jael cards (base)": sum(JAEL_CARDS[c].base for c in cards),
        "Jael cards (condition)": sum(JAEL_CARDS[c].per(items) for c in cards),
        "Chamber reputation": sum(int(e[4:]) for e in items if e.startswith("star")),
    }


def jael_measure(goal_id: int, pile: list[int], tokens: list[str]) -> int:
    """Jael's number for a goal card. He has a collection, not a dungeon, so the goals about
    shape read his chambers: the largest cluster is his chambers of his commoner type, paths
    are all his chambers. Empty areas are counted as in a player's dungeon of sixteen chambers
    (64 areas) less one per element he holds: counting only the empty areas printed on his few
    chambers gave him that goal in about 85% of games, for a player fills a whole dungeon."""
    items = collection(pile, tokens)
    kinds = [CHAMBERS[c].kind for c in pile]
    measures: dict[int, Callable[[], int]] = {
        1: lambda: sum(e == "goblin" for e in items),
        2: lambda: sum(d.is_a(e, "trap") for e in items),
        3: lambda: sum(e == "treasure" for e in items),
        4: lambda: sum(e in ("slime", "ooze") for e in items),
        5: lambda: max(kinds.count("cave"), kinds.count("stone")),
        6: lambda: sum(int(e[5:]) for e in items if e.startswith("star+")),
        7: lambda: max(0, FULL_DUNGEON_AREAS - len(items)),
        8: lambda: len(pile),
    }
    return measures[goal_id]()
