"""The log and the actions in the game's own words ({p0}, {p1} ... stand for seat names)."""

from __future__ import annotations

from typing import Any

from .battle import best_preview
from .data import CARDS, STONE, card
from .powers import ability
from .state import State, stack_top
from .village import gold, level_targets


def card_named(kind: str) -> Any:
    return CARDS[kind]


def _p(seat: str) -> str:
    return "{p%s}" % seat


def _list(names: str) -> str:
    return names.replace(";", ", ") if names else "nothing"


def _cards(n: int | str) -> str:
    return f"{n} card" if int(n) == 1 else f"{n} cards"


ENDS = {
    "stone": "The Thunderstone reaches rank 1 of the dungeon hall: the game is over.",
    "turns": "Every player has had 100 turns: the game is over (house rule).",
}

# Each entry's fields are text (state.log): seats are digits, lists are names joined by ';',
# flags are "1" or "".
LOG_FORMS: dict[str, Any] = {
    "start": lambda a: f"{_p(a[0])} is the first player.",
    "village": lambda a: f"{_p(a[0])} visits the village and shows their hand.",
    "dungeon": lambda a: f"{_p(a[0])} enters the dungeon and shows their hand.",
    "rest": lambda a: f"{_p(a[0])} rests.",
    "drew": lambda a: f"{_p(a[0])} draws {_list(a[1])}.",
    "use": lambda a: f"{_p(a[0])} uses {a[1]}: {ability_words(a[1], a[2], *a[3:])}.",
    "buy": lambda a: f"{_p(a[0])} buys {a[1]} for {a[2]} gold.",
    "level": lambda a: f"{_p(a[0])} levels {a[1]} up to {a[2]} for {a[3]} XP.",
    "equip": lambda a: f"{_p(a[0])}'s {a[2]} takes up the {a[1]}.",
    "battle": lambda a: (
        f"{_p(a[0])} attacks {a[1]} in rank {a[2]} with a total of {a[3]} against its health "
        f"{CARDS[a[1]].health}: " + ("victory." if a[4] else "defeat; it goes under the dungeon deck.")
    ),
    "doomed": lambda a: f"{a[1]} destroys {_p(a[0])}'s {_list(a[2])}.",
    "disease": lambda a: f"{_p(a[0])} gains {a[1]} Disease.",
    "won": lambda a: f"{_p(a[0])} defeats {a[1]} and gains {a[2]} XP.",
    "spoils": lambda a: f"{_p(a[0])} takes {a[2]} as spoils of {a[1]}.",
    "sphinx": lambda a: f"The Sphinx's spoils: {_p(a[0])} turns up {_list(a[1])} from their deck.",
    "destroyed": lambda a: f"{_p(a[0])} destroys {a[1]}.",
    "revealed": lambda a: f"{a[0]} enters the dungeon hall.",
    "sent_under": lambda a: f"{a[0]} goes under the dungeon deck.",
    "captured": lambda a: f"{_p(a[0])} takes {a[1]} from the hall into their discard pile.",
    "arranged": lambda a: (
        "The hall now holds "
        + ", ".join(f"rank {r}: {x or 'nothing'}" for r, x in enumerate(a[0].split(";"), 1))
        + "."
    ),
    "breach": lambda a: f"{a[0]} reaches rank 1: its breach strikes.",
    "lost_from_stack": lambda a: f"The {a[0].split(':')[1]} stack loses its top {_cards(a[1])}.",
    "harass": lambda a: f"{_p(a[0])}'s {a[1]} makes every other player discard.",
    "no_hero": lambda a: f"{_p(a[0])} has no hero and shows their hand.",
    "discarded": lambda a: f"{_p(a[0])} discards {_list(a[1])}.",
    "borrowed": lambda a: f"{_p(a[0])} borrows {_p(a[2])}'s {a[1]} for the battle.",
    "retreat": lambda a: f"{_p(a[0])} finds no monster to fight and leaves the dungeon.",
    "over": lambda a: ENDS[a[0]] + (f" {_p(a[1])} takes the Thunderstone." if a[1] else ""),
    "=": lambda a: a[0],  # a sentence already made (a state dealt from a view)
}


