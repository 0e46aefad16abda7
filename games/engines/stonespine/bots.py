"""Bots for Stonespine: they decide from their seat's view and legal actions only.

The heuristic bot scores each option by what the dungeon would be worth if the game
ended now (blueprint, paths, stars, its challenge cards, the goal), plus gold for the
market, and takes the best.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Bot, View, random_bot
from games.engines.rng import Rng

from . import dungeon as d
from .cards import CHALLENGES, GOALS
from .data import BLUEPRINTS, CHAMBERS
from .table import set_cost


def worth(view: View, seat: int, grid: d.Grid, extra_challenge: int | None = None) -> float:
    bp = BLUEPRINTS[view["blueprints"][seat]]
    value = d.blueprint_points(d.blueprint_met(grid, bp)) + 1.5 * d.blueprint_met(grid, bp)
    value += sum(d.path_points(grid, bp)) + d.stars(grid)
    for c in view["taken"][seat] + ([extra_challenge] if extra_challenge else []):
        value += CHALLENGES[c].score(grid, bp)
    goal = GOALS[view["goal"]]
    value += (1 if goal.most else -1) * 2 * goal.measure(grid, bp)
    return value


def _seat(view: View) -> int:
    return int(view["me"])


def heuristic_bot(view: View, actions: list[Action], rng: Rng) -> Action:
    seat = _seat(view)
    grid = view["grids"][seat]
    kind = actions[0]["type"]
    if kind == "place":
        row = view["year"] - 1

        def placed(a: Action) -> float:
            g = d.clone(grid)
            g[row][a["column"]] = d.new_cell(a["chamber"])
            return worth(view, seat, g) + 0.6 * CHAMBERS[a["chamber"]].gold

        return max(actions, key=lambda a: (placed(a), -a["chamber"], -a["column"]))
    if kind == "keep":
        # Keep the card that would build best into a free space of this row next turn.
        row = view["year"] - 1
        free = [c for c in range(4) if grid[row][c] is None]

        def prospect(a: Action) -> float:
            best = 0.0
            for col in free:
                g = d.clone(grid)
                g[row][col] = d.new_cell(a["chamber"])
                best = max(best, worth(view, seat, g))
            return best + 0.6 * CHAMBERS[a["chamber"]].gold

        return max(actions, key=lambda a: (prospect(a), -a["chamber"]))
    if kind == "discard":
        return min(actions, key=lambda a: (CHAMBERS[a["chamber"]].gold, a["chamber"]))
    if kind in ("token", "passage"):
        token = view["buying"]["tokens"][0]

        def after(a: Action) -> float:
            g = d.clone(grid)
            cell = g[a["row"]][a["col"]]
            if a["type"] == "token":
                cell["el"][cell["el"].index(None)] = token
            else:
                cell["sp"].append(a["edge"])
            return worth(view, seat, g)

        return max(actions, key=after)
    if kind == "drop":
        return actions[0]
    return _market(view, seat, grid, actions)


def _market(view: View, seat: int, grid: d.Grid, actions: list[Action]) -> Action:
    base = worth(view, seat, grid)
    best: tuple[float, Action] | None = None
    for a in actions:
        if a["type"] == "buy":
            slot = view["market"][a["card"]]
            cost = set_cost(slot, a["set"])
            gain = _best_gain(view, seat, grid, slot[a["set"]]) - 0.35 * cost
        elif "challenge" in a:
            g_bp = BLUEPRINTS[view["blueprints"][seat]]
            gain = CHALLENGES[a["challenge"]].score(grid, g_bp) * (0.6 + 0.1 * view["year"]) + 0.5
        else:
            gain = 0.5
        if best is None or gain > best[0]:
            best = (gain, a)
    assert best is not None
    del base
    return best[1]


def _best_gain(view: View, seat: int, grid: d.Grid, tokens: list[str]) -> float:
    g = d.clone(grid)
    before = worth(view, seat, g)
    for token in tokens:
        options = []
        for r, c, cell in d.cells(g):
            if token == "passage":
                options += [
                    ("sp", r, c, e) for e in ("top", "right", "bottom", "left") if e not in cell["sp"]
                ]
            elif d.free_areas(cell):
                options.append(("el", r, c, ""))
        if not options:
            continue

        def trial(o: Any, token: str = token) -> float:
            h = d.clone(g)
            cell = h[o[1]][o[2]]
            if o[0] == "el":
                cell["el"][cell["el"].index(None)] = token
            else:
                cell["sp"].append(o[3])
            return worth(view, seat, h)

        o = max(options, key=trial)
        cell = g[o[1]][o[2]]
        if o[0] == "el":
            cell["el"][cell["el"].index(None)] = token
        else:
            cell["sp"].append(o[3])
    return worth(view, seat, g) - before


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
