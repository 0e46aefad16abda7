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


def _most_of_one_type(line: tuple) -> int:
    kinds = [d.kind(c) for c in line if c is not None]
    return max(kinds.count("cave"), kinds.count("stone"))


def _open_door(grid: d.Grid, bp: dict) -> int:
    inward = d.connected_to(grid, bp["entrance"], "entrance")
    outward = d.connected_to(grid, bp["exit"], "exit")
    return 4 * bool(inward) + 4 * bool(outward) + 4 * bool(inward & outward)


def _sealed(grid: d.Grid) -> int:
    """Chambers with no path to any neighbouring chamber."""
    return sum(len(d.reachable(grid, (r, c))) == 1 for r, c, _ in d.cells(grid))


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
    ("Gnoll Kennels", "2 per gnoll, 18 at most.", lambda g, b: min(18, 2 * d.count(g, "gnoll"))),
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
    (
        "Slick Floors",
        "2 per slime and ooze pair, 12 at most.",
        lambda g, b: min(12, 2 * _sets(g, ("slime", "ooze"))),
    ),
    (
        "Warband",
        "3 per gnoll, goblin and kobold trio.",
        lambda g, b: 3 * _sets(g, ("gnoll", "goblin", "kobold")),
    ),
    (
        "Armory",
        "1 per trap, and 5 more per set of bear, blade, fire, pit and spike.",
        lambda g, b: d.count(g, "trap") + 5 * _sets(g, TRAPS),
    ),
    ("Hoard", "2 per treasure chest.", lambda g, b: 2 * d.count(g, "treasure")),
    (
        "Packed Rooms",
        "3 per chamber with four elements.",
        lambda g, b: 3 * _per_cell(lambda c: d.free_areas(c) == 0)(g),
    ),
    (
        "Bare Rock",
        "3 per chamber with three or four empty element areas.",
        lambda g, b: 3 * _per_cell(lambda c: d.free_areas(c) >= 3)(g),
    ),
    (
        "Mixed Company",
        "1 per chamber with two or more kinds of monster.",
        lambda g, b: _per_cell(lambda c: _kinds(c, MONSTERS) >= 2)(g),
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
        "2 per cluster of exactly one chamber, 14 at most.",
        lambda g, b: min(14, 2 * sum(len(c) == 1 for c in d.clusters(g))),
    ),
    ("Strata", "5 per row of four chambers of one type.", lambda g, b: 5 * _uniform_lines(g, rows=True)),
    (
        "Pillars",
        "2 per column with three or more chambers of one type.",
        lambda g, b: 2 * sum(_most_of_one_type(col) >= 3 for col in zip(*g, strict=True)),
    ),
    ("Grand Tour", "1 per chamber on a path to the entrance or the exit.", _any_path),
    (
        "Open Door",
        "4 if a path leads in from the entrance, 4 if one leads out to the exit, 4 more if it is one path.",
        _open_door,
    ),
    (
        "Hidden Ways",
        "4 per secret passage, and 1 per sealed chamber (no path to any neighbour).",
        lambda g, b: 4 * sum(len(c["sp"]) for _, _, c in d.cells(g)) + _sealed(g),
    ),
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
        "1 per chamber worth 3 gold or more.",
        lambda g, b: _per_cell(lambda c: d.CHAMBERS[c["id"]].gold >= 3)(g),
    ),
    (
        "Perfect Plans",
        "3 per blueprint demand met beyond the fourth.",
        lambda g, b: 3 * max(0, d.blueprint_met(g, b) - 4),
    ),
    ("Renowned", "1 per positive star icon.", lambda g, b: d.count(g, "star")),
    (
        "Clean Record",
        "8, less 2 per negative star icon (never below 0).",
        lambda g, b: max(0, 8 - 2 * sum(e.startswith("star-") for e in d.elements(g))),
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
