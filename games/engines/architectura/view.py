"""What each seat may see, the log in words, and the actions in words.

Public: the whole city (destroyed cards are open information), hand and deck sizes, hand
limits, tokens, Graveyards, cards out of the game, and (once all have chosen) everyone's
replacements. Private: a seat's own hand and its own pending replacements. Nobody sees a
deck's order or the generator.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, View, canonical
from games.engines.i18n import N_, _, join, language, say
from games.engines.i18n import seat as seat_ref

from . import city as cy
from .cards import BUILDINGS, COLOURS
from .rules import end_bonus, scores
from .state import State


def _where(st: int, c: int) -> str:
    return say("street {street}, block {block}", street=st + 1, block=c + 1)


def _n(name: str) -> str:
    """A building's name in the reader's language."""
    return _(name)


def _swaps(pairs: list[list[str]]) -> str:
    return join([say("{old} with {new}", old=_n(out), new=_n(add)) for add, out in pairs])


def _paid(a: list[Any]) -> str:
    if a[2] == "hand":
        return say(
            "{who} gives up {card} from their hand to pay for the Magic Academy.",
            who=seat_ref(a[0]),
            card=_n(a[1]),
        )
    return say(
        "{who} gives up {card} from their Graveyard to pay for the Magic Academy.",
        who=seat_ref(a[0]),
        card=_n(a[1]),
    )


LOG_FORMS: dict[str, Any] = {
    "allow": lambda a: (
        say("The die shows {n}: each player may replace up to {n} buildings.", n=a[0])
        if a[1]
        else say("Each player may replace up to {n} buildings.", n=a[0])
    ),
    "swaps": lambda a: (
        say("{who} replaces {swaps}.", who=seat_ref(a[0]), swaps=_swaps(a[1]))
        if a[1]
        else say("{who} keeps the basic deck.", who=seat_ref(a[0]))
    ),
    "built": lambda a: say(
        "{who} builds {card} on {where}.", who=seat_ref(a[0]), card=_n(a[1]), where=_where(a[2], a[3])
    ),
    "graveyard": lambda a: say(
        "{who} opens a Graveyard beside the city ({n} destroyed cards go in).", who=seat_ref(a[0]), n=a[1]
    ),
    "destroyed": lambda a: say("{whose}'s {card} is destroyed.", whose=seat_ref(a[0]), card=_n(a[1])),
    "down": lambda a: say(
        "{whose}'s {card} turns down to {value}.", whose=seat_ref(a[0]), card=_n(a[1]), value=a[2]
    ),
    "up": lambda a: say(
        "{whose}'s {card} turns up to {value}.", whose=seat_ref(a[0]), card=_n(a[1]), value=a[2]
    ),
    "shielded": lambda a: say(
        "{whose}'s {card} is protected: it does not change.", whose=seat_ref(a[0]), card=_n(a[1])
    ),
    "spared": lambda a: say("{who} spares their own protected building.", who=seat_ref(a[0])),
    "lost": lambda a: say(
        "{who} cannot build {card}, so it leaves the game.", who=seat_ref(a[0]), card=_n(a[1])
    ),
    "stuck": lambda a: say("{who} cannot build anything and passes.", who=seat_ref(a[0])),
    "over": lambda a: _("No one can build any more: the game is over."),
    "mulligan": lambda a: say(
        "{who} puts their hand under the deck and draws {n} new cards.", who=seat_ref(a[0]), n=a[1]
    ),
    "seek": lambda a: say(
        "{who} gives up {card} to fetch the Obelisk from the deck.", who=seat_ref(a[0]), card=_n(a[1])
    ),
    "paid": _paid,
    "buried": lambda a: say(
        "{who} plays {card} face down on {where}.",
        who=seat_ref(a[0]),
        card=_n(a[1]),
        where=_where(a[2], a[3]),
    ),
    "limit": lambda a: say("{whose}'s hand limit is now {n}.", whose=seat_ref(a[0]), n=a[1]),
    "rotated": lambda a: say(
        "{who} turns {whose}'s {card} to {value}.",
        who=seat_ref(a[0]),
        whose=seat_ref(a[1]),
        card=_n(a[2]),
        value=a[3],
    ),
    "reserved": lambda a: say(
        "{who} reserves {where} with a token.", who=seat_ref(a[0]), where=_where(a[1], a[2])
    ),
    "restored": lambda a: say(
        "{who} restores {whose}'s {card}.", who=seat_ref(a[0]), whose=seat_ref(a[1]), card=_n(a[2])
    ),
    "moved": lambda a: say(
        "{who} moves {card} to {where}.", who=seat_ref(a[0]), card=_n(a[1]), where=_where(a[2], a[3])
    ),
    "removed": lambda a: say(
        "{who} takes {whose}'s {card} out of the game.",
        who=seat_ref(a[0]),
        whose=seat_ref(a[1]),
        card=_n(a[2]),
    ),
    "protected": lambda a: say("{who} protects their {card}.", who=seat_ref(a[0]), card=_n(a[1])),
    "reclaimed": lambda a: say("{who} takes {card} back into their hand.", who=seat_ref(a[0]), card=_n(a[1])),
    "copied": lambda a: say(
        "{whose}'s Smithy copies the effect of {card}.", whose=seat_ref(a[0]), card=_n(a[1])
    ),
    # A sentence already in words (a state dealt from a view for a search bot keeps its log so).
    "said": lambda a: a[0],
}

# The sentences last made, with the entry they end on. The log only grows and its entries are
# never changed (a state and the states after it share them), so when entry k-1 of a log is the
# very object last seen at k-1, the first k sentences are already made. Every entry is public.
# Kept for one language at a time: the words are the active language's (games/engines/i18n.py).
_READ: list[Any] = [None, 0, [], ""]


def log_lines(entries: list[Any]) -> list[str]:
    n = len(entries)
    last, k, words, lang = _READ
    if not (0 < k <= n and entries[k - 1] is last and lang == language()):
        k, words = 0, []
    words = words + [LOG_FORMS[e[1]](e[2:]) for e in entries[k:]]
    if n:
        _READ[:] = [entries[-1], n, words, language()]
    return words


def card_key(seat: int, name: str) -> str:
    """How a card in a hand is named in its owner's view (and only there)."""
    return f"{COLOURS[seat]}/{name}"


