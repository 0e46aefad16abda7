"""Which Lords of Spell and Stone steps may be taken back (docs/lords.md, "Undo"; games/undo.py)."""

from __future__ import annotations

from typing import Any

from games import undo
from games.engines.lords import ENGINE

from .helpers import act, position, resolve_board

NO_HERBS = {"R": 0, "G": 0, "B": 0, "Y": 0, "P": 0, "K": 0}


def undoable(s: dict[str, Any], action: dict[str, Any]) -> bool:
    (seat,) = ENGINE.to_act(s)
    return undo.undoable(ENGINE, s, seat, action, ENGINE.apply(s, seat, action))


def test_planting_and_trading_can_be_undone():
    """Planting a herb and trading Rotted herbs are free actions of the player to act: they
    draw nothing and the same player is still to act."""
    s = position(2, herbs={**NO_HERBS, "R": 1, "K": 2})
    assert undoable(s, {"type": "plant", "herb": "R"})
    assert undoable(s, {"type": "trade", "get": "stone"})


def test_a_worker_placed_before_the_next_player_places_is_final():
    """Worker Placement: clockwise, one worker at a time; once the next player is to place,
    the placement is theirs to react to."""
    s = position(2)
    assert not undoable(s, {"type": "place", "spot": "labor-1"})


def test_a_worker_placed_while_the_same_player_places_again_can_be_undone():
    """A player whose opponents have no worker left places again: that placement is a pure
    choice on the board, revealing nothing, with the same player still to act."""
    s = position(2, workers=3, p1={"workers": 1, "placed": 1})
    assert undoable(s, {"type": "place", "spot": "labor-1"})
    s = act(s, {"type": "place", "spot": "labor-1"})
    assert undoable(s, {"type": "place", "spot": "labor-2"})


def test_the_last_worker_placed_starts_the_resolution_and_is_final():
    s = position(2, workers=1, p1={"workers": 1, "placed": 1})
    assert not undoable(s, {"type": "place", "spot": "labor-1"})


def test_selling_one_herb_of_several_can_be_undone_but_done_is_final():
    """Sell: herbs one at a time for gems while the decision stays open; "done" moves the
    resolution on to the next worker."""
    s = position(2, herbs={**NO_HERBS, "R": 2, "G": 1})
    s = resolve_board(s, {"sell-1": [0], "labor-1": [1]})
    assert ENGINE.to_act(s) == {0} and s["ask"]["k"] == "sell"
    assert undoable(s, {"type": "sell", "herb": "R"})
    assert not undoable(s, {"type": "done"})


def test_a_herb_drawn_from_the_bag_is_final():
    """Herbalist: a herb bought from the display is replaced from the bag, drawn at random."""
    s = position(2, gems=50)
    s = resolve_board(s, {"herbalist-1": [0], "labor-1": [1]})
    assert s["ask"]["k"] == "herbalist"
    shown = sorted(s["display"])[0]
    assert not undoable(s, {"type": "buy_herb", "herb": shown, "from": "display"})
