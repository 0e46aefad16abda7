"""The log and the actions in the game's own words ({p0}, {p1} ... stand for seat names)."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_, _, join, language, say

from .battle import best_preview
from .data import CARDS, STONE, card
from .powers import ability
from .state import State, stack_top
from .village import gold, level_targets


def card_named(kind: str) -> Any:
    return CARDS[kind]


def _p(seat: str) -> str:
    return "{p%s}" % seat


def _n(name: str) -> str:
    """A card's name in the reader's language."""
    return _(name)


def _list(names: str) -> str:
    return join([_n(x) for x in names.split(";")]) if names else _("nothing")


def _cards(n: int | str) -> str:
    return say("{n} card", n=n) if int(n) == 1 else say("{n} cards", n=n)


ENDS = {
    "stone": N_("The Thunderstone reaches rank 1 of the dungeon hall: the game is over."),
    "turns": N_("Every player has had 100 turns: the game is over (house rule)."),
}


def _battle(a: list[str]) -> str:
    fields = {"who": _p(a[0]), "monster": _n(a[1]), "rank": a[2], "total": a[3], "health": CARDS[a[1]].health}
    if a[4]:
        return say(
            "{who} attacks {monster} in rank {rank} with a total of {total} against its health {health}: victory.",
            **fields,
        )
    return say(
        "{who} attacks {monster} in rank {rank} with a total of {total} against its health {health}: "
        "defeat; it goes under the dungeon deck.",
        **fields,
    )


def _hall(a: list[str]) -> str:
    ranks = [
        say("rank {rank}: {card}", rank=r, card=_n(x) if x else _("nothing"))
        for r, x in enumerate(a[0].split(";"), 1)
    ]
    return say("The hall now holds {ranks}.", ranks=join(ranks))


def _over(a: list[str]) -> str:
    end = _(ENDS[a[0]])
    return say("{end} {who} takes the Thunderstone.", end=end, who=_p(a[1])) if a[1] else end


# Each entry's fields are text (state.log): seats are digits, lists are names joined by ';',
# flags are "1" or "".
LOG_FORMS: dict[str, Any] = {
    "start": lambda a: say("{who} is the first player.", who=_p(a[0])),
    "village": lambda a: say("{who} visits the village and shows their hand.", who=_p(a[0])),
    "dungeon": lambda a: say("{who} enters the dungeon and shows their hand.", who=_p(a[0])),
    "rest": lambda a: say("{who} rests.", who=_p(a[0])),
    "drew": lambda a: say("{who} draws {cards}.", who=_p(a[0]), cards=_list(a[1])),
    "use": lambda a: say(
        "{who} uses {card}: {effect}.", who=_p(a[0]), card=_n(a[1]), effect=ability_words(a[1], a[2], *a[3:])
    ),
    "buy": lambda a: say("{who} buys {card} for {gold} gold.", who=_p(a[0]), card=_n(a[1]), gold=a[2]),
    "level": lambda a: say(
        "{who} levels {hero} up to {new} for {xp} XP.", who=_p(a[0]), hero=_n(a[1]), new=_n(a[2]), xp=a[3]
    ),
    "equip": lambda a: say(
        "{whose}'s {hero} takes up the {weapon}.", whose=_p(a[0]), hero=_n(a[2]), weapon=_n(a[1])
    ),
    "battle": _battle,
    "doomed": lambda a: say(
        "{monster} destroys {whose}'s {cards}.", monster=_n(a[1]), whose=_p(a[0]), cards=_list(a[2])
    ),
    "disease": lambda a: say("{who} gains {n} Disease.", who=_p(a[0]), n=a[1]),
    "won": lambda a: say(
        "{who} defeats {monster} and gains {xp} XP.", who=_p(a[0]), monster=_n(a[1]), xp=a[2]
    ),
    "spoils": lambda a: say(
        "{who} takes {card} as spoils of {monster}.", who=_p(a[0]), card=_n(a[2]), monster=_n(a[1])
    ),
    "sphinx": lambda a: say(
        "The Sphinx's spoils: {who} turns up {cards} from their deck.", who=_p(a[0]), cards=_list(a[1])
    ),
    "destroyed": lambda a: say("{who} destroys {card}.", who=_p(a[0]), card=_n(a[1])),
    "revealed": lambda a: say("{monster} enters the dungeon hall.", monster=_n(a[0])),
    "sent_under": lambda a: say("{monster} goes under the dungeon deck.", monster=_n(a[0])),
    "captured": lambda a: say(
        "{who} takes {monster} from the hall into their discard pile.", who=_p(a[0]), monster=_n(a[1])
    ),
    "arranged": _hall,
    "breach": lambda a: say("{monster} reaches rank 1: its breach strikes.", monster=_n(a[0])),
    "lost_from_stack": lambda a: say(
        "The {stack} stack loses its top {cards}.", stack=_n(a[0].split(":")[1]), cards=_cards(a[1])
    ),
    "harass": lambda a: say(
        "{whose}'s {card} makes every other player discard.", whose=_p(a[0]), card=_n(a[1])
    ),
    "no_hero": lambda a: say("{who} has no hero and shows their hand.", who=_p(a[0])),
    "discarded": lambda a: say("{who} discards {cards}.", who=_p(a[0]), cards=_list(a[1])),
    "borrowed": lambda a: say(
        "{who} borrows {whose}'s {hero} for the battle.", who=_p(a[0]), whose=_p(a[2]), hero=_n(a[1])
    ),
    "retreat": lambda a: say("{who} finds no monster to fight and leaves the dungeon.", who=_p(a[0])),
    "over": _over,
    "=": lambda a: a[0],  # a sentence already made (a state dealt from a view)
}


def ability_words(
    kind: str, key: str, target: str | None = None, rank: int | str | None = None, monster: str | None = None
) -> str:
    """What a card's ability does; `monster` names the monster in `rank` where it is known."""
    a = ability(kind, key)
    assert a is not None
    what = _n(target) if target else ""
    return say(
        {
            "draw": N_("draw {cards}"),
            "burn_draw": N_("destroy it to draw {cards}"),
            "extra_buy": N_("one more purchase this turn"),
            "burn_gold": N_("destroy it for {n} gold"),
            "train": N_("destroy {what} for {n} XP"),
            "pawn": N_("destroy {what} for its gold plus {n}"),
            "cure": N_("destroy a Disease and draw a card"),
            "eat": N_("eat {what} for Attack +{n}"),
            "capture": N_("eat {what} and take {monster}"),
            "send": N_("send {monster} under the dungeon deck"),
            "summon": N_("every other player discards a hero (or shows they have none)"),
            "strength": N_("Strength +{n} for {what}"),
            "berries": N_("Strength +{n} for {what}, whose attack becomes Magic Attack"),
            "feast": N_("every hero gets Strength +3 and Attack +1"),
            "arcane": N_("armed heroes' attack becomes Magic Attack; draw a card"),
            "aura": N_("every weapon weighs 0 this turn; draw a card"),
            "banish": N_("change the hall, then destroy a card and draw one"),
            "throw": N_("throw it for Attack +3 (it is destroyed, but still counts as carried)"),
        }[a.effect],
        cards=_cards(a.n),
        n=a.n,
        what=what,
        monster=monster or say("the monster in rank {rank}", rank=rank),
    )


