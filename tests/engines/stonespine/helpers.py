"""Hand-made Stonespine positions for the scenario tests."""

from __future__ import annotations

from games.engines.stonespine import ENGINE
from games.engines.stonespine import dungeon as d
from games.engines.stonespine.data import CHAMBERS

CAVES = sorted(c for c in CHAMBERS if CHAMBERS[c].kind == "cave")
STONES = sorted(c for c in CHAMBERS if CHAMBERS[c].kind == "stone")


def chamber(kind: str, doors: tuple[bool, bool, bool, bool] | None = None, empty: bool = False) -> int:
    """The first chamber of a kind with these doors (and, if asked, no printed element)."""
    for c in CAVES if kind == "cave" else STONES:
        ch = CHAMBERS[c]
        if (doors is None or ch.doors == doors) and (not empty or not any(ch.elements)):
            return c
    raise LookupError((kind, doors, empty))


def cell(cid: int, elements: list | None = None, passages: list | None = None) -> dict:
    c = d.new_cell(cid)
    if elements is not None:
        c["el"] = (elements + [None] * 4)[:4]
    if passages:
        c["sp"] = list(passages)
    return c


def full_grid(kinds: list[str]) -> d.Grid:
    """A 4x4 dungeon from 16 letters, C (cave) or S (stone), without elements."""
    grid = d.empty()
    for i, k in enumerate(kinds):
        grid[i // 4][i % 4] = cell(chamber("cave" if k == "C" else "stone"), elements=[])
    return grid


def start(players: int = 3, seed: int = 1):
    return ENGINE.setup(seed, players, {})


def play_turn(s, columns=None):
    """Every seat places its first card (and discards its next one with two players)."""
    for seat in range(s["players"]):
        hand = s["hands"][seat]
        col = (
            next(c for c in range(4) if s["grids"][seat][s["year"] - 1][c] is None)
            if columns is None
            else columns[seat]
        )
        s = ENGINE.apply(s, seat, {"type": "place", "chamber": hand[0], "column": col})
        if s["picks"][seat] is not None and seat in ENGINE.to_act(s):  # two players: the discard
            s = ENGINE.apply(s, seat, ENGINE.legal_actions(s, seat)[0])
    return s


def to_market(s):
    for _ in range(4):
        s = play_turn(s)
    assert s["phase"] == "market"
    return s
