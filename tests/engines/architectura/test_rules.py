"""Scenario tests for Architectura, one per rule, on hand-made positions.

Each test names the rule and cites the rulebook section (rules/001_89c33cbdd29ef5f4.txt).
Values used (designed here, docs/architectura.md): Park 1-2-3-4 (basic 1), Fountain 2-4-5-6
(basic 4), Greenhouse 1-3-4-6 (3), Library 2-4-5-6 (4), Guesthouse 3-4-6-7 (4), Quarry
3-5-6-7 (5), Arsenal 2-3-4-6 (3), Museum 3-4-5-7 (4), Statue 2, City Hall 8, Tavern X+1,
Theatre No.-1; Magic Academy 10, Obelisk 2-4-5-6 (4), Laboratory 2-4-5-7 (4),
Manufactory 2-4-5-6 (5), Smithy X-1, Graveyard 1 per card in it minus 2.
"""

from __future__ import annotations

import pytest

from games.engines.architectura import ENGINE
from games.engines.architectura.cards import ADDITIONAL_NAMES, BASIC_DECK, BUILDINGS
from games.engines.architectura.city import value
from games.engines.base import IllegalAction

from .helpers import act, card, kinds, play, position, spaces, top

# -- Game setup -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_street_per_player_deck_of_12_hand_of_3_two_tokens(players):
    """Game setup: 12-card decks, 2 protection tokens each, 3 cards in hand, one street of 8 per player."""
    s = ENGINE.setup(5, players, {})
    assert len(s["city"]) == players and all(len(street) == 8 for street in s["city"])
    for p in range(players):
        assert sorted(s["hands"][p] + s["decks"][p]) == sorted(BASIC_DECK)
        assert len(s["hands"][p]) == 3
        assert s["tokens"][p] == 2
    assert ENGINE.to_act(s) == {0}


def test_setup_decks_are_shuffled_differently_per_seed():
    """Game setup: each player shuffles their deck."""
    assert ENGINE.setup(1, 2, {})["decks"] != ENGINE.setup(2, 2, {})["decks"]


# -- 1. Playing a card ------------------------------------------------------------------


def test_eligible_first_space_of_an_empty_street_only():
    """1. Playing a card: on an empty street only its first space is eligible."""
    s = position(hands=[["Park"], ["Park"]])
    assert spaces(s, 0, "Park") == {(0, 0), (1, 0)}


def test_eligible_right_of_an_occupied_space_and_on_destroyed_cards():
    """1. Playing a card: right of an occupied space, or on a face-down (destroyed) card."""
    s = position(
        city={(0, 0): card(1, "Park"), (0, 1): card(1, "Library", up=False)},
        hands=[["Park"], ["Park"]],
    )
    assert spaces(s, 0, "Park") == {(0, 1), (0, 2), (1, 0)}


def test_a_face_up_card_space_is_not_eligible():
    """1. Playing a card: a space holding a face-up card is not eligible."""
    s = position(city={(0, 0): card(1, "Park")}, hands=[["Park"], ["Park"]])
    assert (0, 0) not in spaces(s, 0, "Park")


def test_no_third_card_of_a_colour_in_a_row_with_three_or_four_players():
    """1. Playing a card (3-4 players): no third card of your colour in a consecutive row."""
    city = {(0, 0): card(0, "Park"), (0, 1): card(0, "Library")}
    s3 = position(3, city=city, hands=[["Museum"], [], ["Park"]])
    assert (0, 2) not in spaces(s3, 0, "Museum")
    s2 = position(2, city=city, hands=[["Museum"], ["Park"]])
    assert (0, 2) in spaces(s2, 0, "Museum")


def test_an_effect_may_make_a_third_card_of_a_colour_in_a_row():
    """1. Playing a card + Move a card: a moved card may become the third of its colour in a row."""
    s = position(
        3,
        city={(0, 0): card(0, "Park"), (0, 1): card(0, "Library"), (1, 0): card(1, "Park")},
        hands=[["Guesthouse"], [], ["Park"]],
    )
    s = play(s, 0, "Guesthouse", 1, 1)
    assert {"type": "move", "street": 0, "col": 2} in ENGINE.legal_actions(s, 0)


def test_a_card_cannot_go_on_an_ineligible_space():
    """1. Playing a card: anything else is refused and changes nothing."""
    s = position(hands=[["Park"], ["Park"]])
    with pytest.raises(IllegalAction):
        play(s, 0, "Park", 0, 3)


# -- 2. Comparing the values ------------------------------------------------------------


def test_compare_left_at_least_two_times_lower_is_destroyed():
    """2. Comparing the values: the left card at least two times lower is destroyed (face down, stays)."""
    s = position(city={(0, 0): card(1, "Fountain", turn=0)}, hands=[["Quarry"], []])  # 2 vs 5
    s = play(s, 0, "Quarry", 0, 1)
    assert top(s, 0, 0) == (1, "Fountain", False, 1, False)


def test_compare_left_lower_turns_one_step_down():
    """2. Comparing the values: a lower left card turns counter-clockwise to its next lower value."""
    s = position(city={(0, 0): card(1, "Library")}, hands=[["Quarry"], ["Park"]])  # 4 vs 5
    s = play(s, 0, "Quarry", 0, 1)
    assert top(s, 0, 0)[3] == 0 and value(s["city"], 0, 0) == 2


