"""The battle and what follows it (rulebook: Enter the dungeon, step 4; Resolving battles; Battle
effects; Spoils; Elf Sorcerer and Feayn Sniper in the glossary).

Order: the total (battle.py) -> the monster's battle effects (cards it destroys stay in the
battle until it ends) -> an undefeated monster goes under the dungeon deck; a defeated one, with
its experience, joins the player's discard pile, as does any Disease gained -> spoils -> the hall
shifts and refills (the Thunderstone, breaches) -> an Elf Sorcerer may send a monster under.
"""

from __future__ import annotations

from typing import Any

from .battle import evaluate
from .data import card
from .flow import later, run, step
from .hall import KILLED_AT_RANK_1, leave, refill, send_under, to_bottom
from .powers import AFTER_WIN_SEND, RANK_3_XP, SPOILS, monster_rules
from .state import (
    State,
    destroy,
    gain,
    log,
    new_disease,
    own,
    stack_take,
    stack_top,
    take_from_hand,
    take_top,
)

Action = dict[str, Any]


@step("fight")
def fight(s: State) -> None:
    t = s["t"]
    result = evaluate(s, t["rank"], t.get("haunted"))
    t["result"] = result
    t["fought"] = True
    t["doomed"] = []
    log(s, "battle", s["turn"], card(t["monster"]).name, t["rank"], result["total"], result["win"])
    later(s, ["slay"], ["after"])


def slay_options(s: State) -> tuple[list[str], bool]:
    """The cards the monster's battle effect may destroy, and whether it destroys them all."""
    t = s["t"]
    mr = monster_rules(card(t["monster"]).name)
    cards = s["hands"][s["turn"]]
    result = t["result"]
    strength = {row["id"]: row["strength"] for row in result["heroes"]}
    if mr.slay_all:
        return [c for c in cards if any(card(c).has(x) for x in mr.slay_all)], True
    if mr.weakened_die:
        return [h for h, st in strength.items() if st <= 0], True
    if mr.slay == "strongest":
        top = max(strength.values(), default=None)
        return [h for h, st in strength.items() if st == top], False
    if mr.slay == "unarmed":
        return ([] if result["armed"] else list(strength)), False
    if mr.slay:
        return [c for c in cards if card(c).has(mr.slay)], False
    return [], False


@step("slay")
def slay(s: State) -> None:
    options, every = slay_options(s)
    if not options:
        return
    if every or len({card(c).name for c in options}) == 1:
        # All of them, or one of identical cards: nothing to choose.
        doom(s, options if every else options[:1])
    else:
        s["ask"] = {"k": "slay", "p": s["turn"], "options": options}


def doom(s: State, cards: list[str]) -> None:
    t = s["t"]
    for c in cards:
        if c not in t["doomed"]:
            t["doomed"].append(c)
    log(s, "doomed", s["turn"], card(t["monster"]).name, [card(c).name for c in cards])


def slay_apply(s: State, cid: str) -> None:
    s["ask"] = None
    doom(s, [cid])
    run(s)


@step("after")
def aftermath(s: State) -> None:
    t, p = s["t"], s["turn"]
    monster = card(t["monster"])
    mr = monster_rules(monster.name)
    won = t["result"]["win"]
    lent = {c: owner for c, owner in t["borrowed"]}
    for c in t["doomed"]:
        take_from_hand(s, p, c)
        destroy(s, c)
    for c, owner in lent.items():
        if c not in t["doomed"]:
            take_from_hand(s, p, c)
            gain(s, owner, c)
    t["borrowed"] = []
    for _ in range(mr.disease):
        gain(s, p, new_disease(s))
    if mr.disease:
        log(s, "disease", p, mr.disease)
    leave(s, t["rank"])
    if not won:
        to_bottom(s, t["monster"])
    else:
        gain(s, p, t["monster"])
        alive = [r["id"] for r in t["result"]["heroes"] if not r["idle"] and r["id"] not in t["doomed"]]
        xp = monster.xp + (sum(RANK_3_XP.get(card(h).name, 0) for h in alive) if t["rank"] == 3 else 0)
        own(s, "xp")[p] += xp
        log(s, "won", p, monster.name, xp)
        for source in [*alive, t["monster"]]:
            kind = SPOILS.get(card(source).name)
            if kind:
                later(s, ["spoils", source, kind])
    later(s, ["refill", KILLED_AT_RANK_1 if won and t["rank"] == 1 else ""])
    if won:
        later(s, *(["send", h] for h in alive if card(h).name in AFTER_WIN_SEND))
    later(s, ["end"])


@step("refill")
def refill_step(s: State, cause: str) -> None:
    refill(s, cause)


# -- Spoils ----------------------------------------------------------------------------------


def spoils_gold(s: State) -> int:
    """The gold of the cards still in the battle (a borrowed hero's is not the player's)."""
    lent = {c for c, _ in s["t"].get("borrowed", [])}
    return sum(card(c).gold or 0 for c in s["hands"][s["turn"]] if c not in lent)


def spoils_buys(s: State, kind: str) -> list[Action]:
    gold = spoils_gold(s)
    out = []
    for sid in s["stacks"]:
        cid = stack_top(s, sid)
        if cid is None:
            continue
        top = card(cid)
        if (kind == "any" or top.has(kind)) and (top.cost or 0) <= gold:
            out.append({"type": "buy", "stack": sid})
    return out


@step("spoils")
def spoils(s: State, source: str, kind: str) -> None:
    p = s["turn"]
    if kind == "reveal":
        cards = take_top(s, p, 6)
        s["t"]["revealed"] = cards
        log(s, "sphinx", p, [card(c).name for c in cards])
        if cards:
            s["ask"] = {"k": "sphinx", "p": p, "source": source}
        return
    if spoils_buys(s, kind):
        s["ask"] = {"k": "spoils", "p": p, "source": source, "kind": kind}


def spoils_legal(s: State) -> list[Action]:
    return [*spoils_buys(s, s["ask"]["kind"]), {"type": "pass"}]


def spoils_apply(s: State, action: Action) -> None:
    p = s["turn"]
    source = s["ask"]["source"]
    s["ask"] = None
    if action["type"] == "buy":
        cid = stack_take(s, action["stack"])
        gain(s, p, cid)
        log(s, "spoils", p, card(source).name, card(cid).name)
    run(s)


def sphinx_legal(s: State) -> list[Action]:
    return [{"type": "destroy", "card": c} for c in s["t"]["revealed"]] + [{"type": "done"}]


def sphinx_apply(s: State, action: Action) -> None:
    p, t = s["turn"], s["t"]
    if action["type"] == "destroy":
        cid = action["card"]
        t["revealed"].remove(cid)
        destroy(s, cid)
        log(s, "destroyed", p, card(cid).name)
        if t["revealed"]:
            return
    for c in t["revealed"]:
        gain(s, p, c)
    t["revealed"] = []
    s["ask"] = None
    run(s)


# -- Elf Sorcerer ----------------------------------------------------------------------------


@step("send")
def sorcerer(s: State, hero: str) -> None:
    if any(c is not None and card(c).is_monster for c in s["hall"]):
        s["ask"] = {"k": "send", "p": s["turn"], "card": hero}


def send_legal(s: State) -> list[Action]:
    ranks = [r for r in (1, 2, 3) if s["hall"][r - 1] is not None and card(s["hall"][r - 1]).is_monster]
    return [*({"type": "send", "rank": r} for r in ranks), {"type": "pass"}]


def send_apply(s: State, action: Action) -> None:
    s["ask"] = None
    if action["type"] == "send":
        send_under(s, action["rank"])
    run(s)
