"""Building effects, resolved after the comparison (rulebook: "Resolving card effects" and the
card clarifications).

An effect either happens at once (Museum), or asks its player to choose: `options` lists the
choices (with "skip" where the card says "may", or where every target is the player's own
protected card, which they may spare), `resolve` carries one out. "This card" is found by its
owner and name: it may have moved. Opponents' protected cards are never targets; one's own are.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action

from . import city as cy
from .cards import BLOCKS, BUILDINGS, COPYABLE
from .conditions import colour_rule, playable_at
from .state import State, destroy, lift, log, put

SKIP: Action = {"type": "skip"}


def start(s: State, p: int, me: str, code: str) -> None:
    if code == "limit":
        s["limits"][p] += 1
        log(s, "limit", p, s["limits"][p])
        return
    if code == "lab":
        n = s["n"]
        s["todo"][0:0] = [["bury", p, (p + i) % n] for i in range(1, n)]
        return
    ask = {"k": "eff", "p": p, "e": code, "me": me}
    if code == "library":
        ask["done"] = []
    opts = options(s, ask)
    if code == "guest" and not opts:
        pos = cy.find(s["city"], p, me)
        if pos is not None:
            destroy(s, *pos)  # Guesthouse: nowhere to move, so it is destroyed
        return
    if any(a["type"] != "skip" for a in opts):
        s["ask"] = ask


def _at(kind: str, st: int, c: int, **extra: Any) -> Action:
    return {"type": kind, "street": st, "col": c, **extra}


def _turns(s: State, p: int, cells: Any) -> list[Action]:
    """Turning a building one step either way (an effect may wrap from highest to lowest)."""
    out = []
    for st, c in cells:
        card = cy.face_up(s["city"], st, c)
        if card is not None and BUILDINGS[card[1]].turnable and not cy.shields(card, p):
            out += [_at("rotate", st, c, dir=1), _at("rotate", st, c, dir=-1)]
    return out


def _everywhere(s: State) -> list[tuple[int, int]]:
    return [(st, c) for st in range(s["n"]) for c in range(BLOCKS)]


def options(s: State, ask: dict[str, Any]) -> list[Action]:
    p, code = ask["p"], ask["e"]
    city, res = s["city"], s["res"]
    me = cy.find(city, p, ask["me"])
    if code == "reserve":
        if not s["tokens"][p]:
            return []
        spots = [
            _at("reserve", st, c)
            for st, c in _everywhere(s)
            if not city[st][c] and res[st][c] < 0 and cy.eligible(city, res, p, st, c)
        ]
        return [*spots, SKIP]
    if code == "green":
        restores = [
            _at("restore", st, c)
            for st, c in _everywhere(s)
            if (card := cy.top(city, st, c)) is not None and not card[2] and not cy.shields(card, p)
        ]
        turns = _turns(s, p, _everywhere(s))
        return restores + turns if restores else [*turns, SKIP]
    if code == "library":
        done = ask["done"]
        cells = [(st, c) for st, c in _everywhere(s) if (t := cy.top(city, st, c)) and t[0] not in done]
        return [*_turns(s, p, cells), SKIP]
    if me is None:
        return []  # the effects below start from this card, which has left the city
    near = list(cy.adjacent(city, *me))
    if code == "turn1":
        return [*_turns(s, p, near), SKIP]
    if code == "guest":
        return [_at("move", st, c) for st, c in _moves(s, p, me)]
    if code == "quarry":
        out = []
        for st, c in near:
            card = cy.top(city, st, c)
            if card is None or cy.shields(card, p):
                continue
            if not card[2] or cy.value(city, st, c) <= 3:
                out.append(_at("remove", st, c))
        return [*out, SKIP]
    if code == "arsenal":
        mine = cy.value(city, *me)
        targets = []
        for st, c in near:
            card = cy.face_up(city, st, c)
            if card is not None and not cy.shields(card, p) and cy.value(city, st, c) > mine:
                targets.append((st, c, card))
        out = [_at("destroy", st, c) for st, c, _card in targets]
        # Destroying is not optional, but the owner may spare their own protected cards.
        if targets and all(card[0] == p and cy.protected(card) for _st, _c, card in targets):
            out.append(SKIP)
        return out
    if code == "protect":
        if not s["tokens"][p]:
            return []
        picks = [
            _at("protect", st, c)
            for st, c in _everywhere(s)
            if (card := cy.face_up(city, st, c)) is not None
            and card[0] == p
            and (st, c) != me
            and not cy.protected(card)
        ]
        return [*picks, SKIP]
    if code == "factory":
        # Not a Manufactory or a Smithy: built again, each would take the other back, forever.
        out = [
            _at("reclaim", st, c)
            for st, c in _everywhere(s)
            if (card := cy.face_up(city, st, c)) is not None
            and card[0] == p
            and (st, c) != me
            and card[1] not in ("Manufactory", "Smithy")
            and _can_refill(s, p, st, c)
        ]
        return [*out, SKIP]
    if code == "copy":
        out = [
            _at("copy", st, c)
            for st, c in near
            if (card := cy.face_up(city, st, c)) is not None and BUILDINGS[card[1]].effect in COPYABLE
        ]
        return [*out, SKIP]
    raise ValueError(f"unknown effect {code!r}")


def _moves(s: State, p: int, me: tuple[int, int]) -> list[tuple[int, int]]:
    """Spaces the card at `me` may move to: eligible once it is lifted, not its own space."""
    city = [list(street) for street in s["city"]]
    st0, c0 = me
    city[st0][c0] = city[st0][c0][:-1]
    res = s["res"]
    return [(st, c) for st, c in _everywhere(s) if (st, c) != me and cy.eligible(city, res, p, st, c)]


def _can_refill(s: State, p: int, st: int, c: int) -> bool:
    """Manufactory is all or nothing: a card must be playable on the space the taken card leaves."""
    city = [list(street) for street in s["city"]]
    taken = city[st][c][-1][1]
    city[st][c] = city[st][c][:-1]
    if colour_rule(s) and cy.third_in_a_row(city, p, st, c):
        return False
    hands = list(s["hands"])
    hands[p] = [*hands[p], taken]
    after = {**s, "city": city, "hands": hands}
    return any(playable_at(after, p, name, st, c) for name in hands[p])


def resolve(s: State, ask: dict[str, Any], action: Action) -> None:
    p, kind = ask["p"], action["type"]
    if kind == "skip":
        return
    st, c = action["street"], action["col"]
    city = s["city"]
    if kind == "rotate":
        card = city[st][c][-1]
        city[st][c][-1] = cy.turned(card, action["dir"], wrap=True)
        log(s, "rotated", p, card[0], card[1], cy.value(city, st, c))
        if ask["e"] == "library":
            more = {**ask, "done": [*ask["done"], card[0]]}
            if any(a["type"] != "skip" for a in options(s, more)):
                s["ask"] = more
    elif kind == "reserve":
        s["res"][st][c] = p
        s["tokens"][p] -= 1
        log(s, "reserved", p, st, c)
    elif kind == "restore":
        card = city[st][c][-1]
        city[st][c][-1] = (card[0], card[1], True, BUILDINGS[card[1]].basic, False)
        log(s, "restored", p, card[0], card[1])
    elif kind == "move":
        me = cy.find(city, p, ask["me"])
        assert me is not None
        card = lift(s, *me)
        put(s, card, st, c)
        log(s, "moved", p, card[1], st, c)
    elif kind == "remove":
        card = lift(s, st, c)
        s["box"][card[0]].append(card[1])
        log(s, "removed", p, card[0], card[1])
    elif kind == "destroy":
        destroy(s, st, c)
    elif kind == "protect":
        card = city[st][c][-1]
        city[st][c][-1] = (card[0], card[1], card[2], card[3], True)
        s["tokens"][p] -= 1
        log(s, "protected", p, card[1])
    elif kind == "reclaim":
        card = lift(s, st, c)
        s["hands"][p].append(card[1])
        log(s, "reclaimed", p, card[1])
        s["ask"] = {"k": "replay", "p": p, "at": [st, c]}
    elif kind == "copy":
        code = BUILDINGS[city[st][c][-1][1]].effect
        log(s, "copied", p, city[st][c][-1][1])
        s["todo"].insert(0, ["eff", p, ask["me"], code])
