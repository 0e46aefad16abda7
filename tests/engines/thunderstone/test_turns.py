"""A turn, resting, the party deck, the end of the game and the score, with Joe's rest.

Rulebook sections: Playing the game, Rest, End of turn, Your party deck, Resting example,
Winning the game, Rules clarifications (Shuffle); the house rule on long games
(docs/thunderstone.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.base import IllegalAction
from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.hall import end_game
from games.engines.thunderstone.state import begin, finish
from games.engines.thunderstone.turn import TURNS_PER_PLAYER

from .helpers import act, kinds_of, legal, names, position, the, use


def test_a_turn_is_village_dungeon_or_rest():
    """Playing the game: on a turn the player visits the village, enters the dungeon or rests."""
    s = position()
    assert legal(s) == [{"type": "village"}, {"type": "dungeon"}, {"type": "rest"}]
    assert ENGINE.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction):
        act(s, 1, "village")


def test_joe_rests_and_destroys_a_disease():
    """Resting example (Joe): his hand is Disease, two Militia, Dagger, Trainer and Sphinx; he
    destroys the Disease (back to its stack) and cannot use the Trainer while resting."""
    s = position(hands=[["Disease", "Militia", "Militia", "Dagger", "Trainer", "Sphinx"], []])
    s = act(s, 0, "rest")
    assert kinds_of(legal(s)) == {"destroy", "end"}
    assert {names([a["card"]])[0] for a in legal(s) if a["type"] == "destroy"} == {
        "Disease", "Militia", "Dagger", "Trainer", "Sphinx",
    }  # fmt: skip
    disease = the(s, "Disease")
    s = act(s, 0, "destroy", card=disease)
    assert disease not in s["destroyed"]  # Disease is endless: back to its stack
    assert s["turn"] == 1
    assert sorted(names(s["discards"][0])) == ["Dagger", "Militia", "Militia", "Sphinx", "Trainer"]
    assert len(s["hands"][0]) == 6


def test_resting_may_destroy_nothing_and_keeps_the_hand_secret():
    s = position(hands=[["Militia", "Torch"], ["Torch"]])
    s = act(s, 0, "rest")
    assert not s["shown"][0]
    assert ENGINE.view(s, 1)["seats"][0]["hand"] is None
    s = act(s, 0, "end")
    assert s["destroyed"] == [] and names(s["discards"][0]) == ["Militia", "Torch"]


def test_end_of_turn_discard_everything_and_draw_six():
    """End of turn: all cards in hand, used or not, go to the discard pile; six are drawn."""
    s = position(hands=[["Militia"] * 3, []], decks=[["Torch"] * 8, []])
    s = act(s, 0, "rest")
    s = act(s, 0, "end")
    assert names(s["hands"][0]) == ["Torch"] * 6 and names(s["discards"][0]) == ["Militia"] * 3
    assert len(s["decks"][0]) == 2


def test_reshuffle_only_when_the_deck_runs_out():
    """Your party deck and Shuffle: draw what is left, then shuffle the whole discard pile into a
    new deck and go on; never before."""
    s = position(hands=[["Militia"] * 2, []], decks=[["Torch"] * 4, []], discards=[["Lantern"] * 5, []])
    s = act(s, 0, "rest")
    s = act(s, 0, "end")
    hand = names(s["hands"][0])
    assert hand[:4] == ["Torch"] * 4 and len(hand) == 6
    assert Counter(names(s["hands"][0] + s["decks"][0])) == Counter({"Torch": 4, "Lantern": 5, "Militia": 2})
    assert s["discards"][0] == []


def test_drawing_with_deck_and_discard_empty_draws_fewer():
    s = position(hands=[["Militia"], []], decks=[[], []])
    s = act(s, 0, "rest")
    s = act(s, 0, "end")
    assert names(s["hands"][0]) == ["Militia"]


def test_gained_cards_go_to_the_discard_pile():
    """Your party deck: bought, won and levelled cards go to the discard pile."""
    s = position(hands=[["Torch", "Torch", "Militia"], []])
    s = act(s, 0, "village")
    s = act(s, 0, "buy", stack="basic:Torch")
    assert names(s["discards"][0])[0] == "Torch"


def test_turns_go_round_in_seat_order():
    s = position(players=4, turn=3)
    s = act(s, 3, "rest")
    s = act(s, 3, "end")
    assert s["turn"] == 0


def final(s, holder=None):
    n = begin(s)
    end_game(n, "stone", holder)
    return finish(n)


def test_score_is_the_vp_of_every_card_owned():
    """Winning the game: the victory points of every card in deck, hand and discard pile."""
    s = position(
        hands=[["Outlands Khan", "Griffon"], ["Goodberries"]],
        decks=[["Lord of Death", "Militia"], []],
        discards=[["Elf Archmage"], ["Sphinx"]],
    )
    out = ENGINE.outcome(final(s))
    assert out["scores"] == [3 + 4 + 7 + 2, 1 + 7]
    assert out["breakdown"][0] == {"Monsters": 11, "Heroes": 5, "Village cards": 0, "Thunderstone": 0}
    assert out["ranks"] == [1, 2]
    assert ENGINE.outcome(s) is None


def test_a_tie_goes_to_the_thunderstone_holder_else_is_shared():
    """Winning the game: tied players share the victory unless one of them holds the Thunderstone."""
    s = position(
        players=3, hands=[["Griffon"], ["Nixie", "Grudgebeast", "Nixie"], ["Black Slime", "Black Slime"]]
    )
    assert ENGINE.outcome(final(s))["ranks"] == [1, 1, 1]
    s = position(players=3, hands=[["Nixie"], ["Griknack Goblin"], []], dungeon=["Nixie"])
    s["hall"] = [None, s["hall"][1], s["hall"][2]]
    s["hall"][0] = "stone-of-mystery-1"
    out = ENGINE.outcome(final(s, holder=1))
    assert out["scores"] == [1, 1 + 3, 0] and out["ranks"] == [2, 1, 3]
    tie = position(players=2, hands=[["Lord Mortis", "Pegasus"], ["Griknack Goblin"]])
    out = ENGINE.outcome(final(tie, holder=1))
    assert out["scores"] == [4, 4] and out["ranks"] == [2, 1]


def test_house_rule_the_game_ends_after_100_turns_per_player():
    """House rule (docs): no game runs forever; after 100 turns each it is scored as it stands."""
    s = position(hands=[["Militia"], ["Militia"]])
    s["turns"] = TURNS_PER_PLAYER * 2 - 1
    s = act(s, 0, "rest")
    s = act(s, 0, "end")
    assert s["phase"] == "over" and s["end"] == "turns" and ENGINE.to_act(s) == frozenset()
    assert ENGINE.outcome(s)["ranks"] == [1, 1]


def test_used_cards_of_a_turn_are_not_used_again():
    """Visit the village 2: no effect on a card can be used more than once a turn."""
    s = position(hands=[["Town Guard", "Militia"], []], village=("Town Guard",))
    s = act(s, 0, "village")
    s = use(s, the(s, "Town Guard"), "draw")
    with pytest.raises(IllegalAction):
        use(s, the(s, "Town Guard"), "draw")
