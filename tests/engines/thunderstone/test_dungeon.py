"""Entering the dungeon: preparation, weapons, light, the battle value, with the rulebook's
numbers (the light penalty example, Disease on Attack or Magic Attack, the glossary's Dwarf,
Spear, Polearm, Warhammer and Selurin figures).

Rulebook sections: Enter the dungeon, Hero cards (Strength), Battles, Dungeon effects, Light and
darkness, Attack and Magic Attack traits, Disease cards, Trophies, Card glossary."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.thunderstone.battle import disease_splits

from .helpers import act, battle, dungeon, ids, kinds_of, legal, names, position, the, use


def equip(s, weapon, hero):
    return act(s, s["turn"], "equip", weapon=weapon, hero=hero)


def test_light_penalty_example():
    """Light and darkness, the example: unmodified the penalties are the ranks, 1, 2, 3. With
    Knightmare in rank 1, Griffon in rank 2, Blink Dog in rank 3 and no light they are 3, 2 and 4 (Attack -6, -4, -8); with a Fireball and a
    Torch (Light 2) they are 1, 0 and 2 (-2, 0, -4). The Blink Dog cannot be attacked; against the
    Griffon the party needs Attack +4 besides the Fireball."""
    plain = dungeon(position(hands=[["Militia"], []], hall=["Griffon", "Griffon", "Griffon"]))
    assert [battle(plain, r)["penalty"] for r in (1, 2, 3)] == [1, 2, 3]  # unmodified: -2, -4, -6
    assert [battle(plain, r)["total"] for r in (1, 2, 3)] == [1 - 2, 1 - 4, 1 - 6]
    dark = dungeon(position(hands=[["Militia"], []], hall=["Knightmare", "Griffon", "Blink Dog"]))
    assert [battle(dark, r)["penalty"] for r in (1, 2, 3)] == [3, 2, 4]
    assert [battle(dark, r)["total"] for r in (1, 2, 3)] == [1 - 6, 1 - 4, 1 - 8]
    lit = dungeon(position(hands=[["Fireball", "Torch"], []], hall=["Knightmare", "Griffon", "Blink Dog"]))
    assert [battle(lit, r)["penalty"] for r in (1, 2, 3)] == [1, 0, 2]
    assert [battle(lit, r)["total"] for r in (1, 2, 3)] == [3 - 2, 3 - 0, 3 - 4]
    for s in (dark, lit):
        assert {a["rank"] for a in legal(s) if a["type"] == "attack"} == {1, 2}
    griffon = battle(lit, 2)
    assert griffon["health"] - griffon["total"] == 4


def test_light_never_adds_attack():
    """Light and darkness, Important: light beyond the penalty counts as zero."""
    s = dungeon(position(hands=[["Lightstone Gem", "Lantern", "Militia"], []]))
    assert battle(s, 1)["penalty"] == 0 and battle(s, 1)["total"] == 1


def test_disease_reduces_attack_or_magic_attack():
    """Attack and Magic Attack traits, the example: a Dwarf Janissary with a Flaming Sword has
    Attack 6 (2 + 4 for the edged weapon) and Magic Attack 3; a Disease makes it 5 and 3, or 6
    and 2. Without the sword Magic Attack is 0 and cannot be chosen."""
    assert disease_splits(1, 6, 3) == [(0, 1), (1, 0)]
    assert disease_splits(1, 6, 0) == [(1, 0)]
    assert disease_splits(3, 1, 1) == [(1, 1)]  # a Disease with no part left to hit does nothing
    s = position(hands=[["Dwarf Janissary", "Flaming Sword", "Disease", "Torch", "Torch"], []])
    s = dungeon(s)
    s = equip(s, the(s, "Flaming Sword"), the(s, "Dwarf Janissary"))
    r = battle(s, 2)
    assert (r["raw_attack"], r["raw_magic"], r["diseases"]) == (6, 3, 1)
    assert (r["attack"], r["magic"]) in ((5, 3), (6, 2))
    assert r["total"] == 8
    bare = dungeon(position(hands=[["Dwarf Janissary", "Disease", "Torch", "Torch"], []]))
    r = battle(bare, 2)
    assert (r["attack"], r["magic"]) == (1, 0)


def test_disease_is_mandatory_and_has_no_gold():
    """Disease: it must be played when revealed in the dungeon (no action can set it aside)."""
    s = dungeon(position(hands=[["Militia", "Militia", "Disease", "Disease", "Torch"], []]))
    assert not any(a.get("card", "").startswith("disease") for a in legal(s))
    assert battle(s, 1)["total"] == 0


@pytest.mark.parametrize(
    ("dwarf", "total"), [("Dwarf Guardian", 4), ("Dwarf Janissary", 6), ("Dwarf Sentinel", 8)]
)
def test_dwarf_with_an_edged_weapon(dwarf, total):
    """Glossary, Dwarf Guardian, Janissary, Sentinel: with an edged weapon their own Attack is
    +4, +6, +8, on top of the weapon's bonus (a Dagger's +1)."""
    s = dungeon(position(hands=[[dwarf, "Dagger", "Torch", "Torch"], []]))
    s = equip(s, the(s, "Dagger"), the(s, dwarf))
    row = battle(s, 2)["heroes"][0]
    assert row["attack"] == total + 1


def test_spear_thrown_for_plus_5_still_carried():
    """Glossary, Spear: thrown (destroyed) its bonus is +5 and it still counts as carried."""
    s = dungeon(
        position(hands=[["Militia", "Spear", "Iron Rations", "Torch", "Torch"], []], hall=["Tormentor"] * 3)
    )
    militia, spear = the(s, "Militia"), the(s, "Spear")
    assert not any(a.get("ability") == "throw" for a in legal(s))  # not carried: nothing to throw
    s = use(s, the(s, "Iron Rations"), "strength", target=militia)
    s = equip(s, spear, militia)
    assert battle(s, 2)["heroes"][0]["attack"] == 1 + 2
    s = use(s, spear, "throw")
    assert spear in s["destroyed"] and spear not in s["hands"][0]
    r = battle(s, 2)
    assert r["heroes"][0]["attack"] == 1 + 5
    assert not r["halved"]  # the Tormentor halves a party without a weapon: the spear still counts


def test_polearm_2_or_6_at_strength_8():
    """Glossary, Polearm: +2 for a hero of Strength 2, +6 at Strength 8 or more (Iron Rations
    count; Magical Aura lightens weapons but does not give Strength)."""
    s = dungeon(position(hands=[["Militia", "Polearm", "Thyrian Knight", "Polearm", "Torch", "Torch"], []]))
    p1, p2 = ids(s, "Polearm")
    s = equip(s, p1, the(s, "Militia"))
    s = equip(s, p2, the(s, "Thyrian Knight"))
    rows = {names([r["id"]])[0]: r["attack"] for r in battle(s, 2)["heroes"]}
    assert rows == {"Militia": 1 + 1 + 2, "Thyrian Knight": 4 + 6}  # the Knight gives Militia +1
    squire = dungeon(position(hands=[["Thyrian Squire", "Polearm", "Iron Rations", "Torch", "Torch"], []]))
    hero = the(squire, "Thyrian Squire")
    squire = use(squire, the(squire, "Iron Rations"), "strength", target=hero)
    squire = equip(squire, the(squire, "Polearm"), hero)
    assert battle(squire, 2)["heroes"][0]["attack"] == 2 + 6


def test_magical_aura_makes_every_weapon_weigh_0_and_draws():
    """Glossary, Magical Aura: weapons weigh nothing (a Militia carries a Short Sword), but a
    Polearm still needs Strength 8 for +6; it must draw a card."""
    s = dungeon(
        position(
            hands=[["Militia", "Short Sword", "Magical Aura", "Torch", "Torch"], []], decks=[["Polearm"], []]
        )
    )
    militia, sword = the(s, "Militia"), the(s, "Short Sword")
    assert {"type": "equip", "weapon": sword, "hero": militia} not in legal(s)
    s = use(s, the(s, "Magical Aura"), "aura")
    assert names(s["hands"][0])[-1] == "Polearm"
    s = equip(s, sword, militia)
    assert battle(s, 2)["heroes"][0]["attack"] == 1 + 4


def test_warhammer_cleric_against_doomknight_or_undead():
    """Glossary, Warhammer: a Cleric attacking a Doomknight or Undead has +6 from it, else +3."""
    for monster, bonus in (("Kingdom", 6), ("Lord Mortis", 6), ("Grudgebeast", 3)):
        s = dungeon(
            position(hands=[["Chalice Quester", "Warhammer", "Lantern", "Lantern"], []], hall=[monster] * 3)
        )
        s = equip(s, the(s, "Warhammer"), the(s, "Chalice Quester"))
        assert battle(s, 2)["heroes"][0]["attack"] == 2 + bonus, monster
    fighter = dungeon(
        position(hands=[["Dwarf Sentinel", "Warhammer", "Lantern", "Lantern"], []], hall=["Kingdom"] * 3)
    )
    fighter = equip(fighter, the(fighter, "Warhammer"), the(fighter, "Dwarf Sentinel"))
    assert battle(fighter, 2)["heroes"][0]["attack"] == 3 + 3  # not a Cleric; not edged either


@pytest.mark.parametrize(("warlocks", "factor"), [(1, 2), (2, 4), (3, 8)])
def test_selurin_warlocks_multiply_magic_attack(warlocks, factor):
    """Glossary, Selurin Theurge or Warlock: the x2 is applied after every Magic Attack bonus;
    two Warlocks make x4, three x8."""
    s = dungeon(position(hands=[["Selurin Warlock"] * warlocks + ["Fireball", "Lantern"], []]))
    r = battle(s, 2)
    assert r["raw_magic"] == 2 * warlocks + 3
    assert r["magic"] == (2 * warlocks + 3) * factor


def test_selurin_magician_adds_to_items_and_magic_spells():
    """Glossary, Selurin: each Item (with or without a bonus) and each Spell with Magic Attack
    gains Magic Attack +1, per Magician."""
    s = dungeon(
        position(
            hands=[["Selurin Magician", "Torch", "Iron Rations", "Fireball", "Battle Fury", "Lantern"], []]
        )
    )
    assert battle(s, 2)["raw_magic"] == 2 + 3 + 4  # Torch, Iron Rations, Lantern, Fireball


def test_iron_rations_stack_and_cannot_be_eaten_once_used():
    """Glossary, Iron Rations; Dungeon effects: several Iron Rations on one hero add up; once used
    for Strength they cannot also be eaten by a Thyrian."""
    s = dungeon(
        position(hands=[["Militia", "Iron Rations", "Iron Rations", "Thyrian Squire", "Short Sword"], []])
    )
    militia = the(s, "Militia")
    ir1, ir2 = ids(s, "Iron Rations")
    s = use(s, ir1, "strength", target=militia)
    assert {"type": "equip", "weapon": the(s, "Short Sword"), "hero": militia} in legal(s)  # Strength 4
    s = use(s, ir2, "strength", target=militia)
    eats = [a for a in legal(s) if a.get("ability") == "eat"]
    assert eats == []
    with pytest.raises(IllegalAction):
        use(s, the(s, "Thyrian Squire"), "eat", target=ir1)


def test_food_eaten_is_gone_for_any_other_use():
    """Glossary, Thyrian and Outlands: food they eat cannot also give Strength."""
    s = dungeon(
        position(
            hands=[
                ["Thyrian Squire", "Iron Rations", "Outlands Slayer", "Feast", "Goodberries", "Lantern"],
                [],
            ]
        )
    )
    squire, slayer = the(s, "Thyrian Squire"), the(s, "Outlands Slayer")
    ir = the(s, "Iron Rations")
    s = use(s, squire, "eat", target=ir)
    assert ir in s["destroyed"]
    assert not any(a.get("card") == ir for a in legal(s))
    assert not any(a.get("card") == squire and a.get("ability") == "eat" for a in legal(s))  # once
    s = use(s, slayer, "eat", target=the(s, "Feast"))
    s = use(s, slayer, "eat", target=the(s, "Goodberries"))  # Repeat: as often as there is food
    rows = {names([r["id"]])[0]: r["attack"] for r in battle(s, 2)["heroes"]}
    assert rows == {"Thyrian Squire": 2 + 2, "Outlands Slayer": 5 + 3 + 3}


def test_goodberries_strength_and_magic():
    """Glossary, Goodberries: +3 Strength; the hero's whole attack, weapon included, becomes Magic
    Attack (Militia too)."""
    s = dungeon(
        position(hands=[["Militia", "Goodberries", "Short Sword", "Battle Fury", "Torch", "Torch"], []])
    )
    militia = the(s, "Militia")
    s = use(s, the(s, "Goodberries"), "berries", target=militia)
    s = equip(s, the(s, "Short Sword"), militia)
    r = battle(s, 2)
    assert r["heroes"][0]["attack"] == 0 and r["heroes"][0]["magic"] == 1 + 4 + 1


def test_arcane_energies_turns_armed_heroes_magic_and_draws():
    """Glossary, Arcane Energies: armed heroes' attack becomes Magic Attack; a card must be drawn."""
    s = dungeon(
        position(
            hands=[["Militia", "Militia", "Dagger", "Arcane Energies", "Torch", "Torch"], []],
            decks=[["Lantern"], []],
        )
    )
    m1, _m2 = ids(s, "Militia")
    s = equip(s, the(s, "Dagger"), m1)
    s = use(s, the(s, "Arcane Energies"), "arcane")
    assert names(s["hands"][0])[-1] == "Lantern"
    r = battle(s, 2)
    assert (r["raw_attack"], r["raw_magic"]) == (1, 2)


