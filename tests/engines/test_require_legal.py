"""require_legal: a client's action is matched to the engine's own by canonical JSON."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction, require_legal

LEGAL = [{"type": "place", "chamber": 7, "column": 1}, {"type": "pass"}]


@pytest.mark.parametrize("alias", [1.0, True, "1"])
def test_it_refuses_a_look_alike_of_a_legal_value(alias):
    with pytest.raises(IllegalAction):
        require_legal(LEGAL, {"type": "place", "chamber": 7, "column": alias})


def test_it_returns_the_engines_own_action_not_the_one_it_was_given():
    sent = {"column": 1, "chamber": 7, "type": "place"}  # same values, other key order
    assert require_legal(LEGAL, sent) is LEGAL[0]


def test_it_refuses_extra_keys():
    with pytest.raises(IllegalAction):
        require_legal(LEGAL, {"type": "pass", "sneaky": 1})