def view(s: State, seat: int | None) -> View:
    n, city = s["n"], s["city"]
    values = cy.values(city)
    worth = [
        [
            None if v is None else v + (end_bonus(city, st, c) if BUILDINGS[street[c][-1][1]].scoring else 0)
            for c, v in enumerate(row)
        ]
        for st, (row, street) in enumerate(zip(values, city, strict=True))
    ]
    revealed = s["phase"] != "swap"
    parts = scores(s, values)
    v: View = {
        "me": seat,
        "players": n,
        "options": dict(s["opts"]),  # the table's options are public (the head start needs them)
        "colours": list(COLOURS[:n]),
        "phase": s["phase"],
        "turn": s["turn"],
        "ask": dict(s["ask"]) if s["ask"] else None,
        "todo": [list(step) for step in s["todo"]],  # what is left to resolve this turn
        "city": [[[list(card) for card in stack] for stack in street] for street in city],
        "res": [list(r) for r in s["res"]],
        "values": values,
        "worth": worth,
        "hand_sizes": [len(h) for h in s["hands"]],
        "deck_sizes": [len(d) for d in s["decks"]],
        "limits": list(s["limits"]),
        "tokens": list(s["tokens"]),
        "mulligan_used": list(s["mull"]),
        "box": [sorted(b) for b in s["box"]],
        "grave": [None if g is None else sorted(g) for g in s["grave"]],
        "scores": [sum(x.values()) for x in parts],
        "allow": s["allow"],
        "ready": list(s["ready"]),
        "swaps": [[{"add": a, "out": o} for a, o in x] for x in s["swaps"]] if revealed else None,
        "log": log_lines(s["log"]),
    }
    if seat is not None:
        v["hand"] = [{"name": name, "key": card_key(seat, name)} for name in s["hands"][seat]]
        v["my_swaps"] = [
            {"add": add, "out": out, "key": f"{COLOURS[seat]}/swap/{add}/{out}"}
            for add, out in s["swaps"][seat]
        ]
    return v


def secrets(s: State, seat: int | None) -> list[str]:
    out = []
    for p in range(s["n"]):
        deck = s["decks"][p]
        # A deck's order (public lists such as the box are sorted, so a sorted deck proves nothing).
        if len(deck) > 1 and deck != sorted(deck):
            out.append(canonical(deck))
        if p == seat:
            continue
        out += [card_key(p, name) for name in s["hands"][p]]
        if s["phase"] == "swap":
            out += [f"{COLOURS[p]}/swap/{add}/{out_}" for add, out_ in s["swaps"][p]]
    out.append(str(s["rng"]))
    return out


def targets(s: State, seat: int, action: Action) -> list[str]:
    """What a player clicks for `action`: a card in hand ("hand:Name") or one of the extra
    buildings on offer ("extra:Name"), then a space of the city ("space:street:col")."""
    keys = []
    if action["type"] == "swap":
        keys.append(f"extra:{action['add']}")  # the card it replaces: from the list
    elif "card" in action and action.get("from", "hand") == "hand":
        keys.append(f"hand:{action['card']}")
    if "street" in action:
        keys.append(f"space:{action['street']}:{action['col']}")
    return keys