def test_feast_and_battle_fury_help_every_hero_militia_included():
    """Glossary, Feast and Battle Fury: Militia are heroes and get the bonuses."""
    s = dungeon(position(hands=[["Militia", "Militia", "Feast", "Battle Fury", "Polearm", "Lantern"], []]))
    m1 = ids(s, "Militia")[0]
    s = use(s, the(s, "Feast"), "feast")
    assert {"type": "equip", "weapon": the(s, "Polearm"), "hero": m1} in legal(s)
    s = equip(s, the(s, "Polearm"), m1)
    r = battle(s, 2)
    assert sorted(row["attack"] for row in r["heroes"]) == [1 + 1 + 1, 1 + 1 + 1 + 2]
    assert r["heroes"][0]["strength"] == 5


def test_thyrian_knight_and_lord_party_bonuses():
    """Thyrian Knight: each Militia +1; Thyrian Lord: each hero that is not a Fighter +2."""
    s = dungeon(
        position(
            hands=[
                ["Thyrian Knight", "Thyrian Lord", "Militia", "Regian Cleric", "Amazon Archer", "Lantern"],
                [],
            ]
        )
    )
    rows = {names([r["id"]])[0]: (r["attack"], r["magic"]) for r in battle(s, 1)["heroes"]}
    assert rows["Militia"] == (1 + 1 + 2, 0)
    assert rows["Regian Cleric"] == (2, 1)
    assert rows["Amazon Archer"] == (1, 0)


