"""The six sections of the worker board, resolved in order (rules text: Resolution Phases on
the Worker Mat, 1-6), with the text's own numbers as tests."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.lords import ENGINE
from games.engines.lords.data import ITEMS, SPELLS

from .helpers import act, position, resolve_board

NO_HERBS = {"R": 0, "G": 0, "B": 0, "Y": 0, "P": 0, "K": 0}


def herbs(**k: int) -> dict[str, int]:
    return {**NO_HERBS, **k}


def spell(name: str) -> str:
    return next(c for c, x in SPELLS.items() if x.name == name)


def item(name: str) -> str:
    return next(i for i, x in ITEMS.items() if x.name == name)


# -- 1. Hire ----------------------------------------------------------------------------------


def test_hire_worker_pays_the_spot_and_the_worker_works_from_next_round():
    """1a Worker: an extra worker for the marked gems (15 on the first spot)."""
    s = resolve_board(position(2), {"hire-1": [0], "labor-1": [1]})
    p = s["players"][0]
    assert p["workers"] == 3 and p["gems"] == 35
    assert s["round"] == 2 and p["placed"] == 0


def test_hire_worker_without_the_gems_does_nothing():
    """1a Worker (designed: an action a player cannot pay for is skipped)."""
    s = resolve_board(position(2, gems=10), {"hire-1": [0], "labor-1": [1]})
    assert s["players"][0]["workers"] == 2 and s["players"][0]["gems"] == 10


def test_the_alchemist_casts_an_alchemist_spell_paying_gems_and_herbs():
    """1b Alchemist: the marked gems, the spell's herbs, cast at once; its points count."""
    tincture = spell("Tincture of Embers")  # R G, 2 points
    s = position(2, hand=[tincture], herbs=herbs(R=1, G=1))
    s = resolve_board(s, {"alchemist-1": [0], "labor-1": [1]})
    assert s["ask"]["k"] == "cast"
    assert ENGINE.legal_actions(s, 0)[:2] == [{"type": "cast", "spell": tincture}, {"type": "skip"}]
    s = act(s, {"type": "cast", "spell": tincture})
    p = s["players"][0]
    assert p["cast"] == [tincture] and p["hand"] == [] and p["gems"] == 45
    assert p["herbs"]["R"] == p["herbs"]["G"] == 0
    assert ENGINE.view(s, 1)["seats"][0]["breakdown"]["Spells"] == 2


def test_a_caster_spell_needs_a_caster_not_an_alchemist():
    """1b-c: the Alchemist casts alchemist spells, the Caster caster spells."""
    ward = spell("Ward of Cinders")  # R G B, caster
    s = position(2, hand=[ward], herbs=herbs(R=1, G=1, B=1))
    s = resolve_board(s, {"alchemist-1": [0], "caster-1": [0], "labor-1": [1]})
    assert s["ask"] == {"k": "cast", "seat": 0, "spot": "caster-1"}  # the Alchemist had nothing
    s = act(s, {"type": "cast", "spell": ward})
    assert s["players"][0]["gems"] == 50 - 8


def test_herbs_in_gardens_pay_for_spells_too():
    """Market c) Sell / casting: herbs come from gardens or the collection."""
    tincture = spell("Tincture of Embers")
    s = position(2, hand=[tincture], herbs=herbs(R=1), gardens=[["G", 2], [None, 0], [None, 0], [None, 0]])
    s = act(resolve_board(s, {"alchemist-1": [0], "labor-1": [1]}), {"type": "cast", "spell": tincture})
    assert s["players"][0]["gardens"][0] == ["G", 2]  # spent one, grew one at round's end


def test_towers_lower_the_cost_of_alchemists_and_casters():
    """4c Tower: Alchemist and Caster costs fall by the number of Towers."""
    ward = spell("Ward of Cinders")
    s = position(2, hand=[ward], herbs=herbs(R=1, G=1, B=1), towers=3)
    s = act(resolve_board(s, {"caster-late": [0], "labor-1": [1]}), {"type": "cast", "spell": ward})
    assert s["players"][0]["gems"] == 50 - (12 - 3)


