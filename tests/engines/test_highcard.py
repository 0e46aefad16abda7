"""The tests' own engine passes the conformance suite and plays as its docstring says."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from tests.engines.conformance import option_sets, playout
from tests.testgame.engine import ENGINE


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", option_sets(ENGINE), ids=str)
def test_it_conforms(players, options):
    for seed in range(50):
        playout(ENGINE, seed, players, options)


def test_the_dealer_is_the_only_seat_after_all_picked():
    s = ENGINE.setup(1, 2, {})
    for seat in (0, 1):
        s = ENGINE.apply(s, seat, ENGINE.legal_actions(s, seat)[0])
    assert ENGINE.to_act(s) == {2}
    assert ENGINE.legal_actions(s, 2) == [{"type": "reveal"}]


def test_a_pick_stays_hidden_until_the_reveal():
    s = ENGINE.setup(1, 2, {})
    card = s["hands"][0][0]
    s = ENGINE.apply(s, 0, {"type": "play", "card": card})
    assert card not in str(ENGINE.view(s, 1))
    assert card in str(ENGINE.view(s, 0))


def test_it_refuses_a_card_not_in_hand():
    s = ENGINE.setup(1, 2, {})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "play", "card": s["hands"][1][0]})