def test_amazon_bonus_at_rank_2_or_3():
    s = dungeon(position(hands=[["Amazon Queen", "Lightstone Gem"], []]))
    assert [battle(s, r)["heroes"][0]["attack"] for r in (1, 2, 3)] == [2, 6, 6]


def test_outlands_khan_and_slayer_count_monsters_in_hand():
    """Glossary, Outlands Slayer or Khan: per Monster card revealed in the hand."""
    s = dungeon(
        position(hands=[["Outlands Khan", "Outlands Slayer", "Nixie", "Grudgebeast", "Lightstone Gem"], []])
    )
    rows = {names([r["id"]])[0]: r["attack"] for r in battle(s, 2)["heroes"]}
    assert rows == {"Outlands Khan": 7 + 4, "Outlands Slayer": 5 + 2}


def test_chalice_defender_counts_items_with_light_only():
    """Glossary, Chalice Defender: only Items with Light (not weapons) add to his attack."""
    s = dungeon(
        position(hands=[["Chalice Defender", "Torch", "Lantern", "Flaming Sword", "Iron Rations"], []])
    )
    s = equip(s, the(s, "Flaming Sword"), the(s, "Chalice Defender"))
    row = battle(s, 2)["heroes"][0]
    assert (row["attack"], row["magic"]) == (3 + 2, 3)


