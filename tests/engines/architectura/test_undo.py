"""Which Architectura steps may be taken back (docs/architectura.md, "Undo"; games/undo.py).

The site lets a player take back a step only while it revealed nothing and their turn goes on;
the engine's `undoable` says which steps those are."""

from __future__ import annotations

from typing import Any

from games import undo
from games.engines.architectura import ENGINE

from .helpers import act, card, play, position


def undoable(s: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    return undo.undoable(ENGINE, s, seat, action, ENGINE.apply(s, seat, action))


def test_placing_a_magic_academy_before_its_price_can_be_undone():
    """Magic Academy asks its owner for two cards before it is built (rulebook: Magic
    Academy): the card placed reveals nothing and the same player pays next."""
    s = position(hands=[["Magic Academy", "Park", "Tavern"], []], decks=[["Museum"], ["Park"]])
    placed = {"type": "play", "card": "Magic Academy", "street": 0, "col": 0}
    assert undoable(s, 0, placed)
    paid_once = {"type": "pay", "from": "hand", "card": "Park"}
    assert undoable(play(s, 0, "Magic Academy", 0, 0), 0, paid_once)


def test_the_last_price_card_ends_the_turn_and_is_final():
    """The second card paid builds the Academy; the turn ends and the hand is drawn up from
    the deck (a card the player had not seen)."""
    s = play(
        position(hands=[["Magic Academy", "Park", "Tavern"], []], decks=[["Museum"], ["Park"]]),
        0,
        "Magic Academy",
        0,
        0,
    )
    s = act(s, 0, "pay", **{"from": "hand", "card": "Park"})
    assert not undoable(s, 0, {"type": "pay", "from": "hand", "card": "Tavern"})


def test_a_building_that_ends_the_turn_is_final():
    """A plain building with nothing left to decide ends the turn: the next player is to act."""
    s = position(hands=[["Park"], ["Park"]], decks=[["Tavern"], ["Tavern"]])
    assert not undoable(s, 0, {"type": "play", "card": "Park", "street": 0, "col": 0})


def test_a_choice_about_ones_own_protected_neighbour_can_be_undone():
    """Comparing values: when the new card would affect its owner's own protected card, the
    owner decides (rulebook: Protection); the card placed showed nothing, so it can be taken back."""
    s = position(
        city={(0, 0): card(0, "Park", token=True)},
        hands=[["Tavern", "Park"], []],
        decks=[["Museum"], ["Park"]],
    )
    plays = [a for a in ENGINE.legal_actions(s, 0) if a.get("street") == 0 and a.get("col") == 1]
    assert plays, "the Tavern can be built next to the Park"
    after = [ENGINE.apply(s, 0, a) for a in plays]
    asked = [a for a, t in zip(plays, after, strict=True) if t["ask"] and t["ask"]["k"] == "cmp"]
    assert asked, "the owner is asked about their protected Park"
    for a in asked:
        assert undoable(s, 0, a)


def test_a_mulligan_is_final():
    """A mulligan puts new cards in the hand (rulebook: Mulligan)."""
    s = position(hands=[["Park", "Tavern"], []], decks=[["Museum", "Theatre"], ["Park"]])
    assert not undoable(s, 0, {"type": "mulligan"})


def test_advanced_replacements_can_be_undone_until_ready():
    """Advanced Rules: the replacements are chosen in secret and shown together once everyone
    is ready; a choice can be taken back until then, "ready" is final."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "2"})
    swap = {"type": "swap", "add": "Magic Academy", "out": "City Hall"}
    assert undoable(s, 0, swap)
    assert not undoable(s, 0, {"type": "ready"})


def test_taking_a_step_back_restores_the_state_before_it():
    s = position(hands=[["Magic Academy", "Park", "Tavern"], []], decks=[["Museum"], ["Park"]])
    placed = {"type": "play", "card": "Magic Academy", "street": 0, "col": 0}
    state, run = undo.play(ENGINE, s, undo.Run(), 0, placed)
    back, run = undo.play(ENGINE, state, run, 0, undo.UNDO)
    assert ENGINE.dump(back) == ENGINE.dump(s) and not run.can_undo(0)
