"""Monster traits and battle effects, each on a hand-made position, with the rulebook's Haunt
and Revenant examples.

Rulebook sections: Battle effects, Attack and Magic Attack traits (Half-Magic Attack, Half-Attack
without [something], Immune to Edged Weapons, Light -X, Magic Attack Immunity, Magic Attack Only,
Magic Attack Required, Unequipped Heroes Cannot Attack), Disease cards, Cannot attack, Card
glossary (each monster)."""

from __future__ import annotations

from games.engines.thunderstone.data import card

from .helpers import act, battle, dungeon, ids, last_battle, legal, names, position, the, use


def attack(s, rank):
    return act(s, s["turn"], "attack", rank=rank)


def fight(hand, monster, rank=2, equips=(), deck=None):
    """Enters the dungeon with `hand`, carries the weapons (kind pairs) and attacks `monster`."""
    s = dungeon(
        position(
            hands=[hand, ["Militia"] * 6],
            hall=[monster] * 3,
            decks=[deck or ["Iron Rations"] * 8, ["Militia"] * 8],
        )
    )
    for weapon, hero in equips:
        s = act(s, 0, "equip", weapon=the(s, weapon), hero=the(s, hero))
    return s


def test_half_attack_without_magic_succubus_uyril_ghost():
    """Half-Attack without Magic Attack: the total is halved, rounded down, unless Magic Attack
    is at least 1."""
    for monster in ("Succubus", "Uyril Unending", "Ghost"):
        s = fight(["Dwarf Sentinel", "Militia", "Lantern", "Lantern"], monster)
        r = battle(s, 2)
        assert r["halved"] and r["total"] == (3 + 1) // 2, monster
        s = fight(["Dwarf Sentinel", "Elf Wizard", "Lantern", "Lantern"], monster)
        r = battle(s, 2)
        assert not r["halved"], monster
    s = fight(["Dwarf Sentinel", "Militia", "Militia", "Lantern", "Lantern"], "Succubus")
    assert battle(s, 2)["total"] == 5 // 2


def test_tormentor_halves_without_a_weapon_and_destroys_a_cleric():
    """Glossary, Tormentor: halved without an equipped weapon; destroys one Cleric."""
    s = fight(
        ["Regian Cleric", "Regian Priest", "Dwarf Sentinel", "Dagger", "Lantern", "Lantern"], "Tormentor"
    )
    assert battle(s, 2)["halved"]
    s = act(s, 0, "equip", weapon=the(s, "Dagger"), hero=the(s, "Dwarf Sentinel"))
    assert not battle(s, 2)["halved"]
    s = attack(s, 2)
    assert s["ask"]["k"] == "slay"
    assert {a["card"] for a in legal(s)} == {the(s, "Regian Cleric"), the(s, "Regian Priest")}
    cleric = the(s, "Regian Cleric")
    s = act(s, 0, "lose", card=cleric)
    assert cleric in s["destroyed"]


def test_darkness_unarmed_heroes_do_not_attack_and_light_penalty_plus_1():
    """Glossary, Darkness: heroes without a weapon add nothing (no Light either); penalty +1."""
    s = fight(["Lorigg Thief", "Dwarf Guardian", "Dagger", "Lantern", "Torch"], "Darkness")
    r = battle(s, 2)
    assert all(row["idle"] == "no weapon" for row in r["heroes"])
    assert r["light"] == 3 and r["penalty"] == 0 and r["total"] == 0
    s = act(s, 0, "equip", weapon=the(s, "Dagger"), hero=the(s, "Lorigg Thief"))
    r = battle(s, 2)
    assert r["light"] == 4 and r["raw_attack"] == 1 + 1


def test_judgement_strength_minus_2_and_attack_minus_1_per_hero():
    """Glossary, Judgement: every hero -2 Strength (a weapon may drop) and -1 Attack or Magic
    Attack, the player's choice."""
    s = fight(
        ["Dwarf Guardian", "Short Sword", "Elf Wizard", "Lantern", "Lantern"],
        "Judgement",
        equips=[("Short Sword", "Dwarf Guardian")],
    )
    r = battle(s, 2)
    rows = {names([x["id"]])[0]: x for x in r["heroes"]}
    assert rows["Dwarf Guardian"]["strength"] == 3
    assert rows["Dwarf Guardian"]["attack"] == 1 + 3 - 1  # the sword dropped; its edged bonus stays
    assert rows["Elf Wizard"]["magic"] == 2 - 1


def test_knightmare_destroys_a_fighter_light_penalty_plus_2():
    s = fight(["Dwarf Guardian", "Amazon Archer", "Militia", "Lantern"], "Knightmare", rank=1)
    assert battle(s, 1)["penalty"] == 1 + 2 - 2
    s = attack(s, 1)
    assert {names([a["card"]])[0] for a in legal(s)} == {"Dwarf Guardian", "Amazon Archer"}


