"""Moves on the board: the turn's first choice (village, dungeon or rest) has a place on the
board, as buying, attacking and using cards do; the page carries the same keys."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from django.template.loader import render_to_string

from games.engines.rng import Rng, seed_state
from games.engines.thunderstone import ENGINE

from .helpers import act, dungeon, legal, position, the, use


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


# -- Every decision on the board ----------------------------------------------------------------

TARGET = re.compile(r'data-target="([^"]+)"')
PLACELESS_IN_BAR = 2  # static/js/play.js: a step's moves without a place, as buttons in the bar


def drawn_targets(s: dict[str, Any], seat: int) -> set[str]:
    """The keys the play page draws for `seat` (board and hand) in this position."""
    context = {"view": ENGINE.view(s, seat), "seat": seat, "names": ["Alice", "Bob", "Carol"][: s["n"]]}
    page = render_to_string("games/thunderstone/board.html", context)
    page += render_to_string("games/thunderstone/hand.html", context)
    return set(TARGET.findall(page))


def problems_of(s: dict[str, Any], seat: int) -> list[str]:
    """What keeps a decision off the board: a target the page does not draw, or more moves
    without a place than the move bar offers as buttons."""
    legal = ENGINE.legal_actions(s, seat)
    drawn = drawn_targets(s, seat)
    out = []
    placeless = [a for a in legal if not ENGINE.targets(s, seat, a)]
    if len(placeless) > PLACELESS_IN_BAR:
        out.append(f"{len(placeless)} moves without a place: {placeless}")
    for a in legal:
        missing = set(ENGINE.targets(s, seat, a)) - drawn
        if missing:
            out.append(f"{a}: {sorted(missing)} not drawn")
    return out


def test_every_decision_of_whole_games_can_be_made_on_the_board():
    """Whole games (random cards, heuristic and random players): at every decision each move's
    targets are drawn on the page, and at most two moves (end the turn, take nothing) have none."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        s = ENGINE.setup(seed, 2 + seed % 2, {})
        rng, pick = Rng(seed_state(seed)), random.Random(seed)
        while ENGINE.outcome(s) is None:
            seat = min(ENGINE.to_act(s))
            legal = ENGINE.legal_actions(s, seat)
            where = s["ask"]["k"] if s["ask"] else s["phase"]
            seen[where] += 1
            assert not problems_of(s, seat), (seed, where, problems_of(s, seat))
            bot = ENGINE.bots["heuristic"] if pick.random() < 0.7 else ENGINE.bots["random"]
            s = ENGINE.apply(s, seat, bot(ENGINE.view(s, seat), legal, rng))
    # The seeds reach the rarer decisions too (a Banish, a monster's choice of victim, spoils).
    assert {"choose", "village", "dungeon", "rest", "banish", "slay", "haunt", "spoils", "discard"} <= set(
        seen
    ), seen


def test_a_banish_reorders_the_hall_by_two_ranks_tapped_in_their_new_order():
    """Glossary, Banish: send a monster under the dungeon deck (its rank), or rearrange the hall:
    the rank whose monster goes first, then the one for rank 2."""
    s = dungeon(position(hands=[["Banish"], []], hall=["Nixie", "Griffon", "Pegasus"]))
    s = use(s, the(s, "Banish"), "banish")
    keys = {json.dumps(ENGINE.targets(s, 0, a)): a for a in legal(s)}
    assert keys['["rank:3", "rank:1"]'] == {"type": "arrange", "order": [3, 1, 2]}
    assert keys['["rank:1"]'] == {"type": "banish", "rank": 1}
    assert len(keys) == len(legal(s))  # no two moves share their targets
    assert not problems_of(s, 0)
    page = render_to_string(
        "games/thunderstone/board.html", {"view": ENGINE.view(s, 0), "seat": 0, "names": ["A", "B"]}
    )
    assert "tap two ranks in their new order" in page


def test_a_hero_discarded_for_the_selurin_theurge_is_borrowed_from_the_board():
    """Glossary, Selurin Theurge: the discarded heroes the active player may borrow are shown,
    each a target; borrowing none is the move bar's one button."""
    s = position(
        hands=[["Selurin Theurge", "Lightstone Gem"], ["Dwarf Sentinel", "Torch"]], hall=["Nixie"] * 3
    )
    s = use(dungeon(s), the(s, "Selurin Theurge"), "summon")
    sentinel = the(s, "Dwarf Sentinel", seat=1)
    assert not problems_of(s, 1)  # the discard: the hero in the other player's hand
    s = act(s, 1, "discard", card=sentinel)
    assert s["ask"]["k"] == "borrow"
    assert ENGINE.targets(s, 0, {"type": "borrow", "card": sentinel}) == [f"card:{sentinel}"]
    assert f"card:{sentinel}" in drawn_targets(s, 0)
    assert not problems_of(s, 0)


def test_with_no_monster_to_attack_leaving_the_dungeon_is_the_bars_button():
    """Docs (thunderstone.md, A16): with no monster to attack, the party leaves the dungeon: the
    one move without a place, a button in the move bar."""
    s = dungeon(position(hands=[["Torch"], []], hall=[None, None, None]))
    assert [a["type"] for a in legal(s)] == ["retreat"] and not problems_of(s, 0)
