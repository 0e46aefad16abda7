"""Discards other players make during a turn: each is that seat's own action, chosen at the
same time as the others and hidden until everyone has chosen.

Rulebook sections: Card glossary (Lorigg Outlaw or Rogue, Redblade Assassin or Poisoner,
Selurin Theurge, Tyxr the Old)."""

from __future__ import annotations

from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.data import card

from .helpers import act, dungeon, ids, legal, names, position, the, use


def test_lorigg_rogue_makes_every_other_player_discard_one_card():
    """Glossary, Lorigg Outlaw or Rogue: win or lose, every other player discards when this hero
    enters the dungeon."""
    s = position(players=3, hands=[["Lorigg Rogue", "Militia"], ["Torch", "Dagger"], ["Lantern"]])
    s = dungeon(s)
    assert s["ask"]["k"] == "discard" and ENGINE.to_act(s) == {1, 2}
    assert ENGINE.legal_actions(s, 0) == []
    assert {a["card"] for a in legal(s, 1)} == set(s["hands"][1])
    torch = the(s, "Torch", seat=1)
    s = act(s, 1, "discard", card=torch)
    # Seat 1's pick stays hidden from the others until seat 2 has picked too.
    assert torch in s["hands"][1] and torch not in ENGINE.view(s, 0)["seats"][1]["discard"]
    assert ENGINE.view(s, 1)["my_picks"] == [torch] and ENGINE.view(s, 2)["my_picks"] == []
    assert ENGINE.to_act(s) == {2}
    s = act(s, 2, "discard", card=the(s, "Lantern", seat=2))
    assert names(s["discards"][1]) == ["Torch"] and names(s["discards"][2]) == ["Lantern"]
    assert ENGINE.to_act(s) == {0} and s["ask"] is None


def test_a_player_without_cards_discards_nothing():
    s = position(players=3, hands=[["Redblade Poisoner", "Militia"], [], ["Lantern"]])
    s = dungeon(s)
    assert ENGINE.to_act(s) == {2}


def test_a_rogue_drawn_during_the_preparation_also_makes_them_discard():
    s = position(
        hands=[["Regian Priest", "Lantern"], ["Torch", "Torch"]],
        decks=[["Lorigg Outlaw", "Torch"], ["Torch"] * 6],
    )
    s = dungeon(s)
    assert s["ask"] is None
    s = use(s, the(s, "Regian Priest"), "draw")
    assert ENGINE.to_act(s) == {1}


def test_redblade_assassin_one_hero_or_two_cards():
    """Redblade Assassin: each other player discards one hero, or two cards."""
    s = position(
        players=3,
        hands=[["Redblade Assassin"], ["Militia", "Torch", "Dagger"], ["Torch", "Lantern", "Dagger"]],
    )
    s = dungeon(s)
    s = act(s, 1, "discard", card=the(s, "Militia", seat=1))
    assert ENGINE.to_act(s) == {2}  # a hero is enough
    s = act(s, 2, "discard", card=the(s, "Torch", seat=2))
    assert ENGINE.to_act(s) == {2}  # a card that is not a hero: one more
    s = act(s, 2, "discard", card=the(s, "Dagger", seat=2))
    assert names(s["discards"][1]) == ["Militia"] and names(s["discards"][2]) == ["Torch", "Dagger"]


def test_several_harassers_each_make_them_discard():
    s = position(hands=[["Lorigg Rogue", "Redblade Poisoner"], ["Torch", "Dagger", "Lantern"]])
    s = dungeon(s)
    s = act(s, 1, "discard", card=the(s, "Torch", seat=1))
    assert ENGINE.to_act(s) == {1}
    s = act(s, 1, "discard", card=the(s, "Dagger", seat=1))
    assert ENGINE.to_act(s) == {0} and names(s["hands"][1]) == ["Lantern"]


def test_selurin_theurge_others_discard_a_hero_and_one_may_be_borrowed():
    """Glossary, Selurin Theurge: every other player discards a hero or shows a hand without one;
    the active player may use one of those heroes in the battle; it goes back to its owner after,
    or is destroyed if the battle destroys it."""
    s = position(
        players=3,
        hands=[
            ["Selurin Theurge", "Lightstone Gem"],
            ["Dwarf Sentinel", "Militia", "Torch"],
            ["Torch", "Dagger"],
        ],
        hall=["Nixie", "Mythlurian", "Nixie"],
    )
    s = dungeon(s)
    s = use(s, the(s, "Selurin Theurge"), "summon")
    assert s["shown"][2]  # no hero: seat 2 shows its hand
    assert ENGINE.view(s, 0)["seats"][2]["hand"] == s["hands"][2]
    assert ENGINE.to_act(s) == {1}
    assert {names([a["card"]])[0] for a in legal(s, 1)} == {"Dwarf Sentinel", "Militia"}
    sentinel = the(s, "Dwarf Sentinel", seat=1)
    s = act(s, 1, "discard", card=sentinel)
    assert s["ask"]["k"] == "borrow" and legal(s) == [{"type": "borrow", "card": sentinel}, {"type": "pass"}]
    s = act(s, 0, "borrow", card=sentinel)
    assert sentinel in s["hands"][0] and sentinel not in s["discards"][1]
    r = ENGINE.view(s, 0)["preview"][1]
    assert r["raw_attack"] == 3 and r["raw_magic"] == 2 and r["magic"] == 2 * 2
    s = act(s, 0, "attack", rank=2)
    assert s["ask"]["k"] == "slay"
    s = act(s, 0, "lose", card=sentinel)
    assert sentinel in s["destroyed"] and sentinel not in s["discards"][1]


