"""A battle's value, in the rulebook's order, and what happens after it.

Rulebook: Battles, Dungeon effects, Battle effects, Light and darkness, Attack and Magic Attack
traits, Disease cards, Trophies, Resolving battles, Spoils. The order used for the total
(docs/thunderstone.md, "Battle value"):

1. Each hero's Strength: printed, plus food and Feast, minus the monster's Strength loss. A weapon
   heavier than its hero's Strength now (weight 0 under Magical Aura) is no longer carried.
2. Heroes that do not attack (a Feayn against rank 1, the hero Haunt picks, an unarmed hero
   against Darkness) add nothing at all: no Attack, Magic Attack, Light or other power.
3. Each attacking hero: printed Attack and Magic Attack, its own bonuses, the party's bonuses, food
   eaten, its weapon; then Goodberries or Arcane Energies turn its attack into Magic Attack; then
   Judgement takes 1 from its Attack or Magic Attack.
4. Other cards: spells, light items, trophies; Selurin Magicians add to items and magic spells.
5. Each Disease takes 1 from Attack or Magic Attack (the one chosen must be at least 1 first).
6. Magic Attack doubles for each attacking Selurin Warlock or Theurge.
7. The monster's traits on the two parts: Magic Attack immunity, Magic Attack only, half Magic.
8. The total, halved (rounded down) without the Magic Attack or weapon the monster asks for.
9. Minus twice the light penalty (rank plus the monster's penalty minus the party's Light).
Victory: the total reaches the monster's Health (and Magic Attack is at least 1 if it must be).
Where the player may choose (which Disease or Judgement hits which part) the best choice for the
player is made, since it can change nothing but this battle's total.
"""

from __future__ import annotations

from typing import Any

from .data import DISEASE, card
from .powers import (
    ALL_HEROES_ATTACK,
    DOUBLES_MAGIC,
    EDGED_BONUS,
    ITEM_MAGIC,
    MILITIA_BONUS,
    NON_FIGHTER_BONUS,
    NOT_AT_RANK_1,
    PER_LIGHT_ITEM,
    PER_MONSTER,
    POLEARM_STRONG,
    RANK_BONUS,
    SPEAR_THROW,
    WARHAMMER_BONUS,
    MonsterRules,
    monster_rules,
)
from .state import State

LIGHT_COST = 2  # each point of light penalty left over costs this much of the total


def party(s: State) -> list[str]:
    """Every card in the battle: the active player's hand (with a borrowed hero)."""
    return list(s["hands"][s["turn"]])


def prep_strength(t: dict[str, Any], hero: str) -> int:
    return card(hero).strength + t.get("str", {}).get(hero, 0) + 3 * t.get("feasts", 0)


def carried(s: State, cards: list[str], strength: dict[str, int]) -> tuple[dict[str, str], set[str]]:
    """(hero -> the weapon it still carries, heroes given an Edged weapon before the battle)."""
    t = s["t"]
    thrown = t.get("thrown", [])
    armed: dict[str, str] = {}
    edged: set[str] = set()
    for w, h in t.get("equip", {}).items():
        if h not in strength or (w not in cards and w not in thrown):
            continue
        kind = card(w)
        if kind.has("Edged"):
            edged.add(h)
        weight = 0 if t.get("aura") else (kind.weight or 0)
        if weight <= strength[h]:
            armed[h] = w
    return armed, edged


def idle_reason(hero: str, rank: int, mr: MonsterRules, armed: dict[str, str], haunted: str | None) -> str:
    if card(hero).name in NOT_AT_RANK_1 and rank == 1:
        return "rank 1"
    if hero == haunted:
        return "haunted"
    if mr.unarmed_idle and hero not in armed:
        return "no weapon"
    return ""


