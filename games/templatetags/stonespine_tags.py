"""Drawing helpers for Stonespine pages: a view's dungeon as cells ready to draw.

Everything here reads only the view handed to the template and the public card facts.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines.i18n import _ as engine_text
from games.engines.stonespine import data
from games.engines.stonespine import dungeon as d
from games.engines.stonespine.cards import CHALLENGES, GOALS
from games.engines.stonespine.data import BLUEPRINTS, CHAMBERS
from games.engines.stonespine.table import set_cost

register = template.Library()

# Each element's name in words, and its family (its colour on the board). The icons are
# symbols of static/svg/stonespine.svg with the element's own name as id.
NAMES = {
    "slime": _("slime"),
    "ooze": _("ooze"),
    "gnoll": _("gnoll"),
    "goblin": _("goblin"),
    "kobold": _("kobold"),
    "bear": _("bear trap"),
    "blade": _("blade trap"),
    "fire": _("fire trap"),
    "pit": _("pit trap"),
    "spike": _("spike trap"),
    "treasure": _("treasure chest"),
    "passage": _("secret passage"),
}
# A blueprint demand in words: a chamber type, a monster, any trap, a star or a treasure chest.
DEMANDS = {
    "cave": _("cave"),
    "stone": _("stone"),
    "trap": _("trap"),
    "star": _("star"),
    "treasure": _("treasure"),
}
FAMILY = {
    **dict.fromkeys(("slime", "ooze", "gnoll", "goblin", "kobold"), "monster"),
    **dict.fromkeys(("bear", "blade", "fire", "pit", "spike"), "trap"),
    "treasure": "treasure",
    "passage": "passage",
}


def token(element: str | None) -> dict[str, str] | None:
    if element is None:
        return None
    if element.startswith("star"):
        good = element[4] == "+"
        return {
            "icon": "star" if good else "badstar",
            "value": element[4:],
            "name": (
                gettext("%(value)s reputation (a star)")
                if good
                else gettext("%(value)s reputation (a dark star)")
            )
            % {"value": element[4:]},
            "family": "star" if good else "badstar",
        }
    return {
        "icon": element,
        "value": "",
        "name": str(NAMES.get(element, element)),
        "family": FAMILY.get(element, "other"),
    }


@register.filter
def demand_words(demand: str) -> str:
    words = DEMANDS.get(demand) or NAMES.get(demand)
    return str(words) if words else demand


@register.simple_tag
def legend() -> list[dict[str, Any]]:
    """Every kind of piece, for the key beside the board and on the How to play page."""
    pieces = [token(e) for e in NAMES] + [token("star+1"), token("star-1")]
    families = {
        "monster": gettext("monster"),
        "trap": gettext("trap"),
        "treasure": gettext("1 gold each year"),
        "passage": gettext("opens a path"),
    }
    return [
        {**p, "note": families.get(p["family"], gettext("reputation at the end"))}
        for p in pieces
        if p is not None
    ]


@register.simple_tag
def dungeon(view: dict[str, Any], seat: int) -> dict[str, Any]:
    grid = view["grids"][seat]
    bp = BLUEPRINTS[view["blueprints"][seat]]
    entrance = d.connected_to(grid, bp["entrance"], "entrance")
    exit_ = d.connected_to(grid, bp["exit"], "exit")
    demands = {(r, c): what for r, c, what in bp["demands"]}
    cluster_of = {pos: i for i, group in enumerate(d.clusters(grid)) for pos in group}
    rows = []
    for r in range(4):
        row = []
        for c in range(4):
            cell = grid[r][c]
            demand = demands.get((r, c))
            out: dict[str, Any] = {
                "demand": demand,
                "met": demand is not None and d.demand_met(grid, r, c, demand),
            }
            if cell is not None:
                ch = CHAMBERS[cell["id"]]
                out |= {
                    "name": engine_text(ch.name),
                    "kind": engine_text(ch.kind),
                    "gold": ch.gold,
                    "doors": dict(zip(("top", "right", "bottom", "left"), ch.doors, strict=True)),
                    "passages": cell["sp"],
                    "elements": [token(e) for e in cell["el"]],
                    "entrance": (r, c) in entrance,
                    "exit": (r, c) in exit_,
                    "cluster": cluster_of[(r, c)],
                    # Sides where this chamber's cluster ends: outlined on the final board.
                    "cluster_edges": [
                        e
                        for e, (dr, dc) in d.STEP.items()
                        if cluster_of.get((r + dr, c + dc)) != cluster_of[(r, c)]
                    ],
                }
            row.append(out)
        rows.append(row)
    return {
        "rows": rows,
        "entrance": bp["entrance"],
        "exit": bp["exit"],
        "final": view["phase"] == "over",
        "clusters": len(set(cluster_of.values())),
        "paths": (len(entrance), len(exit_)),
        "met": d.blueprint_met(grid, bp),
        "stars": d.stars(grid),
    }


@register.filter
def chamber(cid: int) -> dict[str, Any]:
    ch = CHAMBERS[cid]
    return {
        "id": cid,
        "name": engine_text(ch.name),
        "kind": engine_text(ch.kind),
        "gold": ch.gold,
        "icon": ch.solo_icon,
        "doors": dict(zip(("top", "right", "bottom", "left"), ch.doors, strict=True)),
        "elements": [token(e) for e in ch.elements],
    }


@register.filter
def challenge(cid: int) -> Any:
    return CHALLENGES[cid]


@register.filter
def goal(gid: int) -> Any:
    return GOALS[gid]


@register.filter
def market_slot(slot: dict[str, Any]) -> dict[str, Any]:
    return {
        half: {
            "cost": set_cost(slot, half),
            "tokens": [token(t) for t in slot[half]],
        }
        for half in ("top", "bottom")
    }


@register.filter
def blueprint(bid: int) -> dict[str, Any]:
    return BLUEPRINTS[bid]


@register.simple_tag
def jael_panel(view: dict[str, Any]) -> dict[str, Any]:
    """Jael's revealed cards, this year's gold, and his collection counted by icon."""
    from collections import Counter

    from games.engines.stonespine.jael import JAEL_CARDS, collection

    solo = view["solo"]
    items = collection(solo["pile"], solo["tokens"])
    counts = Counter(
        "star+" if e.startswith("star+") else "star-" if e.startswith("star-") else e for e in items
    )
    cards = [JAEL_CARDS[c] for c in solo["cards"]]
    return {
        "cards": cards,
        "gold": cards[-1].gold if cards else None,
        "pile": [engine_text(CHAMBERS[c].name) for c in solo["pile"]],
        "counts": sorted((_collected(e), n) for e, n in counts.items()),
        "stars": sum(int(e[4:]) for e in items if e.startswith("star")),
        # Named as the new-table form names the option ("Basic", "Legendary"), in the reader's words.
        "mode": engine_text(solo["mode"].capitalize()),
    }


def _collected(element: str) -> str:
    """An element of Jael's collection in words (stars counted apart, bright or dark)."""
    if element == "star+":
        return gettext("star")
    if element == "star-":
        return gettext("dark star")
    return str(NAMES.get(element, element))


