"""What the cards do beyond their printed numbers, as data: one table per shape of power.

Abilities are used by a player's action ({"type": "use", "card": id, "ability": key}); the other
powers apply by themselves (battle.py reads them; "passive" below). Cards whose power is a case of
its own (Banish, Thyrian Lord, Elf Archmage, Selurin Theurge, Pawnbroker, Polearm, Warhammer,
Sphinx) still get a row here, with a handler of their own in village.py, dungeon.py or battle.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import CARDS


@dataclass(frozen=True)
class Ability:
    key: str  # the action's "ability" value
    where: str  # "village" or "dungeon"
    effect: str  # the handler that makes it happen
    n: int = 0  # how much (cards drawn, gold, attack, strength...)
    repeat: bool = False  # "Repeat": usable any number of times, paying its cost each time
    target: str = ""  # what the action also names: militia, gold, disease, food, hero, rank


DRAW_1 = Ability("draw", "dungeon", "draw", 1)
CURE = Ability("cure", "dungeon", "cure", 1, repeat=True, target="disease")

ABILITIES: dict[str, tuple[Ability, ...]] = {
    # Village effects
    "Town Guard": (Ability("draw", "village", "draw", 2), Ability("burn", "village", "burn_draw", 3)),
    "Barkeep": (Ability("buy", "village", "extra_buy", 1), Ability("burn", "village", "burn_gold", 2)),
    "Trainer": (
        Ability("train", "village", "train", 2, target="militia"),
        Ability("burn", "village", "burn_gold", 2),
    ),
    "Pawnbroker": (
        Ability("pawn", "village", "pawn", 3, target="gold"),
        Ability("burn", "village", "burn_gold", 2),
    ),
    # Dungeon effects of heroes
    "Chalice Quester": (CURE,),
    "Chalice Defender": (DRAW_1, CURE),
    "Chalice Paladin": (DRAW_1,),
    "Regian Cleric": (CURE,),
    "Regian Priest": (DRAW_1, CURE),
    "Regian Bishop": (Ability("draw", "dungeon", "draw", 2), CURE),
    "Outlands Warrior": (Ability("eat", "dungeon", "eat", 3, target="food"),),
    "Outlands Slayer": (Ability("eat", "dungeon", "eat", 3, repeat=True, target="food"),),
    "Thyrian Squire": (Ability("eat", "dungeon", "eat", 2, target="food"),),
    "Thyrian Knight": (Ability("eat", "dungeon", "eat", 2, target="food"),),
    "Thyrian Lord": (Ability("capture", "dungeon", "capture", target="food"),),
    "Elf Archmage": (Ability("send", "dungeon", "send", target="rank"),),
    "Selurin Theurge": (Ability("summon", "dungeon", "summon"),),
    # Dungeon effects of items, spells and weapons
    "Iron Rations": (Ability("strength", "dungeon", "strength", 2, target="hero"),),
    "Goodberries": (Ability("berries", "dungeon", "berries", 3, target="hero"),),
    "Feast": (Ability("feast", "dungeon", "feast", 3),),
    "Arcane Energies": (Ability("arcane", "dungeon", "arcane", 1),),
    "Magical Aura": (Ability("aura", "dungeon", "aura", 1),),
    "Banish": (Ability("banish", "dungeon", "banish", 1),),
    "Spear": (Ability("throw", "dungeon", "throw", 3),),
}

# Passive powers of heroes (only while the hero attacks).
RANK_BONUS = {"Amazon Archer": 2, "Amazon Huntress": 3, "Amazon Queen": 4}  # at rank 2 or 3
EDGED_BONUS = {"Dwarf Guardian": 3, "Dwarf Janissary": 4, "Dwarf Sentinel": 5}
PER_MONSTER = {"Outlands Slayer": 1, "Outlands Khan": 2}  # per Monster card in the party
PER_LIGHT_ITEM = {"Chalice Defender": 1}  # per Item with Light in the party
MILITIA_BONUS = {"Thyrian Knight": 1}  # to each Militia
NON_FIGHTER_BONUS = {"Thyrian Lord": 2}  # to each hero that is not a Fighter
ITEM_MAGIC = {"Selurin Magician": 1}  # to each Item and each Spell with Magic Attack
DOUBLES_MAGIC = frozenset({"Selurin Warlock", "Selurin Theurge"})
NOT_AT_RANK_1 = frozenset({"Feayn Archer", "Feayn Marksman", "Feayn Sniper"})
RANK_3_XP = {"Feayn Sniper": 1}
AFTER_WIN_SEND = frozenset({"Elf Sorcerer"})
SPOILS = {"Chalice Paladin": "any", "Dwarf Janissary": "Weapon", "Gray Ooze": "Food", "Sphinx": "reveal"}
# Heroes whose entering the dungeon makes every other player discard (the glossary: whether the
# battle is won or not): one card, or one hero or two cards.
HARASS = {
    "Lorigg Rogue": "one",
    "Lorigg Outlaw": "one",
    "Redblade Poisoner": "one",
    "Redblade Assassin": "hero_or_two",
}
# Passive powers of other cards in the party.
ALL_HEROES_ATTACK = {"Battle Fury": 1}
SPEAR_THROW = 3
POLEARM_STRONG = (8, 6)  # strength needed, attack then
WARHAMMER_BONUS = 3  # a Cleric against a Doomknight or Undead


def abilities(kind: str) -> tuple[Ability, ...]:
    return ABILITIES.get(kind, ())


def ability(kind: str, key: str) -> Ability | None:
    for a in ABILITIES.get(kind, ()):
        if a.key == key:
            return a
    return None


@dataclass(frozen=True)
class MonsterRules:
    """A monster's traits and battle effects (they act only from the dungeon hall)."""

    cannot_attack_in_dark: bool = False  # not chosen while any light penalty remains
    magic_required: bool = False  # no victory without Magic Attack +1
    half_without_magic: bool = False
    half_without_weapon: bool = False
    unarmed_idle: bool = False  # heroes without a weapon do not attack
    magic_immune: bool = False
    magic_only: bool = False
    half_magic: bool = False
    edged_immune: bool = False
    strength: int = 0  # to every hero, for the battle
    judgement: bool = False  # -1 Attack or Magic Attack for every hero
    armed_bonus: int = 0  # to every hero with a weapon
    slay: str = ""  # what one card it destroys: a class, "Hero", "strongest", "unarmed"
    slay_all: tuple[str, ...] = ()  # classes it destroys every card of
    weakened_die: bool = False  # heroes at Strength 0 or less are destroyed
    disease: int = 0
    haunt: bool = False
    breach: str = ""