# -- 2. Market --------------------------------------------------------------------------------


def test_the_general_store_sells_a_shown_item_less_negotiate():
    """2a General: one shown card at its cost; 3c Negotiate lowers Market costs by its value."""
    s = position(2, negotiate=2)
    target = s["store"][0]
    s = resolve_board(s, {"store-1": [0], "labor-1": [1]})
    s = act(s, {"type": "buy_item", "item": target})
    p = s["players"][0]
    assert target in p["items"] and p["gems"] == 50 - max(1, ITEMS[target].price - 2)
    assert len(s["store"]) == 4 and target not in s["store"]


def test_the_general_store_sells_stones_at_5_gems_each():
    """2a General: any number of stones for 5 gems each."""
    s = resolve_board(position(2), {"store-1": [0], "labor-1": [1]})
    s = act(s, {"type": "stones", "n": 3})
    assert s["players"][0]["stones"] == 3 and s["players"][0]["gems"] == 35


def test_the_peek_costs_2_and_the_item_can_go_under_the_deck():
    """2a General: 2 gems to look at the top card, then buy it or put it at the bottom."""
    s = resolve_board(position(2), {"store-1": [0], "labor-1": [1]})
    top = s["store_deck"][0]
    s = act(s, {"type": "peek"})
    assert s["players"][0]["gems"] == 48 and s["ask"] == {"k": "peeked", "seat": 0, "item": top}
    s = act(s, {"type": "bottom"})
    assert s["store_deck"][-1] == top and ENGINE.view(s, 1)["store_bottom"] == [top]


def test_the_peeked_item_can_be_bought():
    s = resolve_board(position(2), {"store-1": [0], "labor-1": [1]})
    top = s["store_deck"][0]
    s = act(s, {"type": "peek"}, {"type": "buy_peeked"})
    assert s["players"][0]["items"] == [top]
    assert s["players"][0]["gems"] == 48 - ITEMS[top].price


def test_the_herbalist_sells_a_shown_herb_for_5_or_any_herb_for_10():
    """2b Herbalist: a displayed herb for 5 gems, any herb from the bag for 10."""
    s = resolve_board(position(2), {"herbalist-1": [0], "herbalist-2": [1]})
    shown = s["display"][0]
    s = act(s, {"type": "buy_herb", "herb": shown, "from": "display"})
    assert s["players"][0]["herbs"][shown] == 1 and s["players"][0]["gems"] == 45
    assert len(s["display"]) == 4
    bag_before = s["bag"]["P"]
    s = act(s, {"type": "buy_herb", "herb": "P", "from": "bag"})
    assert s["players"][1]["herbs"]["P"] == 1 and s["players"][1]["gems"] == 40
    assert s["bag"]["P"] == bag_before - 1


def test_the_black_market_sells_shown_spells_and_the_pile_top_unseen_for_7():
    """2c Black Market: a shown card at its cost, or the pile's top for 7 gems, not revealed."""
    s = resolve_board(position(2), {"black-1": [0], "labor-1": [1]})
    s = act(s, {"type": "blind"})
    drawn = s["players"][0]["hand"][0]
    assert s["players"][0]["gems"] == 43
    assert f'"{drawn}"' not in str(ENGINE.view(s, 1)).replace("'", '"')
    assert drawn in ENGINE.view(s, 0)["hand"]
    assert ENGINE.view(s, 1)["seats"][0]["hand_size"] == 1


def test_a_shown_spell_bought_is_known_to_everyone():
    s = resolve_board(position(2), {"black-1": [0], "labor-1": [1]})
    shown = s["market"][0]
    s = act(s, {"type": "buy_spell", "spell": shown})
    assert ENGINE.view(s, 1)["seats"][0]["known"] == [shown]
    assert s["players"][0]["gems"] == 50 - SPELLS[shown].price


