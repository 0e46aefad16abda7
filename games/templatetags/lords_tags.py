"""Drawing helpers for Lords of Spell and Stone pages: the board's sections and spots, the
markets and the players' mats, ready to draw. Everything here reads only the view handed to
the template and the game's public facts (spells, items, spots)."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.translation import gettext

from games.engines.lords import data as d
from games.engines.lords.data import (
    BONUS_WORDS,
    HERB_COLOURS,
    HERB_NAMES,
    HERBS,
    ITEMS,
    MOAT_WORK,
    ROTTED,
    SECTIONS,
    SPELLS,
    SPOTS,
    TOURNAMENT_PRIZES,
    TOWER_WORK,
    WALL_WORK,
    spots_for,
)

register = template.Library()


def herb(h: str, n: int | None = None) -> dict[str, Any]:
    return {"code": h, "name": HERB_NAMES[h], "colour": HERB_COLOURS[h], "n": n}


def spell_info(cid: str) -> dict[str, Any]:
    x = SPELLS[cid]
    return {
        "id": cid,
        "name": x.name,
        "kind": x.kind,
        "herbs": [herb(h) for h in x.herbs],
        "price": x.price,
        "vp": x.vp,
        "bonus": BONUS_WORDS[x.bonus],
    }


def item_info(iid: str) -> dict[str, Any]:
    x = ITEMS[iid]
    return {"id": iid, "name": x.name, "price": x.price, "vp": x.vp, "effect": x.words, "sell": x.sell}


@register.simple_tag
def lords_sections(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The six sections in resolution order, each with its spots: who stands there (in arrival
    order), what the spot costs the viewer now, and the place action it stands for."""
    costs = view.get("costs", {})
    places = 3 if view["players"] == 2 else len(TOURNAMENT_PRIZES)
    sections: list[dict[str, Any]] = []
    for number, title in SECTIONS.items():
        spots = []
        for sid in spots_for(view["players"]):
            spot = SPOTS[sid]
            if spot.section != number:
                continue
            here = view["board"][sid]
            room = places if spot.area == "tournament" else spot.seats
            spots.append(
                {
                    "id": sid,
                    "name": spot.name,
                    "area": spot.area,
                    "cost": costs.get(sid) or base_cost(spot.area, spot.value),
                    "workers": [{"seat": w, "name": names[w] if w < len(names) else "?"} for w in here],
                    "room": gettext("any number") if not room else f"{len(here)}/{room}",
                    "full": bool(room) and len(here) >= room,
                    "action": json.dumps({"type": "place", "spot": sid}),
                }
            )
        sections.append({"number": number, "title": title, "spots": spots})
    return sections


def base_cost(area: str, value: int) -> str:
    if area in ("hire", "alchemist", "caster", "fight", "build_skill", "negotiate"):
        return gettext("%(value)s gems") % {"value": value}
    if area == "labor":
        return gettext("earns %(value)s") % {"value": value}
    return ""


@register.simple_tag
def lords_markets(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "display": [herb(h) for h in view["display"]],
        "store": [item_info(i) for i in view["store"]],
        "store_bottom": [item_info(i) for i in view["store_bottom"]],
        "market": [spell_info(c) for c in view["market"]],
        "bag": [herb(h, view["bag"][h]) for h in (*HERBS, ROTTED)],
        "peeked": item_info(view["ask"]["item"]) if view["ask"] and "item" in view["ask"] else None,
    }