MONSTER_RULES: dict[str, MonsterRules] = {
    "Archduke of Pain": MonsterRules(magic_required=True, slay_all=("Cleric", "Wizard"), breach="stacks"),
    "Succubus": MonsterRules(half_without_magic=True),
    "Tormentor": MonsterRules(half_without_weapon=True, slay="Cleric"),
    "The Unchained": MonsterRules(disease=1),
    "Darkness": MonsterRules(unarmed_idle=True),
    "Judgement": MonsterRules(strength=-2, judgement=True),
    "Knightmare": MonsterRules(slay="Fighter"),
    "The Prince": MonsterRules(strength=-2, slay="Fighter"),
    "Ebon Fume": MonsterRules(magic_immune=True, slay="strongest"),
    "Mythlurian": MonsterRules(slay="Hero"),
    "Skaladak": MonsterRules(slay="Weapon"),
    "Tyxr the Old": MonsterRules(slay="Hero", breach="discard"),
    "Uyril Unending": MonsterRules(half_without_magic=True, slay="Militia"),
    "Blink Dog": MonsterRules(cannot_attack_in_dark=True),
    "Sphinx": MonsterRules(magic_only=True),
    "Deadbone Troll": MonsterRules(disease=1),
    "Grayskin Lizard": MonsterRules(armed_bonus=1),
    "Black Slime": MonsterRules(slay="Militia"),
    "Gray Ooze": MonsterRules(slay="unarmed"),
    "Green Blob": MonsterRules(slay="Food"),
    "Noxious Slag": MonsterRules(half_magic=True, edged_immune=True),
    "Red Jelly": MonsterRules(slay="Weapon"),
    "Famine": MonsterRules(disease=1),
    "Harbinger": MonsterRules(slay="Spell"),
    "Kingdom": MonsterRules(disease=1),
    "Lord of Death": MonsterRules(disease=2),
    "Suffering": MonsterRules(strength=-2, disease=1),
    "Ghost": MonsterRules(half_without_magic=True, strength=-2),
    "Haunt": MonsterRules(haunt=True),
    "Revenant": MonsterRules(magic_required=True, strength=-4, weakened_die=True),
    "Spectre": MonsterRules(slay="Militia"),
    "Wraith": MonsterRules(slay="Militia"),
}
NO_RULES = MonsterRules()


def monster_rules(kind: str) -> MonsterRules:
    return MONSTER_RULES.get(kind, NO_RULES)


def _check() -> None:
    for table in (ABILITIES, RANK_BONUS, EDGED_BONUS, PER_MONSTER, HARASS, SPOILS, MONSTER_RULES):
        for kind in table:
            assert kind in CARDS, kind


_check()