# The sentences last made and the log text they were made from: a log only grows, so when
# the text starts with that one, only the new lines need words. Every entry is public.
# Kept for one language at a time: the words are the active language's (games/engines/i18n.py).
_READ: list[Any] = ["", [], ""]


def log_lines(text: str) -> list[str]:
    last, words, lang = _READ
    if not text.startswith(last) or lang != language():
        last, words = "", []
    fresh = text[len(last) :]
    if fresh:
        words = words + [_sentence(line) for line in fresh[:-1].split("\n")]
        _READ[:] = [text, words, language()]
    return list(words)


def _sentence(line: str) -> str:
    code, *fields = line.split("\t")
    return str(LOG_FORMS[code](fields))


# -- Actions ---------------------------------------------------------------------------------


def _rank(s: State, rank: int) -> str:
    cid = s["hall"][rank - 1]
    return (
        say("{monster} (rank {rank})", monster=_n(card(cid).name), rank=rank)
        if cid
        else say("rank {rank}", rank=rank)
    )


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

    def name(field: str) -> str:
        return _n(card(action[field]).name)

    if kind in ("village", "dungeon", "rest") and ask is None and s["phase"] == "choose":
        choices = {"village": N_("Visit the village"), "dungeon": N_("Enter the dungeon"), "rest": N_("Rest")}
        return _("Your turn"), _(choices[kind])
    if kind == "discard":
        why = {
            "harass": N_("You must discard a card"),
            "breach": N_("You must discard two cards"),
            "summon": N_("You must discard a hero"),
        }
        mode = ask["need"][seat] if ask else ""
        group = _("Discard one hero or two cards") if mode == "hero_or_two" else _(why[ask["why"]])
        return group, say("Discard {card}", card=name("card"))
    if kind == "use":
        c = card(action["card"])
        target = card(action["target"]).name if "target" in action else None
        monster = _rank(s, action["rank"]) if "rank" in action else None
        words = ability_words(c.name, action["ability"], target, action.get("rank"), monster)
        group = _("Village: card effects") if s["phase"] == "village" else _("Dungeon: card effects")
        return group, say("{card}: {effect}", card=_n(c.name), effect=words)
    if kind == "buy":
        top = card(str(stack_top(s, action["stack"])))
        if ask is not None:
            return (
                say("Spoils of {monster}", monster=_n(card(ask["source"]).name)),
                say("Take {card} ({gold} gold)", card=_n(top.name), gold=top.cost),
            )
        return (
            say("Village: buy ({gold} gold)", gold=gold(s)),
            say("Buy {card} ({gold} gold)", card=_n(top.name), gold=top.cost),
        )
    if kind == "level":
        hero = card(action["card"])
        targets = dict(level_targets(s, action["card"]))
        new = card_named(targets[action.get("into") or next(iter(targets))])
        return _("Village: level up"), say(
            "{hero} to {new} ({xp} XP)", hero=_n(hero.name), new=_n(new.name), xp=hero.xp_cost
        )
    if kind == "end":
        if s["phase"] == "rest":
            return _("Rest"), _("Destroy nothing, end the turn")
        return _("End"), _("End the turn")
    if kind == "equip":
        return _("Dungeon: weapons"), say(
            "Give the {weapon} to {hero}", weapon=name("weapon"), hero=name("hero")
        )
    if kind == "attack":
        r = best_preview(s, action["rank"])
        fields = {"monster": _rank(s, action["rank"]), "total": r["total"], "health": r["health"]}
        if r["win"]:
            return _("Dungeon: attack"), say("Attack {monster}: {total} vs {health}, victory", **fields)
        return _("Dungeon: attack"), say("Attack {monster}: {total} vs {health}, defeat", **fields)
    if kind == "retreat":
        return _("Dungeon: attack"), _("No monster can be attacked: leave the dungeon")
    if kind == "destroy":
        if ask is not None and ask["k"] == "sphinx":
            return _("Sphinx: destroy any of these"), say("Destroy {card}", card=name("card"))
        group = _("Banish: destroy a card") if ask is not None else _("Rest: destroy one card")
        return group, say("Destroy {card}", card=name("card"))
    if kind == "done":
        return _("Sphinx: destroy any of these"), _("Keep the rest (to the discard pile)")
    if kind == "arrange":
        names = [_n(card(s["hall"][r - 1]).name) if s["hall"][r - 1] else _("empty") for r in action["order"]]
        order = join([f"{i}. {x}" for i, x in enumerate(names, 1)])
        return _("Banish"), say("Rearrange the hall: {order}", order=order)
    if kind == "banish":
        return _("Banish"), say("Send {monster} under the dungeon deck", monster=_rank(s, action["rank"]))
    if kind == "haunt":
        return _("Haunt: which hero does not attack?"), name("hero")
    if kind == "lose":
        monster = _n(card(s["t"]["monster"]).name)
        return say("{monster} destroys one of your cards", monster=monster), name("card")
    if kind == "borrow":
        return _("Selurin Theurge: borrow a hero"), say("Borrow {hero}", hero=name("card"))
    if kind == "send":
        return _("Elf Sorcerer"), say(
            "Send {monster} under the dungeon deck", monster=_rank(s, action["rank"])
        )
    if kind == "pass":
        k = ask["k"] if ask else ""
        if k == "borrow":
            return _("Selurin Theurge: borrow a hero"), _("Borrow none")
        if k == "send":
            return _("Elf Sorcerer"), _("Leave the hall as it is")
        group = say("Spoils of {monster}", monster=_n(card(ask["source"]).name)) if ask else _("Spoils")
        return group, _("Take nothing")
    return _("Actions"), kind


__all__ = ["STONE", "describe", "log_lines"]
