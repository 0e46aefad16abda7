"""Section 4, Build (rules text: Build): each worker adds its Build value in work to one
project; the Wall and Towers take one stone per unit, from stones already owned."""

from __future__ import annotations

from .data import MAX_TOWERS, MOAT_WORK, TOWER_WORK, WALL_WORK
from .state import Player, State, log, moat_done, wall_done

PROJECTS = ("moat", "wall", "tower")
PROJECT_NAMES = {"moat": "the Moat", "wall": "the Wall", "tower": "a Tower"}


def projects(p: Player) -> list[str]:
    """Projects this worker's work can go to now (a stone-built one needs a stone)."""
    out = []
    if not moat_done(p):
        out.append("moat")
    if not wall_done(p) and p["stones"]:
        out.append("wall")
    if p["towers"] < MAX_TOWERS and p["stones"]:
        out.append("tower")
    return out


def work(s: State, seat: int, project: str) -> None:
    p = s["players"][seat]
    units = int(p["build"])
    if project == "moat":
        done = min(units, MOAT_WORK - p["moat"])
        p["moat"] += done
        log(s, "{p%d} digs %d units of work on the Moat (%d/%d)." % (seat, done, p["moat"], MOAT_WORK))
        if moat_done(p):
            log(s, "{p%d} finishes the Moat: a fourth herb garden opens and gardens hold more." % seat)
        return
    if project == "wall":
        done = min(units, WALL_WORK - p["wall"], p["stones"])
        p["wall"] += done
        p["stones"] -= done
        log(s, "{p%d} builds %d units of the Wall (%d/%d)." % (seat, done, p["wall"], WALL_WORK))
        if wall_done(p):
            log(s, "{p%d} finishes the Wall." % seat)
        return
    # Towers: work left over after one Tower goes on to the next.
    built = 0
    while units and p["stones"] and p["towers"] < MAX_TOWERS:
        step = min(units, TOWER_WORK - p["tower"], p["stones"])
        units -= step
        p["stones"] -= step
        p["tower"] += step
        built += step
        if p["tower"] == TOWER_WORK:
            p["towers"] += 1
            p["tower"] = 0
            log(s, "{p%d} finishes Tower number %d." % (seat, p["towers"]))
    log(s, "{p%d} builds %d units of Tower work." % (seat, built))
