"""Each card's powers in our own words (the pages show them on hover and tap; the numbers
printed on a card are drawn from the card data)."""

from __future__ import annotations

from .data import CARDS

TEXT: dict[str, str] = {
    # Basic cards
    "Militia": "A hero in every starting deck. Levels up into any level 1 hero for 3 XP.",
    "Dagger": "Edged weapon.",
    "Iron Rations": "Dungeon: one hero gets Strength +2 (several may feed the same hero).",
    "Torch": "Gives its light even without a hero.",
    "Disease": "Must be played in the dungeon: Attack or Magic Attack -1. Does nothing in the village.",
    "Stone of Mystery": "The Thunderstone. Taken by defeating the rank 1 monster in front of it.",
    # Heroes
    "Amazon Archer": "Attack +2 more against a monster in rank 2 or 3.",
    "Amazon Huntress": "Attack +3 more against a monster in rank 2 or 3.",
    "Amazon Queen": "Attack +4 more against a monster in rank 2 or 3.",
    "Chalice Quester": "Dungeon, any number of times: destroy a Disease in your hand and draw a card.",
    "Chalice Defender": (
        "Attack +1 for each Item with light in the party. Dungeon: draw a card. Any number of "
        "times: destroy a Disease and draw a card."
    ),
    "Chalice Paladin": "Dungeon: draw a card. After a victory: buy any one card of the village with your gold.",
    "Dwarf Guardian": "Attack +3 more while carrying an edged weapon.",
    "Dwarf Janissary": "Attack +4 more with an edged weapon. After a victory: buy one weapon with your gold.",
    "Dwarf Sentinel": "Attack +5 more while carrying an edged weapon.",
    "Elf Wizard": "A wizard with Magic Attack and light.",
    "Elf Sorcerer": "After a victory: may send one monster of the hall under the dungeon deck.",
    "Elf Archmage": "Dungeon, before the battle: may send one monster of the hall under the dungeon deck.",
    "Feayn Archer": "Does not attack a monster in rank 1 (no Attack, no light then).",
    "Feayn Marksman": "Does not attack a monster in rank 1 (no Attack, no light then).",
    "Feayn Sniper": "Does not attack rank 1. +1 XP for a victory over a monster in rank 3.",
    "Lorigg Thief": "A thief who brings gold and light.",
    "Lorigg Rogue": "Entering the dungeon: every other player discards a card.",
    "Lorigg Outlaw": "Entering the dungeon: every other player discards a card.",
    "Outlands Warrior": "Dungeon: eat one Food (destroyed) for Attack +3.",
    "Outlands Slayer": (
        "Attack +1 for each monster card in your hand. Dungeon, any number of times: eat a Food for Attack +3."
    ),
    "Outlands Khan": "Attack +2 for each monster card in your hand.",
    "Redblade Killer": "A fighter who brings gold.",
    "Redblade Poisoner": "Entering the dungeon: every other player discards a card.",
    "Redblade Assassin": "Entering the dungeon: every other player discards one hero or two cards.",
    "Regian Cleric": "Dungeon, any number of times: destroy a Disease in your hand and draw a card.",
    "Regian Priest": "Dungeon: draw a card. Any number of times: destroy a Disease and draw a card.",
    "Regian Bishop": "Dungeon: draw two cards. Any number of times: destroy a Disease and draw a card.",
    "Selurin Magician": "Every Item, and every Spell with Magic Attack, in the party gets Magic Attack +1.",
    "Selurin Warlock": "Doubles the party's Magic Attack, after everything else (two double twice).",
    "Selurin Theurge": (
        "Doubles the party's Magic Attack. Dungeon: every other player discards a hero (or shows "
        "none); you may borrow one of them for this battle."
    ),
    "Thyrian Squire": "Dungeon: eat one Food (destroyed) for Attack +2.",
    "Thyrian Knight": "Every Militia in the party gets Attack +1. Dungeon: eat one Food for Attack +2.",
    "Thyrian Lord": (
        "Every hero who is not a Fighter gets Attack +2. Dungeon: eat one Food to take a monster "
        "worth 1 or 2 VP from the hall into your discard pile (no XP)."
    ),
    # Village cards
    "Arcane Energies": "Dungeon: the attack of every hero with a weapon becomes Magic Attack. Draw a card.",
    "Banish": (
        "Dungeon: send a monster of the hall under the deck, or put the hall in any order; then "
        "destroy one card of your hand and draw one."
    ),
    "Barkeep": "Village: buy one more card this turn. Or destroy it for 2 gold.",
    "Battle Fury": "Every hero in the party gets Attack +1.",
    "Feast": "Dungeon: every hero gets Strength +3 and Attack +1.",
    "Fireball": "A spell with Magic Attack and light, no hero needed.",
    "Flaming Sword": "Edged weapon with Magic Attack; its light counts only while carried.",
    "Goodberries": "Dungeon: one hero gets Strength +3, and all its attack becomes Magic Attack.",
    "Hatchet": "Edged weapon.",
    "Lantern": "Gives its light even without a hero.",
    "Lightstone Gem": "Gives its light even without a hero.",
    "Magical Aura": "Dungeon: every weapon weighs 0 this turn. Draw a card.",
    "Pawnbroker": "Village: destroy another card that has a gold value for its gold + 3. Or destroy it for 2 gold.",
    "Polearm": "Attack +2, or +6 for a hero of Strength 8 or more.",
    "Short Sword": "Edged weapon.",
    "Spear": "Dungeon: throw it (destroyed) for Attack +3 more; it still counts as carried.",
    "Town Guard": "Village: draw two cards. Or destroy it to draw three.",
    "Trainer": "Village: destroy a Militia from your hand for 2 XP. Or destroy it for 2 gold.",
    "Warhammer": "Blunt weapon. A Cleric carrying it has Attack +3 more against Doomknights and Undead.",
    # Monsters
    "Archduke of Pain": (
        "Needs Magic Attack to be beaten. Battle: destroys every Cleric and Wizard. Breach: the top "
        "two cards of every hero stack in the village are destroyed."
    ),
    "Grudgebeast": "No special power.",
    "Succubus": "Your total is halved unless you have Magic Attack.",
    "Tormentor": "Your total is halved unless a hero carries a weapon. Battle: destroys one Cleric.",
    "The Unchained": "Battle: gain a Disease. In your hand: Magic Attack +1.",
    "Darkness": "Light penalty +1. Heroes without a weapon do not attack.",
    "Judgement": "Battle: every hero has Strength -2 and Attack (or Magic Attack) -1.",
    "Knightmare": "Light penalty +2. Battle: destroys one Fighter.",
    "Lord Mortis": "Light penalty +2.",
    "The Prince": "Battle: every hero has Strength -2; destroys one Fighter.",
    "Ebon Fume": "Magic Attack does nothing. Battle: destroys the hero with the most Strength. In your hand: Attack +3.",
    "Mythlurian": "Battle: destroys one hero.",
    "Skaladak": "Battle: destroys one weapon.",
    "Tyxr the Old": (
        "Battle: destroys one hero. Breach: every player discards two cards. In your hand: Magic Attack +2."
    ),
    "Uyril Unending": (
        "Your total is halved unless you have Magic Attack. Battle: destroys one Militia. In your hand: Attack +1."
    ),
    "Blink Dog": "Light penalty +1; cannot be attacked while any light penalty remains.",
    "Griffon": "In your hand: Magic Attack +1.",
    "Nixie": "No special power; much gold.",
    "Pegasus": "In your hand: Attack +1.",
    "Sphinx": (
        "Only Magic Attack counts. After a victory: turn up six cards of your deck and destroy any of "
        "them. In your hand: Magic Attack +2."
    ),
    "Bloodskull Orc": "No special power.",
    "Deadbone Troll": "Battle: gain a Disease.",
    "Firebrand Cyclops": "No special power.",
    "Grayskin Lizard": "Battle: every hero carrying a weapon gets Attack +1.",
    "Griknack Goblin": "No special power.",
    "Black Slime": "Battle: destroys one Militia.",
    "Gray Ooze": "Battle: destroys one hero unless a hero carries a weapon. After a victory: buy one Food.",
    "Green Blob": "Battle: destroys one Food.",
    "Noxious Slag": "Edged weapons add nothing; Magic Attack counts half.",
    "Red Jelly": "Battle: destroys one weapon. In your hand: light 1.",
    "Famine": "Battle: gain a Disease.",
    "Harbinger": "Battle: destroys one Spell.",
    "Kingdom": "Battle: gain a Disease.",
    "Lord of Death": "Battle: gain two Diseases.",
    "Suffering": "Battle: every hero has Strength -2; gain a Disease.",
    "Ghost": "Your total is halved unless you have Magic Attack. Battle: every hero has Strength -2.",
    "Haunt": "Battle: one hero of your choice does not attack.",
    "Revenant": (
        "Needs Magic Attack to be beaten. Battle: every hero has Strength -4; heroes left at 0 or less are destroyed."
    ),
    "Spectre": "Battle: destroys one Militia.",
    "Wraith": "Battle: destroys one Militia.",
}


def text(kind: str) -> str:
    return TEXT[kind]


assert set(TEXT) == set(CARDS), sorted(set(CARDS) ^ set(TEXT))
