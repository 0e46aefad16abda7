"""Setup and the round (rules text: Setup; Phases of a turn; Worker Placement Phase; Grow Herbs;
Advance Turn Marker; Pass First Player Marker; End of the Game)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.lords import ENGINE
from games.engines.lords.data import CATCH_UP_PRICE, HERBS, ROTTED, SPOTS, spots_for

from .helpers import act, position, resolve_board


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_two_workers_50_gems_and_three_herbs_from_the_bag(players):
    """Setup: 2 workers, 50 gems, 3 random herbs from the Scavenge Bag (a Rotted token drawn
    at setup is drawn again), and a hand of 2 spells (designed)."""
    s = ENGINE.setup(7, players, {})
    for p in s["players"]:
        caught_up = p["placed"] == 1  # the first round's catch-up, below
        assert p["workers"] == 2 + caught_up and p["gems"] == 50 - CATCH_UP_PRICE * caught_up
        assert sum(p["herbs"][h] for h in HERBS) == 3 and p["herbs"][ROTTED] == 0
        assert len(p["hand"]) == 2
    taken = sum(p["herbs"][h] for p in s["players"] for h in HERBS) + len(s["display"])
    assert sum(s["bag"].values()) == 70 - taken


@pytest.mark.parametrize(("players", "caught_up"), [(2, [1]), (3, [2]), (4, [2, 3])])
def test_first_round_catch_up_for_the_players_placing_after_the_hire_spots(players, caught_up):
    """Designed here (docs/lords.md, "First round"): the players who place in round 1 after every
    open Hire spot could be taken start with a worker that works from round 2, paid for at
    CATCH_UP_PRICE, as if they had hired it without spending a placement."""
    hires = sum(SPOTS[sid].area == "hire" for sid in spots_for(players))
    assert list(range(hires, players)) == caught_up
    for seed in range(6):
        s = ENGINE.setup(seed, players, {})
        for place in range(players):
            p = s["players"][(s["first"] + place) % players]
            later = place in caught_up
            assert (p["workers"], p["placed"], p["gems"]) == (
                2 + later,
                int(later),
                50 - CATCH_UP_PRICE * later,
            )
        first = s["first"]
        on_board = [0] * players
        while (
            s["round"] == 1 and s["phase"] == "place"
        ):  # round 1: everyone places 2 workers, caught up or not
            seat = min(ENGINE.to_act(s))
            legal = ENGINE.legal_actions(s, seat)
            action = next((a for a in legal if a["type"] == "place"), legal[0])
            on_board[seat] += action["type"] == "place"
            s = ENGINE.apply(s, seat, action)
        assert on_board == [2] * players
        for place in caught_up:  # their third worker works from round 2
            assert s["players"][(first + place) % players]["workers"] >= 3


def test_the_game_takes_two_to_four_players():
    """Setup: the player count is our choice (docs/lords.md): 2 to 4."""
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)
    with pytest.raises(IllegalAction):
        ENGINE.setup(1, 5, {})


@pytest.mark.parametrize(("players", "rounds"), [(2, 16), (3, 15), (4, 16)])
def test_the_game_lasts_16_rounds_or_15_with_three_players(players, rounds):
    """End of the Game: 16 rounds, 15 in a 3-player game."""
    assert ENGINE.setup(3, players, {})["rounds"] == rounds


def test_workers_are_placed_one_at_a_time_clockwise_from_the_first_player():
    """Worker Placement Phase: from the first player, clockwise, one worker at a time, until all
    are placed; a player with no worker left is passed over."""
    s = position(3, p1={"workers": 3})
    s["first"] = s["turn"] = 1
    order = []
    for spot in ("labor-1", "labor-2", "labor-3", "labor-4", "fight-1", "build", "scavenge"):
        (seat,) = ENGINE.to_act(s)
        order.append(seat)
        s = act(s, {"type": "place", "spot": spot})
    assert order == [1, 2, 0, 1, 2, 0, 1]
    assert s["phase"] != "place" or s["round"] == 2


def test_a_taken_spot_cannot_be_taken_again():
    """Worker Placement: one worker a spot (the Build and Scavenge areas hold any number)."""
    s = act(position(2), {"type": "place", "spot": "labor-1"})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "place", "spot": "labor-1"})
    s = act(s, {"type": "place", "spot": "scavenge"}, {"type": "place", "spot": "scavenge"})
    assert s["board"]["scavenge"] == [1, 0]


def test_after_resolution_herbs_grow_the_round_advances_and_the_marker_passes():
    """Phases of a turn: Grow Herbs (one marker per garden up to its maximum), Advance Turn
    Marker, Pass First Player Marker (clockwise; they start the next round)."""
    s = position(3, gardens=[["R", 1], ["G", 2], [None, 0], [None, 0]])
    s = resolve_board(s, {"labor-1": [0, 1, 2]})
    assert s["round"] == 2 and s["first"] == 1 and s["turn"] == 1 and s["phase"] == "place"
    assert s["players"][0]["gardens"][:2] == [["R", 2], ["G", 2]]  # capacity 2: G stays full
    assert all(not seats for seats in s["board"].values())


def test_the_game_ends_after_the_last_rounds_grow_herbs():
    """Check for End of Game comes after Grow Herbs: the last round's herbs still grow."""
    s = position(2, gardens=[["R", 1], [None, 0], [None, 0], [None, 0]])
    s["round"] = 16
    s = resolve_board(s, {"labor-1": [0], "labor-2": [1]})
    assert s["phase"] == "over" and ENGINE.to_act(s) == frozenset()
    assert s["players"][0]["gardens"][0] == ["R", 2]
    assert ENGINE.outcome(s) is not None


def test_planting_puts_a_herb_in_an_empty_garden_for_good():
    """Grow Herbs (designed planting): a herb from the collection starts an empty garden,
    which keeps that herb and grows one marker a round."""
    s = position(2, herbs={"R": 1, "G": 0, "B": 0, "Y": 0, "P": 0, "K": 0})
    s = act(s, {"type": "plant", "herb": "R"})
    p = s["players"][0]
    assert p["gardens"][0] == ["R", 1] and p["herbs"]["R"] == 0
    assert ENGINE.to_act(s) == frozenset({0})  # a free action: still seat 0's turn


def test_the_fourth_garden_is_closed_without_a_moat():
    """Build a) Moat: the 4th herb garden opens only with the Moat."""
    full = [["R", 1], ["G", 1], ["B", 1], [None, 0]]
    s = position(2, gardens=full, herbs={"R": 0, "G": 0, "B": 0, "Y": 1, "P": 0, "K": 0})
    assert not [a for a in ENGINE.legal_actions(s, 0) if a["type"] == "plant"]
    s = position(2, gardens=full, herbs={"R": 0, "G": 0, "B": 0, "Y": 1, "P": 0, "K": 0}, moat=10)
    assert {"type": "plant", "herb": "Y"} in ENGINE.legal_actions(s, 0)
