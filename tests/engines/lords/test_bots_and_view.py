"""Bots, views and sampling: the bots decide from the seat's view; a view never holds another
seat's spells or a deck's order; `sample` deals a state that the seat cannot tell from its view."""

from __future__ import annotations

import pytest

from games.engines.autoplay import play
from games.engines.base import canonical
from games.engines.lords import ENGINE
from games.engines.lords.bots import (
    PLAN_WEIGHTS,
    SPARE_GEMS,
    Reading,
    answer_value,
    champion_bot,
    heuristic_bot,
    placement_value,
    spot_value,
)
from games.engines.lords.data import ITEMS, SPELLS
from games.engines.rng import Rng


def states(seed: int, players: int, every: int = 7):
    """Some states of a game between heuristic and random bots."""
    s = ENGINE.setup(seed, players, {})
    rng = Rng(seed)
    step = 0
    while acting := ENGINE.to_act(s):
        seat = min(acting)
        if step % every == 0:
            yield s
        legal = ENGINE.legal_actions(s, seat)
        bot = heuristic_bot if seat % 2 == 0 else ENGINE.bots["random"]
        s = ENGINE.apply(s, seat, bot(ENGINE.view(s, seat), legal, rng))
        step += 1
    yield s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_finish_games(players):
    result = play(ENGINE, players, players, {}, ["heuristic", "random"])
    assert min(result["ranks"]) == 1 and result["moves"] > 0


def test_the_heuristic_bot_beats_the_random_bot():
    """Issue: at least 90% of two-player games; a small run guards it here (the bench runs 200)."""
    wins = 0
    for seed in range(20):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play(ENGINE, seed, 2, {}, seats)
        wins += result["ranks"][seed % 2] == 1
    assert wins >= 18


@pytest.mark.parametrize("bot", [heuristic_bot, champion_bot])
def test_the_heuristic_and_the_hard_bot_s_plan_read_only_their_view(bot):
    """Two states that differ only in what seat 0 cannot see lead to the same choice (the
    heuristic's, and the champion plan's that the hard bot starts from)."""
    s = ENGINE.setup(11, 2, {})
    seat = s["turn"]
    them = 1 - seat
    other = {**s, "players": [dict(p) for p in s["players"]]}
    other["players"][them]["hand"] = list(s["spell_deck"][:2])
    other["spell_deck"] = list(s["players"][them]["hand"]) + list(s["spell_deck"][2:])
    other["store_deck"] = list(reversed(s["store_deck"]))
    other["rng"] = s["rng"] + 1
    assert canonical(ENGINE.view(s, seat)) == canonical(ENGINE.view(other, seat))
    legal = ENGINE.legal_actions(s, seat)
    assert bot(ENGINE.view(s, seat), legal, Rng(1)) == bot(ENGINE.view(other, seat), legal, Rng(1))


def test_the_champion_plan_wants_the_tournament_more_than_the_heuristic_s_collector():
    """The hard bot's search starts from the champion plan (docs/lords.md, "Bots"): a collector
    who values the Tournament higher; every other spot as the collector weighs it."""
    champion, collector = PLAN_WEIGHTS["champion"], PLAN_WEIGHTS["collector"]
    assert champion["tournament"] > collector["tournament"]
    assert {k: v for k, v in champion.items() if k != "tournament"} == {
        k: v for k, v in collector.items() if k != "tournament"
    }
    for s in states(5, 2, every=1):
        seat = min(ENGINE.to_act(s), default=None)
        if seat is not None and {"type": "place", "spot": "tournament"} in ENGINE.legal_actions(s, seat):
            view = ENGINE.view(s, seat)
            worth = {
                plan: placement_value(Reading(view, plan=plan), "tournament")
                for plan in ("champion", "collector")
            }
            assert worth["champion"] >= worth["collector"]
            if worth["collector"] > 0:
                assert worth["champion"] > worth["collector"]
                return
    pytest.fail("no placement found where the Tournament is worth something")


@pytest.mark.parametrize("plan", ["spells", "builder"])
def test_a_spells_or_builder_lord_with_gems_to_spare_shops_like_a_collector(plan):
    """docs/lords.md, "Plans": the spells and builder plans spend gems they do not need at the
    General Store, as the collector does; short of gems, they keep to their own weights."""
    from tests.engines.lords.helpers import position

    s = position(2)
    charter, chalice = (
        next(i for i, x in ITEMS.items() if x.name == n) for n in ("Royal Charter", "Silver Chalice")
    )
    s["store"] = [charter, chalice]
    rich, poor = (
        ENGINE.view({**s, "players": [{**s["players"][0], "gems": g}, s["players"][1]]}, 0)
        for g in (60, SPARE_GEMS - 1)
    )
    collector = placement_value(Reading(rich, plan="collector"), "store-1")
    assert collector > 0
    assert placement_value(Reading(rich, plan=plan), "store-1") == pytest.approx(collector)
    buy = {"type": "buy_item", "item": charter}
    assert answer_value(Reading(rich, plan=plan), buy) == answer_value(Reading(rich, plan="collector"), buy)
    # Short of gems: the plan's own weight, and an item is worth no more than its points.
    own = spot_value(Reading(poor, plan=plan), "store-1") * PLAN_WEIGHTS[plan]["store"]
    assert placement_value(Reading(poor, plan=plan), "store-1") == pytest.approx(own)
    buy = {"type": "buy_item", "item": chalice}
    assert (
        0 < answer_value(Reading(poor, plan=plan), buy) < answer_value(Reading(poor, plan="collector"), buy)
    )