def test_feayn_does_not_attack_rank_1():
    """Glossary, Feayn: against rank 1 no Attack and no Light."""
    s = dungeon(position(hands=[["Feayn Sniper", "Militia"], []]))
    r1, r2 = battle(s, 1), battle(s, 2)
    assert r1["heroes"][0]["idle"] == "rank 1" and r1["light"] == 0 and r1["raw_attack"] == 1
    assert r2["light"] == 2 and r2["raw_attack"] == 4 + 1


def test_weapons_one_per_hero_within_strength_and_useless_unequipped():
    """Hero cards and Battles: one weapon per hero, weight within Strength, each weapon once;
    an unequipped weapon gives nothing, not even light."""
    s = dungeon(position(hands=[["Militia", "Short Sword", "Dagger", "Flaming Sword", "Regian Cleric"], []]))
    militia, cleric = the(s, "Militia"), the(s, "Regian Cleric")
    equips = {(a["weapon"], a["hero"]) for a in legal(s) if a["type"] == "equip"}
    assert (the(s, "Short Sword"), militia) not in equips  # weight 4, Strength 2
    assert (the(s, "Short Sword"), cleric) in equips
    assert battle(s, 1)["light"] == 0  # the Flaming Sword is not carried
    s = equip(s, the(s, "Dagger"), militia)
    assert not any(a["type"] == "equip" and a["hero"] == militia for a in legal(s))
    assert not any(a["type"] == "equip" and a["weapon"] == the(s, "Dagger") for a in legal(s))
    with pytest.raises(IllegalAction):
        equip(s, the(s, "Short Sword"), militia)


