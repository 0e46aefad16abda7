"""The dungeon hall after and around a battle: victory and defeat, experience, spoils, the hall
shifting and refilling, breaches, the Thunderstone, Banish and the heroes that move monsters;
with Bruce's dungeon turn to the number.

Rulebook sections: Enter the dungeon (step 4), Monster cards, Resolving battles, Spoils, Dungeon
example, Winning the game, Rules clarifications (Breach effect), Card glossary (Banish, Elf
Sorcerer/Archmage, Thyrian Lord, Chalice Paladin, Dwarf Janissary, Gray Ooze, Sphinx, Feayn,
Archduke of Pain, Tyxr the Old)."""

from __future__ import annotations

from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.data import STONE_ID
from games.engines.thunderstone.state import stack_size

from .helpers import act, battle, dungeon, ids, last_battle, legal, names, position, the, use

STONE = "Stone of Mystery"


def attack(s, rank):
    return act(s, s["turn"], "attack", rank=rank)


def hall(s):
    return names([c for c in s["hall"] if c]), [c is None for c in s["hall"]]


def test_bruce_dungeon_turn():
    """Dungeon example (Bruce): the Regian Priest draws a Militia, then destroys two Diseases in a
    row (drawing a Disease, then a Short Sword). The Blink Dog cannot be attacked without light, so
    Banish sends it under the deck (Suffering, Uyril Unending, Kingdom), Bruce destroys the Militia
    and draws Battle Fury. Against Suffering (rank 1, Strength -2) with the Iron Rations on the
    Priest: 12, minus 2 for light. Against Uyril (rank 2) with the Iron Rations on the Squire (the
    Polearm at Strength 8): 16 - 4 = 12 against health 9: victory, 2 XP, Kingdom moves to rank 2."""
    s = position(
        hands=[["Disease", "Banish", "Regian Priest", "Iron Rations", "Thyrian Squire", "Polearm"], []],
        decks=[["Militia", "Disease", "Short Sword", "Battle Fury"] + ["Iron Rations"] * 6, ["Militia"] * 8],
        hall=["Blink Dog", "Suffering", "Uyril Unending"],
        dungeon=["Kingdom", "Nixie", "Nixie"],
    )
    s = dungeon(s)
    priest = the(s, "Regian Priest")
    s = use(s, priest, "draw")
    assert names(s["hands"][0])[-1] == "Militia"
    first = the(s, "Disease")
    s = use(s, priest, "cure", target=first)
    assert names(s["hands"][0])[-1] == "Disease"
    s = use(s, priest, "cure", target=the(s, "Disease"))
    assert names(s["hands"][0])[-1] == "Short Sword" and "Disease" not in names(s["hands"][0])
    assert first not in s["destroyed"]  # Disease goes back to its stack
    assert {a["rank"] for a in legal(s) if a["type"] == "attack"} == {2, 3}  # no light: no Blink Dog
    s = use(s, the(s, "Banish"), "banish")
    s = act(s, 0, "banish", rank=1)
    assert hall(s)[0] == ["Suffering", "Uyril Unending", "Kingdom"]
    assert s["dungeon"][-1].startswith("blink-dog")
    assert s["ask"]["k"] == "banish_destroy"
    militia = the(s, "Militia")
    s = act(s, 0, "destroy", card=militia)
    assert militia in s["destroyed"] and names(s["hands"][0])[-1] == "Battle Fury"
    squire, sword, polearm, rations = (
        the(s, k) for k in ("Thyrian Squire", "Short Sword", "Polearm", "Iron Rations")
    )
    # Option a: the Iron Rations on the Priest, against Suffering.
    a = use(s, rations, "strength", target=priest)
    a = act(a, 0, "equip", weapon=sword, hero=priest)
    a = act(a, 0, "equip", weapon=polearm, hero=squire)
    r = battle(a, 1)
    assert r["total"] + 2 * r["penalty"] == 12 and r["penalty"] == 1 and r["total"] == 10 and r["win"]
    # Option b (his choice): the Iron Rations on the Squire, against Uyril Unending.
    b = use(s, rations, "strength", target=squire)
    b = act(b, 0, "equip", weapon=sword, hero=priest)
    b = act(b, 0, "equip", weapon=polearm, hero=squire)
    r = battle(b, 2)
    assert (r["raw_attack"], r["raw_magic"]) == (4 + 2 + 6 + 2, 2)
    assert r["total"] + 2 * r["penalty"] == 16 and r["total"] == 12 and not r["halved"] and r["win"]
    b = attack(b, 2)
    assert last_battle(b) == ("Uyril Unending", 2, 12, True)
    assert b["xp"][0] == 2
    assert "Uyril Unending" in names(b["discards"][0])
    assert names(b["destroyed"]) == ["Militia"]  # no Militia left for Uyril to destroy
    assert hall(b)[0] == ["Suffering", "Kingdom", "Nixie"]