def test_compare_never_turns_below_the_lowest_value():
    """2. Comparing the values: a card already at its lowest value does not turn."""
    s = position(city={(0, 0): card(1, "Guesthouse", turn=0)}, hands=[["Quarry"], []])  # 3 vs 5
    s = play(s, 0, "Quarry", 0, 1)
    assert top(s, 0, 0) == card(1, "Guesthouse", turn=0)


def test_compare_left_higher_turns_one_step_up():
    """2. Comparing the values: a higher left card turns clockwise to its next higher value."""
    s = position(city={(0, 0): card(1, "Quarry")}, hands=[["Park"], []])  # 5 vs 1
    s = play(s, 0, "Park", 0, 1)
    assert value(s["city"], 0, 0) == 6


def test_compare_never_turns_above_the_highest_value():
    """2. Comparing the values: a card at its highest value does not turn further."""
    s = position(city={(0, 0): card(1, "Quarry", turn=3)}, hands=[["Park"], ["Park"]])
    s = play(s, 0, "Park", 0, 1)
    assert value(s["city"], 0, 0) == 7


def test_compare_equal_values_change_nothing():
    """2. Comparing the values: equal values, nothing happens."""
    s = position(city={(0, 0): card(1, "Library")}, hands=[["Museum"], []])  # 4 vs 4
    s = play(s, 0, "Museum", 0, 1)
    assert top(s, 0, 0) == card(1, "Library")


def test_compare_is_regardless_of_colour():
    """2. Comparing the values: the left card is compared whatever its colour (own cards too)."""
    s = position(city={(0, 0): card(0, "Library")}, hands=[["Quarry"], ["Park"]])
    s = play(s, 0, "Quarry", 0, 1)
    assert value(s["city"], 0, 0) == 2


def test_compare_skipped_without_a_left_card_or_with_a_destroyed_one():
    """2. Comparing the values: no previous card, or a face-down one: no comparison."""
    s = position(city={(0, 0): card(1, "Park", up=False)}, hands=[["Quarry"], ["Park"]])
    s = play(s, 0, "Quarry", 0, 1)
    assert top(s, 0, 0) == card(1, "Park", up=False)


def test_compare_only_when_played_not_when_moved():
    """3. Important: values are compared only when a card is played, not when it is moved."""
    s = position(
        city={(0, 0): card(1, "Park"), (1, 0): card(1, "Library")},
        hands=[["Guesthouse"], ["Park"]],
    )
    s = play(s, 0, "Guesthouse", 1, 1)  # 4 vs Library 4: nothing
    s = act(s, 0, "move", street=0, col=1)  # next to a Park worth 1: no comparison on a move
    assert top(s, 0, 0) == card(1, "Park")
    assert top(s, 0, 1)[1] == "Guesthouse"


# -- X and No. values -------------------------------------------------------------------


def test_x_value_is_the_left_card_plus_k_and_follows_it():
    """FAQ (X): equal to the card on its left, plus k; changes when that card changes."""
    s = position(city={(0, 0): card(1, "Quarry"), (0, 1): card(0, "Tavern")})
    assert value(s["city"], 0, 1) == 6
    s["city"][0][0] = [card(1, "Quarry", turn=3)]
    assert value(s["city"], 0, 1) == 8


def test_x_value_is_zero_plus_k_without_a_face_up_left_card_and_may_be_negative():
    """FAQ (X): no previous card or a destroyed one: X is 0 (a value may become negative)."""
    s = position(
        city={(0, 0): card(0, "Tavern"), (1, 0): card(1, "Park", up=False), (1, 1): card(0, "Smithy")}
    )
    assert value(s["city"], 0, 0) == 1
    assert value(s["city"], 1, 1) == -1


def test_no_value_is_the_block_number_plus_k():
    """FAQ (No.): the number of the block (column) it stands in, plus or minus k."""
    s = position(city={(0, 5): card(0, "Theatre")})
    assert value(s["city"], 0, 5) == 5  # block 6, minus 1


def test_x_card_compares_with_its_own_formula_value():
    """2. Comparing the values: a Tavern is worth its left card plus 1, so the left card turns down."""
    s = position(city={(0, 0): card(1, "Library")}, hands=[["Tavern"], []])  # 4 vs 5
    s = play(s, 0, "Tavern", 0, 1)
    assert value(s["city"], 0, 0) == 2 and value(s["city"], 0, 1) == 3


# -- 3. Resolving card effects; protection ----------------------------------------------


def test_may_effects_can_be_skipped():
    """FAQ (may): an effect after "may" is optional (Theatre)."""
    s = position(city={(0, 0): card(1, "Park")}, hands=[["Theatre"], ["Park"]])
    s = play(s, 0, "Theatre", 0, 1)
    assert {"type": "skip"} in ENGINE.legal_actions(s, 0)
    s = act(s, 0, "skip")
    assert ENGINE.to_act(s) == {1}


def test_mandatory_effects_cannot_be_skipped():
    """FAQ (may): effects without "may" are obligatory when possible (Arsenal)."""
    s = position(city={(0, 0): card(1, "Museum"), (1, 1): card(1, "Park")}, hands=[["Arsenal"], ["Park"]])
    s = play(s, 0, "Arsenal", 0, 1)  # Museum 4 vs Arsenal 3: turns up to 5
    assert ENGINE.legal_actions(s, 0) == [{"type": "destroy", "street": 0, "col": 0}]