# -- 3. Training ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spot", "skill"), [("fight-1", "fight"), ("build_skill-2", "build"), ("negotiate-1", "negotiate")]
)
def test_training_pays_the_spot_and_raises_the_skill(spot, skill):
    """3a-c: pay the listed gems, the skill rises by one."""
    s = position(4)
    before = s["players"][0][skill]
    s = resolve_board(s, {spot: [0], "labor-1": [1], "labor-2": [2], "labor-3": [3]})
    assert s["players"][0][skill] == before + 1
    assert s["players"][0]["gems"] == 50 - (6 if spot.endswith("1") else 9)


# -- 4. Build ---------------------------------------------------------------------------------


def test_three_workers_with_build_3_make_9_units_of_work():
    """4 Build: one unit per worker times Build: 3 workers x Build 3 = 9 units."""
    s = position(2, build=3)
    s = resolve_board(s, {"build": [0, 0, 0], "labor-1": [1]})
    assert s["players"][0]["moat"] == 9


def test_the_moat_needs_10_units_and_no_stone_and_opens_a_fourth_bigger_garden():
    """4a Moat: 10 units, no stone; the 4th garden opens and every garden holds one more."""
    s = position(2, build=5, gardens=[["R", 2], [None, 0], [None, 0], [None, 0]])
    s = resolve_board(s, {"build": [0, 0], "labor-1": [1]})
    p = s["players"][0]
    assert p["moat"] == 10 and p["stones"] == 0
    assert p["gardens"][0] == ["R", 3]  # grew past the old maximum of 2
    assert ENGINE.view(s, 0)["seats"][0]["open_gardens"] == 4


def test_the_wall_takes_a_stone_per_unit_from_stones_already_owned():
    """4b Wall: 12 units, one stone per unit, paid from stones held when the work is done."""
    s = position(2, build=4, stones=3, moat=10)
    s = resolve_board(s, {"build": [0], "labor-1": [1]})
    assert s["ask"]["k"] == "work"
    s = act(s, {"type": "work", "project": "wall"})
    p = s["players"][0]
    assert p["wall"] == 3 and p["stones"] == 0  # 4 units of work, 3 stones: 3 units built


def test_stones_bought_in_the_market_feed_the_same_rounds_build():
    """4: the Market (section 2) resolves before Build (section 4)."""
    s = position(2, build=2, moat=10)
    s = act(resolve_board(s, {"store-1": [0], "build": [0], "labor-1": [1]}), {"type": "stones", "n": 2})
    s = act(s, {"type": "work", "project": "tower"})
    assert s["players"][0]["tower"] == 2


def test_a_wall_with_fight_5_pays_4_gems_a_round():
    """4b Wall: income of Fight minus 1 at the end of each round (Fight 5: 4 gems)."""
    s = position(2, wall=12, fight=5)
    s = resolve_board(s, {"scavenge": [0], "labor-1": [1]})
    assert s["players"][0]["gems"] == 54
    s = position(2, wall=12, fight=1)
    s = resolve_board(s, {"scavenge": [0], "labor-1": [1]})
    assert s["players"][0]["gems"] == 50


def test_tower_work_left_over_goes_on_to_the_next_tower():
    """4c Tower: 4 units and 4 stones each (designed: surplus work starts the next Tower)."""
    s = position(2, build=6, stones=10, moat=10, wall=12)
    s = resolve_board(s, {"build": [0], "labor-1": [1]})
    p = s["players"][0]
    assert (p["towers"], p["tower"], p["stones"]) == (1, 2, 4)


# -- 5. Money ---------------------------------------------------------------------------------


def test_a_lone_tournament_worker_earns_nothing():
    """5a Tournament: fewer than 2 workers and it is cancelled."""
    s = resolve_board(position(2), {"tournament": [0], "labor-1": [1]})
    assert s["players"][0]["gems"] == 50