def test_the_spells_and_builder_plans_want_the_thieves_guild_less_than_a_collector():
    """Their gems come later (docs/lords.md, "Plans"): 2 points for 18 gems is a bad trade even
    for a lord who is short of gems now."""
    from tests.engines.lords.helpers import position

    view = ENGINE.view(position(2, gems=3), 0)
    collector = placement_value(Reading(view, plan="collector"), "thieves")
    assert collector > 0
    for plan in ("spells", "builder"):
        assert 0 < placement_value(Reading(view, plan=plan), "thieves") < collector


@pytest.mark.parametrize("players", [2, 4])
def test_the_champion_bot_finishes_games(players, monkeypatch):
    monkeypatch.setitem(ENGINE.bots, "plan", champion_bot)
    result = play(ENGINE, 11, players, {}, ["plan", "heuristic"])
    assert min(result["ranks"]) == 1 and result["moves"] > 0


@pytest.mark.parametrize("players", [2, 4])
def test_sample_deals_a_state_the_seat_cannot_tell_from_its_view(players):
    """`sample(view, seat, rng)`: the seat's view of the sampled state is its view; the hidden
    spells are dealt from those it has not seen; play can go on from the sample."""
    for s in states(3, players):
        for seat in range(players):
            v = ENGINE.view(s, seat)
            t = ENGINE.sample(v, seat, Rng(9))
            assert canonical(ENGINE.view(t, seat)) == canonical(v)
            dealt = [c for p in t["players"] for c in p["hand"] + p["cast"]] + t["market"] + t["spell_deck"]
            assert sorted(dealt) == sorted(SPELLS)  # every spell once
            items = [i for p in t["players"] for i in p["items"]] + t["store"] + t["store_deck"] + t["sold"]
            items += [t["ask"]["item"]] if t["ask"] and "item" in t["ask"] else []
            assert sorted(items) == sorted(ITEMS)
            if ENGINE.to_act(t):
                (who,) = ENGINE.to_act(t)
                ENGINE.apply(t, who, ENGINE.legal_actions(t, who)[0])


def test_sampled_states_differ_only_in_what_is_hidden():
    s = next(x for x in states(5, 3) if x["players"][1]["hand"])
    v = ENGINE.view(s, 0)
    a, b = ENGINE.sample(v, 0, Rng(1)), ENGINE.sample(v, 0, Rng(2))
    assert a["players"][0]["hand"] == b["players"][0]["hand"] == s["players"][0]["hand"]
    assert a["market"] == s["market"] and a["store"] == s["store"]
    assert (a["players"][1]["hand"], a["spell_deck"]) != (b["players"][1]["hand"], b["spell_deck"])


def test_a_view_holds_no_other_hand_and_no_deck_order():
    s = ENGINE.setup(2, 3, {})
    for seat in (None, 0, 1, 2):
        text = canonical(ENGINE.view(s, seat))
        for q, p in enumerate(s["players"]):
            for c in p["hand"]:
                assert (f'"{c}"' in text) == (q == seat)
        for c in s["spell_deck"] + s["store_deck"]:
            assert f'"{c}"' not in text
        assert str(s["rng"]) not in text


def test_board_targets_name_the_spot_the_card_or_the_spell_a_move_is_made_on():
    """Moves on the board: each placement names its spot; buys and casts name the item or
    spell clicked; the rest (free actions, passes) are made from the list. No target names
    anything the seat cannot see (a spot, a shown card, its own spell)."""
    seen: dict[str, set[str]] = {}
    for s in states(3, 3, every=3):
        for seat in ENGINE.to_act(s):
            view = ENGINE.view(s, seat)
            for action in ENGINE.legal_actions(s, seat):
                keys = ENGINE.targets(s, seat, action)
                seen.setdefault(action["type"], set()).update(k.split(":")[0] for k in keys)
                if action["type"] == "place":
                    assert keys == [f"spot:{action['spot']}"]
                elif action["type"] == "buy_item":
                    assert keys == [f"store:{action['item']}"] and action["item"] in view["store"]
                elif action["type"] == "buy_spell":
                    assert keys == [f"black:{action['spell']}"] and action["spell"] in view["market"]
                elif action["type"] == "cast":
                    assert keys == [f"spell:{action['spell']}"]
                else:
                    assert keys == []
    assert seen["place"] == {"spot"}