def test_an_effect_may_use_its_own_card():
    """3. Resolving card effects: an effect may target the card just played (Library turns itself)."""
    s = position(hands=[["Library"], ["Park"]])
    s = play(s, 0, "Library", 0, 0)
    assert {"type": "rotate", "street": 0, "col": 0, "dir": 1} in ENGINE.legal_actions(s, 0)


def test_protected_card_ignores_opponents_comparison():
    """FAQ (protect): opponents' cards do not affect a protected card in any way."""
    s = position(city={(0, 0): card(1, "Park", token=True)}, hands=[["Quarry"], ["Park"]])
    s = play(s, 0, "Quarry", 0, 1)
    assert top(s, 0, 0) == card(1, "Park", token=True)


def test_protected_card_is_no_target_for_opponents_effects():
    """FAQ (protect): an opponent's effect cannot target a protected card."""
    s = position(city={(0, 0): card(1, "Museum", token=True)}, hands=[["Arsenal"], ["Park"]])
    s = play(s, 0, "Arsenal", 0, 1)
    assert ENGINE.to_act(s) == {1}  # nothing to destroy: the turn is over


def test_owner_decides_whether_their_own_card_affects_their_protected_card():
    """FAQ (protect): you decide whether your own cards affect your protected card (comparison)."""
    s = position(city={(0, 0): card(0, "Library", token=True)}, hands=[["Quarry", "Park"], ["Park"]])
    s = play(s, 0, "Quarry", 0, 1)
    assert kinds(ENGINE.legal_actions(s, 0)) == {"allow", "spare"}
    spared = act(s, 0, "spare")
    assert value(spared["city"], 0, 0) == 4
    allowed = act(s, 0, "allow")
    assert value(allowed["city"], 0, 0) == 2


def test_own_protected_targets_of_a_mandatory_effect_may_be_spared():
    """FAQ (protect): a mandatory effect need not hit your own protected card."""
    s = position(city={(0, 0): card(0, "Museum", token=True)}, hands=[["Arsenal", "Park"], ["Park"]])
    s = play(s, 0, "Arsenal", 0, 1)
    s = act(s, 0, "spare")
    assert kinds(ENGINE.legal_actions(s, 0)) == {"destroy", "skip"}


def test_cards_protected_from_the_start():
    """FAQ (protect): City Hall counts as protected from the start; it cannot be protected again."""
    s = position(
        city={(0, 0): card(1, "Park"), (0, 1): card(1, "City Hall")},
        hands=[["Quarry"], ["Park"]],
    )
    s = play(s, 0, "Quarry", 0, 2)  # 5 next to City Hall's 8: City Hall would turn, but cannot anyway
    assert top(s, 0, 1) == card(1, "City Hall")
    # Smithy copying City Hall's "protect" may not pick the City Hall: it is protected already.
    s2 = position(
        city={(0, 0): card(0, "Park"), (0, 1): card(0, "City Hall"), (1, 2): card(1, "Park")},
        hands=[["Smithy"], ["Park"]],
    )
    s2 = play(s2, 0, "Smithy", 0, 2)  # worth 7 next to City Hall's 8: a fixed card does not turn
    s2 = act(s2, 0, "copy", street=0, col=1)
    targets = {(a["street"], a["col"]) for a in ENGINE.legal_actions(s2, 0) if a["type"] == "protect"}
    assert targets == {(0, 0)}


def test_protect_places_a_token_and_not_on_an_already_protected_card():
    """FAQ (protect) + City Hall: protect another of your cards with one of your tokens."""
    s = position(
        city={(0, 0): card(0, "Park"), (0, 1): card(0, "Museum", token=True)},
        hands=[["City Hall"], ["Park"]],
    )
    s = play(s, 0, "City Hall", 0, 2)
    s = act(s, 0, "spare")  # City Hall (8) next to the protected Museum: its owner spares it
    legal = ENGINE.legal_actions(s, 0)
    assert {"type": "protect", "street": 0, "col": 0} in legal
    assert {"type": "protect", "street": 0, "col": 1} not in legal
    s = act(s, 0, "protect", street=0, col=0)
    assert top(s, 0, 0)[4] is True and s["tokens"][0] == 1


def test_restore_puts_the_basic_value_on_top_without_comparison_or_effect():
    """FAQ (restore) + Greenhouse: face up, basic value on top; no comparison, no effect."""
    s = position(
        city={(0, 0): card(1, "Park"), (0, 1): card(1, "Arsenal", up=False, turn=1), (1, 0): card(1, "Park")},
        hands=[["Greenhouse"], ["Park"]],
    )
    s = play(s, 0, "Greenhouse", 1, 1)
    s = act(s, 0, "restore", street=0, col=1)
    assert top(s, 0, 1) == card(1, "Arsenal")
    assert top(s, 0, 0) == card(1, "Park")  # the Arsenal compared nothing, destroyed nothing
    assert ENGINE.to_act(s) == {1}