def test_the_tournament_places_by_fight_and_ties_go_to_the_earlier_arrival():
    """5a Tournament: highest Fight takes the first place; on equal Fight, the first there."""
    s = position(4, fight=2, p1={"fight": 3}, p2={"fight": 2}, p3={"fight": 1})
    s = resolve_board(s, {"tournament": [2, 3, 0, 1]})
    gems = [p["gems"] for p in s["players"]]
    assert gems == [50 + 5, 50 + 14, 50 + 9, 50 + 2]


def test_general_labour_pays_the_spots_value():
    """5b General Labor: gems by the spot taken (designed: 8/7/6/5)."""
    s = resolve_board(position(4), {"labor-1": [0], "labor-2": [1], "labor-3": [2], "labor-4": [3]})
    assert [p["gems"] for p in s["players"]] == [58, 57, 56, 55]


def test_selling_herbs_pays_3_gems_each_from_gardens_or_the_collection():
    """5c Sell: any number of herbs, from gardens or the collection, 3 gems each."""
    s = position(2, herbs=herbs(R=1), gardens=[["G", 2], [None, 0], [None, 0], [None, 0]])
    s = resolve_board(s, {"sell-1": [0], "labor-1": [1]})
    s = act(s, {"type": "sell", "herb": "R"}, {"type": "sell", "herb": "G"}, {"type": "done"})
    p = s["players"][0]
    assert p["gems"] == 56 and p["herbs"]["R"] == 0


def test_some_items_can_be_sold():
    """5c Sell: in some cases items as well (designed: those with a sell value)."""
    s = position(2, items=[item("Painted Shield")])
    s = resolve_board(s, {"sell-1": [0], "labor-1": [1]})
    s = act(s, {"type": "sell_item", "item": item("Painted Shield")})
    assert s["players"][0]["items"] == [] and s["players"][0]["gems"] == 53


# -- 6. Other ---------------------------------------------------------------------------------


def test_the_thieves_guild_pays_18_gems_for_a_minus_2_token():
    """6a Thieves' Guild: 18 gems, a -2 VP token."""
    s = resolve_board(position(2), {"thieves": [0], "labor-1": [1]})
    assert s["players"][0]["gems"] == 68 and s["tokens"] == 9
    assert ENGINE.view(s, 0)["seats"][0]["breakdown"]["Thieves' Guild"] == -2


def test_the_guild_refuses_the_eleventh_visit():
    """6a Thieves' Guild: only ten tokens for the whole game."""
    s = position(2)
    s["tokens"] = 0
    assert {"type": "place", "spot": "thieves"} not in ENGINE.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "place", "spot": "thieves"})


def test_scavenging_draws_one_token_per_worker():
    """6b Scavenge: one token from the bag per worker there."""
    s = position(2)
    bag = sum(s["bag"].values())
    s = resolve_board(s, {"scavenge": [0, 0, 1]})
    assert sum(s["players"][0]["herbs"].values()) == 2 and sum(s["players"][1]["herbs"].values()) == 1
    assert sum(s["bag"].values()) == bag - 3


def test_two_rotted_herbs_make_a_stone_and_four_make_a_herb():
    """6b Scavenge: 2 Rotted for a stone, 4 for any herb; used tokens go back to the bag."""
    s = position(2, herbs=herbs(K=6))
    bag = s["bag"]["K"]
    s = act(s, {"type": "trade", "get": "stone"})
    assert s["players"][0]["stones"] == 1 and s["players"][0]["herbs"]["K"] == 4
    s = act(s, {"type": "trade", "get": "Y"})
    assert s["players"][0]["herbs"]["Y"] == 1 and s["players"][0]["herbs"]["K"] == 0
    assert s["bag"]["K"] == bag + 6
    assert not [a for a in ENGINE.legal_actions(s, 0) if a["type"] == "trade"]


