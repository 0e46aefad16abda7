"""The final score (rules text: End of the Game) and its tie-breaks."""

from __future__ import annotations

from typing import Any

from .data import ITEMS, MAJORITY_VP, MOAT_VP, SPELLS, THIEVES_VP, TIED_MAJORITY_VP, TOWER_VP, WALL_VP
from .state import State, moat_done, wall_done

CATEGORIES = (
    "Moat",
    "Wall",
    "Towers",
    "Items",
    "Spells",
    "Most workers",
    "Most Fight",
    "Most Build",
    "Most Negotiate",
    "Thieves' Guild",
)
# The main ways to score, for the design figures (bench/lords_engine.py).
GROUPS = {
    "Buildings": ("Moat", "Wall", "Towers"),
    "Spells": ("Spells",),
    "Items": ("Items",),
    "Majorities": ("Most workers", "Most Fight", "Most Build", "Most Negotiate"),
}
MAJORITIES = {
    "Most workers": "workers",
    "Most Fight": "fight",
    "Most Build": "build",
    "Most Negotiate": "negotiate",
}


def majority(values: list[int], p: int) -> int:
    """2 points for the sole highest, 1 for each player tied for highest."""
    top = max(values)
    if values[p] != top:
        return 0
    return MAJORITY_VP if values.count(top) == 1 else TIED_MAJORITY_VP


def breakdown(s: State, seat: int) -> dict[str, int]:
    players = s["players"]
    p = players[seat]
    parts = {
        "Moat": MOAT_VP if moat_done(p) else 0,
        "Wall": WALL_VP if wall_done(p) else 0,
        "Towers": TOWER_VP[int(p["towers"])],
        "Items": sum(ITEMS[i].vp for i in p["items"]),
        "Spells": sum(SPELLS[c].vp for c in p["cast"]),
    }
    for category, key in MAJORITIES.items():
        parts[category] = majority([int(q[key]) for q in players], seat)
    parts["Thieves' Guild"] = THIEVES_VP * int(p["thieves"])
    return parts


def tie_key(s: State, seat: int, parts: dict[str, int]) -> tuple[int, ...]:
    """The text's tie-breaks in order: spell points, gems left, points built, trained steps,
    workers; last, the lot drawn at the end (higher is better in every field)."""
    p = s["players"][seat]
    lot = s["lot"] or list(range(s["n"]))
    return (
        sum(parts.values()),
        parts["Spells"],
        int(p["gems"]),
        parts["Moat"] + parts["Wall"] + parts["Towers"],
        int(p["trained"]),
        int(p["workers"]),
        -lot.index(seat),
    )


def outcome(s: State) -> dict[str, list[Any]] | None:
    if s["phase"] != "over":
        return None
    parts = [breakdown(s, p) for p in range(s["n"])]
    keys = [tie_key(s, p, parts[p]) for p in range(s["n"])]
    ranks = [1 + sum(other > keys[p] for other in keys) for p in range(s["n"])]
    return {"scores": [sum(x.values()) for x in parts], "ranks": ranks, "breakdown": parts}