def test_a_covered_destroyed_card_cannot_be_restored():
    """FAQ (restore): a card covered by another card cannot be restored."""
    s = position(
        city={(0, 0): [card(1, "Park", up=False), card(1, "Museum")], (1, 0): card(1, "Museum")},
        hands=[["Greenhouse"], ["Park"]],
    )
    s = play(s, 0, "Greenhouse", 1, 1)
    assert "restore" not in kinds(ENGINE.legal_actions(s, 0))


def test_rotate_effect_turns_either_way_and_wraps_from_highest_to_lowest():
    """FAQ (rotate): one step in any direction; highest and lowest values are adjacent sides."""
    s = position(city={(0, 0): card(1, "Quarry", turn=3)}, hands=[["Theatre"], ["Park"]])
    s = play(s, 0, "Theatre", 1, 0)  # block 1: worth 0
    s["city"][1][0] = []
    s["city"][0][1] = [card(0, "Theatre")]
    s["ask"] = {"k": "eff", "p": 0, "e": "turn1", "me": "Theatre"}
    s = act(s, 0, "rotate", street=0, col=0, dir=1)
    assert value(s["city"], 0, 0) == 3


def test_a_card_with_one_value_cannot_be_rotated():
    """FAQ (rotate): a card with its value on one side only cannot be rotated."""
    s = position(city={(0, 0): card(1, "Statue")}, hands=[["Theatre"], ["Park"]])
    s = play(s, 0, "Theatre", 0, 1)
    assert ENGINE.to_act(s) == {1}  # nothing to turn: the effect is over


def test_move_keeps_the_same_side_up():
    """FAQ (move): the moved card keeps the side that was on top."""
    s = position(city={(0, 0): card(1, "Quarry", turn=3)}, hands=[["Guesthouse"], ["Park"]])
    s = play(s, 0, "Guesthouse", 0, 1)  # Quarry 7 vs 4: turns up (already highest)
    s = act(s, 0, "move", street=1, col=0)
    assert top(s, 1, 0) == card(0, "Guesthouse") and not s["city"][0][1]


def test_remove_takes_a_card_out_of_the_game():
    """FAQ (remove) + Quarry: the card goes to the box."""
    s = position(city={(0, 0): card(1, "Park", turn=2)}, hands=[["Quarry"], []])  # 3 vs 5: turns down to 2
    s = play(s, 0, "Quarry", 0, 1)
    s = act(s, 0, "remove", street=0, col=0)
    assert not s["city"][0][0] and s["box"][1] == ["Park"]


def test_destroy_flips_face_down_in_place():
    """FAQ (destroy): face down on the same space; the space stays occupied but eligible."""
    s = position(
        city={(0, 0): card(1, "Museum"), (1, 0): card(1, "Park")}, hands=[["Arsenal", "Park"], ["Park"]]
    )
    s = play(s, 0, "Arsenal", 0, 1)
    s = act(s, 0, "destroy", street=0, col=0)
    assert top(s, 0, 0)[2] is False
    assert (0, 0) in spaces(s, 1, "Park")


# -- 4. Drawing, turns, the once-per-game mulligan ----------------------------------------


def test_draw_up_to_the_hand_limit_after_playing():
    """4. Drawing: after the card's effect, draw up to the hand limit (usually 3)."""
    s = position(hands=[["Park", "Tavern", "Statue"], ["Park"]], decks=[["Museum", "Quarry"], ["Park"]])
    s = play(s, 0, "Statue", 0, 0)
    assert sorted(s["hands"][0]) == ["Museum", "Park", "Tavern"] and s["decks"][0] == ["Quarry"]


def test_no_draw_from_an_empty_deck():
    """4. Drawing: a player whose deck is out draws nothing."""
    s = position(hands=[["Park", "Tavern"], ["Park"]])
    s = play(s, 0, "Park", 0, 0)
    assert s["hands"][0] == ["Tavern"]


def test_skip_the_turn_with_empty_hand_and_deck():
    """How to play: with both deck and hand empty, the player skips their turn."""
    s = position(hands=[["Park"], []], decks=[["Tavern"], []])
    s = play(s, 0, "Park", 0, 0)
    assert ENGINE.to_act(s) == {0}  # seat 1 has nothing: seat 0 again


def test_mulligan_once_per_game_at_the_start_of_the_turn():
    """How to play: once per game, put the whole hand under the deck and draw as many."""
    s = position(hands=[["Park", "Tavern"], ["Park"]], decks=[["Museum", "Quarry", "Library"], ["Park"]])
    s = act(s, 0, "mulligan")
    assert s["hands"][0] == ["Museum", "Quarry"]
    assert s["decks"][0] == ["Library", "Park", "Tavern"]
    assert "mulligan" not in kinds(ENGINE.legal_actions(s, 0))
    s = play(s, 0, "Museum", 0, 0)
    assert s["ask"]["p"] == 1


def test_turns_pass_clockwise():
    """How to play: the turn passes clockwise (to the next seat)."""
    s = position(3, hands=[["Park"], ["Park"], ["Park"]], decks=[["Tavern"]] * 3)
    s = play(s, 0, "Park", 0, 0)
    assert ENGINE.to_act(s) == {1}


# -- End of the game --------------------------------------------------------------------


