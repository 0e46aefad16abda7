"""Drawing helpers for Thunderstone pages: a view's cards, hall, village and players, ready to
draw. Everything here reads only the view handed to the template and the public card facts."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines.thunderstone import setup
from games.engines.thunderstone.battle import LIGHT_COST
from games.engines.thunderstone.data import (
    CARDS,
    HERO_TYPES,
    MONSTERS_BY_GROUP,
    START_DECK,
    STONE,
    Card,
    card,
)
from games.engines.thunderstone.state import HAND_SIZE
from games.engines.thunderstone.texts import TEXT
from games.engines.thunderstone.turn import TURNS_PER_PLAYER
from games.engines.thunderstone.village import MILITIA_XP

register = template.Library()

GROUP_WORDS = {
    "hero": _("Hero"),
    "village": _("Village"),
    "basic": _("Basic"),
    "monster": _("Monster"),
    "disease": "",
    "stone": "",
}
ORDER = ("Hero", "Militia", "Fighter", "Cleric", "Wizard", "Thief", "Archer", "Weapon", "Edged", "Blunt")


def _classes(c: Card) -> str:
    names = sorted(c.classes - {"Hero", "Monster"}, key=lambda x: (ORDER.index(x) if x in ORDER else 99, x))
    if c.is_monster:
        return c.monster_group
    return " ".join(names)


def kind_info(c: Card) -> dict[str, Any]:
    """The numbers and words a card shows, by kind."""
    return {
        "name": c.name,
        "group": c.group,
        "classes": _classes(c),
        "level": c.level if c.group == "hero" else None,
        "cost": c.cost if c.group in ("hero", "village", "basic") else None,
        "gold": c.gold,
        "light": c.light or None,
        "weight": c.weight,
        "strength": c.strength if c.is_hero else None,
        "attack": (c.trophy_attack if c.is_monster else c.attack) or None,
        "magic": (c.trophy_magic if c.is_monster else c.magic) or None,
        "vp": c.vp or None,
        "xp_cost": c.xp_cost if c.is_hero else None,
        "health": c.health if c.is_monster else None,
        "xp": c.xp if c.is_monster else None,
        "penalty": c.penalty or None,
        "text": TEXT[c.name],
        "slug": c.slug,
    }


@register.filter
def card_of(cid: str | None) -> dict[str, Any] | None:
    """A card by its id: its kind's numbers plus the id (for the page's element ids)."""
    if not cid:
        return None
    return {**kind_info(card(cid)), "id": cid}


@register.filter
def kind_card(name: str) -> dict[str, Any]:
    return {**kind_info(CARDS[name]), "id": ""}


@register.simple_tag
def hall_ranks(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Ranks 1-3: the card, its light penalty (rank + the monster's own), and the battle the
    active player would fight there as the party stands (during the preparation)."""
    out = []
    previews = view.get("preview") or [None, None, None]
    battle = view["t"].get("result")
    for r in (1, 2, 3):
        cid = view["hall"][r - 1]
        info = card_of(cid)
        penalty = r + (info["penalty"] or 0) if info and info["group"] == "monster" else None
        fight = battle if battle and battle["rank"] == r else previews[r - 1]
        out.append(
            {
                "rank": r,
                "card": info,
                "penalty": penalty,
                "battle": fight,
                "fighting": bool(battle and battle["rank"] == r),
            }
        )
    return out


@register.simple_tag
def dungeon_deck(view: dict[str, Any]) -> dict[str, Any]:
    d = view["dungeon"]
    stone_in_hall = any(c and card(c).name == STONE for c in view["hall"])
    if view["stone"] is not None:
        where = "taken"
    elif stone_in_hall:
        where = "hall"
    elif d["zone"]:
        where = "deck"
    else:
        where = "unknown"
    return {
        "size": d["size"],
        "unseen": d["unseen"],
        "zone": d["zone"],
        "bottom": [card_of(c) for c in d["bottom"]],
        "unseen_kinds": sorted(d["unseen_kinds"].items()),
        "stone": where,
    }


