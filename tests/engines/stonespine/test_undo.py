"""Which Stonespine steps may be taken back (docs/stonespine.md, "Undo"; games/undo.py)."""

from __future__ import annotations

from typing import Any

from games import undo
from games.engines.stonespine import ENGINE

from .helpers import start, to_market


def undoable(s: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    return undo.undoable(ENGINE, s, seat, action, ENGINE.apply(s, seat, action))


def test_two_players_may_take_back_their_pick_before_the_discard():
    """I. Construction (two players): a chamber is picked, then a card discarded; the pick is
    hidden until everyone has chosen, so taking it back shows nothing. The discard ends the
    player's choice and is final."""
    s = start(2)
    pick = {"type": "place", "chamber": s["hands"][0][0], "column": 0}
    assert undoable(s, 0, pick)
    s = ENGINE.apply(s, 0, pick)
    assert not undoable(s, 0, ENGINE.legal_actions(s, 0)[0])


def test_with_three_players_the_pick_ends_the_choice_and_is_final():
    s = start(3)
    assert not undoable(s, 0, {"type": "place", "chamber": s["hands"][0][0], "column": 0})


def test_a_market_set_bought_and_its_tokens_but_the_last_can_be_undone():
    """A. Buy Tokens: the set is paid and each token placed at once, by the same player, from
    the open market: nothing is drawn. After the last token the next player may be to act."""
    s = to_market(start(3))
    seat = next(iter(ENGINE.to_act(s)))
    s["gold"] = [30 if q == seat else 0 for q in range(3)]
    slot = next(i for i, m in enumerate(s["market"]) if len(m["top"]) >= 2)
    buy = {"type": "buy", "card": slot, "set": "top"}
    assert undoable(s, seat, buy)
    s = ENGINE.apply(s, seat, buy)
    assert undoable(s, seat, ENGINE.legal_actions(s, seat)[0])


def test_passing_is_final():
    """B. Pass: a challenge card is taken and the player leaves the market for the year."""
    s = to_market(start(3))
    seat = next(iter(ENGINE.to_act(s)))
    passes = [a for a in ENGINE.legal_actions(s, seat) if a["type"] == "pass"]
    assert passes and not any(undoable(s, seat, a) for a in passes)
