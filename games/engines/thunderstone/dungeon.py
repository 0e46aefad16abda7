"""Entering the dungeon: the preparation before the battle (rulebook: Enter the dungeon, steps
1-3; Dungeon effects; the glossary's cards).

The hand is revealed and stays public for the turn. In any order the player may use Dungeon
effects (each once, Repeat ones any number of times), give each hero one weapon it is strong
enough for, then choose the monster to attack. A card destroyed by a Dungeon effect leaves play
at once; a card whose own ability was used cannot be destroyed by another card's effect (the
Iron Rations rule). Lorigg Rogue and Outlaw, Redblade Poisoner and Assassin make every other
player discard as soon as they are in the dungeon (in the hand revealed, or drawn later).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from .battle import attackable, haunt_choices, prep_strength
from .data import DISEASE, card
from .flow import later, next_, run, step
from .hall import arrived, leave, refill, send_under
from .interrupts import start_discard
from .powers import HARASS, Ability, abilities, ability, monster_rules
from .state import State, destroy, draw, forget, gain, log, own, own_at, take_from_hand

Action = dict[str, Any]


def enter(s: State) -> None:
    p = s["turn"]
    s["phase"] = "dungeon"
    s["t"] = {
        "mode": "dungeon",
        "used": [],
        "spent": [],
        "equip": {},
        "str": {},
        "berries": [],
        "eaten": {},
        "feasts": 0,
        "arcane": False,
        "aura": False,
        "thrown": [],
        "borrowed": [],
    }
    own(s, "shown")[p] = True
    log(s, "dungeon", p)
    for cid in s["hands"][p]:
        if card(cid).name in HARASS:
            later(s, ["harass", cid])


@step("draw")
def draw_step(s: State, k: int) -> None:
    p = s["turn"]
    cards = draw(s, p, k)
    log(s, "drew", p, [card(c).name for c in cards])
    if s["t"].get("mode") == "dungeon":
        next_(s, *(["harass", c] for c in cards if card(c).name in HARASS))


def borrowed_ids(t: dict[str, Any]) -> list[str]:
    return [b[0] for b in t.get("borrowed", [])]


def heroes(s: State) -> list[str]:
    return [c for c in s["hands"][s["turn"]] if card(c).is_hero]


def destroyable(s: State, cid: str) -> bool:
    """May another card's effect destroy this one? Not once its own ability was used, and never
    a borrowed hero."""
    t = s["t"]
    return cid not in t["spent"] and cid not in borrowed_ids(t)


def usable(t: dict[str, Any], cid: str, a: Ability) -> bool:
    return a.repeat or f"{cid}/{a.key}" not in t["used"]


def _targets(s: State, cid: str, a: Ability) -> list[Action]:
    t, hand = s["t"], s["hands"][s["turn"]]
    base = {"type": "use", "card": cid, "ability": a.key}
    if a.target in ("disease", "food"):
        others = [c for c in hand if c != cid and destroyable(s, c)]
    if a.target == "disease":
        return [{**base, "target": c} for c in _distinct(others, lambda c: card(c).name == DISEASE)]
    if a.target == "food":
        foods = _distinct(others, lambda c: card(c).has("Food"))
        if a.effect == "capture":
            ranks = [r for r in (1, 2, 3) if _capturable(s, r)]
            return [{**base, "target": f, "rank": r} for f in foods for r in ranks]
        return [{**base, "target": f} for f in foods]
    if a.target == "hero":
        return [{**base, "target": h} for h in distinct_heroes(s, heroes(s))]
    if a.target == "rank":
        return [{**base, "rank": r} for r in (1, 2, 3) if _monster_at(s, r)]
    if a.effect == "throw" and (cid not in t["equip"] or cid in t["thrown"]):
        return []
    return [base]


def _distinct(cards: list[str], keep: Any) -> list[str]:
    """One of each kind: destroying one Disease or another is the same move."""
    seen: set[str] = set()
    out = []
    for c in cards:
        name = card(c).name
        if keep(c) and name not in seen:
            seen.add(name)
            out.append(c)
    return out


def distinct_heroes(s: State, cards: list[str]) -> list[str]:
    """One hero of each kind and situation: two bare Militia are the same target."""
    t = s["t"]
    carried = {h: card(w).name for w, h in t["equip"].items()}
    seen = set()
    out = []
    for h in cards:
        key = (card(h).name, t["str"].get(h, 0), h in t["berries"], t["eaten"].get(h, 0), carried.get(h))
        if key not in seen:
            seen.add(key)
            out.append(h)
    return out


def _monster_at(s: State, rank: int) -> bool:
    cid = s["hall"][rank - 1]
    return cid is not None and card(cid).is_monster


def _capturable(s: State, rank: int) -> bool:
    return _monster_at(s, rank) and card(s["hall"][rank - 1]).vp in (1, 2)


def legal(s: State) -> list[Action]:
    t, hand = s["t"], s["hands"][s["turn"]]
    out: list[Action] = []
    for cid in hand:
        for a in abilities(card(cid).name):
            if a.where == "dungeon" and usable(t, cid, a):
                out += _targets(s, cid, a)
    carriers = distinct_heroes(s, [h for h in heroes(s) if h not in t["equip"].values()])
    for w in _distinct([w for w in hand if w not in t["equip"]], lambda c: card(c).is_weapon):
        weight = 0 if t["aura"] else (card(w).weight or 0)
        out += [{"type": "equip", "weapon": w, "hero": h} for h in carriers if weight <= prep_strength(t, h)]
    targets = [{"type": "attack", "rank": r} for r in (1, 2, 3) if attackable(s, r)]
    return out + (targets or [{"type": "retreat"}])


def apply(s: State, action: Action) -> None:
    kind = action["type"]
    t = s["t"]
    if kind == "equip":
        t["equip"][action["weapon"]] = action["hero"]
        log(s, "equip", s["turn"], card(action["weapon"]).name, card(action["hero"]).name)
    elif kind == "use":
        use(s, action)
    elif kind == "attack":
        declare(s, action["rank"])
    elif kind == "retreat":
        log(s, "retreat", s["turn"])
        later(s, ["end"])
    run(s)


def use(s: State, action: Action) -> None:
    cid, t, p = action["card"], s["t"], s["turn"]
    a = ability(card(cid).name, action["ability"])
    assert a is not None
    t["used"].append(f"{cid}/{a.key}")
    if cid not in t["spent"]:
        t["spent"].append(cid)
    target = action.get("target")
    extra = [card(target).name if target else None, action["rank"]] if "rank" in action else []
    log(s, "use", p, card(cid).name, a.key, *(extra or ([card(target).name] if target else [])))
    if a.target in ("disease", "food"):
        assert target is not None
        take_from_hand(s, p, target)
        forget(t, target)
        destroy(s, target)
    effect = a.effect
    if effect == "draw" or effect == "cure":
        later(s, ["draw", a.n])
    elif effect == "eat":
        t["eaten"][cid] = t["eaten"].get(cid, 0) + a.n
    elif effect == "strength":
        t["str"][target] = t["str"].get(target, 0) + a.n
    elif effect == "berries":
        t["str"][target] = t["str"].get(target, 0) + a.n
        if target not in t["berries"]:
            t["berries"].append(target)
    elif effect == "feast":
        t["feasts"] += 1
    elif effect in ("arcane", "aura"):
        t[effect] = True
        later(s, ["draw", a.n])
    elif effect == "throw":
        take_from_hand(s, p, cid)
        destroy(s, cid)
        t["thrown"].append(cid)
    elif effect == "banish":
        s["ask"] = {"k": "banish", "p": p, "card": cid}
    elif effect == "capture":
        monster = leave(s, action["rank"])
        gain(s, p, monster)
        log(s, "captured", p, card(monster).name)
        refill(s)
    elif effect == "send":
        send_under(s, action["rank"])
    elif effect == "summon":
        start_discard(s, "summon", cid, {q: "hero" for q in range(s["n"]) if q != p})
        if s["ask"] is None and t.get("offered"):
            next_(s, ["borrow"])


def declare(s: State, rank: int) -> None:
    t = s["t"]
    t["rank"] = rank
    t["monster"] = s["hall"][rank - 1]
    t["haunted"] = None
    later(s, ["fight"])
    if monster_rules(card(t["monster"]).name).haunt:
        choices = haunt_choices(s, rank)
        if len(choices) > 1:
            s["ask"] = {"k": "haunt", "p": s["turn"], "options": choices}
        elif choices:
            t["haunted"] = choices[0]


# -- Banish ------------------------------------------------------------------------------


def banish_legal(s: State) -> list[Action]:
    out: list[Action] = [{"type": "banish", "rank": r} for r in (1, 2, 3) if _monster_at(s, r)]
    seen = set()
    for order in permutations((1, 2, 3)):
        hall = tuple(s["hall"][r - 1] for r in order)
        if hall not in seen:
            seen.add(hall)
            out.append({"type": "arrange", "order": list(order)})
    return out


def banish_apply(s: State, action: Action) -> None:
    cid = s["ask"]["card"]
    s["ask"] = None
    # The breach a new rank 1 may cause comes first (refill puts it in front), then these.
    next_(s, ["banish_destroy", cid], ["draw", 1])
    if action["type"] == "banish":
        send_under(s, action["rank"])
    else:
        before = s["hall"][0]
        hall = own(s, "hall")
        hall[:] = [s["hall"][r - 1] for r in action["order"]]
        log(s, "arranged", [card(c).name if c else "" for c in hall])
        arrived(s, before)
    run(s)


@step("banish_destroy")
def banish_destroy(s: State, banish: str) -> None:
    options = [c for c in s["hands"][s["turn"]] if c == banish or destroyable(s, c)]
    if options:
        s["ask"] = {"k": "banish_destroy", "p": s["turn"], "card": banish, "options": options}


def banish_destroy_apply(s: State, cid: str) -> None:
    s["ask"] = None
    take_from_hand(s, s["turn"], cid)
    forget(s["t"], cid)
    destroy(s, cid)
    log(s, "destroyed", s["turn"], card(cid).name)
    run(s)


# -- Selurin Theurge's borrowed hero --------------------------------------------------------


@step("borrow")
def borrow_step(s: State) -> None:
    offered = [c for c, _ in s["t"].get("offered", [])]
    if offered:
        s["ask"] = {"k": "borrow", "p": s["turn"], "options": offered}


def borrow_apply(s: State, action: Action) -> None:
    t = s["t"]
    s["ask"] = None
    if action["type"] == "borrow":
        cid = action["card"]
        owner = next(q for c, q in t["offered"] if c == cid)
        own_at(s, "discards", owner).remove(cid)
        own_at(s, "hands", s["turn"]).append(cid)
        t["borrowed"].append([cid, owner])
        log(s, "borrowed", s["turn"], card(cid).name, owner)
    t["offered"] = []
    run(s)