def test_the_prince_strength_minus_2_and_destroys_a_fighter():
    s = fight(
        ["Thyrian Squire", "Polearm", "Lantern", "Lantern"],
        "The Prince",
        equips=[("Polearm", "Thyrian Squire")],
    )
    r = battle(s, 2)
    assert r["heroes"][0]["strength"] == 4 and r["heroes"][0]["attack"] == 2 + 2
    squire = the(s, "Thyrian Squire")
    s = attack(s, 2)
    assert squire in s["destroyed"]  # the only Fighter: no choice to make


def test_ebon_fume_immune_to_magic_destroys_the_strongest_hero():
    """Glossary, Ebon Fume: Magic Attack counts for nothing; the hero with the highest Strength is
    destroyed (a tie: the player chooses)."""
    s = fight(["Elf Wizard", "Thyrian Knight", "Iron Rations", "Fireball", "Lightstone Gem"], "Ebon Fume")
    wizard = the(s, "Elf Wizard")
    r = battle(s, 2)
    assert r["raw_magic"] == 5 and r["magic"] == 0
    s = use(s, the(s, "Iron Rations"), "strength", target=wizard)
    knight = the(s, "Thyrian Knight")
    s = attack(s, 2)
    assert s["destroyed"] == [knight]  # Strength 8 against 3 + 2
    tie = fight(["Thyrian Knight", "Dwarf Sentinel", "Militia", "Lightstone Gem"], "Ebon Fume")
    tie = attack(tie, 2)
    assert tie["ask"]["k"] == "slay"
    assert set(names([a["card"] for a in legal(tie)])) == {"Thyrian Knight", "Dwarf Sentinel"}  # both 8


def test_mythlurian_skaladak_tyxr_harbinger_green_blob_destroy_one_of_a_kind():
    cases = {
        "Mythlurian": ["Militia", "Regian Cleric"],
        "Tyxr the Old": ["Militia", "Regian Cleric"],
        "Skaladak": ["Dagger", "Short Sword"],
        "Red Jelly": ["Dagger", "Short Sword"],
        "Harbinger": ["Fireball", "Battle Fury"],
        "Green Blob": ["Iron Rations", "Feast"],
    }
    for monster, victims in cases.items():
        s = fight([*victims, "Lightstone Gem", "Torch"], monster)
        s = attack(s, 2)
        assert s["ask"]["k"] == "slay", monster
        assert sorted(names([a["card"] for a in legal(s)])) == sorted(victims), monster
        s = act(s, 0, "lose", card=s["ask"]["options"][1])
        assert names(s["destroyed"])[-1] == victims[1]


def test_militia_eaters_and_no_effect_without_militia():
    """Glossary, Black Slime, Spectre, Wraith, Uyril: one Militia is destroyed; without Militia
    nothing happens."""
    for monster in ("Black Slime", "Spectre", "Wraith", "Uyril Unending"):
        s = fight(["Militia", "Militia", "Elf Wizard", "Lightstone Gem"], monster)
        s = attack(s, 2)
        assert names(s["destroyed"]) == ["Militia"], monster  # identical Militia: no choice
        s = fight(["Elf Wizard", "Lightstone Gem"], monster)
        s = attack(s, 2)
        assert s["destroyed"] == [], monster


def test_gray_ooze_destroys_a_hero_unless_one_carries_a_weapon():
    s = fight(["Militia", "Regian Cleric", "Dagger", "Lightstone Gem"], "Gray Ooze")
    bare = attack(s, 2)
    assert bare["ask"]["k"] == "slay"
    armed = act(s, 0, "equip", weapon=the(s, "Dagger"), hero=the(s, "Militia"))
    armed = attack(armed, 2)
    assert armed["ask"] is None or armed["ask"]["k"] != "slay"
    assert armed["destroyed"] == []


def test_grayskin_lizard_armed_heroes_plus_1():
    s = fight(["Militia", "Militia", "Dagger", "Lightstone Gem"], "Grayskin Lizard")
    s = act(s, 0, "equip", weapon=the(s, "Dagger"), hero=ids(s, "Militia")[0])
    assert sorted(r["attack"] for r in battle(s, 2)["heroes"]) == [1, 1 + 1 + 1]


def test_noxious_slag_half_magic_and_immune_to_edged_weapons():
    """Glossary, Noxious Slag: edged weapons add nothing (their Light still counts; a Dwarf keeps
    his own bonus); Magic Attack is halved, rounded down."""
    s = fight(
        ["Dwarf Guardian", "Short Sword", "Regian Cleric", "Flaming Sword", "Iron Rations", "Fireball"],
        "Noxious Slag",
        equips=[("Short Sword", "Dwarf Guardian")],
    )
    cleric = the(s, "Regian Cleric")
    s = use(s, the(s, "Iron Rations"), "strength", target=cleric)
    s = act(s, 0, "equip", weapon=the(s, "Flaming Sword"), hero=cleric)
    r = battle(s, 2)
    assert r["raw_attack"] == 1 + 3
    assert r["raw_magic"] == 1 + 3 and r["magic"] == 2
    assert r["light"] == 1 + 1


