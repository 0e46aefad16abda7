"""Jael's cards and final scoring (rulebook, Solo Play: setup and Solo - Final Scoring)."""

from __future__ import annotations

from games.engines.stonespine.data import CHAMBERS
from games.engines.stonespine.jael import JAEL_CARDS, deck, jael_measure, jael_score


def test_jael_scores_the_rulebooks_worked_example_132():
    """Solo - Final Scoring, example: 9 + 0 + 53 + 65 + 5 = 132."""
    cards = [1, 2, 3, 4]  # base 14, 13, 10, 16; 3 per gnoll, 2 per kobold, 3 per chest, 4 per slime+ooze
    assert [JAEL_CARDS[c].base for c in cards] == [14, 13, 10, 16]
    items = (
        ["gnoll"] * 6
        + ["kobold"] * 2
        + ["slime"] * 7
        + ["ooze"] * 8
        + ["treasure"] * 5
        + ["star+1"] * 6
        + ["star-1"]
    )
    # "Most goblins": Jael has none, so he places nowhere on the goal card.
    sheet = jael_score(cards, items, jael_gold=10, player_gold=3, goal_places=None)
    assert sheet == {
        "Final gold": 9,
        "Goal": 0,
        "Jael cards (base)": 53,
        "Jael cards (condition)": 65,
        "Chamber reputation": 5,
    }
    assert sum(sheet.values()) == 132


def test_jael_wins_ties_on_final_gold():
    """Solo - Final Scoring, Final Gold: equal gold goes to Jael."""
    assert jael_score([1], [], 7, 7, None)["Final gold"] == 9
    assert jael_score([1], [], 7, 8, None)["Final gold"] == 6


def test_legendary_mode_swaps_the_three_marked_cards():
    """Solo - Setup Changes, Legendary Mode: the three marked basic cards are replaced."""
    basic, legendary = deck(False), deck(True)
    assert len(basic) == len(legendary) == 6
    assert {c for c in basic if JAEL_CARDS[c].marked} == set(basic) - set(legendary)
    assert all(JAEL_CARDS[c].legendary for c in set(legendary) - set(basic))
    assert sum(JAEL_CARDS[c].base for c in legendary) > sum(JAEL_CARDS[c].base for c in basic)


def test_every_jael_card_shows_a_chamber_icon_and_market_positions():
    """Solo setup: each card's icon is one printed on chamber cards; positions fit 2 market cards."""
    for card in JAEL_CARDS.values():
        assert card.icon in {"red", "green", "blue"}
        assert card.positions and all(i in (0, 1) and half in ("top", "bottom") for i, half in card.positions)


def test_jael_crowded_dungeon_counts_a_full_dungeon_less_his_elements():
    """Solo - Final Scoring, Goal Card (designed reading, docs/stonespine.md): for "fewest empty
    element areas" Jael's number is the 64 areas of a sixteen-chamber dungeon less one per
    element he holds (chambers and tokens; secret passages are not elements), so he is measured
    on the same scale as the player's dungeon."""
    pile = [c for c in sorted(CHAMBERS) if sum(e is not None for e in CHAMBERS[c].elements) == 2][:3]
    tokens = ["gnoll", "treasure", "passage"]
    assert jael_measure(7, pile, tokens) == 64 - (3 * 2 + 2)