def evaluate(s: State, rank: int, haunted: str | None = None) -> dict[str, Any]:
    """The battle against the monster at `rank`, with the party as it is now."""
    t = s["t"]
    cards = party(s)
    monster = card(s["hall"][rank - 1])
    mr = monster_rules(monster.name)
    kinds = [card(c) for c in cards]
    heroes = [c for c, k in zip(cards, kinds, strict=True) if k.is_hero]
    strength = {h: prep_strength(t, h) + mr.strength for h in heroes}
    armed, edged = carried(s, cards, strength)
    idle = {h: idle_reason(h, rank, mr, armed, haunted) for h in heroes}
    attacking = [h for h in heroes if not idle[h]]
    names = [card(h).name for h in attacking]
    monsters_held = sum(k.is_monster for k in kinds)
    light_items = sum(1 for k in kinds if k.has("Item") and k.light > 0)
    fury = sum(ALL_HEROES_ATTACK.get(k.name, 0) for k in kinds) + t.get("feasts", 0)
    knights = sum(MILITIA_BONUS.get(n, 0) for n in names)
    lords = sum(NON_FIGHTER_BONUS.get(n, 0) for n in names)
    magicians = sum(ITEM_MAGIC.get(n, 0) for n in names)
    doubling = 2 ** sum(n in DOUBLES_MAGIC for n in names)
    undead = monster.has("Doomknight") or monster.has("Undead")
    thrown, berries, eaten = t.get("thrown", []), t.get("berries", []), t.get("eaten", {})
    attack = magic = light = flexible = 0
    rows = []
    for h in heroes:
        k = card(h)
        if idle[h]:
            rows.append({"id": h, "attack": 0, "magic": 0, "idle": idle[h], "strength": strength[h]})
            continue
        a, m = k.attack, k.magic
        a += RANK_BONUS.get(k.name, 0) if rank in (2, 3) else 0
        a += EDGED_BONUS.get(k.name, 0) if h in edged else 0
        a += PER_MONSTER.get(k.name, 0) * monsters_held + PER_LIGHT_ITEM.get(k.name, 0) * light_items
        a += fury + (knights if k.has("Militia") else 0) + (0 if k.has("Fighter") else lords)
        a += eaten.get(h, 0)
        light += k.light
        w = armed.get(h)
        if w:
            wk = card(w)
            wa, wm = wk.attack, wk.magic
            if wk.name == "Polearm" and strength[h] >= POLEARM_STRONG[0]:
                wa = POLEARM_STRONG[1]
            if wk.name == "Warhammer" and k.has("Cleric") and undead:
                wa += WARHAMMER_BONUS
            if w in thrown:
                wa += SPEAR_THROW
            if mr.edged_immune and wk.has("Edged"):
                wa = wm = 0
            a += wa + mr.armed_bonus
            m += wm
            light += wk.light
        if h in berries or (t.get("arcane") and w):
            a, m = 0, m + a
        if mr.judgement:
            if a >= 1 and m >= 1:
                flexible += 1
            elif a >= 1:
                a -= 1
            elif m >= 1:
                m -= 1
        attack += a
        magic += m
        rows.append({"id": h, "attack": a, "magic": m, "idle": "", "strength": strength[h], "weapon": w})
    for k in kinds:
        if k.is_hero or k.is_weapon or k.name == DISEASE:
            continue
        if k.is_monster:
            attack += k.trophy_attack
            magic += k.trophy_magic
        else:
            attack += k.attack
            magic += k.magic
        light += k.light
        if k.has("Item") or (k.has("Spell") and k.magic > 0):
            magic += magicians
    diseases = sum(k.name == DISEASE for k in kinds)
    penalty = max(0, rank + monster.penalty - light)
    best: dict[str, Any] | None = None
    for on_magic in range(flexible + 1):
        a0, m0 = attack - (flexible - on_magic), magic - on_magic
        for da, dm in disease_splits(diseases, a0, m0):
            fa, fm = a0 - da, (m0 - dm) * doubling
            if mr.magic_immune:
                fm = 0
            if mr.magic_only:
                fa = 0
            if mr.half_magic:
                fm //= 2
            total = fa + fm
            halved = (mr.half_without_magic and fm < 1) or (mr.half_without_weapon and not armed)
            if halved:
                total //= 2
            total -= LIGHT_COST * penalty
            win = total >= monster.health and (fm >= 1 or not mr.magic_required)
            option = {
                "attack": fa,
                "magic": fm,
                "disease_attack": da,
                "disease_magic": dm,
                "judgement_magic": on_magic,
                "halved": halved,
                "total": total,
                "win": win,
            }
            if best is None or (win, total, fm) > (best["win"], best["total"], best["magic"]):
                best = option
    assert best is not None
    return {
        "rank": rank,
        "monster": s["hall"][rank - 1],
        "health": monster.health,
        "raw_attack": attack,
        "raw_magic": magic,
        "flexible": flexible,
        "diseases": diseases,
        "doubling": doubling,
        "light": light,
        "darkness": rank + monster.penalty,
        "penalty": penalty,
        "heroes": rows,
        "armed": sorted(armed),
        "magic_required": mr.magic_required,
        **best,
    }


def disease_splits(k: int, attack: int, magic: int) -> list[tuple[int, int]]:
    """Ways to share k Diseases between Attack and Magic Attack, each taking 1 from a part that
    is at least 1; Diseases left with no part to hit do nothing."""
    a, m = max(attack, 0), max(magic, 0)
    if k >= a + m:
        return [(a, m)]
    return [(da, k - da) for da in range(max(0, k - m), min(k, a) + 1)]


def light_penalty(s: State, rank: int) -> int:
    """The light penalty against the monster at `rank` before the battle (the same Light as in
    `evaluate`, counted without the rest)."""
    t = s["t"]
    cards = party(s)
    monster = card(s["hall"][rank - 1])
    mr = monster_rules(monster.name)
    heroes = [c for c in cards if card(c).is_hero]
    strength = {h: prep_strength(t, h) + mr.strength for h in heroes}
    armed, _ = carried(s, cards, strength)
    light = 0
    for c in cards:
        k = card(c)
        if k.is_hero:
            if not idle_reason(c, rank, mr, armed, None):
                light += k.light + (card(armed[c]).light if c in armed else 0)
        elif not k.is_weapon:
            light += k.light
    return max(0, rank + monster.penalty - light)


def attackable(s: State, rank: int) -> bool:
    """A monster the party may choose: not an empty rank, not the Thunderstone, not a Blink Dog
    while any light penalty against it remains."""
    cid = s["hall"][rank - 1]
    if cid is None or not card(cid).is_monster:
        return False
    if monster_rules(card(cid).name).cannot_attack_in_dark:
        return light_penalty(s, rank) == 0
    return True


def haunt_choices(s: State, rank: int) -> list[str]:
    """Heroes Haunt may stop: those that would attack otherwise."""
    result = evaluate(s, rank)
    return [row["id"] for row in result["heroes"] if not row["idle"]]


def best_preview(s: State, rank: int) -> dict[str, Any]:
    """The battle as the player would build it; against Haunt, with the best hero to give up."""
    if not monster_rules(card(s["hall"][rank - 1]).name).haunt:
        return evaluate(s, rank)
    options = [evaluate(s, rank, h) for h in haunt_choices(s, rank)] or [evaluate(s, rank)]
    return max(options, key=lambda r: (r["win"], r["total"]))
