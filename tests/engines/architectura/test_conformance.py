"""Architectura passes the shared conformance playout for every player count, in the basic and
the advanced game (with every replacement count): the first 50 seeds, and the later seeds that
reached engine branches those 50 did not.

Why not 200 seeds, as before: measured with bench/conformance_coverage.py (branch coverage of
games/engines/architectura, bench/README.md), the 10 pinned seeds below reach every branch that
seeds 50-199 reached and the first 50 missed, configuration by configuration."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from games.engines.architectura import ENGINE
from games.engines.architectura.bots import heuristic_bot
from games.engines.autoplay import play
from games.engines.rng import Rng
from tests.engines.conformance import playout

SWAPS = ["die", "1", "2", "3", "4", "5", "6"]


BLOCK = 50
# Seeds past the first 50 that reached branches the first 50 did not, by player count and
# variant (bench/conformance_coverage.py prints them again after a change to the engine).
PINNED: dict[tuple[int, str], list[int]] = {
    (2, "basic"): [85, 93],
    (2, "advanced"): [84, 141],
    (3, "basic"): [88],
    (3, "advanced"): [143],
    (4, "basic"): [52, 58],
    (4, "advanced"): [91, 156],
}


def conform(players: int, variant: str, seeds: Iterable[int]) -> None:
    for seed in seeds:
        options = {"variant": variant, "swaps": SWAPS[seed % len(SWAPS)]}
        # Every view is searched for secrets, and the contract checked, at every step for the
        # first seeds; then both at every 5th step.
        every = 1 if seed < 10 else 5
        playout(ENGINE, seed, players, options, check_views_every=every, check_steps_every=every)


@pytest.mark.parametrize("variant", ["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_conforms_over_the_first_seeds_and_the_pinned_ones(players, variant):
    conform(players, variant, [*range(BLOCK), *PINNED.get((players, variant), [])])


@pytest.mark.parametrize("variant", ["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_finish_games_and_only_choose_legal_actions(players, variant):
    for seed in range(5):
        result = play(ENGINE, seed, players, {"variant": variant, "swaps": "6"}, ["heuristic", "random"])
        assert sorted(result["ranks"])[0] == 1


def test_the_heuristic_bot_beats_the_random_bot():
    """Issue 5: the heuristic bot wins at least 90% of 200 two-player games (seats alternate).
    bench/architectura_engine.py prints the same figure; a small run here guards regressions."""
    wins = 0
    for seed in range(40):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play(ENGINE, seed, 2, {}, seats)
        me = seed % 2
        wins += result["ranks"][me] == 1 and result["ranks"][1 - me] == 2
    assert wins >= 36


def test_the_heuristic_bot_reads_only_its_view():
    """The bot gets the seat's view: hidden hands are stand-ins, so two states that differ only
    in an opponent's hand and the decks lead to the same choice."""
    s = ENGINE.setup(11, 2, {})
    other = dict(s)
    other["hands"] = [list(s["hands"][0]), list(reversed(s["decks"][1][:3]))]
    other["decks"] = [list(reversed(s["decks"][0])), list(s["decks"][1])]
    legal = ENGINE.legal_actions(s, 0)
    a = heuristic_bot(ENGINE.view(s, 0), legal, Rng(1))
    b = heuristic_bot(ENGINE.view(other, 0), legal, Rng(1))
    assert a == b and a in legal


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_every_action_has_words_for_the_actions_panel(variant):
    """describe() names every legal action (group and label) at every step of random games."""
    rng = Rng(3)
    for seed in range(15):
        s = ENGINE.setup(seed, 3, {"variant": variant, "swaps": "6"})
        while acting := ENGINE.to_act(s):
            seat = min(acting)
            legal = ENGINE.legal_actions(s, seat)
            for action in legal:
                group, label = ENGINE.describe(s, seat, action)
                assert group and label and "{" not in group
            s = ENGINE.apply(s, seat, rng.choice(legal))