def test_magic_attack_only_sphinx():
    s = fight(["Dwarf Sentinel", "Elf Wizard", "Lightstone Gem"], "Sphinx")
    r = battle(s, 2)
    assert (r["attack"], r["magic"], r["total"]) == (0, 2, 2)


def test_magic_attack_required_archduke_and_revenant_attackable_but_not_beaten():
    """Magic Attack Required: a party without Magic Attack may attack (to send the monster under
    the deck) but cannot win."""
    s = fight(["Dwarf Sentinel"] * 4 + ["Lightstone Gem"], "Archduke of Pain")
    r = battle(s, 2)
    assert r["total"] >= 10 and not r["win"]
    assert {"type": "attack", "rank": 2} in legal(s)


def test_archduke_destroys_every_cleric_and_wizard():
    s = fight(
        ["Regian Cleric", "Elf Wizard", "Selurin Magician", "Militia", "Lightstone Gem"], "Archduke of Pain"
    )
    s = attack(s, 2)
    assert sorted(names(s["destroyed"])) == ["Elf Wizard", "Regian Cleric", "Selurin Magician"]


def test_monsters_that_give_disease():
    """Battle effects: Disease gained goes to the discard pile (it does not affect this battle)."""
    for monster, count in (
        ("The Unchained", 1),
        ("Deadbone Troll", 1),
        ("Famine", 1),
        ("Kingdom", 1),
        ("Lord of Death", 2),
        ("Suffering", 1),
    ):
        s = fight(["Militia", "Lightstone Gem"], monster)
        s = attack(s, 2)
        assert names(s["discards"][0]).count("Disease") == count, monster


def test_haunt_choice_excludes_a_hero_already_prevented():
    """Battle effects, the example: a Dwarf, a Feayn and a Militia attack a Haunt in rank 1; the
    Feayn already cannot attack, so Haunt stops the Dwarf or the Militia."""
    s = dungeon(
        position(
            hands=[["Dwarf Guardian", "Feayn Archer", "Militia", "Lightstone Gem"], []],
            hall=["Haunt", "Nixie", "Nixie"],
        )
    )
    s = attack(s, 1)
    assert s["ask"]["k"] == "haunt"
    assert set(names([a["hero"] for a in legal(s)])) == {"Dwarf Guardian", "Militia"}
    dwarf = the(s, "Dwarf Guardian")
    haunted = battle(s, 1, dwarf)
    assert haunted["raw_attack"] == 1 and haunted["heroes"][0]["idle"] == "haunted"
    s = act(s, 0, "haunt", hero=the(s, "Militia"))
    assert last_battle(s)[2] == 1  # the Dwarf alone: 1 (no weapon); no light penalty


def test_revenant_strength_minus_4_destroys_heroes_at_0_feayn_included():
    """Battle effects and glossary, Revenant: Strength -4 for the battle; heroes at 0 or less die
    at its end, even a Feayn that could not attack rank 1; Magic Attack is required."""
    s = dungeon(
        position(
            hands=[["Feayn Archer", "Dwarf Sentinel", "Short Sword", "Elf Wizard", "Lightstone Gem"], []],
            hall=["Revenant", "Nixie", "Nixie"],
        )
    )
    s = act(s, 0, "equip", weapon=the(s, "Short Sword"), hero=the(s, "Dwarf Sentinel"))
    r = battle(s, 1)
    rows = {names([x["id"]])[0]: x for x in r["heroes"]}
    assert rows["Feayn Archer"]["idle"] == "rank 1" and rows["Feayn Archer"]["strength"] == 0
    assert rows["Dwarf Sentinel"]["strength"] == 4 and rows["Dwarf Sentinel"]["attack"] == 3 + 5 + 4
    s = attack(s, 1)
    assert sorted(names(s["destroyed"])) == ["Elf Wizard", "Feayn Archer"]  # Elf Wizard: 3 - 4


def test_cards_destroyed_in_battle_still_count_until_it_ends():
    """Dungeon effects / Battle effects: a hero destroyed by the monster still fights this battle."""
    s = fight(["Dwarf Sentinel", "Militia", "Lightstone Gem", "Grudgebeast"], "Mythlurian")
    s = attack(s, 2)
    assert s["ask"]["k"] == "slay" and s["t"]["result"]["total"] == 3 + 1
    s = act(s, 0, "lose", card=the(s, "Dwarf Sentinel"))
    assert any(card(c).name == "Dwarf Sentinel" for c in s["destroyed"])
    assert "Dwarf Sentinel" not in names(s["discards"][0])


def test_battle_effects_happen_win_or_lose():
    s = fight(["Militia", "Lightstone Gem"], "Kingdom")  # total 1 against health 5
    assert not battle(s, 2)["win"]
    s = attack(s, 2)
    assert "Disease" in names(s["discards"][0])