def ability_words(kind: str, key: str, target: str | None = None, rank: int | str | None = None) -> str:
    a = ability(kind, key)
    assert a is not None
    what = target or ""
    return {
        "draw": f"draw {_cards(a.n)}",
        "burn_draw": f"destroy it to draw {_cards(a.n)}",
        "extra_buy": "one more purchase this turn",
        "burn_gold": f"destroy it for {a.n} gold",
        "train": f"destroy {what} for {a.n} XP",
        "pawn": f"destroy {what} for its gold plus {a.n}",
        "cure": "destroy a Disease and draw a card",
        "eat": f"eat {what} for Attack +{a.n}",
        "capture": f"eat {what} and take the monster in rank {rank}",
        "send": f"send the monster in rank {rank} under the dungeon deck",
        "summon": "every other player discards a hero (or shows they have none)",
        "strength": f"Strength +{a.n} for {what}",
        "berries": f"Strength +{a.n} for {what}, whose attack becomes Magic Attack",
        "feast": "every hero gets Strength +3 and Attack +1",
        "arcane": "armed heroes' attack becomes Magic Attack; draw a card",
        "aura": "every weapon weighs 0 this turn; draw a card",
        "banish": "change the hall, then destroy a card and draw one",
        "throw": "throw it for Attack +3 (it is destroyed, but still counts as carried)",
    }[a.effect]


# The sentences last made and the log text they were made from: a log only grows, so when
# the text starts with that one, only the new lines need words. Every entry is public.
_READ: list[Any] = ["", []]


def log_lines(text: str) -> list[str]:
    last, words = _READ
    if not text.startswith(last):
        last, words = "", []
    fresh = text[len(last) :]
    if fresh:
        words = words + [_sentence(line) for line in fresh[:-1].split("\n")]
        _READ[:] = [text, words]
    return list(words)


def _sentence(line: str) -> str:
    code, *fields = line.split("\t")
    return str(LOG_FORMS[code](fields))


# -- Actions ---------------------------------------------------------------------------------


def _rank(s: State, rank: int) -> str:
    cid = s["hall"][rank - 1]
    return f"{card(cid).name} (rank {rank})" if cid else f"rank {rank}"


# The action fields that name a card, in the order a player picks them.
_CARD_FIELDS = ("card", "weapon", "hero", "target")


def targets(s: State, seat: int, action: dict[str, Any]) -> list[str]:
    """What a player clicks for `action`: cards by id ("card:id"), a village stack
    ("stack:id"), a rank of the dungeon hall ("rank:n"), or for the turn's first choice the
    village, the dungeon hall or the resting place by your hand ("area:village", ...).

    A Banish's new order of the hall is two ranks, tapped in their new order: the monster
    that goes to rank 1, then the one that goes to rank 2 (the third takes what is left).
    Ending a step (end the turn, take nothing, keep the rest) has no place: the move bar
    offers it as a button."""
    if action["type"] in ("village", "dungeon", "rest") and s["ask"] is None and s["phase"] == "choose":
        return [f"area:{action['type']}"]
    if action["type"] == "arrange":
        return [f"rank:{r}" for r in action["order"][:2]]
    keys = [f"card:{action[f]}" for f in _CARD_FIELDS if isinstance(action.get(f), str)]
    keys += [f"stack:{action[f]}" for f in ("stack", "into") if f in action]  # buy; level a Militia into
    if "rank" in action:
        keys.append(f"rank:{action['rank']}")
    return keys