def test_the_late_alchemist_can_use_herbs_bought_this_round():
    """6c Alchemist: a second chance to cast, after the Market."""
    tincture = spell("Tincture of Embers")
    s = position(2, hand=[tincture], herbs=herbs(R=1), gems=50)
    s["display"] = ["G", "B", "B", "Y"]
    s = resolve_board(s, {"herbalist-1": [0], "alchemist-late": [0], "labor-1": [1]})
    s = act(s, {"type": "buy_herb", "herb": "G", "from": "display"}, {"type": "cast", "spell": tincture})
    assert s["players"][0]["cast"] == [tincture] and s["players"][0]["gems"] == 50 - 5 - 9


# -- The designed items and spell bonuses (docs/lords.md) ----------------------------------------


def test_item_effects_happen_when_bought_or_stay_on():
    """Market a) General (designed items): Quarry Cart +3 stones, Mason's Level +1 Build, Seed
    Pouch two herbs of the buyer's choice."""
    for name, check in (
        ("Quarry Cart", lambda p: p["stones"] == 3),
        ("Mason's Level", lambda p: p["build"] == 3),
    ):
        s = position(2)
        s["store"] = [item(name), *s["store"][1:]]
        s = act(resolve_board(s, {"store-1": [0], "labor-1": [1]}), {"type": "buy_item", "item": item(name)})
        assert check(s["players"][0]), name
    s = position(2)
    s["store"] = [item("Seed Pouch"), *s["store"][1:]]
    s = act(
        resolve_board(s, {"store-1": [0], "labor-1": [1]}), {"type": "buy_item", "item": item("Seed Pouch")}
    )
    assert s["ask"] == {"k": "seeds", "seat": 0, "left": 2}
    s = act(s, {"type": "take", "herb": "P"}, {"type": "take", "herb": "Y"})
    assert (s["players"][0]["herbs"]["P"], s["players"][0]["herbs"]["Y"]) == (1, 1) and s["ask"] is None


def test_the_toll_bridge_pays_2_a_round_and_the_rain_barrel_deepens_gardens():
    s = position(
        2,
        items=[item("Toll Bridge"), item("Rain Barrel")],
        gardens=[["R", 2], [None, 0], [None, 0], [None, 0]],
    )
    s = resolve_board(s, {"scavenge": [0], "labor-1": [1]})
    assert s["players"][0]["gems"] == 52 and s["players"][0]["gardens"][0] == ["R", 3]


def test_the_lodestone_charm_and_towers_both_cut_casting_costs():
    ward = spell("Ward of Cinders")
    s = position(2, hand=[ward], herbs=herbs(R=1, G=1, B=1), towers=1, items=[item("Lodestone Charm")])
    s = act(resolve_board(s, {"caster-1": [0], "labor-1": [1]}), {"type": "cast", "spell": ward})
    assert s["players"][0]["gems"] == 50 - (8 - 2)


def test_spell_bonuses_gems_stone_and_fight():
    """Designed spells: Elixirs +3 gems, Philters +1 stone, Rites +1 Fight."""
    elixir, philter = spell("Elixir of Fire"), spell("Philter of Stone")
    s = position(2, hand=[elixir, philter], herbs=herbs(R=3, B=1, G=1, Y=1))
    s = resolve_board(s, {"alchemist-1": [0], "alchemist-late": [0], "labor-1": [1]})
    s = act(s, {"type": "cast", "spell": elixir}, {"type": "cast", "spell": philter})
    p = s["players"][0]
    assert p["gems"] == 50 - 5 + 3 - 9 and p["stones"] == 1
    rite = spell("Rite of the Sun")
    s = position(2, hand=[rite], herbs=herbs(G=1, Y=2, P=2))
    s = act(resolve_board(s, {"caster-1": [0], "labor-1": [1]}), {"type": "cast", "spell": rite})
    assert s["players"][0]["fight"] == 2
