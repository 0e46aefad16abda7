"""Setting up a game (rulebook: Setup, Your first game)."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.rng import Rng, seed_state

from .data import BASICS, CARDS, FIRST_GAME, HERO_TYPES, MONSTER_GROUPS, START_DECK, STONE, VILLAGE_KINDS, ids
from .data import MONSTERS_BY_GROUP as MONSTERS
from .state import HAND_SIZE, State

RANDOM, FIRST = "random", "first game"
OPTIONS: dict[str, dict[str, Any]] = {
    "setup": {
        "choices": [RANDOM, FIRST],
        "default": RANDOM,
        "label": N_("Cards"),
        "names": {RANDOM: N_("Drawn at random"), FIRST: N_("The set for a first game")},
        "help": N_("Which heroes, village cards and monsters are in play."),
    },
    "monsters": {
        "choices": ["3", "4"],
        "default": "3",
        "label": N_("Monster groups"),
        "names": {"3": N_("3 groups"), "4": N_("4 groups (a longer game)")},
        "help": N_("How many monster groups a random setup draws."),
        "when": {"setup": [RANDOM]},
    },
}
STONE_DEPTH = 10  # the stone is shuffled into the bottom ten monsters
VILLAGE_STACKS = 8  # village card kinds in a game


def choose_kinds(rng: Rng, options: dict[str, Any]) -> dict[str, list[str]]:
    if options["setup"] == FIRST:
        return {k: list(v) for k, v in FIRST_GAME.items()}
    groups = rng.shuffled(sorted(set(MONSTER_GROUPS.values())))[: int(options["monsters"])]
    heroes = rng.shuffled(sorted(HERO_TYPES))[:4]
    village = rng.shuffled(VILLAGE_KINDS)[:VILLAGE_STACKS]
    return {"monsters": sorted(groups), "heroes": sorted(heroes), "village": sorted(village)}


def dungeon_deck(rng: Rng, groups: list[str]) -> list[str]:
    """Every monster of the chosen groups, shuffled, with the Thunderstone shuffled into the
    bottom ten (so it is among the last eleven cards)."""
    monsters = [cid for g in groups for m in MONSTERS[g] for cid in ids(m.name, 1, m.count)]
    rng.shuffle(monsters)
    bottom = monsters[-STONE_DEPTH:] + ids(STONE, 1, 1)
    rng.shuffle(bottom)
    return monsters[:-STONE_DEPTH] + bottom


def setup(seed: int, players: int, options: dict[str, Any]) -> State:
    rng = Rng(seed_state(seed))
    kinds = choose_kinds(rng, options)
    deck = dungeon_deck(rng, kinds["monsters"])
    hall: list[str | None] = [deck.pop(0), deck.pop(0), deck.pop(0)]
    stacks: dict[str, list[int]] = {}
    decks = []
    for p in range(players):
        start = [cid for kind, k in START_DECK for cid in ids(kind, 1 + p * k, k)]
        rng.shuffle(start)
        decks.append(start)
    for kind in BASICS:
        per_player = dict(START_DECK)[kind]
        # The starting decks took copies 1 to players x per_player.
        stacks[f"basic:{kind}"] = [CARDS[kind].count - players * per_player]
    # Hero stacks: level 1 on top, then level 2, level 3 at the bottom.
    for hero_type in kinds["heroes"]:
        stacks[f"hero:{hero_type}"] = [c.count for c in HERO_TYPES[hero_type]]
    for kind in kinds["village"]:
        stacks[f"village:{kind}"] = [CARDS[kind].count]
    first = rng.below(players)
    return {
        "n": players,
        "opts": dict(options),
        "rng": rng.state,
        "kinds": kinds,
        "turn": first,
        "turns": 0,
        "phase": "choose",
        "hands": [d[:HAND_SIZE] for d in decks],
        "decks": [d[HAND_SIZE:] for d in decks],
        "discards": [[] for _ in range(players)],
        "xp": [0] * players,
        "shown": [False] * players,
        "stacks": stacks,
        "hall": hall,
        "dungeon": deck,
        "seen": 0,
        "zone": STONE_DEPTH + 1,
        "destroyed": [],
        "next_disease": 1,
        "t": {"mode": None},
        "ask": None,
        "todo": [],
        "chosen": [[] for _ in range(players)],
        "stone": None,
        "end": None,
        "log": f"start\t{first}\n",
    }
