"""Casting a spell from the hand with a hired Alchemist or Caster (rules text: Hire b-c,
Other c-d): pay the spot's gems less Towers, spend the recipe's herbs, score the spell."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.i18n import seat as who

from .data import BONUS_WORDS, SPELL_BONUS_GEMS, SPELLS, SPOTS
from .state import Player, State, can_pay_herbs, cast_discount, log, pay_herbs


def cast_cost(p: Player, sid: str) -> int:
    return max(0, SPOTS[sid].value - cast_discount(p))


def castable(p: Player, kind: str) -> list[str]:
    """Spells of that kind in hand whose herbs the player holds, in hand order, one per id."""
    return [c for c in p["hand"] if SPELLS[c].kind == kind and can_pay_herbs(p, SPELLS[c].recipe())]


def cast(s: State, seat: int, sid: str, spell_id: str) -> None:
    p = s["players"][seat]
    spell = SPELLS[spell_id]
    cost = cast_cost(p, sid)
    p["gems"] -= cost
    pay_herbs(s, p, spell.recipe())
    p["hand"].remove(spell_id)
    if spell_id in p["known"]:
        p["known"].remove(spell_id)
    p["cast"].append(spell_id)
    if spell.bonus == "gems":
        p["gems"] += SPELL_BONUS_GEMS
    elif spell.bonus == "stone":
        p["stones"] += 1
    elif spell.bonus == "fight":
        p["fight"] += 1
    fields: dict[str, Any] = {"who": who(seat), "gems": cost, "spell": spell.name, "vp": spell.vp}
    if spell.bonus:
        log(
            s,
            N_("{who} pays {gems} gems and casts {spell} for {vp} points and gains {bonus}."),
            **fields,
            bonus=BONUS_WORDS[spell.bonus],
        )
    else:
        log(s, N_("{who} pays {gems} gems and casts {spell} for {vp} points."), **fields)