def test_others_keep_playing_when_one_player_ran_out():
    """End of the Game: a player out of cards is skipped while others can still play."""
    s = position(hands=[["Park"], ["Park", "Tavern"]])
    s = play(s, 0, "Park", 0, 0)
    s = play(s, 1, "Park", 1, 0)
    assert ENGINE.to_act(s) == {1}


def test_game_ends_when_no_one_can_play_and_scores_current_values():
    """End of the Game: no one can play: sum the current values and end-of-game effects."""
    s = position(city={(0, 0): card(0, "Quarry", turn=3), (1, 0): card(1, "Museum")}, hands=[["Park"], []])
    s = play(s, 0, "Park", 0, 1)  # Quarry (7) is higher: stays at its highest
    assert ENGINE.to_act(s) == frozenset()
    out = ENGINE.outcome(s)
    # Park: 1 + 1 (next to the Quarry) ; Quarry 7
    assert out["scores"] == [9, 4]
    assert out["breakdown"][0] == {"Buildings": 8, "Parks and statues": 1, "Graveyard": 0}
    assert out["ranks"] == [1, 2]


def test_tie_goes_to_most_cards_on_the_table_then_the_lowest_card():
    """End of the Game: ties: most cards on the table; then the lowest single card value wins."""
    s = position(
        city={
            (0, 0): card(0, "Museum"),
            (0, 1): card(0, "Museum", up=False),
            (1, 0): card(1, "Arsenal"),
            (1, 1): card(1, "Park", turn=0),
        },
    )
    s["phase"], s["ask"] = "over", None
    # 4 against 3 + 1 (the Park next to the Arsenal adds 1): tied at 4; seat 1 has more cards.
    assert ENGINE.outcome(s)["ranks"] == [2, 1]
    s["city"][0][1] = [card(0, "Park", turn=0)]  # now 4 + 1 + 1 = 6 vs 5
    s["city"][1][1] = [card(1, "Park", turn=1)]  # 3 + 2 + 1 = 6: tied, 2 cards each
    out = ENGINE.outcome(s)
    assert out["scores"][0] == out["scores"][1]
    assert out["ranks"] == [1, 2]  # seat 0's lowest card (1) is lower than seat 1's (2)


def test_tie_the_graveyard_is_a_card_with_a_value_in_both_tie_breaks():
    """End of the Game: ties go to the most cards on the table, then to the lowest card; the
    Graveyard clarification gives the Graveyard card a value of its own, so a built Graveyard is
    one of its owner's cards in both steps. Seat 0: Quarry 6 + Graveyard (2 cards: 0) = 6 from
    two cards, the lowest worth 0; seat 1: Museum 5 + Park 1 = 6 from two cards, the lowest 1."""
    s = position(
        city={
            (0, 0): card(0, "Quarry", turn=2),
            (1, 0): card(1, "Museum", turn=2),
            (1, 2): card(1, "Park", turn=0),
        },
        grave=[["Park", "Tavern"], None],
    )
    s["phase"], s["ask"] = "over", None
    out = ENGINE.outcome(s)
    assert out["scores"] == [6, 6]
    assert out["ranks"] == [1, 2]  # the Graveyard's 0 is the lowest card of all
    s["grave"][0] = ["Park", "Tavern", "Statue", "Arsenal"]  # now worth 2
    s["city"][0][0] = [card(0, "Museum", turn=3)]  # 7 + 2 = 9
    s["city"][1][0] = [card(1, "Quarry", turn=2)]
    s["city"][1][2] = [card(1, "Park", turn=2)]  # 6 + 3 = 9
    out = ENGINE.outcome(s)
    assert out["scores"] == [9, 9]
    assert out["ranks"] == [1, 2]  # seat 0's lowest (Graveyard 2) is below seat 1's (Park 3)


# -- Card clarifications ----------------------------------------------------------------


def test_statue_scores_next_to_a_park_of_any_colour():
    """Statue: the points count whoever owns the adjacent Park."""
    s = position(city={(0, 0): card(1, "Park"), (0, 1): card(0, "Statue")})
    s["phase"], s["ask"] = "over", None
    out = ENGINE.outcome(s)
    assert out["breakdown"][0] == {"Buildings": 2, "Parks and statues": 4, "Graveyard": 0}


def test_park_scores_one_per_adjacent_face_up_building():
    """Park (designed): +1 per face-up building next to it (above, below, left, right)."""
    s = position(
        city={
            (0, 1): card(0, "Park"),
            (0, 0): card(1, "Museum"),
            (1, 1): card(1, "Library"),
            (0, 2): card(1, "Park", up=False),
        }
    )
    s["phase"], s["ask"] = "over", None
    assert ENGINE.outcome(s)["breakdown"][0]["Parks and statues"] == 2


def test_arsenal_compares_current_values_only():
    """Arsenal: only the values on top are compared."""
    s = position(
        city={(0, 0): card(1, "Quarry", turn=0), (1, 1): card(1, "Library", turn=0)},  # 3 and 2
        hands=[["Arsenal"], ["Park"]],
    )
    s = play(s, 0, "Arsenal", 0, 1)  # Quarry 3 = Arsenal 3: nothing; no neighbour above 3
    assert ENGINE.to_act(s) == {1}


