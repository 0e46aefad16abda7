"""Thunderstone's cards: the public card facts (CSV files beside this module, copied from
the card data) read once at import, with the gaps in that data resolved (docs/thunderstone.md).

Every copy of a card has a stable id, the slug of its name and a copy number
("short-sword-3", "militia-17", "kingdom-2"); `card(cid)` gives the facts of its kind.
Disease copies are made when a player gains one ("disease-4"): the supply is unlimited.

Gaps resolved here (G numbers as in the reading of the rules):
- spellings: the card data's names (Feayn, Uyril Unending, Griknack Goblin, Tormentor);
- Uyril Unending's trophy is Attack +1, as the rulebook's dungeon example says (the card data has
  Magic Attack +1; the rulebook is the authority);
- Lord Mortis raises the light penalty by 2, as the rulebook's glossary says (the data has 1);
- "gold 0" in the data means no gold icon, except for Militia, whose gold value is printed 0
  (it matters to the Pawnbroker): `gold` is None for a card without a gold value;
- Polearm's attack "2 (6 if strength>=8)" is attack 2 with the strength rule in battle.py;
- Militia is listed in both basic.csv and heroes.csv: it is loaded once, from heroes.csv (the two
  rows agree; a test checks it);
- the Feayn Archer's attack is +2 (the data's value; one source says +1).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent

MONSTER_GROUPS = {
    # the card data's group key -> the name players read
    "Abyssal": "Abyssal",
    "DoomknightHumanoid": "Doomknight Humanoid",
    "Dragon": "Dragon",
    "Enchanted": "Enchanted",
    "Humanoid": "Humanoid",
    "Ooze": "Ooze",
    "UndeadDoom": "Undead Doom",
    "UndeadSpirit": "Undead Spirit",
}
BASICS = ("Militia", "Dagger", "Iron Rations", "Torch")
START_DECK = (("Militia", 6), ("Dagger", 2), ("Iron Rations", 2), ("Torch", 2))
STONE = "Stone of Mystery"
DISEASE = "Disease"

# Setup for a first game (rulebook, "Your first game"): plus the four basic cards.
FIRST_GAME = {
    "monsters": ("Enchanted", "Ooze", "Undead Doom"),
    "heroes": ("Elf", "Lorigg", "Regian", "Thyrian"),
    "village": (
        "Battle Fury",
        "Fireball",
        "Flaming Sword",
        "Lightstone Gem",
        "Magical Aura",
        "Short Sword",
        "Spear",
        "Town Guard",
    ),
}

TROPHY_FIXES = {"Uyril Unending": (1, 0)}  # (attack, magic attack) from the rulebook
LIGHT_PENALTY_FIXES = {"Lord Mortis": 2}


@dataclass(frozen=True)
class Card:
    name: str
    slug: str
    group: str  # "hero", "village", "basic", "monster", "disease", "stone"
    classes: frozenset[str]
    count: int
    cost: int | None = None
    gold: int | None = None  # None: the card has no gold value at all
    light: int = 0
    weight: int | None = None  # weapons only
    vp: int = 0
    attack: int = 0
    magic: int = 0
    strength: int = 0  # heroes only
    level: int = 0  # heroes: Militia 0, then 1-3
    hero_type: str = ""
    xp_cost: int | None = None  # experience to level this hero up (None: it cannot)
    health: int = 0  # monsters only
    xp: int = 0  # experience for defeating this monster
    monster_group: str = ""
    penalty: int = 0  # a monster's extra light penalty
    trophy_attack: int = 0  # a monster card's bonus when it is revealed in a player's hand
    trophy_magic: int = 0

    @property
    def is_hero(self) -> bool:
        return "Hero" in self.classes

    @property
    def is_monster(self) -> bool:
        return self.group == "monster"

    @property
    def is_weapon(self) -> bool:
        return "Weapon" in self.classes

    def has(self, cls: str) -> bool:
        return cls in self.classes


def slug_of(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _int(text: str) -> int:
    text = text.strip()
    return int(text.split()[0]) if text else 0


def _gold(name: str, text: str) -> int | None:
    value = _int(text)
    return value if value > 0 or name == "Militia" else None


def _rows(name: str) -> list[dict[str, str]]:
    with open(HERE / name, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _heroes() -> list[Card]:
    out = []
    for r in _rows("heroes.csv"):
        militia = r["name"] == "Militia"
        out.append(
            Card(
                name=r["name"],
                slug=slug_of(r["name"]),
                group="basic" if militia else "hero",
                classes=frozenset({"Hero", *r["classes"].split("|")}),
                count=int(r["count"]),
                cost=_int(r["cost"]),
                gold=_gold(r["name"], r["gold"]),
                light=_int(r["light"]),
                vp=_int(r["vp"]),
                attack=_int(r["attack"]),
                magic=_int(r["magic_attack"]),
                strength=_int(r["strength"]),
                level=int(r["level"]),
                hero_type=r["hero_type"],
                xp_cost=_int(r["xp_to_level_up"]) if r["xp_to_level_up"].strip() else None,
            )
        )
    return out


def _village(file: str, group: str) -> list[Card]:
    out = []
    for r in _rows(file):
        if r["name"] in ("Militia", "Experience Point card"):
            continue  # Militia comes from heroes.csv; experience is a counter, not a card
        kind_group, classes = group, frozenset(r["classes"].split("|"))
        if r["name"] == DISEASE:
            kind_group, classes = "disease", frozenset({DISEASE})
        elif r["name"] == STONE:
            kind_group, classes = "stone", frozenset({"Thunderstone"})
        weight = r["weight"].strip()
        out.append(
            Card(
                name=r["name"],
                slug=slug_of(r["name"]),
                group=kind_group,
                classes=classes,
                count=int(r["count"]),
                cost=_int(r["cost"]) if r["cost"].strip() else None,
                gold=_gold(r["name"], r["gold"]),
                light=_int(r["light"]),
                weight=int(weight) if weight else None,
                vp=_int(r["vp"]),
                # Disease's -1 is a rule of its own (battle.py), not an attack value.
                attack=0 if r["name"] == DISEASE else _int(r["attack"]),
                magic=_int(r["magic_attack"]),
            )
        )
    return out


def _monsters() -> list[Card]:
    out = []
    for r in _rows("monsters.csv"):
        name = r["name"]
        attack, magic = TROPHY_FIXES.get(name, (_int(r["in_hand_attack"]), _int(r["in_hand_magic_attack"])))
        out.append(
            Card(
                name=name,
                slug=slug_of(name),
                group="monster",
                classes=frozenset({"Monster", *r["classes"].split("|")}),
                count=int(r["count"]),
                gold=_gold(name, r["gold"]),
                light=_int(r["light"]),
                vp=_int(r["vp"]),
                health=_int(r["health"]),
                xp=_int(r["xp"]),
                monster_group=MONSTER_GROUPS[r["monster_group"]],
                penalty=LIGHT_PENALTY_FIXES.get(name, _int(r["extra_light_penalty"])),
                trophy_attack=attack,
                trophy_magic=magic,
            )
        )
    return out


CARDS: dict[str, Card] = {
    c.name: c
    for c in [*_heroes(), *_village("basic.csv", "basic"), *_village("village.csv", "village"), *_monsters()]
}
BY_SLUG: dict[str, Card] = {c.slug: c for c in CARDS.values()}

HERO_TYPES: dict[str, list[Card]] = {}
for _c in CARDS.values():
    if _c.group == "hero":
        HERO_TYPES.setdefault(_c.hero_type, []).append(_c)
for _levels in HERO_TYPES.values():
    _levels.sort(key=lambda c: c.level)
STONE_ID = f"{CARDS[STONE].slug}-1"
VILLAGE_KINDS = sorted(c.name for c in CARDS.values() if c.group == "village")
MONSTERS_BY_GROUP: dict[str, list[Card]] = {}
for _c in CARDS.values():
    if _c.is_monster:
        MONSTERS_BY_GROUP.setdefault(_c.monster_group, []).append(_c)

_KIND: dict[str, Card] = {}


def card(cid: str) -> Card:
    """The facts of the card with this id (its slug and a copy number)."""
    found = _KIND.get(cid)
    if found is None:
        found = _KIND[cid] = BY_SLUG[cid.rsplit("-", 1)[0]]
    return found


def name(cid: str) -> str:
    return card(cid).name


def ids(kind: str, first: int, count: int) -> list[str]:
    slug = CARDS[kind].slug
    return [f"{slug}-{k}" for k in range(first, first + count)]


def next_level(c: Card) -> Card | None:
    """The hero a hero levels up into (None for level 3 and for Militia)."""
    if c.group != "hero" or c.level >= 3:
        return None
    return HERO_TYPES[c.hero_type][c.level]


def stack_id(c: Card) -> str:
    """The village stack a card is bought from: "basic:Torch", "hero:Elf", "village:Banish"."""
    if c.group == "hero":
        return f"hero:{c.hero_type}"
    return f"{c.group}:{c.name}"