@register.simple_tag
def village_stacks(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Each stack: its top card, what is left, and (for heroes) how many of each level."""
    out = []
    for sid, groups in view["stacks"].items():
        left = sum(n for _, n in groups)
        top = next(((kind, n) for kind, n in groups if n), None)
        info = None
        if top:
            kind = CARDS[top[0]]
            info = {**kind_info(kind), "id": f"{kind.slug}-{kind.count - top[1] + 1}"}
        out.append(
            {
                "id": sid,
                "dom": sid.replace(":", "-").replace(" ", "-").lower(),
                "kind": sid.split(":", 1)[0],
                "name": sid.split(":", 1)[1],
                "top": info,
                "left": left,
                "levels": [(k, n) for k, n in groups] if len(groups) > 1 else [],
            }
        )
    order = {"basic": 0, "hero": 1, "village": 2}
    out.sort(key=lambda x: (order[x["kind"]], x["name"]))
    return out


@register.simple_tag
def players_panel(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    ask = view.get("ask") or {}
    waiting = ask.get("k") == "discard"
    out = []
    for p, pv in enumerate(view["seats"]):
        out.append(
            {
                "seat": p,
                "name": names[p] if p < len(names) else gettext("Player %(number)d") % {"number": p + 1},
                "active": p == view["turn"],
                "hand_size": pv["hand_size"],
                "hand": [card_of(c) for c in pv["hand"]]
                if pv["hand"] is not None and p != view["me"]
                else None,
                "deck": pv["deck_size"],
                "discard": [card_of(c) for c in pv["discard"]],
                "xp": pv["xp"],
                "score": pv["score"],
                "unseen": sorted(pv["unseen"].items()),
                "choosing": waiting and ask["need"][p] and not ask["done"][p],
                "chosen": waiting and ask["need"][p] and ask["done"][p],
                "stone": view["stone"] == p,
            }
        )
    return out


@register.simple_tag
def hand_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's own hand, each card marked with what this turn did with it."""
    t = view["t"]
    equip = t.get("equip", {})
    carrier = {h: w for w, h in equip.items()}
    used = set(t.get("spent", []))
    strength = t.get("str", {})
    picks = set(view.get("my_picks", []))
    out = []
    for cid in view.get("hand", []):
        info = card_of(cid)
        assert info is not None
        notes = []
        if cid in carrier:
            notes.append(gettext("carries the %(card)s") % {"card": card(carrier[cid]).name})
        if cid in equip:
            notes.append(gettext("carried by the %(card)s") % {"card": card(equip[cid]).name})
        if strength.get(cid):
            notes.append(gettext("Strength +%(bonus)s") % {"bonus": strength[cid]})
        if cid in used:
            notes.append(gettext("used"))
        if cid in picks:
            notes.append(gettext("picked to discard"))
        out.append({**info, "notes": notes})
    return out


@register.simple_tag
def revealed_cards(view: dict[str, Any], ids: list[str]) -> list[dict[str, Any]]:
    return [c for c in (card_of(x) for x in ids) if c]


@register.filter
def group_words(group: str) -> str:
    return str(GROUP_WORDS.get(group, ""))


@register.simple_tag
def monster_groups() -> list[tuple[str, list[dict[str, Any]]]]:
    return [(g, [kind_info(m) for m in ms]) for g, ms in sorted(MONSTERS_BY_GROUP.items())]


@register.simple_tag
def kinds_in(group: str) -> list[dict[str, Any]]:
    return [kind_info(c) for c in CARDS.values() if c.group == group]


PHASES = {
    "choose": _("chooses: village, dungeon or rest"),
    "village": _("is visiting the village"),
    "dungeon": _("is in the dungeon"),
    "rest": _("is resting"),
}
ASKS = {
    "banish": _("changes the hall with a Banish"),
    "banish_destroy": _("destroys a card for the Banish"),
    "haunt": _("chooses the hero the Haunt stops"),
    "slay": _("chooses the card the monster destroys"),
    "borrow": _("may borrow a discarded hero"),
    "spoils": _("may take spoils"),
    "sphinx": _("destroys cards the Sphinx turned up"),
    "send": _("may send a monster under the dungeon deck (Elf Sorcerer)"),
}
ENDS = {
    "stone": _("The Thunderstone reached rank 1."),
    "turns": _("Every player had 100 turns (house rule)."),
}


@register.simple_tag
def status_line(view: dict[str, Any], names: list[str]) -> str:
    """Who is doing what, in words."""
    if view["phase"] == "over":
        taker = view["stone"]
        took = (
            " " + gettext("%(name)s took the Thunderstone.") % {"name": names[taker]}
            if taker is not None
            else ""
        )
        return gettext("Game over.") + " " + str(ENDS.get(view["end"] or "", "")) + took
    who = names[view["turn"]] if view["turn"] < len(names) else "?"
    ask = view.get("ask")
    if ask and ask["k"] == "discard":
        waiting = [names[p] for p, need in enumerate(ask["need"]) if need and not ask["done"][p]]
        return gettext("%(who)s %(what)s; waiting for %(waiting)s to discard.") % {
            "who": who,
            "what": PHASES[view["phase"]],
            "waiting": gettext(", ").join(waiting),
        }
    if ask:
        return gettext("%(who)s %(what)s.") % {"who": who, "what": ASKS[ask["k"]]}
    return gettext("%(who)s %(what)s.") % {"who": who, "what": PHASES[view["phase"]]}


def _light_example(light_cards: list[str], hall: list[str]) -> dict[str, Any]:
    """The light example of How to play, worked out from the cards' data: each monster's
    darkness (its rank plus its own), the penalties without light and with the given cards."""
    light = sum(CARDS[c].light for c in light_cards)
    rows = []
    for rank, name in enumerate(hall, start=1):
        m = CARDS[name]
        rows.append(
            {
                "rank": rank,
                "name": name,
                "own": m.penalty,
                "dark": rank + m.penalty,
                "bare": LIGHT_COST * (rank + m.penalty),
                "lit": LIGHT_COST * max(0, rank + m.penalty - light),
                "health": m.health,
            }
        )
    return {"rows": rows, "light": light, "cards": light_cards}


@register.simple_tag
def thunderstone_legend() -> dict[str, Any]:
    """The key's sample numbers, read from the cards the How to play page shows."""
    demo = {n: CARDS[n] for n in ("Dwarf Janissary", "Flaming Sword", "Uyril Unending")}
    return {
        "gold": demo["Flaming Sword"].gold,
        "light": demo["Flaming Sword"].light,
        "weight": demo["Flaming Sword"].weight,
        "strength": demo["Dwarf Janissary"].strength,
        "attack": demo["Dwarf Janissary"].attack,
        "magic": demo["Flaming Sword"].magic,
        "health": demo["Uyril Unending"].health,
        "cost": demo["Dwarf Janissary"].cost,
        "xp": demo["Dwarf Janissary"].xp_cost,
        "vp": demo["Uyril Unending"].vp,
    }


@register.simple_tag
def thunderstone_rules() -> dict[str, Any]:
    """The numbers the How to play page states, read from the engine's data."""
    groups = setup.OPTIONS["monsters"]["choices"]
    stack = next(iter(HERO_TYPES.values()))  # every hero stack is made the same way (a test checks)
    example = _light_example(["Fireball", "Torch"], ["Knightmare", "Griffon", "Blink Dog"])
    griffon = example["rows"][1]
    return {
        "groups": groups[0],
        "groups_long": groups[-1],
        "stone_depth": setup.STONE_DEPTH,
        "stone_last": setup.STONE_DEPTH + 1,
        "levels": [{"level": c.level, "count": c.count} for c in stack],
        "village": setup.VILLAGE_STACKS,
        "deck": sum(n for _, n in START_DECK),
        "start": [{"name": name, "count": n} for name, n in START_DECK],
        "hand": HAND_SIZE,
        "militia_xp": MILITIA_XP,
        "light_cost": LIGHT_COST,
        "turns": TURNS_PER_PLAYER,
        "stone_vp": CARDS[STONE].vp,
        "legend": thunderstone_legend(),
        "example": example,
        "fireball": CARDS["Fireball"].magic,
        "griffon_needs": griffon["health"] + griffon["lit"] - CARDS["Fireball"].magic,
    }