def test_library_need_not_turn_a_card_of_every_player():
    """Library: one card of each player at most, and the player may stop at any time."""
    s = position(city={(0, 0): card(1, "Museum"), (1, 0): card(1, "Park")}, hands=[["Library"], ["Park"]])
    s = play(s, 0, "Library", 0, 1)
    s = act(s, 0, "rotate", street=0, col=0, dir=1)
    # Seat 1's cards are done; only seat 0's own Library may still turn.
    assert {(a.get("street"), a.get("col")) for a in ENGINE.legal_actions(s, 0)} == {(0, 1), (None, None)}
    s = act(s, 0, "skip")
    assert ENGINE.to_act(s) == {1}


def test_guesthouse_is_destroyed_with_no_eligible_space_to_move_to():
    """Guesthouse: it is destroyed if there is no eligible space to move it to."""
    full = {(st, c): card(1, "Museum") for st in range(2) for c in range(8)}
    full[(0, 7)] = card(1, "Park", up=False)  # Guesthouse (4) next to a Museum (4): no change
    s = position(city=full, hands=[["Guesthouse"], ["Park"]])
    s = play(s, 0, "Guesthouse", 0, 7)
    assert top(s, 0, 7) == card(0, "Guesthouse", up=False)


def test_smithy_copies_only_effects_resolved_when_played():
    """Smithy: it copies only on-play effects (not a Park's or Statue's end-of-game points)."""
    s = position(
        city={(0, 0): card(1, "Museum"), (1, 1): card(1, "Park")},
        hands=[["Smithy"], ["Park"]],
    )
    s = play(s, 0, "Smithy", 0, 1)
    assert ENGINE.legal_actions(s, 0) == [{"type": "copy", "street": 0, "col": 0}, {"type": "skip"}]
    s = act(s, 0, "copy", street=0, col=0)
    assert s["limits"][0] == 4


def test_graveyard_is_played_outside_the_city_collects_destroyed_cards_and_has_a_value():
    """Graveyard: beside the city; your destroyed cards go there; it has a value (designed:
    1 per card in it, minus 2)."""
    s = position(
        city={(0, 0): card(0, "Park", up=False), (1, 0): card(0, "Library"), (1, 1): card(1, "Quarry")},
        hands=[["Graveyard", "Park"], ["Arsenal"]],
    )
    assert {"type": "play", "card": "Graveyard"} in ENGINE.legal_actions(s, 0)
    s = play(s, 0, "Graveyard")
    assert s["grave"][0] == ["Park"] and not s["city"][0][0]
    s["phase"], s["ask"] = "over", None
    assert ENGINE.outcome(s)["breakdown"][0]["Graveyard"] == 1 - 2


def test_a_card_destroyed_after_the_graveyard_goes_into_it():
    """Graveyard: cards destroyed later go into it too, and count for its value."""
    s = position(
        city={(0, 0): card(0, "Park")},
        hands=[["Museum"], ["Quarry"]],
        grave=[[], None],
        turn=1,
    )
    s = play(s, 1, "Quarry", 0, 1)  # Park 1 vs 5: destroyed
    assert s["grave"][0] == ["Park"] and not s["city"][0][0]


def test_laboratory_opponents_play_face_down_clockwise_from_the_left():
    """Laboratory: opponents from the left, clockwise, play a card that counts as destroyed."""
    s = position(3, hands=[["Laboratory"], ["Park"], ["Museum"]])
    s = play(s, 0, "Laboratory", 0, 0)
    assert ENGINE.to_act(s) == {1}
    s = act(s, 1, "bury", card="Park", street=1, col=0)
    assert ENGINE.to_act(s) == {2}
    s = act(s, 2, "bury", card="Museum", street=2, col=0)
    assert top(s, 1, 0) == card(1, "Park", up=False) and top(s, 2, 0) == card(2, "Museum", up=False)


def test_manufactory_is_all_or_nothing_and_the_new_card_plays_by_the_usual_rules():
    """Manufactory: take a card back only to play one on the freed space, with comparison."""
    s = position(
        city={(0, 0): card(1, "Library"), (0, 1): card(0, "Park")},
        hands=[["Manufactory", "Quarry"], ["Park"]],
    )
    s = play(s, 0, "Manufactory", 1, 0)
    s = act(s, 0, "reclaim", street=0, col=1)
    assert sorted(a["card"] for a in ENGINE.legal_actions(s, 0)) == ["Park", "Quarry"]
    assert all((a["street"], a["col"]) == (0, 1) for a in ENGINE.legal_actions(s, 0))
    s = play(s, 0, "Quarry", 0, 1)  # Library 4 vs Quarry 5: turns down
    assert value(s["city"], 0, 0) == 2 and s["hands"][0] == ["Park"]


def test_magic_academy_costs_two_cards_from_hand_or_graveyard():
    """Magic Academy: remove 2 cards from hand, Graveyard, or one of each, to play it."""
    s = position(hands=[["Magic Academy", "Park"], []], grave=[["Tavern"], None])
    s = play(s, 0, "Magic Academy", 0, 0)
    assert kinds(ENGINE.legal_actions(s, 0)) == {"pay"}
    s = act(s, 0, "pay", **{"from": "hand", "card": "Park"})
    s = act(s, 0, "pay", **{"from": "grave", "card": "Tavern"})
    assert top(s, 0, 0) == card(0, "Magic Academy")
    assert sorted(s["box"][0]) == ["Park", "Tavern"]