@register.simple_tag
def lords_mats(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    out = []
    for q, mat in enumerate(view["seats"]):
        gardens = []
        for k, (h, n) in enumerate(mat["gardens"]):
            gardens.append(
                {
                    "open": k < mat["open_gardens"],
                    "herb": herb(h, n) if h else None,
                    "capacity": mat["capacity"],
                }
            )
        out.append(
            {
                "seat": q,
                "name": names[q] if q < len(names) else "?",
                "first": view["first"] == q,
                "mat": mat,
                "herbs": [herb(h, mat["herbs"][h]) for h in (*HERBS, ROTTED) if mat["herbs"][h]],
                "gardens": gardens,
                "moat": f"{mat['moat']}/{MOAT_WORK}",
                "wall": f"{mat['wall']}/{WALL_WORK}",
                "tower": f"{mat['tower']}/{TOWER_WORK}",
                "cast": [spell_info(c) for c in mat["cast"]],
                "items": [item_info(i) for i in mat["items"]],
                "known": [spell_info(c) for c in mat["known"]],
                "unknown": mat["hand_size"] - len(mat["known"]),
            }
        )
    return out


@register.simple_tag
def lords_hand(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's own spells, each with whether its herbs are at hand now."""
    me = view.get("me")
    if me is None:
        return []
    mat = view["seats"][me]
    supply = {h: mat["herbs"][h] for h in HERBS}
    for h, n in mat["gardens"]:
        if h:
            supply[h] += n
    out = []
    for cid in view.get("hand", []):
        info = spell_info(cid)
        need = SPELLS[cid].recipe()
        info["ready"] = all(supply[h] >= k for h, k in need.items())
        info["known"] = cid in mat["known"]
        out.append(info)
    return out


@register.simple_tag
def lords_status(view: dict[str, Any], names: list[str]) -> str:
    def name(q: int) -> str:
        return names[q] if q < len(names) else "?"

    head = gettext("Round %(round)s of %(rounds)s") % {"round": view["round"], "rounds": view["rounds"]}
    if view["phase"] == "over":
        return gettext("The game is over after %(rounds)s rounds.") % {"rounds": view["rounds"]}
    if view["ask"]:
        return gettext("%(head)s: resolving the board; %(name)s decides.") % {
            "head": head,
            "name": name(view["ask"]["seat"]),
        }
    if view["phase"] == "place":
        return gettext("%(head)s: placing workers; %(name)s places next.") % {
            "head": head,
            "name": name(view["turn"]),
        }
    return gettext("%(head)s: resolving the board.") % {"head": head}


@register.simple_tag
def herb_key() -> list[dict[str, Any]]:
    """Every herb with its letter and colour, rotted herbs last: the play page's key."""
    return [herb(h) for h in (*HERBS, ROTTED)]


@register.filter
def herb_name(code: str) -> str:
    return HERB_NAMES.get(code, code)


@register.simple_tag
def lords_catalogue() -> dict[str, Any]:
    """Every spell and item, for the How to play page."""
    return {
        "spells": [spell_info(c) for c in sorted(SPELLS)],
        "items": [item_info(i) for i in sorted(ITEMS) if i == _first_of(ITEMS[i].name)],
        "copies": {
            name: sum(1 for x in ITEMS.values() if x.name == name)
            for name in {x.name for x in ITEMS.values()}
        },
        "herbs": [herb(h) for h in (*HERBS, ROTTED)],
    }


def _first_of(name: str) -> str:
    return next(i for i in sorted(ITEMS) if ITEMS[i].name == name)


@register.filter
def lookup_name(counts: dict[str, int], name: str) -> int:
    return counts.get(name, 0)


def _spot_values(area: str) -> list[int]:
    """The gems of an area's spots in board order (their cost, or what General Labour pays)."""
    return [spot.value for sid, spot in SPOTS.items() if spot.area == area and not sid.endswith("-late")]


def _late(area: str) -> int:
    return SPOTS[f"{area}-late"].value


def _or(values: list[int]) -> str:
    """7, 6, 5 or 4."""
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return gettext("%(some)s or %(last)s") % {"some": gettext(", ").join(words[:-1]), "last": words[-1]}


@register.simple_tag
def lords_rules() -> dict[str, Any]:
    """Every number the How to play page and the board state, read from the engine's data."""
    labour = _spot_values("labor")
    closed = [SPOTS[sid] for sid in SPOTS if sid not in spots_for(2)]
    return {
        "workers": d.START_WORKERS,
        "gems": d.START_GEMS,
        "herbs": d.START_HERBS,
        "spells": d.START_SPELLS,
        "skills": d.START_SKILLS,
        "gardens": d.GARDENS,
        "garden_limit": d.GARDEN_CAPACITY,
        "moat_gardens": d.MOAT_GARDENS,
        "moat_capacity": d.MOAT_CAPACITY,
        "rounds": d.rounds_for(4),
        "rounds_3": d.rounds_for(3),
        "rotted_stone": d.ROTTED_FOR_STONE,
        "rotted_herb": d.ROTTED_FOR_HERB,
        "sec": {title.lower(): number for number, title in SECTIONS.items()},
        "sections": len(SECTIONS),
        "hire": _or(_spot_values("hire")),
        "max_workers": d.MAX_WORKERS,
        "alchemist": _or(_spot_values("alchemist")),
        "caster": _or(_spot_values("caster")),
        "cast_discount": d.CAST_DISCOUNT,
        "store_items": d.STORE_ITEMS,
        "stone_price": d.STONE_PRICE,
        "peek": d.PEEK_PRICE,
        "display": d.DISPLAY_SIZE,
        "herb_shown": d.HERB_SHOWN_PRICE,
        "herb_any": d.HERB_ANY_PRICE,
        "market_spells": d.MARKET_SPELLS,
        "blind": d.BLIND_SPELL_PRICE,
        "min_price": d.MIN_MARKET_PRICE,
        "train": _or(_spot_values("fight")),
        "max_skill": d.MAX_SKILL,
        "moat_work": MOAT_WORK,
        "wall_work": WALL_WORK,
        "tower_work": TOWER_WORK,
        "max_towers": d.MAX_TOWERS,
        "wall_less": d.WALL_INCOME_LESS,
        "tournament": d.tournament_places(4),
        "tournament_2": d.tournament_places(2),
        "tournament_min": d.TOURNAMENT_MIN,
        "prizes": ", ".join(str(g) for g in TOURNAMENT_PRIZES[:-1]) + f" and {TOURNAMENT_PRIZES[-1]}",
        "labour": _or(labour),
        "labour_count": len(labour),
        "herb_sell": d.HERB_SELL,
        "thieves_gems": d.THIEVES_GEMS,
        "thieves_vp": d.THIEVES_VP,
        "thieves_tokens": d.THIEVES_TOKENS,
        "late_alchemist": _late("alchemist"),
        "late_caster": _late("caster"),
        "moat_vp": d.MOAT_VP,
        "wall_vp": d.WALL_VP,
        "tower_vp": [{"towers": n, "vp": vp} for n, vp in d.TOWER_VP.items() if n],
        "majority_vp": d.MAJORITY_VP,
        "tied_vp": d.TIED_MAJORITY_VP,
        "bag_herb": d.BAG[d.HERBS[0]],
        "bag_rotted": d.BAG[ROTTED],
        "closed_2": [{"name": s.name, "value": s.value} for s in closed],
        "catch_up_price": d.CATCH_UP_PRICE,
        "hires": sum(SPOTS[sid].area == "hire" for sid in spots_for(4)),
        "hires_2": sum(SPOTS[sid].area == "hire" for sid in spots_for(2)),
    }