def test_trophies_count_from_the_hand_and_monster_effects_do_not():
    """Trophies: Pegasus Attack +1, Griffon Magic Attack +1, Red Jelly Light 1; other battle
    effects of monsters in a hand never apply (a Suffering card takes no Strength)."""
    s = dungeon(
        position(hands=[["Pegasus", "Griffon", "Red Jelly", "Suffering", "Militia", "Short Sword"], []])
    )
    r = battle(s, 1)
    assert (r["raw_attack"], r["raw_magic"], r["light"]) == (1 + 1, 1, 1)
    assert r["heroes"][0]["strength"] == 2


def test_regian_cleric_destroys_disease_to_draw_repeatedly():
    """Dungeon example and glossary, Regian: Repeat, destroy a Disease to draw a card; Disease goes
    back to its stack (not the destroyed pile)."""
    s = dungeon(
        position(hands=[["Regian Cleric", "Disease", "Disease"], []], decks=[["Torch", "Lantern"], []])
    )
    cleric = the(s, "Regian Cleric")
    d1 = the(s, "Disease")
    s = use(s, cleric, "cure", target=d1)
    s = use(s, cleric, "cure", target=the(s, "Disease"))
    assert names(s["hands"][0]) == ["Regian Cleric", "Torch", "Lantern"]
    assert d1 not in s["destroyed"]


def test_a_monster_must_be_chosen_even_a_hopeless_one():
    """Battles (note): once in the dungeon a monster must be attacked; the Thunderstone and empty
    ranks cannot be."""
    s = dungeon(position(hands=[["Militia"], []], hall=["Archduke of Pain", "Stone of Mystery", None]))
    assert {a["rank"] for a in legal(s) if a["type"] == "attack"} == {1}
    assert "retreat" not in kinds_of(legal(s))
    with pytest.raises(IllegalAction):
        act(s, 0, "attack", rank=2)


def test_no_monster_to_attack_leaves_the_dungeon():
    """Cannot attack: with only a Blink Dog in the dark (and the Thunderstone), no battle."""
    s = dungeon(position(hands=[["Militia"], []], hall=["Blink Dog", "Stone of Mystery", None]))
    assert legal(s) == [{"type": "retreat"}]
    s = act(s, 0, "retreat")
    assert s["turn"] == 1 and names([c for c in s["hall"] if c]) == ["Blink Dog", "Stone of Mystery"]


def test_victory_and_defeat_against_health():
    """Resolving battles: a total equal to the Health wins; less loses."""
    s = dungeon(
        position(
            hands=[["Dwarf Sentinel", "Lantern"], []], hall=["Nixie", "Grudgebeast", "Firebrand Cyclops"]
        )
    )
    assert battle(s, 1)["total"] == 3 and not battle(s, 1)["win"]  # Nixie, health 5
    s2 = dungeon(position(hands=[["Dwarf Sentinel", "Militia", "Lantern"], []], hall=["Grudgebeast"] * 3))
    assert battle(s2, 1)["total"] == 4 and battle(s2, 1)["win"]  # health 4
