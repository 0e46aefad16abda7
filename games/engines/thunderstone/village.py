"""Visiting the village (rulebook: Visit the village, Leveling up; Barkeep, Pawnbroker, Town Guard
and Trainer in the glossary).

The steps come in order, and taking a step closes the ones before it: Village effects (any
order, each ability once), then purchases (one card, one more per Barkeep used, the total cost
within the gold: effects' gold plus the gold of every card still in hand), then level-ups (any
hero in hand, one level each, paid in experience; Militia become any level 1 hero for 3), then
the end of the turn.
"""

from __future__ import annotations

from typing import Any

from .data import card, next_level
from .flow import later, run
from .powers import abilities, ability
from .state import State, destroy, draw, gain, log, own, stack_has, stack_take, stack_top, take_from_hand

Action = dict[str, Any]
MILITIA_XP = 3


def enter(s: State) -> None:
    p = s["turn"]
    s["phase"] = "village"
    s["t"] = {"mode": "village", "used": [], "spent": [], "gold": 0, "buys": 1, "bought": 0, "paid": 0}
    s["t"]["step"] = "effects"
    own(s, "shown")[p] = True
    log(s, "village", p)


def gold(s: State) -> int:
    """Gold left to spend: what effects made plus the gold of the cards in hand, less purchases."""
    t = s["t"]
    return int(t["gold"]) + sum(card(c).gold or 0 for c in s["hands"][s["turn"]]) - int(t["paid"])


def _first_of_kinds(cards: list[str], keep: Any) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in cards:
        name = card(c).name
        if name not in seen and keep(c):
            seen.add(name)
            out.append(c)
    return out


def level_targets(s: State, hero: str) -> list[tuple[str, str]]:
    """(stack id, kind) a hero in hand may level up into."""
    kind = card(hero)
    if kind.name == "Militia":
        out = []
        for sid in sorted(s["stacks"]):
            top = stack_top(s, sid) if sid.startswith("hero:") else None
            if top is not None and card(top).level == 1:
                out.append((sid, card(top).name))
        return out
    nxt = next_level(kind)
    if nxt is None:
        return []
    sid = f"hero:{kind.hero_type}"
    return [(sid, nxt.name)] if stack_has(s, sid, nxt.name) else []


def legal(s: State) -> list[Action]:
    t, p = s["t"], s["turn"]
    hand = s["hands"][p]
    out: list[Action] = []
    if t["step"] == "effects":
        for cid in hand:
            for a in abilities(card(cid).name):
                if a.where != "village" or f"{cid}/{a.key}" in t["used"]:
                    continue
                base = {"type": "use", "card": cid, "ability": a.key}
                others = [c for c in hand if c != cid and c not in t["spent"]]
                if a.target == "militia":
                    out += [{**base, "target": c} for c in _first_of_kinds(others, _is_militia)]
                elif a.target == "gold":
                    out += [{**base, "target": c} for c in _first_of_kinds(others, _has_gold)]
                else:
                    out.append(base)
    if t["step"] != "level" and t["bought"] < t["buys"]:
        left = gold(s)
        for sid in s["stacks"]:
            top = stack_top(s, sid)
            if top is not None and (card(top).cost or 0) <= left:
                out.append({"type": "buy", "stack": sid})
    xp = s["xp"][p]
    for hero in _first_of_kinds(hand, lambda c: card(c).is_hero):
        cost = card(hero).xp_cost
        if cost is None or cost > xp:
            continue
        for sid, _ in level_targets(s, hero):
            action = {"type": "level", "card": hero}
            if card(hero).name == "Militia":
                action["into"] = sid
            out.append(action)
    out.append({"type": "end"})
    return out


def _is_militia(cid: str) -> bool:
    return card(cid).name == "Militia"


def _has_gold(cid: str) -> bool:
    return card(cid).gold is not None


def apply(s: State, action: Action) -> None:
    kind = action["type"]
    if kind == "use":
        use(s, action)
    elif kind == "buy":
        buy(s, action["stack"])
    elif kind == "level":
        level(s, action["card"], action.get("into"))
    if kind == "end" or legal(s) == [{"type": "end"}]:
        # Nothing is left to do once the purchases are made and no hero can level up.
        later(s, ["end"])
    run(s)


def use(s: State, action: Action) -> None:
    t, p, cid = s["t"], s["turn"], action["card"]
    a = ability(card(cid).name, action["ability"])
    assert a is not None
    t["used"].append(f"{cid}/{a.key}")
    if cid not in t["spent"]:
        t["spent"].append(cid)
    target = action.get("target")
    log(s, "use", p, card(cid).name, a.key, *([card(target).name] if target else []))
    if a.effect.startswith("burn"):
        take_from_hand(s, p, cid)
        destroy(s, cid)
    if a.effect in ("draw", "burn_draw"):
        cards = draw(s, p, a.n)
        log(s, "drew", p, [card(c).name for c in cards])
    elif a.effect == "burn_gold":
        t["gold"] += a.n
    elif a.effect == "extra_buy":
        t["buys"] += a.n
    elif a.effect == "train":
        assert target is not None
        take_from_hand(s, p, target)
        destroy(s, target)
        own(s, "xp")[p] += a.n
    elif a.effect == "pawn":
        assert target is not None
        # The pawned card's own gold is not counted as well: it has left the hand.
        t["gold"] += (card(target).gold or 0) + a.n
        take_from_hand(s, p, target)
        destroy(s, target)


def buy(s: State, sid: str) -> None:
    t, p = s["t"], s["turn"]
    t["step"] = "buy"
    cid = stack_take(s, sid)
    t["paid"] += card(cid).cost or 0
    t["bought"] += 1
    gain(s, p, cid)
    log(s, "buy", p, card(cid).name, card(cid).cost or 0)


def level(s: State, hero: str, into: str | None) -> None:
    t, p = s["t"], s["turn"]
    t["step"] = "level"
    kind = card(hero)
    targets = dict(level_targets(s, hero))
    sid = into if into is not None else next(iter(targets))
    new = stack_take(s, sid, targets[sid])
    own(s, "xp")[p] -= kind.xp_cost or 0
    take_from_hand(s, p, hero)
    destroy(s, hero)
    gain(s, p, new)
    log(s, "level", p, kind.name, card(new).name, kind.xp_cost)
