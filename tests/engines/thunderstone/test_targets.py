"""Moves on the board: the turn's first choice (village, dungeon or rest) has a place on the
board, as buying, attacking and using cards do; the page carries the same keys."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.engines.thunderstone import ENGINE


def test_the_first_choice_of_a_turn_is_made_on_the_board():
    s = ENGINE.setup(7, 2, {})
    seat = min(ENGINE.to_act(s))
    keys = {a["type"]: ENGINE.targets(s, seat, a) for a in ENGINE.legal_actions(s, seat)}
    assert keys == {"village": ["area:village"], "dungeon": ["area:dungeon"], "rest": ["area:rest"]}
    view = ENGINE.view(s, seat)
    context = {"view": view, "seat": seat, "names": ["Alice", "Bob"]}
    page = render_to_string("games/thunderstone/board.html", context) + render_to_string(
        "games/thunderstone/hand.html", context
    )
    for key in ("area:village", "area:dungeon", "area:rest"):
        assert f'data-target="{key}"' in page


def test_after_the_first_choice_no_area_is_a_target():
    s = ENGINE.setup(7, 2, {})
    seat = min(ENGINE.to_act(s))
    s = ENGINE.apply(s, seat, {"type": "village"})
    for action in ENGINE.legal_actions(s, seat):
        assert not any(k.startswith("area:") for k in ENGINE.targets(s, seat, action)), action
