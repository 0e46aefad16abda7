"""The designed parts of Lords of Spell and Stone: herbs, spells, items and the worker board.

The rules text names these things but gives no values; every number here is designed
(docs/lords.md says why), except those the text states: 50 gems and 2 workers to start,
stones 5 gems, herbs 5 (shown) or 10 (any), the blind spell 7, the peek 2, herbs sell for 3,
the Thieves' Guild's 18 gems, -2 points and 10 tokens, the buildings' work and points.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engines.i18n import N_

# -- Herbs -----------------------------------------------------------------------------------
HERBS = ("R", "G", "B", "Y", "P")
ROTTED = "K"
HERB_NAMES = {
    "R": "Emberroot",
    "G": "Wyrmwort",
    "B": "Frostcap",
    "Y": "Sunpetal",
    "P": "Duskbloom",
    "K": "Rotted herb",
}
SKILL_NAMES = {"fight": N_("Fight"), "build": N_("Build"), "negotiate": N_("Negotiate")}
HERB_COLOURS = {"R": "red", "G": "green", "B": "blue", "Y": "yellow", "P": "purple", "K": "black"}
BAG = {"R": 10, "G": 10, "B": 10, "Y": 10, "P": 10, "K": 20}
DISPLAY_SIZE = 4

# -- The text's numbers ------------------------------------------------------------------------
START_GEMS = 50
START_WORKERS = 2
START_HERBS = 3
MAX_WORKERS = 5
CATCH_UP_PRICE = 20  # round 1: what a player placing after the Hire spots pays for its worker
SKILLS = ("fight", "build", "negotiate")
START_SKILLS = {"fight": 1, "build": 2, "negotiate": 0}
MAX_SKILL = 6
STONE_PRICE = 5
HERB_SHOWN_PRICE = 5
HERB_ANY_PRICE = 10
BLIND_SPELL_PRICE = 7
PEEK_PRICE = 2
HERB_SELL = 3
THIEVES_GEMS = 18
THIEVES_VP = -2
THIEVES_TOKENS = 10
MOAT_WORK = 10
WALL_WORK = 12
TOWER_WORK = 4
MAX_TOWERS = 4
TOWER_VP = {0: 0, 1: 1, 2: 2, 3: 5, 4: 10}
MOAT_VP = 5
WALL_VP = 5
MAJORITY_VP = 2
ROTTED_FOR_STONE = 2
ROTTED_FOR_HERB = 4
GARDENS = 3
GARDEN_CAPACITY = 2
MOAT_GARDENS = 1  # the moat opens one more garden...
MOAT_CAPACITY = 1  # ...and every garden holds one more herb
CAST_DISCOUNT = 1  # gems off an Alchemist or Caster per tower (and for the Lodestone Charm)
MIN_MARKET_PRICE = 1  # Negotiate never takes a Market price below this (per item, herb or stone)
WALL_INCOME_LESS = 1  # a finished wall pays Fight minus this, every round
TOURNAMENT_MIN = 2  # fewer workers call the Tournament off
TIED_MAJORITY_VP = 1  # each player tied for a lead
START_SPELLS = 2
MARKET_SPELLS = 3
STORE_ITEMS = 4


def rounds_for(players: int) -> int:
    return 15 if players == 3 else 16


# -- Spells ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    kind: str  # "alchemist" | "caster"
    herbs: str  # the recipe, one letter per herb
    price: int  # at the Black Market
    vp: int
    bonus: str  # "" | "gems" | "stone" | "fight"

    def recipe(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for h in self.herbs:
            out[h] = out.get(h, 0) + 1
        return out


def _spells() -> dict[str, Spell]:
    # kind, name pattern, Black Market price, points, bonus, then five spells: name and herbs.
    families = [
        ("alchemist", "Tincture of {}", 3, 2, "", "Embers RG, Scales GB, Frost BY, Dawn YP, Dusk RP"),
        ("alchemist", "Elixir of {}", 4, 2, "gems", "Fire RRB, Growth GGY, Ice BBP, Light RYY, Shadow GPP"),
        ("alchemist", "Philter of {}", 5, 3, "stone", "Stone RGY, Roots GBP, Rime RBY, Gold GYP, Night RBP"),
        ("caster", "Ward of {}", 6, 4, "", "Cinders RGB, Thorns GBY, Mist BYP, Sunfire RYP, Shade RGP"),
        ("caster", "Conjure {}", 8, 5, "", "Salamander GBYP, Treant RBYP, Wyrm RGYP, Phoenix RGBP, Wraith RGBY"),
        ("caster", "Rite of the {}", 10, 5, "fight", "Volcano RRGGY, Forest GGBBP, Tide RBBYY, Sun GYYPP, Moon RRBPP"),
    ]  # fmt: skip
    out: dict[str, Spell] = {}
    counters = {"alchemist": 0, "caster": 0}
    for kind, pattern, price, vp, bonus, spells in families:
        for entry in spells.split(", "):
            name, herbs = entry.split()
            counters[kind] += 1
            sid = f"{'A' if kind == 'alchemist' else 'C'}{counters[kind]:02d}"
            out[sid] = Spell(sid, pattern.format(name), kind, herbs, price, vp, bonus)
    return out


SPELLS = _spells()
SPELL_BONUS_GEMS = 3
BONUS_WORDS = {"": "", "gems": f"+{SPELL_BONUS_GEMS} gems", "stone": "+1 stone", "fight": "+1 Fight"}

# -- General Store items ----------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    price: int
    vp: int
    effect: str  # "" | "fight" | "build" | "negotiate" | "stones" | "garden" | "seeds" | "toll" | "charm"
    sell: int  # 0: cannot be sold

    @property
    def words(self) -> str:
        return EFFECT_WORDS[self.effect]


QUARRY_STONES = 3
SEED_HERBS = 2
TOLL_GEMS = 2
# The items' texts, written from the numbers the engine uses.
EFFECT_WORDS = {
    "": "",
    "fight": "+1 Fight",
    "build": "+1 Build",
    "negotiate": "+1 Negotiate",
    "stones": f"+{QUARRY_STONES} stones when bought",
    "garden": "every garden holds one more herb",
    "seeds": f"take {SEED_HERBS} herbs of your choice when bought",
    "toll": f"+{TOLL_GEMS} gems every round",
    "charm": f"casting costs {CAST_DISCOUNT} gem less",
}

_ITEM_ROWS = [
    ("Painted Shield", 6, 1, "", 3, 1),
    ("Silver Chalice", 8, 2, "", 4, 2),
    ("Tapestry of Kings", 11, 3, "", 5, 2),
    ("Jewelled Crown", 15, 4, "", 7, 1),
    ("Dragon Skull", 18, 5, "", 0, 1),
    ("Royal Charter", 22, 6, "", 0, 1),
    ("Tourney Lance", 10, 1, "fight", 0, 2),
    ("Mason's Level", 10, 1, "build", 0, 2),
    ("Guild Seal", 10, 1, "negotiate", 0, 2),
    ("Quarry Cart", 8, 0, "stones", 0, 2),
    ("Rain Barrel", 8, 1, "garden", 0, 1),
    ("Seed Pouch", 8, 0, "seeds", 0, 1),
    ("Toll Bridge", 12, 0, "toll", 6, 1),
    ("Lodestone Charm", 10, 1, "charm", 0, 1),
]


def _items() -> dict[str, Item]:
    out: dict[str, Item] = {}
    k = 0
    for name, price, vp, effect, sell, copies in _ITEM_ROWS:
        for _ in range(copies):
            k += 1
            iid = f"I{k:02d}"
            out[iid] = Item(iid, name, price, vp, effect, sell)
    return out


ITEMS = _items()

# -- The worker board -------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    id: str
    section: int  # 1-6, resolved in this order
    area: str  # what it does: "hire", "alchemist", "caster", "store", "herbalist", "black", "fight",
    # "build_skill", "negotiate", "build", "tournament", "labor", "sell", "thieves", "scavenge"
    name: str
    value: int  # its gem cost, or the gems it pays (labor)
    seats: int  # 0: open to any number of workers
    pair: int  # 1 for the first spot of a kind, 2 for the second (closed with two players)


SECTIONS = {1: "Hire", 2: "Market", 3: "Training", 4: "Build", 5: "Money", 6: "Other"}
TOURNAMENT_PRIZES = (14, 9, 5, 2)

_SPOT_ROWS = [
    ("hire-1", 1, "hire", "Hire a worker", 15, 1, 1),
    ("hire-2", 1, "hire", "Hire a worker", 20, 1, 2),
    ("alchemist-1", 1, "alchemist", "Alchemist", 5, 1, 1),
    ("alchemist-2", 1, "alchemist", "Alchemist", 7, 1, 2),
    ("caster-1", 1, "caster", "Caster", 8, 1, 1),
    ("caster-2", 1, "caster", "Caster", 10, 1, 2),
    ("store-1", 2, "store", "General Store", 0, 1, 1),
    ("store-2", 2, "store", "General Store", 0, 1, 2),
    ("herbalist-1", 2, "herbalist", "Herbalist", 0, 1, 1),
    ("herbalist-2", 2, "herbalist", "Herbalist", 0, 1, 2),
    ("black-1", 2, "black", "Black Market", 0, 1, 1),
    ("black-2", 2, "black", "Black Market", 0, 1, 2),
    ("fight-1", 3, "fight", "Train Fight", 6, 1, 1),
    ("fight-2", 3, "fight", "Train Fight", 9, 1, 2),
    ("build_skill-1", 3, "build_skill", "Train Build", 6, 1, 1),
    ("build_skill-2", 3, "build_skill", "Train Build", 9, 1, 2),
    ("negotiate-1", 3, "negotiate", "Train Negotiate", 6, 1, 1),
    ("negotiate-2", 3, "negotiate", "Train Negotiate", 9, 1, 2),
    ("build", 4, "build", "Build", 0, 0, 1),
    ("tournament", 5, "tournament", "Tournament", 0, 4, 1),
    ("labor-1", 5, "labor", "General Labour", 8, 1, 1),
    ("labor-2", 5, "labor", "General Labour", 7, 1, 1),
    ("labor-3", 5, "labor", "General Labour", 6, 1, 1),
    ("labor-4", 5, "labor", "General Labour", 5, 1, 2),
    ("sell-1", 5, "sell", "Sell", 0, 1, 1),
    ("sell-2", 5, "sell", "Sell", 0, 1, 2),
    ("thieves", 6, "thieves", "Thieves' Guild", 0, 1, 1),
    ("scavenge", 6, "scavenge", "Scavenge", 0, 0, 1),
    ("alchemist-late", 6, "alchemist", "Alchemist (late)", 9, 1, 1),
    ("caster-late", 6, "caster", "Caster (late)", 12, 1, 1),
]
SPOTS = {row[0]: Spot(*row) for row in _SPOT_ROWS}
# The resolution order: section by section, spots in board order (docs/lords.md, A2).
ORDER = tuple(SPOTS)
TRAINING = {"fight": "fight", "build_skill": "build", "negotiate": "negotiate"}


def spots_for(players: int) -> tuple[str, ...]:
    """The spots in play: with two players the second spot of each pair is closed."""
    return tuple(sid for sid, spot in SPOTS.items() if players > 2 or spot.pair == 1)


def tournament_places(players: int) -> int:
    return 3 if players == 2 else len(TOURNAMENT_PRIZES)