def test_magic_academy_leaves_the_game_if_it_cannot_be_played():
    """Magic Academy: if it cannot be played (no price), it is removed from the game."""
    s = position(hands=[["Park"], ["Magic Academy"]], decks=[[], ["Park"]])
    s = play(s, 0, "Park", 0, 0)
    assert s["box"][1] == ["Magic Academy"] and s["hands"][1] == ["Park"]


def test_city_hall_leaves_the_game_if_it_cannot_be_played():
    """City Hall: removed if it cannot be played. Its condition (designed here, revised for
    balance: right of a face-up building of any colour, no longer only the owner's) can fail:
    here street 1 is full and street 2 is empty, so its only open space has nothing on its left."""
    owners = [1, 0, 1, 0, 1, 0, 1]
    s = position(
        city={(0, c): card(owner, "Park") for c, owner in enumerate(owners)},
        hands=[["Park"], ["City Hall", "Museum"]],
    )
    assert {"type": "play", "card": "City Hall", "street": 0, "col": 7} in ENGINE.legal_actions(
        {**s, "ask": {"k": "turn", "p": 1}, "turn": 1}, 1
    )  # right of seat 0's Park: any colour will do
    s = play(s, 0, "Park", 0, 7)  # street 1 is now full
    assert "City Hall" in s["box"][1] and s["hands"][1] == ["Museum"]


def test_museum_hand_limit_stays_up_when_destroyed():
    """Museum: the hand limit stays increased even if the card is destroyed."""
    s = position(
        hands=[["Museum"], ["Magic Academy", "Park", "Tavern"]],
        decks=[["Park", "Tavern", "Quarry"], ["Park"]],
    )
    s = play(s, 0, "Museum", 0, 0)
    assert s["limits"][0] == 4 and len(s["hands"][0]) == 3
    s["city"][0][0] = [card(0, "Museum", up=False)]
    assert s["limits"][0] == 4


def test_obelisk_search_removes_a_card_and_shuffles_the_deck():
    """Obelisk: sacrifice a card to take it from the deck, then shuffle; hand limit +1 when played."""
    s = position(
        hands=[["Park", "Tavern"], ["Park"]], decks=[["Museum", "Obelisk", "Quarry", "Library"], ["Park"]]
    )
    s = act(s, 0, "seek", card="Park")
    assert "Obelisk" in s["hands"][0] and "Obelisk" not in s["decks"][0]
    assert s["box"][0] == ["Park"] and sorted(s["decks"][0]) == ["Library", "Museum", "Quarry"]
    s = play(s, 0, "Obelisk", 0, 0)
    assert s["limits"][0] == 4


def test_greenhouse_may_rotate_instead_of_restoring():
    """Greenhouse: restore a destroyed card, or rotate one card instead."""
    s = position(
        city={(0, 0): card(1, "Park", up=False), (1, 0): card(1, "Museum")}, hands=[["Greenhouse"], ["Park"]]
    )
    s = play(s, 0, "Greenhouse", 1, 1)
    assert kinds(ENGINE.legal_actions(s, 0)) == {"restore", "rotate"}  # no skip: restore is not optional


def test_fountain_token_reserves_a_space_until_its_owner_builds_there():
    """Fountain: the token's space counts as occupied; building there gives the token back."""
    s = position(hands=[["Fountain", "Park"], ["Park"]], decks=[["Tavern"], ["Park"]])
    s = play(s, 0, "Fountain", 0, 0)
    s = act(s, 0, "reserve", street=0, col=1)
    assert s["tokens"][0] == 1
    assert spaces(s, 1, "Park") == {(0, 2), (1, 0)}  # the space after the token is open
    s = play(s, 1, "Park", 1, 0)
    assert (0, 1) in spaces(s, 0, "Park")
    s = play(s, 0, "Park", 0, 1)
    assert s["tokens"][0] == 2 and s["res"][0][1] == -1


# -- Advanced rules ---------------------------------------------------------------------


def test_advanced_replacements_are_simultaneous_hidden_then_shown():
    """Advanced Rules: players choose replacements secretly; they are shown before the game."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "2"})
    assert ENGINE.to_act(s) == {0, 1}
    s = act(s, 0, "swap", add="Magic Academy", out="City Hall")
    assert "Magic Academy" not in str(ENGINE.view(s, 1))
    s = act(s, 0, "ready")
    s = act(s, 1, "ready")
    assert ENGINE.to_act(s) == {0}
    assert "City Hall" not in s["hands"][0] + s["decks"][0]
    assert "Magic Academy" in s["hands"][0] + s["decks"][0]
    assert ENGINE.view(s, 1)["swaps"][0] == [{"add": "Magic Academy", "out": "City Hall"}]


def test_advanced_only_the_same_basic_value_or_the_named_card_may_be_replaced():
    """Advanced Rules: a replacement keeps the basic value, or the card it names."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "6"})
    pairs = {(a["add"], a["out"]) for a in ENGINE.legal_actions(s, 0) if a["type"] == "swap"}
    assert ("Laboratory", "Library") in pairs and ("Laboratory", "Guesthouse") in pairs
    assert ("Manufactory", "Quarry") in pairs and ("Laboratory", "Park") not in pairs
    # Museum's basic value is 4, like the Laboratory's: it may be replaced too.
    assert ("Laboratory", "Museum") in pairs
    with pytest.raises(IllegalAction):
        act(s, 0, "swap", add="Laboratory", out="Park")


