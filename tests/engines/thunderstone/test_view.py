"""What each seat sees, the words for every action, and `sample` for search bots.

Hidden information (house rule, docs/architecture.md): a view never holds another seat's hand
(unless revealed), any deck order, the unseen dungeon cards, another seat's pending pick, or the
generator; `sample(view, seat, rng)` deals exactly what the view hides."""

from __future__ import annotations

import json

import pytest

from games.engines.base import canonical
from games.engines.rng import Rng
from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.data import STONE_ID, card

from .helpers import act, dungeon, names, position, the


def random_states(seed: int, players: int, options: dict, every: int = 1):
    """The states of one random game (every `every`-th)."""
    s = ENGINE.setup(seed, players, options)
    rng = Rng(seed + 99)
    step = 0
    while True:
        if step % every == 0:
            yield s
        acting = ENGINE.to_act(s)
        if not acting:
            return
        seat = sorted(acting)[rng.below(len(acting))]
        s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat)))
        step += 1


def test_a_hand_is_secret_except_when_revealed_in_the_village_or_dungeon():
    """Visit the village 1 / Enter the dungeon 1: the hand is revealed for the turn; resting
    reveals only the card destroyed."""
    s = position(hands=[["Militia", "Torch"], ["Dagger"]])
    other = ENGINE.view(s, 1)
    assert other["seats"][0]["hand"] is None and other["seats"][0]["hand_size"] == 2
    assert all(f'"{c}"' not in json.dumps(other) for c in s["hands"][0])
    assert ENGINE.view(s, 0)["hand"] == s["hands"][0]
    assert ENGINE.view(act(s, 0, "village"), 1)["seats"][0]["hand"] == s["hands"][0]
    assert ENGINE.view(dungeon(s), None)["seats"][0]["hand"] == s["hands"][0]
    assert ENGINE.view(act(s, 0, "rest"), 1)["seats"][0]["hand"] is None


def test_what_everyone_owns_unseen_is_shown_as_counts_of_kinds():
    s = position(hands=[["Militia", "Torch"], ["Dagger"]], decks=[["Lantern", "Militia"], ["Torch"]])
    v = ENGINE.view(s, 1)
    assert v["seats"][0]["unseen"] == {"Lantern": 1, "Militia": 2, "Torch": 1}
    assert v["seats"][1]["unseen"] == {"Torch": 1}  # my own deck, not my hand
    assert v["seats"][0]["deck_size"] == 2


def test_the_thunderstone_position_as_far_as_players_know():
    """Setup: the Thunderstone is among the last eleven cards; the view says among how many of
    the unseen cards, and which monsters are known to lie under them."""
    s = ENGINE.setup(5, 2, {})
    v = ENGINE.view(s, 0)
    assert v["dungeon"]["zone"] == 11 and v["dungeon"]["unseen"] == 28 and v["dungeon"]["bottom"] == []
    assert sum(v["dungeon"]["unseen_kinds"].values()) == 27
    assert STONE_ID not in json.dumps(v)


def test_monsters_seen_going_under_are_known_and_the_zone_shrinks():
    s = dungeon(
        position(
            hands=[["Militia", "Lantern"], []],
            hall=["Nixie", "Griffon", "Pegasus"],
            dungeon=["Sphinx", "Kingdom"],
        )
    )
    s = act(s, 0, "attack", rank=1)
    v = ENGINE.view(s, 1)
    assert names(v["dungeon"]["bottom"]) == ["Nixie"] and v["dungeon"]["unseen"] == 2
    assert v["dungeon"]["zone"] == 1


def test_secrets_name_hidden_cards_and_no_view_holds_them():
    for s in random_states(3, 3, {}, every=7):
        for seat in (0, 1, 2, None):
            text = canonical(ENGINE.view(s, seat))
            hidden = ENGINE.secrets(s, seat)
            assert len(hidden) > 20
            for secret in hidden:
                assert secret not in text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"setup": "first game"}, {"monsters": "4"}])