def describe(s: State, seat: int, action: dict[str, Any]) -> tuple[str, str]:
    kind = action["type"]
    ask = s["ask"]
    if kind in ("village", "dungeon", "rest") and ask is None and s["phase"] == "choose":
        return "Your turn", {
            "village": "Visit the village",
            "dungeon": "Enter the dungeon",
            "rest": "Rest",
        }[kind]
    if kind == "discard":
        why = {"harass": "discard a card", "breach": "discard two cards", "summon": "discard a hero"}
        mode = ask["need"][seat] if ask else ""
        group = "Discard one hero or two cards" if mode == "hero_or_two" else f"You must {why[ask['why']]}"
        return group, f"Discard {card(action['card']).name}"
    if kind == "use":
        c = card(action["card"])
        target = card(action["target"]).name if "target" in action else None
        words = ability_words(c.name, action["ability"], target, action.get("rank"))
        if "rank" in action:
            words = words.replace(f"the monster in rank {action['rank']}", _rank(s, action["rank"]))
        where = "Village" if s["phase"] == "village" else "Dungeon"
        return f"{where}: card effects", f"{c.name}: {words}"
    if kind == "buy":
        top = card(str(stack_top(s, action["stack"])))
        if ask is not None:
            return f"Spoils of {card(ask['source']).name}", f"Take {top.name} ({top.cost} gold)"
        return f"Village: buy ({gold(s)} gold)", f"Buy {top.name} ({top.cost} gold)"
    if kind == "level":
        hero = card(action["card"])
        targets = dict(level_targets(s, action["card"]))
        new = card_named(targets[action.get("into") or next(iter(targets))])
        return "Village: level up", f"{hero.name} to {new.name} ({hero.xp_cost} XP)"
    if kind == "end":
        return ("Rest", "Destroy nothing, end the turn") if s["phase"] == "rest" else ("End", "End the turn")
    if kind == "equip":
        return "Dungeon: weapons", f"Give the {card(action['weapon']).name} to {card(action['hero']).name}"
    if kind == "attack":
        r = best_preview(s, action["rank"])
        verdict = "victory" if r["win"] else "defeat"
        return (
            "Dungeon: attack",
            f"Attack {_rank(s, action['rank'])}: {r['total']} vs {r['health']}, {verdict}",
        )
    if kind == "retreat":
        return "Dungeon: attack", "No monster can be attacked: leave the dungeon"
    if kind == "destroy":
        if ask is not None and ask["k"] == "sphinx":
            return "Sphinx: destroy any of these", f"Destroy {card(action['card']).name}"
        group = "Banish: destroy a card" if ask is not None else "Rest: destroy one card"
        return group, f"Destroy {card(action['card']).name}"
    if kind == "done":
        return "Sphinx: destroy any of these", "Keep the rest (to the discard pile)"
    if kind == "arrange":
        names = [card(s["hall"][r - 1]).name if s["hall"][r - 1] else "empty" for r in action["order"]]
        return "Banish", "Rearrange the hall: " + ", ".join(f"{i}. {x}" for i, x in enumerate(names, 1))
    if kind == "banish":
        return "Banish", f"Send {_rank(s, action['rank'])} under the dungeon deck"
    if kind == "haunt":
        return "Haunt: which hero does not attack?", card(action["hero"]).name
    if kind == "lose":
        monster = card(s["t"]["monster"]).name
        return f"{monster} destroys one of your cards", card(action["card"]).name
    if kind == "borrow":
        return "Selurin Theurge: borrow a hero", f"Borrow {card(action['card']).name}"
    if kind == "send":
        return "Elf Sorcerer", f"Send {_rank(s, action['rank'])} under the dungeon deck"
    if kind == "pass":
        k = ask["k"] if ask else ""
        if k == "borrow":
            return "Selurin Theurge: borrow a hero", "Borrow none"
        if k == "send":
            return "Elf Sorcerer", "Leave the hall as it is"
        return f"Spoils of {card(ask['source']).name}" if ask else "Spoils", "Take nothing"
    return "Actions", kind


__all__ = ["STONE", "describe", "log_lines"]