def test_advanced_laboratory_may_replace_the_fountain():
    """Advanced Rules ("Only the cards of the same basic value may be switched"): the Fountain's
    basic value is 4, like the Laboratory's."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "1"})
    s = act(s, 0, "swap", add="Laboratory", out="Fountain")
    assert s["swaps"][0] == [["Laboratory", "Fountain"]]


@pytest.mark.parametrize("add", ADDITIONAL_NAMES)
def test_advanced_every_pair_of_cards_follows_the_basic_value_rule(add):
    """Advanced Rules, over every pair of an additional and a basic card: a card whose text names
    the card it replaces ("Replaces X.") replaces that one alone, whatever the values; any other
    replaces exactly the basic cards of its basic value. Computed from the values printed on the
    cards, so no change of values can leave a stale list behind."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "6"})
    offered = {a["out"] for a in ENGINE.legal_actions(s, 0) if a["type"] == "swap" and a["add"] == add}
    text = BUILDINGS[add].text
    named = text.removeprefix("Replaces ").split(".")[0] if text.startswith("Replaces ") else None
    for out in BASIC_DECK:
        same_value = BUILDINGS[out].basic_value == BUILDINGS[add].basic_value
        assert (out in offered) == (out == named if named else same_value), (add, out)
    assert offered, add  # every additional card has something to replace


def test_advanced_replacement_count_from_the_option_or_a_die():
    """Advanced Rules: a fixed number, or a die roll; fewer (or none) is always allowed."""
    s = ENGINE.setup(3, 2, {"variant": "advanced", "swaps": "1"})
    s = act(s, 0, "swap", add="Smithy", out="Tavern")
    assert kinds(ENGINE.legal_actions(s, 0)) == {"reset", "ready"}
    rolls = {ENGINE.setup(seed, 2, {"variant": "advanced"})["allow"] for seed in range(60)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_not_your_turn_is_refused():
    s = position(hands=[["Park"], ["Park"]])
    with pytest.raises(IllegalAction):
        play(s, 1, "Park", 0, 0)


def test_manufactory_cannot_take_back_a_manufactory_or_a_smithy():
    """Manufactory (designed limit): a Smithy copying it and the Manufactory itself could
    otherwise take each other back and be built again forever."""
    s = position(
        city={(0, 0): card(0, "Manufactory"), (0, 1): card(0, "Park"), (1, 0): card(0, "Library")},
        hands=[["Smithy", "Quarry"], ["Park"]],
    )
    s = play(s, 0, "Smithy", 0, 2)  # Park 1 vs Smithy 0: the Park turns up
    s["ask"] = {"k": "eff", "p": 0, "e": "factory", "me": "Smithy"}
    targets = {(a["street"], a["col"]) for a in ENGINE.legal_actions(s, 0) if a["type"] == "reclaim"}
    assert (0, 0) not in targets and (0, 1) in targets and (1, 0) in targets


@pytest.mark.parametrize(("players", "starts"), [(2, [1, 0]), (3, [6, 3, 0]), (4, [9, 6, 3, 0])])
def test_advanced_head_start_for_each_later_seat_with_the_house_rule(players, starts):
    """House rule "balance later seats" (a table option, designed here, docs/architectura.md): in
    the advanced game each player scores points for each player who takes turns after them,
    against the later seats' last word: 1 each with 2 players, 3 each with 3 or 4."""
    s = ENGINE.setup(1, players, {"variant": "advanced", "balance": True})
    s["phase"], s["ask"] = "over", None
    s["city"] = [[[] for _ in range(8)] for _ in range(players)]
    out = ENGINE.outcome(s)
    assert [part["Head start"] for part in out["breakdown"]] == starts
    assert out["scores"] == starts
    s["opts"] = {**s["opts"], "variant": "basic"}
    assert ENGINE.outcome(s)["scores"] == [0] * players
    assert "Head start" not in ENGINE.outcome(s)["breakdown"][0]


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_end_of_the_game_the_rulebook_s_scoring_by_default(variant):
    """End of the Game: the final score is the buildings' values and their end-of-game effects;
    the head start is only a house rule, off unless the table chose it."""
    s = ENGINE.setup(1, 4, {"variant": variant})
    assert s["opts"]["balance"] is False
    s["phase"], s["ask"] = "over", None
    s["city"] = [[[] for _ in range(8)] for _ in range(4)]
    out = ENGINE.outcome(s)
    assert out["scores"] == [0, 0, 0, 0]
    assert all("Head start" not in part for part in out["breakdown"])  # not on the score sheet


def test_a_table_made_before_the_house_rule_option_keeps_its_head_start():
    """Advanced tables stored before the option existed were promised the head start."""
    s = ENGINE.setup(1, 3, {"variant": "advanced"})
    s["opts"] = {"variant": "advanced", "swaps": "die"}  # as stored then: no "balance"
    s["phase"], s["ask"] = "over", None
    s["city"] = [[[] for _ in range(8)] for _ in range(3)]
    assert ENGINE.outcome(s)["scores"] == [6, 3, 0]
