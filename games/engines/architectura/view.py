"""What each seat may see, the log in words, and the actions in words.

Public: the whole city (destroyed cards are open information), hand and deck sizes, hand
limits, tokens, Graveyards, cards out of the game, and (once all have chosen) everyone's
replacements. Private: a seat's own hand and its own pending replacements. Nobody sees a
deck's order or the generator.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, View, canonical

from . import city as cy
from .cards import BUILDINGS, COLOURS
from .rules import end_bonus, scores
from .state import State


def _where(st: int, c: int) -> str:
    return f"street {st + 1}, block {c + 1}"


def _p(seat: int) -> str:
    return "{p%d}" % seat


def _swaps(pairs: list[list[str]]) -> str:
    return ", ".join(f"{out} with {add}" for add, out in pairs)


LOG_FORMS: dict[str, Any] = {
    "allow": lambda a: (
        f"The die shows {a[0]}: each player may replace up to {a[0]} buildings."
        if a[1]
        else f"Each player may replace up to {a[0]} buildings."
    ),
    "swaps": lambda a: (
        f"{_p(a[0])} replaces {_swaps(a[1])}." if a[1] else f"{_p(a[0])} keeps the basic deck."
    ),
    "built": lambda a: f"{_p(a[0])} builds {a[1]} on {_where(a[2], a[3])}.",
    "graveyard": lambda a: f"{_p(a[0])} opens a Graveyard beside the city ({a[1]} destroyed cards go in).",
    "destroyed": lambda a: f"{_p(a[0])}'s {a[1]} is destroyed.",
    "down": lambda a: f"{_p(a[0])}'s {a[1]} turns down to {a[2]}.",
    "up": lambda a: f"{_p(a[0])}'s {a[1]} turns up to {a[2]}.",
    "shielded": lambda a: f"{_p(a[0])}'s {a[1]} is protected: it does not change.",
    "spared": lambda a: f"{_p(a[0])} spares their own protected building.",
    "lost": lambda a: f"{_p(a[0])} cannot build {a[1]}, so it leaves the game.",
    "stuck": lambda a: f"{_p(a[0])} cannot build anything and passes.",
    "over": lambda a: "No one can build any more: the game is over.",
    "mulligan": lambda a: f"{_p(a[0])} puts their hand under the deck and draws {a[1]} new cards.",
    "seek": lambda a: f"{_p(a[0])} gives up {a[1]} to fetch the Obelisk from the deck.",
    "paid": lambda a: (
        f"{_p(a[0])} gives up {a[1]} from their {'hand' if a[2] == 'hand' else 'Graveyard'} "
        "to pay for the Magic Academy."
    ),
    "buried": lambda a: f"{_p(a[0])} plays {a[1]} face down on {_where(a[2], a[3])}.",
    "limit": lambda a: f"{_p(a[0])}'s hand limit is now {a[1]}.",
    "rotated": lambda a: f"{_p(a[0])} turns {_p(a[1])}'s {a[2]} to {a[3]}.",
    "reserved": lambda a: f"{_p(a[0])} reserves {_where(a[1], a[2])} with a token.",
    "restored": lambda a: f"{_p(a[0])} restores {_p(a[1])}'s {a[2]}.",
    "moved": lambda a: f"{_p(a[0])} moves {a[1]} to {_where(a[2], a[3])}.",
    "removed": lambda a: f"{_p(a[0])} takes {_p(a[1])}'s {a[2]} out of the game.",
    "protected": lambda a: f"{_p(a[0])} protects their {a[1]}.",
    "reclaimed": lambda a: f"{_p(a[0])} takes {a[1]} back into their hand.",
    "copied": lambda a: f"{_p(a[0])}'s Smithy copies the effect of {a[1]}.",
    # A sentence already in words (a state dealt from a view for a search bot keeps its log so).
    "said": lambda a: a[0],
}

# The sentences last made, with the entry they end on. The log only grows and its entries are
# never changed (a state and the states after it share them), so when entry k-1 of a log is the
# very object last seen at k-1, the first k sentences are already made. Every entry is public.
_READ: list[Any] = [None, 0, []]


def log_lines(entries: list[Any]) -> list[str]:
    n = len(entries)
    last, k, words = _READ
    if not (0 < k <= n and entries[k - 1] is last):
        k, words = 0, []
    words = words + [LOG_FORMS[e[1]](e[2:]) for e in entries[k:]]
    if n:
        _READ[:] = [entries[-1], n, words]
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
        return "Replacements", f"Replace {action['out']} with {action['add']}"
    if kind == "ready":
        return "Replacements", "Done: show my replacements" if s["swaps"][
            seat
        ] else "Done: keep the basic deck"
    if kind == "reset":
        return "Replacements", "Start my choice again"
    if kind == "play":
        if "street" not in action:
            return f"Build {action['card']}", "beside the city"
        if ask.get("k") == "replay":
            return (
                "Build on the space you freed",
                f"{action['card']} on {_where(action['street'], action['col'])}",
            )
        return f"Build {action['card']}", f"on {_where(action['street'], action['col'])}"
    if kind == "mulligan":
        return "Before you build", "Put your hand under the deck and draw anew (once per game)"
    if kind == "seek":
        return "Before you build", f"Give up {action['card']} to fetch the Obelisk"
    if kind == "pass":
        return "Build", "Pass: nothing can be built"
    if kind == "pay":
        where = "hand" if action["from"] == "hand" else "Graveyard"
        return "Pay for the Magic Academy", f"Give up {action['card']} from your {where}"
    if kind in ("allow", "spare"):
        out = {"down": "turn down", "up": "turn up", "destroy": "be destroyed"}[ask["out"]]
        name = city[ask["at"][0]][ask["at"][1]][-1][1]
        if kind == "allow":
            return "Your protected building", f"Let your {name} {out}"
        return "Your protected building", f"Spare your {name}"
    if kind == "bury":
        return "Laboratory", f"Play {action['card']} face down on {_where(action['street'], action['col'])}"
    group = ask.get("me", "Effect")
    if kind == "skip":
        return group, "Done" if ask.get("e") == "library" else "Skip the effect"
    st, c = action["street"], action["col"]
    where = _where(st, c)
    card = cy.top(city, st, c)
    whose = "" if card is None else ("your " if card[0] == seat else "{p%d}'s " % card[0])
    name = "" if card is None else card[1]
    if kind == "rotate":
        new = cy.turned(card, action["dir"], wrap=True)
        assert new is not None
        b = BUILDINGS[name]
        arrow = "clockwise" if action["dir"] == 1 else "counter-clockwise"
        return group, f"Turn {whose}{name} ({where}) {arrow} to {b.values[new[3]]}"
    labels = {
        "reserve": f"Reserve {where}",
        "restore": f"Restore {whose}{name} ({where})",
        "move": f"Move it to {where}",
        "remove": f"Take {whose}{name} ({where}) out of the game",
        "destroy": f"Destroy {whose}{name} ({where})",
        "protect": f"Protect your {name} ({where})",
        "reclaim": f"Take your {name} ({where}) back into your hand",
        "copy": f"Copy the effect of {name} ({where})",
    }
    return group, labels[kind]
