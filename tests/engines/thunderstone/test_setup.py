"""The cards (the card data with its gaps resolved) and setting up a game.

Rulebook sections: Contents, Setup, Your first game, Playing the game."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.data import CARDS, HERO_TYPES, MONSTERS_BY_GROUP, STONE_ID, card
from games.engines.thunderstone.powers import ABILITIES, MONSTER_RULES
from games.engines.thunderstone.setup import FIRST
from games.engines.thunderstone.state import stack_size, stack_top

HERE = Path(__file__).resolve().parents[3] / "games" / "engines" / "thunderstone"


def test_contents_hero_village_monster_and_basic_card_counts():
    """Contents: 132 hero cards, 152 village cards, 80 monsters, 90 basic cards with Disease."""
    groups = Counter()
    for c in CARDS.values():
        groups[c.group] += c.count
    assert groups["hero"] == 132 and len(HERO_TYPES) == 11
    assert groups["village"] == 152 and sum(c.group == "village" for c in CARDS.values()) == 19
    assert groups["monster"] == 80 and len(MONSTERS_BY_GROUP) == 8
    assert all(sum(m.count for m in ms) == 10 for ms in MONSTERS_BY_GROUP.values())
    assert groups["basic"] + groups["disease"] == 90
    for hero_type, levels in HERO_TYPES.items():
        assert [(c.level, c.count) for c in levels] == [(1, 6), (2, 4), (3, 2)], hero_type


def test_militia_is_loaded_once_and_both_rows_agree():
    """Card data gap: Militia is listed in basic.csv and heroes.csv; one card, same facts."""
    with open(HERE / "basic.csv") as f:
        basic = next(r for r in csv.DictReader(f) if r["name"] == "Militia")
    militia = CARDS["Militia"]
    assert (militia.count, militia.cost, militia.gold, militia.attack) == (
        int(basic["count"]),
        int(basic["cost"]),
        int(basic["gold"]),
        int(basic["attack"]),
    )
    assert militia.is_hero and militia.strength == 2 and militia.xp_cost == 3


def test_card_data_gaps_are_resolved():
    """Card data gaps (docs/thunderstone.md): spellings, Uyril's trophy, Lord Mortis, gold 0 versus
    no gold, Polearm."""
    assert {"Feayn Archer", "Uyril Unending", "Griknack Goblin", "Tormentor"} <= set(CARDS)
    uyril = CARDS["Uyril Unending"]
    assert (uyril.trophy_attack, uyril.trophy_magic) == (1, 0)  # the rulebook's "Attack +1"
    assert CARDS["Lord Mortis"].penalty == 2 and CARDS["Knightmare"].penalty == 2
    assert CARDS["Blink Dog"].penalty == 1 and CARDS["Darkness"].penalty == 1
    assert CARDS["Militia"].gold == 0  # a printed gold value of 0
    for name in ("Pawnbroker", "Town Guard", "Banish", "Fireball", "Amazon Archer", "Disease"):
        assert CARDS[name].gold is None, name  # no gold value at all
    assert CARDS["Polearm"].attack == 2 and CARDS["Feayn Archer"].attack == 2
    assert CARDS["Stone of Mystery"].vp == 3


def test_every_kind_with_a_power_is_a_card():
    for kind in [*ABILITIES, *MONSTER_RULES]:
        assert kind in CARDS


def test_card_ids_name_their_kind():
    assert card("short-sword-3").name == "Short Sword"
    assert card("uyril-unending-2").name == "Uyril Unending"
    assert card(STONE_ID).name == "Stone of Mystery"


@pytest.mark.parametrize("monsters", ["3", "4"])
def test_setup_random_kinds(monsters):
    """Setup: 3 monster groups (4 for a longer game), 4 hero types and 8 village kinds, at random."""
    seen = set()
    for seed in range(12):
        s = ENGINE.setup(seed, 3, {"monsters": monsters})
        kinds = s["kinds"]
        assert len(kinds["monsters"]) == int(monsters) and len(set(kinds["monsters"])) == int(monsters)
        assert len(kinds["heroes"]) == 4 and len(kinds["village"]) == 8
        assert sorted(s["stacks"]) == sorted(
            ["basic:Militia", "basic:Dagger", "basic:Iron Rations", "basic:Torch"]
            + [f"hero:{h}" for h in kinds["heroes"]]
            + [f"village:{v}" for v in kinds["village"]]
        )
        seen.add(tuple(kinds["village"]))
    assert len(seen) > 6


def test_setup_first_game():
    """Your first game: Enchanted, Ooze, Undead Doom; Elf, Lorigg, Regian, Thyrian; eight named
    village kinds."""
    s = ENGINE.setup(4, 2, {"setup": FIRST})
    assert s["kinds"]["monsters"] == ["Enchanted", "Ooze", "Undead Doom"]
    assert s["kinds"]["heroes"] == ["Elf", "Lorigg", "Regian", "Thyrian"]
    assert s["kinds"]["village"] == [
        "Battle Fury", "Fireball", "Flaming Sword", "Lightstone Gem",
        "Magical Aura", "Short Sword", "Spear", "Town Guard",
    ]  # fmt: skip


@pytest.mark.parametrize("monsters", ["3", "4"])
def test_setup_dungeon_deck_with_the_thunderstone_among_the_last_eleven(monsters):
    """Setup: every monster of the groups shuffled, the Thunderstone shuffled into the bottom ten;
    the top three turned over into ranks 1-3."""
    depths = set()
    for seed in range(60):
        s = ENGINE.setup(seed, 2, {"monsters": monsters})
        everything = s["hall"] + s["dungeon"]
        assert len(everything) == 10 * int(monsters) + 1
        expected = Counter(
            m.name for g in s["kinds"]["monsters"] for m in MONSTERS_BY_GROUP[g] for _ in range(m.count)
        )
        assert Counter(card(c).name for c in everything if c != STONE_ID) == expected
        position = everything.index(STONE_ID)
        assert position >= len(everything) - 11
        depths.add(len(everything) - position)
        assert all(card(c).is_monster for c in s["hall"])
        assert s["zone"] == 11 and s["seen"] == 0
    assert depths == set(range(1, 12))


def test_setup_hero_stacks_level_1_on_top_then_2_then_3():
    """Setup: hero stacks with both level 3 at the bottom, four level 2 above, six level 1 on top."""
    s = ENGINE.setup(3, 2, {"setup": FIRST})
    assert s["stacks"]["hero:Elf"] == [6, 4, 2]  # Elf Wizards, Sorcerers, Archmages
    assert stack_top(s, "hero:Elf") == "elf-wizard-1"
    assert stack_size(s, "hero:Elf") == 12


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_starting_decks_and_basic_stacks(players):
    """Setup: each player has 6 Militia, 2 Daggers, 2 Iron Rations, 2 Torches, shuffled, and draws
    six; the basic stacks hold what is left (no Militia with five players); no experience."""
    s = ENGINE.setup(9, players, {})
    for p in range(players):
        assert len(s["hands"][p]) == 6 and len(s["decks"][p]) == 6
        mine = Counter(card(c).name for c in s["hands"][p] + s["decks"][p])
        assert mine == {"Militia": 6, "Dagger": 2, "Iron Rations": 2, "Torch": 2}
        assert s["discards"][p] == [] and s["xp"][p] == 0
    assert stack_size(s, "basic:Militia") == 30 - 6 * players
    for kind in ("Dagger", "Iron Rations", "Torch"):
        assert stack_size(s, f"basic:{kind}") == 15 - 2 * players
    all_ids = [c for p in range(players) for c in s["hands"][p] + s["decks"][p]]
    assert len(set(all_ids)) == len(all_ids)
    if players == 5:
        assert stack_top(s, "basic:Militia") is None


def test_setup_random_starting_player_and_shuffled_decks():
    """Playing the game: a random starting player; each player shuffles their party deck."""
    firsts = {ENGINE.setup(seed, 4, {})["turn"] for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    hands = {tuple(ENGINE.setup(seed, 2, {})["hands"][0]) for seed in range(10)}
    assert len(hands) > 5
    s = ENGINE.setup(1, 3, {})
    assert ENGINE.to_act(s) == {s["turn"]}
    assert ENGINE.legal_actions(s, s["turn"]) == [{"type": "village"}, {"type": "dungeon"}, {"type": "rest"}]


def test_setup_refuses_bad_options():
    from games.engines.base import IllegalAction

    with pytest.raises(IllegalAction):
        ENGINE.setup(1, 2, {"setup": "legendary"})
    with pytest.raises(IllegalAction):
        ENGINE.setup(1, 6, {})
    with pytest.raises(IllegalAction):
        ENGINE.setup(1, 2, {"monsters": "5"})
