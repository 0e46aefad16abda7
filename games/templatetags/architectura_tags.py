"""Drawing helpers for Architectura pages: a view's city as cells ready to draw.

Everything here reads only the view handed to the template and the public card facts.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines.architectura.cards import ADDITIONAL, BASIC, BLOCKS, BUILDINGS, COLOURS, HAND_LIMIT, TOKENS
from games.engines.architectura.rules import HEAD_START
from games.engines.i18n import _ as engine_text

register = template.Library()

KINDS = {
    "faces": _("four values: turn it to change which is on top"),
    "fixed": _("one value: it never turns"),
    "x": _("worth the building on its left"),
    "no": _("worth its block number"),
    "grave": _("worth the cards in it"),
}


def _formula(value: str) -> str:
    """A basic value as the card prints it ("No.-1", "cards in it-2"), its words translated."""
    return value.replace("No.", gettext("No.")).replace("cards in it", gettext("cards in it"))


def building_info(name: str) -> dict[str, Any]:
    b = BUILDINGS[name]
    return {
        "name": name,  # the key the page's targets use (data-target), in English
        "label": engine_text(name),  # the name as the reader's language has it
        "kind": b.kind,
        "kind_text": KINDS[b.kind],
        "values": list(b.values),
        "basic_value": _formula(b.basic_value),
        "text": engine_text(b.text) if b.text else "",
        "advanced": b.advanced,
        "guarded": b.guarded,
        "replaces": gettext(", ").join(engine_text(r) for r in b.replaces),
        "end": b.scoring is not None,
        "sides": _sides(name, b.basic),
        "value": None,
    }


def _sides(name: str, turn: int) -> dict[str, int] | None:
    """The four edges as the card lies: top now; left is one turn clockwise (the next value
    up), right one turn counter-clockwise (the next value down), bottom the opposite side."""
    b = BUILDINGS[name]
    if b.kind != "faces":
        return None
    v = b.values
    return {
        "top": v[turn],
        "left": v[(turn + 1) % 4],
        "bottom": v[(turn + 2) % 4],
        "right": v[(turn + 3) % 4],
    }


@register.filter
def building(name: str) -> dict[str, Any]:
    return building_info(name)


@register.simple_tag
def buildings(which: str = "basic") -> list[dict[str, Any]]:
    return [building_info(b.name) for b in (BASIC if which == "basic" else ADDITIONAL)]


@register.simple_tag
def hand_cards(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The viewer's own hand, in their colour."""
    return [{**building_info(card["name"]), "colour": COLOURS[seat]} for card in view.get("hand", [])]


@register.simple_tag
def city_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Streets of cells: the top card of each space (face up or down), what lies under it,
    a reserving token, and what the card is worth now."""
    rows = []
    for st, street in enumerate(view["city"]):
        cells = []
        for c in range(BLOCKS):
            stack = street[c]
            res = view["res"][st][c]
            cell: dict[str, Any] = {
                "block": c + 1,
                "under": max(len(stack) - 1, 0),
                "reserved": COLOURS[res] if res >= 0 else None,
                "card": None,
            }
            if stack:
                owner, name, up, turn, token = stack[-1]
                info = building_info(name)
                info.update(
                    owner=owner,
                    colour=COLOURS[owner],
                    up=up,
                    token=token,
                    value=view["values"][st][c],
                    worth=view["worth"][st][c],
                    sides=_sides(name, turn) if up else None,
                )
                cell["card"] = info
            cells.append(cell)
        rows.append({"street": st + 1, "cells": cells})
    return rows


@register.simple_tag
def players_panel(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    out = []
    for p in range(view["players"]):
        out.append(
            {
                "seat": p,
                "name": names[p] if p < len(names) else gettext("Player %(number)d") % {"number": p + 1},
                "colour": COLOURS[p],
                "hand": view["hand_sizes"][p],
                "deck": view["deck_sizes"][p],
                "limit": view["limits"][p],
                "tokens": view["tokens"][p],
                "mulligan_used": view["mulligan_used"][p],
                # Buildings named in the reader's words (the view keeps the engine's names).
                "grave": None if view["grave"][p] is None else [engine_text(b) for b in view["grave"][p]],
                "grave_value": None
                if view["grave"][p] is None
                else len(view["grave"][p]) + BUILDINGS["Graveyard"].k,
                "box": [engine_text(b) for b in view["box"][p]],
                "score": view["scores"][p],
                "swaps": view["swaps"][p] if view["swaps"] else None,
                "ready": view["ready"][p],
                "to_move": view["ask"] is not None and view["ask"]["p"] == p,
            }
        )
    return out


ASKS = {
    "turn": _("to build"),
    "pay": _("to pay for the Magic Academy"),
    "cmp": _("whether their own protected building changes"),
    "replay": _("what to build on the space the Manufactory freed"),
    "bury": _("which card to play face down for the Laboratory"),
}


@register.simple_tag
def waiting_for(view: dict[str, Any]) -> str:
    """What the game waits for, in words ("{pN}" stands for a player's name)."""
    ask = view["ask"]
    if view["phase"] == "swap":
        return gettext("Everyone chooses their replacements.")
    if ask is None:
        return gettext("The game is over.")
    what = ASKS.get(ask["k"]) or gettext("how to use the effect of %(card)s") % {
        "card": engine_text(ask["me"])
    }
    return f"{what}"


@register.simple_tag
def architectura_rules() -> dict[str, Any]:
    """The numbers the How to play page states, read from the engine's data."""
    return {
        "blocks": BLOCKS,
        "deck": len(BASIC),
        "hand": HAND_LIMIT,
        "tokens": TOKENS,
        "extra": len(ADDITIONAL),
        "head_start": [
            {"players": n, "per_seat": k, "starts": ", ".join(str(k * (n - 1 - p)) for p in range(n))}
            for n, k in HEAD_START.items()
        ],
    }
