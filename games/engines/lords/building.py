"""Section 4, Build (rules text: Build): each worker adds its Build value in work to one
project; the Wall and Towers take one stone per unit, from stones already owned."""

from __future__ import annotations

from games.engines.i18n import N_
from games.engines.i18n import seat as who

from .data import MAX_TOWERS, MOAT_WORK, TOWER_WORK, WALL_WORK
from .state import Player, State, log, moat_done, wall_done

PROJECTS = ("moat", "wall", "tower")
PROJECT_NAMES = {"moat": N_("the Moat"), "wall": N_("the Wall"), "tower": N_("a Tower")}


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
        log(
            s,
            N_("{who} digs {n} units of work on the Moat ({done}/{need})."),
            who=who(seat),
            n=done,
            done=p["moat"],
            need=MOAT_WORK,
        )
        if moat_done(p):
            log(
                s,
                N_("{who} finishes the Moat: a fourth herb garden opens and gardens hold more."),
                who=who(seat),
            )
        return
    if project == "wall":
        done = min(units, WALL_WORK - p["wall"], p["stones"])
        p["wall"] += done
        p["stones"] -= done
        log(
            s,
            N_("{who} builds {n} units of the Wall ({done}/{need})."),
            who=who(seat),
            n=done,
            done=p["wall"],
            need=WALL_WORK,
        )
        if wall_done(p):
            log(s, N_("{who} finishes the Wall."), who=who(seat))
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
            log(s, N_("{who} finishes Tower number {n}."), who=who(seat), n=p["towers"])
    log(s, N_("{who} builds {n} units of Tower work."), who=who(seat), n=built)
