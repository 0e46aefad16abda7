"""The final score and its tie-breaks (rules text: End of the Game)."""

from __future__ import annotations

from games.engines.lords import ENGINE
from games.engines.lords.data import ITEMS, SPELLS
from games.engines.lords.scoring import breakdown, outcome

from .helpers import position


def over(s):
    s["phase"] = "over"
    s["lot"] = list(range(s["n"]))
    return s


def test_towers_score_1_2_5_10():
    """End: only 1 Tower 1 VP, 2 Towers 2, 3 Towers 5, all 4 Towers 10."""
    for towers, vp in ((0, 0), (1, 1), (2, 2), (3, 5), (4, 10)):
        assert breakdown(position(2, towers=towers), 0)["Towers"] == vp


def test_a_moat_and_a_wall_score_5_each():
    s = position(2, moat=10, wall=12)
    parts = breakdown(s, 0)
    assert parts["Moat"] == 5 and parts["Wall"] == 5
    assert breakdown(position(2, moat=9, wall=11), 0)["Moat"] == 0


def test_the_most_workers_score_2_and_a_tie_gives_1_each():
    """End: most workers 2 VP; each player tied for the most 1 VP."""
    s = position(3, workers=4, p1={"workers": 3}, p2={"workers": 2})
    assert [breakdown(s, p)["Most workers"] for p in range(3)] == [2, 0, 0]
    s = position(3, workers=4, p1={"workers": 4}, p2={"workers": 2})
    assert [breakdown(s, p)["Most workers"] for p in range(3)] == [1, 1, 0]


def test_fight_build_and_negotiate_majorities_count_item_bonuses():
    """End: highest Fight, Build and Negotiate 2 VP each (ties 1 each)."""
    s = position(2, fight=3, build=1, negotiate=2, p1={"fight": 3, "build": 2, "negotiate": 0})
    a, b = breakdown(s, 0), breakdown(s, 1)
    assert (a["Most Fight"], b["Most Fight"]) == (1, 1)
    assert (a["Most Build"], b["Most Build"]) == (0, 2)
    assert (a["Most Negotiate"], b["Most Negotiate"]) == (2, 0)


def test_items_spells_and_thieves_tokens_count():
    """End: General Store items' VP, every cast spell's VP, -2 per Thieves' Guild token."""
    crown = next(i for i, x in ITEMS.items() if x.name == "Jewelled Crown")
    rite = next(c for c, x in SPELLS.items() if x.name == "Rite of the Sun")
    s = position(2, items=[crown], cast=[rite], thieves=2)
    parts = breakdown(s, 0)
    assert (parts["Items"], parts["Spells"], parts["Thieves' Guild"]) == (4, 5, -4)


def test_the_breakdown_adds_up_to_the_score():
    s = over(position(2, moat=10, towers=3, thieves=1))
    o = outcome(s)
    assert o is not None
    assert o["scores"] == [sum(x.values()) for x in o["breakdown"]]


def test_ties_go_to_spell_points_first_then_gems():
    """End: first tie-break spell VP, second gems left."""
    tincture = next(c for c, x in SPELLS.items() if x.name == "Tincture of Embers")  # 2 VP
    s = over(position(2, cast=[tincture], p1={"moat": 0, "towers": 2, "gems": 99}))
    o = outcome(s)
    assert o["scores"][0] == o["scores"][1]
    assert o["ranks"] == [1, 2]
    s = over(position(2, gems=40, p1={"gems": 41}))
    assert outcome(s)["ranks"] == [2, 1]


def test_then_points_built_then_trained_workers_then_workers():
    """End: third most points built, fourth most trained, fifth most workers."""
    s = over(position(2, towers=2, p1={"items": ["I03"]}))  # 2 points built v a 2-point item
    assert outcome(s)["ranks"] == [1, 2]
    s = over(position(2, trained=1, p1={"trained": 0}))
    assert outcome(s)["ranks"] == [1, 2]
    s = over(position(3, workers=3, p1={"workers": 3}, p2={"workers": 4}))
    # Seat 2 has most workers and so 2 more points; seats 0 and 1 tie on everything else.
    o = outcome(s)
    assert o["ranks"][2] == 1 and sorted(o["ranks"][:2]) == [2, 3]


def test_the_last_tie_break_is_the_lot_drawn_at_the_end():
    """End: sixth, rock-paper-scissors; here a lot drawn from the game's generator when the game
    ends (docs/lords.md), so a replay gives the same order and ranks are never shared."""
    s = over(position(2))
    s["lot"] = [1, 0]
    assert outcome(s)["ranks"] == [2, 1]
    s["lot"] = [0, 1]
    assert outcome(s)["ranks"] == [1, 2]


def test_a_finished_game_draws_its_lot_reproducibly():
    from games.engines.autoplay import play

    a = play(ENGINE, 5, 3, {}, ["random"])
    b = play(ENGINE, 5, 3, {}, ["random"])
    assert a == b and sorted(a["ranks"]) == [1, 2, 3]
