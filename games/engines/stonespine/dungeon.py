"""Reading a dungeon: its elements, clusters, paths and blueprint demands.

A dungeon is a 4x4 grid (row 0 is year 1, just under the frame) of cells or None.
A cell is {"id": chamber id, "el": [4 areas: element or None], "sp": [edges with a
secret passage]}. The same shape is in the state and in every view, so scoring,
cards and bots all read dungeons through this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .data import BLUEPRINT_POINTS, CHAMBERS, EDGES, MONSTERS, TRAPS

Grid = list[list[Any]]
STEP = {"top": (-1, 0), "right": (0, 1), "bottom": (1, 0), "left": (0, -1)}
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def empty() -> Grid:
    return [[None] * 4 for _ in range(4)]


def cells(grid: Grid) -> Iterator[tuple[int, int, dict]]:
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is not None:
                yield r, c, cell


def clone(grid: Grid) -> Grid:
    return [
        [None if c is None else {"id": c["id"], "el": list(c["el"]), "sp": list(c["sp"])} for c in row]
        for row in grid
    ]


def new_cell(chamber: int) -> dict:
    return {"id": chamber, "el": list(CHAMBERS[chamber].elements), "sp": []}


def kind(cell: dict) -> str:
    return CHAMBERS[cell["id"]].kind


def is_a(element: str | None, what: str) -> bool:
    """Does an element meet `what`: a name, or monster / trap / star / treasure."""
    if element is None:
        return False
    if what == "monster":
        return element in MONSTERS
    if what == "trap":
        return element in TRAPS
    if what == "star":
        return element.startswith("star+")
    return element == what


def count(grid: Grid, what: str) -> int:
    return sum(is_a(e, what) for _, _, cell in cells(grid) for e in cell["el"])


def stars(grid: Grid) -> int:
    """Reputation printed on stars, negative ones subtracting."""
    return sum(int(e[4:]) for _, _, cell in cells(grid) for e in cell["el"] if e and e.startswith("star"))


def free_areas(cell: dict) -> int:
    return cell["el"].count(None)


def open_edge(cell: dict, edge: str) -> bool:
    return CHAMBERS[cell["id"]].doors[EDGES.index(edge)] or edge in cell["sp"]


def linked(grid: Grid, r: int, c: int, edge: str) -> tuple[int, int] | None:
    """The neighbour a path leads to through `edge`: doors on both sides, or a passage."""
    dr, dc = STEP[edge]
    nr, nc = r + dr, c + dc
    if not (0 <= nr < 4 and 0 <= nc < 4) or grid[nr][nc] is None:
        return None
    a, b = grid[r][c], grid[nr][nc]
    doors = (
        CHAMBERS[a["id"]].doors[EDGES.index(edge)] and CHAMBERS[b["id"]].doors[EDGES.index(OPPOSITE[edge])]
    )
    return (nr, nc) if doors or edge in a["sp"] or OPPOSITE[edge] in b["sp"] else None


def reachable(grid: Grid, start: tuple[int, int]) -> set[tuple[int, int]]:
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for edge in EDGES:
            nxt = linked(grid, r, c, edge)
            if nxt and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def connected_to(grid: Grid, column: int, side: str) -> set[tuple[int, int]]:
    """Chambers on a path from the entrance (top of `column`) or exit (bottom)."""
    row, edge = (0, "top") if side == "entrance" else (3, "bottom")
    cell = grid[row][column]
    if cell is None or not open_edge(cell, edge):
        return set()
    return reachable(grid, (row, column))


def path_points(grid: Grid, blueprint: dict) -> tuple[int, int]:
    return len(connected_to(grid, blueprint["entrance"], "entrance")), len(
        connected_to(grid, blueprint["exit"], "exit")
    )


def clusters(grid: Grid) -> list[set[tuple[int, int]]]:
    """Groups of orthogonally adjacent chambers of one type, paths ignored."""
    seen: set[tuple[int, int]] = set()
    groups = []
    for r, c, cell in cells(grid):
        if (r, c) in seen:
            continue
        group, todo = {(r, c)}, [(r, c)]
        while todo:
            y, x = todo.pop()
            for dy, dx in STEP.values():
                ny, nx = y + dy, x + dx
                if (
                    0 <= ny < 4
                    and 0 <= nx < 4
                    and (ny, nx) not in group
                    and grid[ny][nx] is not None
                    and kind(grid[ny][nx]) == kind(cell)
                ):
                    group.add((ny, nx))
                    todo.append((ny, nx))
        seen |= group
        groups.append(group)
    return groups


def demand_met(grid: Grid, row: int, col: int, demand: str) -> bool:
    cell = grid[row][col]
    if cell is None:
        return False
    if demand in ("cave", "stone"):
        return kind(cell) == demand
    return any(is_a(e, demand) for e in cell["el"])


def blueprint_met(grid: Grid, blueprint: dict) -> int:
    return sum(demand_met(grid, r, c, d) for r, c, d in blueprint["demands"])


def blueprint_points(met: int) -> int:
    return BLUEPRINT_POINTS.get(met, 0)


def elements(grid: Grid) -> list[str]:
    return [e for _, _, cell in cells(grid) for e in cell["el"] if e]