def test_sample_deals_a_state_whose_view_is_the_view(players, options):
    """sample's contract: view(sample(view, seat, rng), seat) == view, at every step of random
    games, for every seat."""
    rng = Rng(players)
    for seed in range(3):
        for s in random_states(seed, players, options, every=3):
            for seat in range(players):
                v = ENGINE.view(s, seat)
                dealt = ENGINE.sample(json.loads(json.dumps(v)), seat, rng)
                assert canonical(ENGINE.view(dealt, seat)) == canonical(v)
                json.dumps(dealt)
                if ENGINE.to_act(dealt):
                    assert ENGINE.legal_actions(dealt, sorted(ENGINE.to_act(dealt))[0])


def test_sample_varies_with_the_generator_and_keeps_the_known_cards():
    s = ENGINE.setup(2, 3, {})
    v = ENGINE.view(s, 0)
    first = ENGINE.sample(v, 0, Rng(1))
    second = ENGINE.sample(v, 0, Rng(2))
    assert first["hands"][0] == second["hands"][0] == s["hands"][0]
    assert first["hall"] == s["hall"] and first["stacks"] == s["stacks"]
    differs = [first[k] != second[k] for k in ("dungeon", "decks")]
    assert all(differs)
    others = {tuple(sorted(names(ENGINE.sample(v, 0, Rng(k))["hands"][1]))) for k in range(20)}
    assert len(others) > 1  # the other hands are dealt afresh
    deck_kinds = sorted(names(first["decks"][0]))
    assert deck_kinds == sorted(names(s["decks"][0]))


def test_sample_puts_the_thunderstone_where_it_may_be():
    s = ENGINE.setup(8, 2, {})
    v = ENGINE.view(s, 0)
    depths = set()
    for k in range(200):
        dealt = ENGINE.sample(v, 0, Rng(k))
        depth = len(dealt["dungeon"]) - dealt["dungeon"].index(STONE_ID)
        assert 1 <= depth <= 11
        depths.add(depth)
    assert depths == set(range(1, 12))


def test_sample_reads_only_the_view():
    """Two states that differ only in what seat 0 cannot see give the same sample."""
    s = ENGINE.setup(11, 2, {})
    other = dict(s)
    other["hands"] = [list(s["hands"][0]), list(s["decks"][1][:6])]
    other["decks"] = [list(reversed(s["decks"][0])), list(s["hands"][1])]
    other["dungeon"] = list(reversed(s["dungeon"][:17])) + s["dungeon"][17:]
    other["rng"] = 12345
    assert canonical(ENGINE.view(s, 0)) == canonical(ENGINE.view(other, 0))
    a = ENGINE.sample(ENGINE.view(s, 0), 0, Rng(4))
    b = ENGINE.sample(ENGINE.view(other, 0), 0, Rng(4))
    assert canonical(a) == canonical(b)


def test_sample_deals_a_hero_to_a_seat_asked_for_one():
    s = position(
        players=2,
        hands=[["Selurin Theurge"], ["Militia", "Torch", "Torch", "Torch"]],
        decks=[["Torch"] * 8, ["Torch"] * 9],
    )
    s = dungeon(s)
    s = act(s, 0, "use", card=the(s, "Selurin Theurge"), ability="summon")
    v = ENGINE.view(s, 0)
    for k in range(30):
        dealt = ENGINE.sample(v, 0, Rng(k))
        assert any(card(c).is_hero for c in dealt["hands"][1])


def test_every_action_has_words_for_the_actions_panel():
    """describe() names every legal action at every step of random games; log lines are words."""
    for setup in ("random", "first game"):
        for seed in range(6):
            for s in random_states(seed, 3, {"setup": setup}):
                for seat in ENGINE.to_act(s):
                    for action in ENGINE.legal_actions(s, seat):
                        group, label = ENGINE.describe(s, seat, action)
                        assert group and label and "{" not in group
            log = ENGINE.view(s, None)["log"]
            assert log and all(isinstance(line, str) and "\t" not in line for line in log)
