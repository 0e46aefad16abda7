"""Stonespine's words: the log's sentences, element and card names, in the reader's language
(games/engines/i18n.py). The state keeps codes; the words are made when a view is built."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_, _, join, say, seat

from .cards import CHALLENGES
from .data import CHAMBERS
from .jael import JAEL_CARDS

ELEMENTS = {
    "slime": N_("slime"),
    "ooze": N_("ooze"),
    "gnoll": N_("gnoll"),
    "goblin": N_("goblin"),
    "kobold": N_("kobold"),
    "bear": N_("bear trap"),
    "blade": N_("blade trap"),
    "fire": N_("fire trap"),
    "pit": N_("pit trap"),
    "spike": N_("spike trap"),
    "treasure": N_("treasure chest"),
    "passage": N_("secret passage"),
    "trap": N_("trap"),
    "monster": N_("monster"),
    "star": N_("reputation"),
}
KINDS = {"cave": N_("cave"), "stone": N_("stone")}
EDGES = {"top": N_("top"), "right": N_("right"), "bottom": N_("bottom"), "left": N_("left")}
SETS = {"top": N_("top"), "bottom": N_("bottom")}
ICONS = {"red": N_("red"), "green": N_("green"), "blue": N_("blue")}
CATEGORIES = (
    N_("Final priority"),
    N_("Final gold"),
    N_("Goal"),
    N_("Challenges"),
    N_("Jael cards"),
    N_("Chamber reputation"),
    N_("Blueprint"),
    N_("Paths"),
)


def element(e: str) -> str:
    """A token or an element in words: "star+2" is reputation +2."""
    if e.startswith("star"):
        return say("reputation {n}", n=e[4:])
    return _(ELEMENTS.get(e, e))


def elements(items: list[str]) -> str:
    return join([element(e) for e in items])


def chamber(cid: int) -> str:
    return _(CHAMBERS[cid].name)


def challenge(cid: int) -> str:
    return _(CHALLENGES[cid].name)


def kind(k: str) -> str:
    return _(KINDS[k])


def _reveal(a: list[Any]) -> str:
    card = JAEL_CARDS[a[0]]
    return say(
        "{jael} reveals {card}: {gold} gold, the {icon} icon, {base} reputation plus {condition}.",
        jael=seat(1),
        card=_(card.name),
        gold=card.gold,
        icon=_(ICONS[card.icon]),
        base=card.base,
        condition=_(card.condition),
    )


# The log is a list of [to, code, *args]: `to` is None (everyone) or the one seat that
# may read it. "t" is a line in words already (a sampled state's log, copied from a view).
LOG_FORMS: dict[str, Any] = {
    "t": lambda a: a[0],
    "chose": lambda a: say("{who} has chosen a chamber.", who=seat(a[0])),
    "hid": lambda a: say("{who} has placed a chamber face down.", who=seat(a[0])),
    "built": lambda a: say(
        "{who} built {chamber} in column {column}.", who=seat(a[0]), chamber=chamber(a[1]), column=a[2] + 1
    ),
    "gold": lambda a: say("{who} counts {gold} gold.", who=seat(a[0]), gold=a[1]),
    "buy": lambda a: say(
        "{who} bought {tokens} for {gold} gold.",
        who=seat(a[0]),
        tokens=_(" + ").join(element(t) for t in a[1]),
        gold=a[2],
    ),
    "pass": lambda a: say("{who} passes with {gold} gold.", who=seat(a[0]), gold=a[1]),
    "take": lambda a: say(
        "{who} takes the challenge {challenge}.", who=seat(a[0]), challenge=challenge(a[1])
    ),
    # The solo game: Jael is seat 1.
    "reveal": _reveal,
    "filed": lambda a: say(
        "{jael} files {chambers} into his score pile.",
        jael=seat(1),
        chambers=join([chamber(c) for c in a[0]]),
    ),
    "collect": lambda a: (
        say("{jael} collects {tokens}.", jael=seat(1), tokens=elements(a[0]))
        if a[0]
        else say("{jael} collects nothing (those market sets are gone).", jael=seat(1))
    ),
    "dropped": lambda a: say(
        "{jael} discards the challenge {challenge}.", jael=seat(1), challenge=challenge(a[0])
    ),
    "took": lambda a: say(
        "{who} passes and takes the challenge {challenge}.", who=seat(0), challenge=challenge(a[0])
    ),
    "final": lambda a: say("{who} passes with {gold} gold, the final gold.", who=seat(0), gold=a[0]),
    "rest": lambda a: (
        say("{jael} takes the tokens left in the market: {tokens}.", jael=seat(1), tokens=elements(a[0]))
        if a[0]
        else say("{jael} finds no tokens left in the market.", jael=seat(1))
    ),
}