def test_a_borrowed_hero_goes_back_to_its_owner():
    s = position(
        hands=[["Selurin Theurge", "Lightstone Gem"], ["Militia", "Torch"]], hall=["Nixie", "Nixie", "Nixie"]
    )
    s = dungeon(s)
    s = use(s, the(s, "Selurin Theurge"), "summon")
    militia = the(s, "Militia", seat=1)
    s = act(s, 1, "discard", card=militia)
    s = act(s, 0, "borrow", card=militia)
    gold_before = sum(card(c).gold or 0 for c in s["hands"][0] if c != militia)
    assert gold_before == 3
    s = act(s, 0, "attack", rank=1)
    assert militia in s["discards"][1] and militia not in s["discards"][0]
    assert militia not in s["hands"][0]


def test_a_borrowed_hero_goes_back_when_the_game_ends_during_the_preparation():
    """Glossary, Selurin Theurge (the hero goes back to its owner) with Winning the game (the
    Thunderstone in rank 1 ends the game at once): an Elf Archmage sends the rank 1 monster under,
    the Thunderstone moves down into rank 1 before any battle, and the borrowed hero is still
    given back, so its owner scores it."""
    s = position(
        hands=[["Selurin Theurge", "Elf Archmage", "Lightstone Gem"], ["Militia", "Torch"]],
        hall=["Nixie", "Stone of Mystery", "Nixie"],
    )
    s = dungeon(s)
    s = use(s, the(s, "Selurin Theurge"), "summon")
    militia = the(s, "Militia", seat=1)
    s = act(s, 1, "discard", card=militia)
    s = act(s, 0, "borrow", card=militia)
    assert militia in s["hands"][0]
    s = use(s, the(s, "Elf Archmage"), "send", rank=1)
    assert s["phase"] == "over" and s["end"] == "stone"
    assert militia not in s["hands"][0] + s["discards"][0] + s["decks"][0]
    assert militia in s["discards"][1]


def test_tyxr_breach_the_active_player_discards_too_during_the_preparation():
    """Glossary, Tyxr the Old: every player, the active one included, discards two cards before
    the active player refills the hand (during the preparation, from the hand in use)."""
    s = position(
        hands=[["Elf Archmage", "Militia", "Torch", "Dagger"], ["Torch", "Torch"]],
        hall=["Nixie", "Tyxr the Old", "Nixie"],
    )
    s = dungeon(s)
    s = use(s, the(s, "Elf Archmage"), "send", rank=1)
    assert ENGINE.to_act(s) == {0, 1}
    assert len(legal(s, 0)) == 4 and all(a["type"] == "discard" for a in legal(s, 0))
    for seat in (0, 1):
        for c in list(s["hands"][seat])[:2]:
            s = act(s, seat, "discard", card=c)
    assert s["ask"] is None and len(s["hands"][0]) == 2 and s["hands"][1] == []


def test_the_discarding_seats_choices_are_refused_from_others():
    s = position(players=3, hands=[["Lorigg Rogue"], ["Torch"], ["Torch"]])
    s = dungeon(s)
    mine = the(s, "Torch", seat=1)
    import pytest

    from games.engines.base import IllegalAction

    with pytest.raises(IllegalAction):
        act(s, 2, "discard", card=mine)
    with pytest.raises(IllegalAction):
        act(s, 0, "attack", rank=1)
    assert ids(s, "Torch", seat=1) == [mine]


def test_a_weapon_whose_carrier_was_discarded_to_tyxr_is_free_again():
    s = position(
        hands=[["Elf Archmage", "Militia", "Dwarf Guardian", "Dagger", "Torch"], ["Torch", "Torch"]],
        hall=["Nixie", "Tyxr the Old", "Nixie"],
    )
    s = dungeon(s)
    dagger, militia = the(s, "Dagger"), the(s, "Militia")
    s = act(s, 0, "equip", weapon=dagger, hero=militia)
    s = use(s, the(s, "Elf Archmage"), "send", rank=1)
    s = act(s, 0, "discard", card=militia)
    s = act(s, 0, "discard", card=the(s, "Torch"))
    for c in list(s["hands"][1]):
        s = act(s, 1, "discard", card=c)
    assert {"type": "equip", "weapon": dagger, "hero": the(s, "Dwarf Guardian")} in legal(s)