def describe(s: State, seat: int, action: Action) -> tuple[str, str]:
    kind = action["type"]
    ask = s["ask"] or {}
    city = s["city"]
    if kind == "swap":
        return _("Replacements"), say(
            "Replace {old} with {new}", old=_n(action["out"]), new=_n(action["add"])
        )
    if kind == "ready":
        return _("Replacements"), _("Done: show my replacements") if s["swaps"][seat] else _(
            "Done: keep the basic deck"
        )
    if kind == "reset":
        return _("Replacements"), _("Start my choice again")
    if kind == "play":
        build = say("Build {card}", card=_n(action["card"]))
        if "street" not in action:
            return build, _("beside the city")
        if ask.get("k") == "replay":
            return (
                _("Build on the space you freed"),
                say(
                    "{card} on {where}",
                    card=_n(action["card"]),
                    where=_where(action["street"], action["col"]),
                ),
            )
        return build, say("on {where}", where=_where(action["street"], action["col"]))
    if kind == "mulligan":
        return _("Before you build"), _("Put your hand under the deck and draw anew (once per game)")
    if kind == "seek":
        return _("Before you build"), say("Give up {card} to fetch the Obelisk", card=_n(action["card"]))
    if kind == "pass":
        return _("Build"), _("Pass: nothing can be built")
    if kind == "pay":
        pay = _("Pay for the Magic Academy")
        if action["from"] == "hand":
            return pay, say("Give up {card} from your hand", card=_n(action["card"]))
        return pay, say("Give up {card} from your Graveyard", card=_n(action["card"]))
    if kind in ("allow", "spare"):
        name = _n(city[ask["at"][0]][ask["at"][1]][-1][1])
        group = _("Your protected building")
        if kind == "spare":
            return group, say("Spare your {card}", card=name)
        allow = {
            "down": N_("Let your {card} turn down"),
            "up": N_("Let your {card} turn up"),
            "destroy": N_("Let your {card} be destroyed"),
        }
        return group, say(allow[ask["out"]], card=name)
    if kind == "bury":
        return _("Laboratory"), say(
            "Play {card} face down on {where}",
            card=_n(action["card"]),
            where=_where(action["street"], action["col"]),
        )
    group = _n(ask["me"]) if "me" in ask else _("Effect")
    if kind == "skip":
        return group, _("Done") if ask.get("e") == "library" else _("Skip the effect")
    st, c = action["street"], action["col"]
    where = _where(st, c)
    card = cy.top(city, st, c)
    name = "" if card is None else _n(card[1])
    yours = card is not None and card[0] == seat
    whose = "" if card is None else seat_ref(card[0])
    if kind == "rotate":
        new = cy.turned(card, action["dir"], wrap=True)
        assert new is not None and card is not None
        value = BUILDINGS[card[1]].values[new[3]]
        if action["dir"] == 1:
            if yours:
                return group, say(
                    "Turn your {card} ({where}) clockwise to {value}", card=name, where=where, value=value
                )
            return group, say(
                "Turn {whose}'s {card} ({where}) clockwise to {value}",
                whose=whose,
                card=name,
                where=where,
                value=value,
            )
        if yours:
            return group, say(
                "Turn your {card} ({where}) counter-clockwise to {value}", card=name, where=where, value=value
            )
        return group, say(
            "Turn {whose}'s {card} ({where}) counter-clockwise to {value}",
            whose=whose,
            card=name,
            where=where,
            value=value,
        )
    if kind == "reserve":
        return group, say("Reserve {where}", where=where)
    if kind == "move":
        return group, say("Move it to {where}", where=where)
    if kind == "protect":
        return group, say("Protect your {card} ({where})", card=name, where=where)
    if kind == "reclaim":
        return group, say("Take your {card} ({where}) back into your hand", card=name, where=where)
    if kind == "copy":
        return group, say("Copy the effect of {card} ({where})", card=name, where=where)
    mine = {
        "restore": N_("Restore your {card} ({where})"),
        "remove": N_("Take your {card} ({where}) out of the game"),
        "destroy": N_("Destroy your {card} ({where})"),
    }
    theirs = {
        "restore": N_("Restore {whose}'s {card} ({where})"),
        "remove": N_("Take {whose}'s {card} ({where}) out of the game"),
        "destroy": N_("Destroy {whose}'s {card} ({where})"),
    }
    if yours:
        return group, say(mine[kind], card=name, where=where)
    return group, say(theirs[kind], whose=whose, card=name, where=where)
