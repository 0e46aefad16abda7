"""The goal and challenge cards, designed here (their contents are not public).

Each card scores a finished dungeon exactly; the reasoning behind the numbers is in
docs/stonespine.md. A challenge card's `value` (1-30, all different) is its rank
for the solo game, where Jael discards the lowest-valued revealed card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import dungeon as d
from .data import MONSTERS, TRAPS

Score = Callable[[d.Grid, dict], int]


@dataclass(frozen=True)
class Goal:
    id: int
    name: str
    text: str
    most: bool  # "most" needs at least one; "fewest" may be zero
    measure: Score


@dataclass(frozen=True)
class Challenge:
    id: int
    name: str
    text: str
    value: int
    score: Score


def _largest(grid: d.Grid, kind: str | None = None) -> int:
    sizes = [
        len(g)
        for g in d.clusters(grid)
        if kind is None or d.kind(grid[next(iter(g))[0]][next(iter(g))[1]]) == kind
    ]
    return max(sizes, default=0)


def _both(grid: d.Grid, bp: dict) -> int:
    return len(d.connected_to(grid, bp["entrance"], "entrance") & d.connected_to(grid, bp["exit"], "exit"))


def _any_path(grid: d.Grid, bp: dict) -> int:
    return len(d.connected_to(grid, bp["entrance"], "entrance") | d.connected_to(grid, bp["exit"], "exit"))


def _per_cell(test: Callable[[dict], bool]) -> Callable[[d.Grid], int]:
    return lambda grid: sum(test(cell) for _, _, cell in d.cells(grid))


def _sets(grid: d.Grid, names: tuple[str, ...]) -> int:
    return min(d.count(grid, n) for n in names)


def _uniform_lines(grid: d.Grid, rows: bool) -> int:
    lines = grid if rows else [list(col) for col in zip(*grid, strict=True)]
    return sum(all(c is not None for c in line) and len({d.kind(c) for c in line}) == 1 for line in lines)


def _kinds(cell: dict, group: tuple[str, ...]) -> int:
    return len({e for e in cell["el"] if e in group})


GOALS = {
    g.id: g
    for g in [
        Goal(1, "Goblin Warrens", "Most goblins.", True, lambda g, b: d.count(g, "goblin")),
        Goal(2, "Deadly Halls", "Most traps.", True, lambda g, b: d.count(g, "trap")),
        Goal(3, "Lean Vaults", "Fewest treasure chests.", False, lambda g, b: d.count(g, "treasure")),
        Goal(
            4,
            "Ooze Pits",
            "Most slimes and oozes together.",
            True,
            lambda g, b: d.count(g, "slime") + d.count(g, "ooze"),
        ),
        Goal(5, "Great Cavern", "The largest cluster.", True, lambda g, b: _largest(g)),
        Goal(
            6,
            "Famous Halls",
            "Most reputation on positive stars.",
            True,
            lambda g, b: sum(
                int(e[5:]) for _, _, c in d.cells(g) for e in c["el"] if e and e.startswith("star+")
            ),
        ),
        Goal(
            7,
            "Crowded Dungeon",
            "Fewest empty element areas.",
            False,
            lambda g, b: sum(d.free_areas(c) for _, _, c in d.cells(g)),
        ),
        Goal(8, "Winding Ways", "Most chambers on a path to the entrance or the exit.", True, _any_path),
    ]
}

_C = [
    ("Slime Farmer", "1 per slime.", lambda g, b: d.count(g, "slime")),
    ("Ooze Keeper", "1 per ooze.", lambda g, b: d.count(g, "ooze")),
    ("Gnoll Kennels", "2 per gnoll.", lambda g, b: 2 * d.count(g, "gnoll")),
    ("Goblin Barracks", "2 per goblin.", lambda g, b: 2 * d.count(g, "goblin")),
    ("Kobold Mines", "2 per kobold.", lambda g, b: 2 * d.count(g, "kobold")),
    (
        "Trap Collector",
        "2 per different kind of trap.",
        lambda g, b: 2 * len({e for e in d.elements(g) if e in TRAPS}),
    ),
    (
        "Menagerie",
        "2 per different kind of monster.",
        lambda g, b: 2 * len({e for e in d.elements(g) if e in MONSTERS}),
    ),
    ("Slick Floors", "4 per slime and ooze pair.", lambda g, b: 4 * _sets(g, ("slime", "ooze"))),
    (
        "Warband",
        "6 per gnoll, goblin and kobold trio.",
        lambda g, b: 6 * _sets(g, ("gnoll", "goblin", "kobold")),
    ),
    ("Armory", "5 per bear, blade, fire, pit and spike set.", lambda g, b: 5 * _sets(g, TRAPS)),
    ("Hoard", "2 per treasure chest.", lambda g, b: 2 * d.count(g, "treasure")),
    (
        "Packed Rooms",
        "3 per chamber with four elements.",
        lambda g, b: 3 * _per_cell(lambda c: d.free_areas(c) == 0)(g),
    ),
    (
        "Bare Rock",
        "2 per chamber with no element.",
        lambda g, b: 2 * _per_cell(lambda c: d.free_areas(c) == 4)(g),
    ),
    (
        "Mixed Company",
        "3 per chamber with two or more kinds of monster.",
        lambda g, b: 3 * _per_cell(lambda c: _kinds(c, MONSTERS) >= 2)(g),
    ),
    (
        "Guarded Gold",
        "3 per chamber with a trap and a treasure chest.",
        lambda g, b: 3 * _per_cell(lambda c: any(e in TRAPS for e in c["el"]) and "treasure" in c["el"])(g),
    ),
    ("Deep Caves", "1 per chamber in your largest cave cluster.", lambda g, b: _largest(g, "cave")),
    ("Stone Halls", "1 per chamber in your largest stone cluster.", lambda g, b: _largest(g, "stone")),
    (
        "Many Quarters",
        "2 per cluster of exactly one chamber.",
        lambda g, b: 2 * sum(len(c) == 1 for c in d.clusters(g)),
    ),
    ("Strata", "5 per row of four chambers of one type.", lambda g, b: 5 * _uniform_lines(g, rows=True)),
    ("Pillars", "5 per column of four chambers of one type.", lambda g, b: 5 * _uniform_lines(g, rows=False)),
    ("Grand Tour", "1 per chamber on a path to both the entrance and the exit.", _both),
    ("Open Door", "7 if the entrance and the exit are on one path.", lambda g, b: 7 * (_both(g, b) > 0)),
    ("Hidden Ways", "2 per secret passage.", lambda g, b: 2 * sum(len(c["sp"]) for _, _, c in d.cells(g))),
    (
        "Warm Welcome",
        "5 if the entrance chamber holds a monster.",
        lambda g, b: 5 * any(d.is_a(e, "monster") for e in (g[0][b["entrance"]] or {"el": []})["el"]),
    ),
    (
        "Last Stand",
        "5 if the exit chamber holds a trap.",
        lambda g, b: 5 * any(d.is_a(e, "trap") for e in (g[3][b["exit"]] or {"el": []})["el"]),
    ),
    (
        "Corner Lairs",
        "2 per corner chamber holding a monster.",
        lambda g, b: (
            2
            * sum(
                any(d.is_a(e, "monster") for e in g[r][c]["el"])
                for r, c in ((0, 0), (0, 3), (3, 0), (3, 3))
                if g[r][c] is not None
            )
        ),
    ),
    (
        "Rich Veins",
        "2 per chamber worth 3 gold or more.",
        lambda g, b: 2 * _per_cell(lambda c: d.CHAMBERS[c["id"]].gold >= 3)(g),
    ),
    ("Perfect Plans", "2 per blueprint demand met.", lambda g, b: 2 * d.blueprint_met(g, b)),
    ("Renowned", "1 per positive star icon.", lambda g, b: d.count(g, "star")),
    (
        "Clean Record",
        "6 if no negative star.",
        lambda g, b: 6 * (not any(e and e.startswith("star-") for e in d.elements(g))),
    ),
]
# Values order the cards for the solo game: the broadest, surest cards rank lowest.
_VALUES = [
    3,
    4,
    9,
    10,
    8,
    15,
    16,
    14,
    22,
    27,
    7,
    18,
    11,
    19,
    21,
    12,
    13,
    6,
    25,
    26,
    20,
    24,
    17,
    23,
    28,
    29,
    5,
    30,
    2,
    1,
]
CHALLENGES = {i + 1: Challenge(i + 1, name, text, _VALUES[i], fn) for i, (name, text, fn) in enumerate(_C)}
assert sorted(_VALUES) == list(range(1, 31))