def test_defeat_sends_the_monster_under_the_deck_and_the_hall_refills():
    """Resolving battles: an undefeated monster goes to the bottom of the dungeon deck; the ranks
    above move down and the deck's top card fills rank 3."""
    s = dungeon(
        position(hands=[["Militia", "Lantern"], []], hall=["Nixie", "Griffon", "Pegasus"], dungeon=["Sphinx"])
    )
    s = attack(s, 1)
    assert hall(s)[0] == ["Griffon", "Pegasus", "Sphinx"]
    assert names(s["dungeon"]) == [STONE, "Nixie"] and s["seen"] == 1
    assert s["xp"][0] == 0


def test_victory_gives_the_monster_and_its_experience():
    s = dungeon(
        position(hands=[["Dwarf Sentinel", "Short Sword", "Lantern"], []], hall=["Griffon", "Nixie", "Nixie"])
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    s = attack(s, 1)
    assert s["xp"][0] == 2 and "Griffon" in names(s["discards"][0])


def test_feayn_sniper_extra_experience_at_rank_3():
    s = dungeon(
        position(hands=[["Feayn Sniper", "Lightstone Gem"], []], hall=["Nixie", "Nixie", "Griknack Goblin"])
    )
    s = attack(s, 3)
    assert s["xp"][0] == 1 + 1


def test_feayn_sniper_two_snipers_at_rank_3_each_add_their_experience():
    """Feayn Sniper's text (+1 XP for a victory at rank 3) does not say whether two Snipers in one
    party add 1 each or 1 in all, and the rulebook does not settle it. Reading chosen (see
    docs/thunderstone.md): the bonus is each attacking Sniper's own, so two add 2."""
    s = dungeon(
        position(
            hands=[["Feayn Sniper", "Feayn Sniper", "Lightstone Gem"], []],
            hall=["Nixie", "Nixie", "Griknack Goblin"],
        )
    )
    s = attack(s, 3)
    assert last_battle(s)[3] and s["xp"][0] == 1 + 2


def test_the_thunderstone_taken_by_defeating_rank_1():
    """Winning the game: defeating the rank 1 monster so that the Thunderstone moves into rank 1
    takes it (to the discard pile); the game ends at once."""
    s = dungeon(
        position(hands=[["Dwarf Sentinel", "Short Sword", "Lantern"], []], hall=["Nixie", STONE, None])
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    s = attack(s, 1)
    assert s["phase"] == "over" and s["stone"] == 0
    assert STONE_ID in s["discards"][0]
    assert ENGINE.to_act(s) == frozenset()
    out = ENGINE.outcome(s)
    assert out["breakdown"][0]["Thunderstone"] == 3 and out["breakdown"][0]["Monsters"] == 1


def test_the_thunderstone_reaching_rank_1_otherwise_ends_the_game_untaken():
    """Winning the game: a defeat that lets the Thunderstone into rank 1 ends the game; nobody
    takes it."""
    s = dungeon(position(hands=[["Militia", "Lantern"], []], hall=["Nixie", STONE, "Nixie"]))
    s = attack(s, 1)
    assert s["phase"] == "over" and s["stone"] is None and s["end"] == "stone"
    assert names([s["hall"][0]]) == [STONE]


def test_victory_at_rank_2_moves_the_thunderstone_to_rank_2_only():
    s = dungeon(
        position(
            hands=[["Dwarf Sentinel", "Short Sword", "Lantern"], []], hall=["Nixie", "Griknack Goblin", STONE]
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    s = attack(s, 2)
    assert s["phase"] == "choose" and hall(s)[0][:2] == ["Nixie", STONE]


def test_breach_tyxr_after_a_battle_everyone_else_discards_two():
    """Breach effect and glossary, Tyxr the Old: reaching rank 1 every player discards two cards;
    after the battle the active player's hand is being discarded anyway."""
    s = position(
        players=3,
        hands=[["Militia", "Lantern"], ["Torch", "Dagger", "Militia"], ["Torch"]],
        hall=["Nixie", "Tyxr the Old", "Nixie"],
    )
    s = attack(dungeon(s), 1)
    assert s["ask"]["k"] == "discard" and ENGINE.to_act(s) == {1, 2}
    s = act(s, 2, "discard", card=the(s, "Torch", seat=2))
    assert ENGINE.to_act(s) == {1}  # seat 2 had one card
    s = act(s, 1, "discard", card=the(s, "Torch", seat=1))
    s = act(s, 1, "discard", card=the(s, "Dagger", seat=1))
    assert s["turn"] == 1 and names(s["discards"][1]) == ["Torch", "Dagger"]


def test_breach_once_per_arrival_and_not_at_setup():
    """Breach effect: once when the monster reaches rank 1; a breach monster already in rank 1 at
    setup does nothing, nor does it when other ranks change."""
    s = dungeon(
        position(
            hands=[["Dwarf Sentinel", "Short Sword", "Lantern"], ["Torch"] * 3],
            hall=["Tyxr the Old", "Griknack Goblin", "Nixie"],
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    s = attack(s, 2)
    assert s["ask"] is None and s["turn"] == 1 and len(s["hands"][1]) == 3


def test_breach_archduke_destroys_the_top_two_cards_of_every_hero_stack():
    """Glossary, Archduke of Pain: reaching rank 1, the top two cards of each hero stack in the
    village are destroyed, Militia's included."""
    s = dungeon(position(hands=[["Militia", "Lantern"], []], hall=["Nixie", "Archduke of Pain", "Nixie"]))
    militia = stack_size(s, "basic:Militia")
    s = attack(s, 1)
    assert stack_size(s, "basic:Militia") == militia - 2
    assert s["stacks"]["hero:Elf"] == [4, 4, 2]  # Elf Wizards, Sorcerers, Archmages
    assert names(s["destroyed"]).count("Elf Wizard") == 2


def test_banish_sends_a_monster_under_then_destroys_and_draws():
    """Glossary, Banish: the hall refills at once (a breach resolves at once); then one card from
    the hand is destroyed (Banish itself may be) and one drawn."""
    s = position(
        hands=[["Banish", "Militia", "Iron Rations"], ["Torch", "Torch", "Torch"]],
        decks=[["Lantern"] + ["Torch"] * 8, ["Militia"] * 8],
        hall=["Nixie", "Tyxr the Old", "Griffon"],
        dungeon=["Pegasus"],
    )
    s = dungeon(s)
    s = use(s, the(s, "Iron Rations"), "strength", target=the(s, "Militia"))
    banish = the(s, "Banish")
    s = use(s, banish, "banish")
    assert {a["type"] for a in legal(s)} == {"banish", "arrange"}
    s = act(s, 0, "banish", rank=1)
    # Tyxr reached rank 1 during the preparation: both players discard two, at once.
    assert hall(s)[0] == ["Tyxr the Old", "Griffon", "Pegasus"]
    assert ENGINE.to_act(s) == {0, 1}
    t1, t2, _ = ids(s, "Torch", seat=1)
    s = act(s, 1, "discard", card=t1)
    assert legal(s, 1) == [{"type": "discard", "card": t2}]  # a picked card is not offered again
    s = act(s, 1, "discard", card=t2)
    assert ENGINE.to_act(s) == {0}
    s = act(s, 0, "discard", card=the(s, "Militia"))
    s = act(s, 0, "discard", card=the(s, "Iron Rations"))
    assert s["ask"]["k"] == "banish_destroy"
    assert [a["card"] for a in legal(s)] == [banish]  # only the Banish is left
    s = act(s, 0, "destroy", card=banish)
    assert names(s["hands"][0]) == ["Lantern"]


def test_banish_may_rearrange_the_thunderstone_into_rank_1():
    """Glossary, Banish: the hall may be rearranged so the Thunderstone is in rank 1, ending the
    game without anyone taking it."""
    s = dungeon(position(hands=[["Banish"], []], hall=["Nixie", "Griffon", STONE]))
    s = use(s, the(s, "Banish"), "banish")
    orders = [a["order"] for a in legal(s) if a["type"] == "arrange"]
    assert len(orders) == 6
    s = act(s, 0, "arrange", order=[3, 1, 2])
    assert s["phase"] == "over" and s["stone"] is None


def test_banish_rearranging_a_breach_monster_into_rank_1():
    s = dungeon(position(hands=[["Banish", "Torch"], []], hall=["Nixie", "Archduke of Pain", "Griffon"]))
    s = use(s, the(s, "Banish"), "banish")
    s = act(s, 0, "arrange", order=[2, 1, 3])
    assert hall(s)[0] == ["Archduke of Pain", "Nixie", "Griffon"]
    assert "Elf Wizard" in names(s["destroyed"])


def test_banish_cannot_destroy_a_card_whose_ability_was_used():
    s = dungeon(
        position(
            hands=[["Banish", "Militia", "Iron Rations", "Torch"], []], hall=["Nixie", "Griffon", "Pegasus"]
        )
    )
    rations = the(s, "Iron Rations")
    s = use(s, rations, "strength", target=the(s, "Militia"))
    s = use(s, the(s, "Banish"), "banish")
    s = act(s, 0, "banish", rank=3)
    assert rations not in {a["card"] for a in legal(s)}
    assert {names([a["card"]])[0] for a in legal(s)} == {"Banish", "Militia", "Torch"}


def test_several_banishes_each_resolved_in_turn():
    s = dungeon(
        position(
            hands=[["Banish", "Banish", "Militia", "Militia"], []],
            hall=["Nixie", "Griffon", "Pegasus"],
            dungeon=["Sphinx", "Kingdom"],
        )
    )
    b1, b2 = ids(s, "Banish")
    s = use(s, b1, "banish")
    assert not any(a.get("card") == b2 for a in legal(s))  # the first is resolved first
    s = act(s, 0, "banish", rank=1)
    s = act(s, 0, "destroy", card=the(s, "Militia"))
    s = use(s, b2, "banish")
    s = act(s, 0, "banish", rank=1)
    assert hall(s)[0] == ["Pegasus", "Sphinx", "Kingdom"]


def test_elf_archmage_sends_a_monster_under_before_the_battle():
    s = dungeon(
        position(hands=[["Elf Archmage"], []], hall=["Nixie", "Griffon", "Pegasus"], dungeon=["Sphinx"])
    )
    s = use(s, the(s, "Elf Archmage"), "send", rank=2)
    assert hall(s)[0] == ["Nixie", "Pegasus", "Sphinx"] and names(s["dungeon"])[-1] == "Griffon"


def test_elf_sorcerer_after_a_victory_may_send_a_monster_under():
    s = dungeon(
        position(
            hands=[["Elf Sorcerer", "Elf Sorcerer", "Lantern"], []], hall=["Nixie", "Griknack Goblin", STONE]
        )
    )
    s = attack(s, 2)
    assert s["ask"]["k"] == "send"
    s = act(s, 0, "pass")
    assert s["ask"]["k"] == "send"  # the second Sorcerer
    s = act(s, 0, "send", rank=1)
    assert s["phase"] == "over" and s["stone"] is None  # the Thunderstone moved into rank 1


def test_thyrian_lord_takes_a_1_or_2_vp_monster_without_experience():
    """Glossary, Thyrian Lord: eat a Food to take a monster worth 1 or 2 VP from the hall into the
    discard pile, without experience; the hall refills."""
    s = dungeon(
        position(
            hands=[["Thyrian Lord", "Iron Rations", "Lantern"], []],
            hall=["Nixie", "Griffon", "Black Slime"],
            dungeon=["Sphinx"],
        )
    )
    options = {a["rank"] for a in legal(s) if a.get("ability") == "capture"}
    assert options == {1, 3}  # Nixie 1 VP, Griffon 4, Black Slime 2
    s = use(s, the(s, "Thyrian Lord"), "capture", target=the(s, "Iron Rations"), rank=3)
    assert "Black Slime" in names(s["discards"][0]) and s["xp"][0] == 0
    assert hall(s)[0] == ["Nixie", "Griffon", "Sphinx"]


def test_spoils_chalice_paladin_buys_any_card_with_the_gold_in_hand():
    """Spoils and glossary, Chalice Paladin: after a victory, one card from the village (hero and
    basic stacks too) paid with the gold of the cards still in the battle."""
    s = dungeon(
        position(
            hands=[["Chalice Paladin", "Lightstone Gem", "Torch", "Short Sword"], []],
            hall=["Nixie", "Griknack Goblin", "Nixie"],
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Chalice Paladin"))
    s = attack(s, 2)
    assert s["ask"]["k"] == "spoils"
    stacks = {a["stack"] for a in legal(s) if a["type"] == "buy"}
    assert "hero:Regian" in stacks and "basic:Torch" in stacks  # gold 3 + 2 + 3 = 8
    assert "hero:Thyrian" in stacks  # a Thyrian Squire costs 7
    s = act(s, 0, "buy", stack="hero:Regian")
    assert "Regian Cleric" in names(s["discards"][0])


def test_spoils_dwarf_janissary_weapons_only_gray_ooze_food_only():
    s = dungeon(
        position(
            hands=[["Dwarf Janissary", "Dagger", "Lightstone Gem", "Torch"], []],
            hall=["Gray Ooze", "Nixie", "Nixie"],
            village=("Short Sword", "Spear", "Polearm", "Feast"),
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Dagger"), hero=the(s, "Dwarf Janissary"))
    s = attack(s, 1)  # 2 + 4 + 1 = 7 against 6
    assert s["ask"]["k"] == "spoils" and s["ask"]["kind"] == "Weapon"
    assert {a.get("stack") for a in legal(s)} == {
        "basic:Dagger",
        "village:Short Sword",
        "village:Spear",
        None,
    }
    s = act(s, 0, "pass")
    assert s["ask"]["kind"] == "Food"
    assert {a.get("stack") for a in legal(s)} == {"basic:Iron Rations", "village:Feast", None}
    s = act(s, 0, "buy", stack="basic:Iron Rations")
    assert names(s["discards"][0])[:2] == ["Gray Ooze", "Iron Rations"]


def test_spoils_lost_when_the_hero_did_not_attack_or_was_destroyed():
    """Spoils: heroes that did not attack cannot use theirs (a destroyed one neither)."""
    s = dungeon(
        position(
            hands=[["Chalice Paladin", "Dwarf Sentinel", "Short Sword", "Lightstone Gem"], []],
            hall=["Haunt", "Nixie", "Nixie"],
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    s = attack(s, 1)
    s = act(s, 0, "haunt", hero=the(s, "Chalice Paladin"))
    assert last_battle(s)[3] and s["ask"] is None and s["turn"] == 1
    m = dungeon(
        position(
            hands=[["Chalice Paladin", "Dwarf Sentinel", "Short Sword", "Lightstone Gem"], []],
            hall=["Mythlurian", "Nixie", "Nixie"],
        )
    )
    m = act(m, 0, "equip", weapon=the(m, "Short Sword"), hero=the(m, "Dwarf Sentinel"))
    m = attack(m, 1)
    m = act(m, 0, "lose", card=the(m, "Chalice Paladin"))
    assert m["ask"] is None and m["turn"] == 1


def test_sphinx_spoils_reveal_six_and_destroy_any():
    """Glossary, Sphinx: only Magic Attack counts; its spoils turn up six cards of the deck (not
    the hand), any of which may be destroyed, the rest discarded."""
    s = dungeon(
        position(
            hands=[["Selurin Warlock", "Elf Wizard", "Fireball", "Lightstone Gem"], []],
            decks=[["Disease", "Militia", "Torch", "Disease", "Dagger", "Lantern", "Militia"], []],
            hall=["Nixie", "Sphinx", "Nixie"],
        )
    )
    s = attack(s, 2)  # (2 + 2 + 3) x 2 = 14 against 8
    assert s["ask"]["k"] == "sphinx"
    assert names(s["t"]["revealed"]) == ["Disease", "Militia", "Torch", "Disease", "Dagger", "Lantern"]
    disease = s["t"]["revealed"][0]
    s = act(s, 0, "destroy", card=disease)
    s = act(s, 0, "destroy", card=s["t"]["revealed"][0])
    assert names(s["t"]["revealed"]) == ["Torch", "Disease", "Dagger", "Lantern"]
    assert names(s["destroyed"]) == ["Militia"]  # the Disease went back to its stack
    s = act(s, 0, "done")
    owned = names(s["hands"][0] + s["decks"][0] + s["discards"][0])
    assert sorted(owned) == sorted(
        [
            "Selurin Warlock",
            "Elf Wizard",
            "Fireball",
            "Lightstone Gem",
            "Sphinx",
            "Torch",
            "Disease",
            "Dagger",
            "Lantern",
            "Militia",
        ]
    )
