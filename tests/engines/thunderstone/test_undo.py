"""Which Thunderstone steps may be taken back (docs/thunderstone.md, "Undo"; games/undo.py)."""

from __future__ import annotations

from typing import Any

from games import undo
from games.engines.thunderstone import ENGINE

from .helpers import dungeon, legal, position, the, use, village_visit


def undoable(s: dict[str, Any], action: dict[str, Any]) -> bool:
    seat = s["turn"]
    return undo.undoable(ENGINE, s, seat, action, ENGINE.apply(s, seat, action))


def test_choosing_the_village_or_the_dungeon_is_final():
    """Visit the village, Enter the dungeon: the player reveals their hand."""
    s = position(hands=[["Torch", "Militia"], []])
    assert not undoable(s, {"type": "village"})
    assert not undoable(s, {"type": "dungeon"})
    assert not undoable(s, {"type": "rest"})


def test_a_purchase_with_purchases_left_can_be_undone_the_last_one_is_final():
    """Barkeep adds a purchase: the first card bought goes to the discard pile and the turn
    goes on, nothing drawn; the last purchase ends the turn (a new hand is drawn)."""
    s = position(hands=[["Barkeep", "Torch", "Torch", "Torch"], []], village=("Barkeep",))
    s = village_visit(s)
    s = use(s, the(s, "Barkeep"), "buy")
    first = {"type": "buy", "stack": "basic:Torch"}
    assert undoable(s, first)
    s = ENGINE.apply(s, 0, first)
    assert not undoable(s, {"type": "buy", "stack": "basic:Militia"})


def test_using_an_ability_is_final():
    """Town Guard draws two cards: cards the player had not seen."""
    s = position(
        hands=[["Town Guard", "Militia"], []], decks=[["Torch"] * 6, ["Militia"] * 6], village=("Town Guard",)
    )
    s = village_visit(s)
    assert not undoable(s, {"type": "use", "card": the(s, "Town Guard"), "ability": "draw"})


def test_a_level_up_with_another_to_come_can_be_undone():
    """Leveling up: XP paid, the hero replaced from its stack (all public); the player may go on."""
    s = village_visit(position(hands=[["Elf Wizard", "Regian Cleric", "Disease"], []], xp=[5, 0]))
    assert undoable(s, {"type": "level", "card": the(s, "Elf Wizard")})


def test_a_weapon_equipped_before_the_attack_can_be_undone_the_attack_is_final():
    """Enter the dungeon: weapons are equipped before the battle; the attack resolves it."""
    s = dungeon(position(hands=[["Dwarf Janissary", "Flaming Sword", "Torch", "Torch"], []]))
    equip = {"type": "equip", "weapon": the(s, "Flaming Sword"), "hero": the(s, "Dwarf Janissary")}
    assert undoable(s, equip)
    s = ENGINE.apply(s, 0, equip)
    attacks = [a for a in legal(s) if a["type"] == "attack"]
    assert attacks and not any(undoable(s, a) for a in attacks)