def _and(values: list[Any]) -> str:
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return gettext("%(some)s and %(last)s") % {"some": gettext(", ").join(words[:-1]), "last": words[-1]}


@register.simple_tag
def stonespine_rules() -> dict[str, Any]:
    """The numbers the How to play page states, read from the engine's data."""
    years = list(range(1, data.YEARS + 1))
    blueprint = sorted(data.BLUEPRINT_POINTS.items())
    return {
        "years": data.YEARS,
        "left_years": _and(list(data.LEFT_YEARS)),
        "right_years": _and([y for y in years if y not in data.LEFT_YEARS]),
        "new_challenges": _and(list(data.NEW_CHALLENGES_AFTER)),
        "hand": data.HAND_SIZE,
        "gold_cap": data.GOLD_CAP,
        "priority": _and(list(data.PRIORITY_VP)),
        "goal": _and(list(data.GOAL_VP)),
        "challenges": data.YEARS - 1,  # one a year when passing, none in the last year
        "blueprint": gettext(", ").join(
            [f"{met} → {vp}" for met, vp in blueprint[:-1]]
            + [gettext("all %(met)s → %(vp)s") % {"met": blueprint[-1][0], "vp": blueprint[-1][1]}]
        ),
        "demands": blueprint[-1][0],
        "blueprint_least": blueprint[0][0],
    }
