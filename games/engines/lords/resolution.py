"""Worker Resolution (rules text: Resolution Phases): section 1 to 6, each spot in board order,
each worker in the order it arrived. A worker whose action needs a choice asks its owner
(`ask`); everything else resolves on its own. An action a player cannot pay for is skipped."""

from __future__ import annotations

from typing import Any

from games.engines.i18n import N_
from games.engines.i18n import seat as who

from . import building, market
from .casting import cast, cast_cost, castable
from .data import (
    HERB_NAMES,
    HERB_SELL,
    HERBS,
    ITEMS,
    MAX_SKILL,
    MAX_WORKERS,
    ORDER,
    SKILL_NAMES,
    SPOTS,
    THIEVES_GEMS,
    TOURNAMENT_MIN,
    TOURNAMENT_PRIZES,
    TRAINING,
)
from .rounds import end_round
from .state import State, draw_from_bag, herb_supply, log, pay_herbs

Action = dict[str, Any]


def start(s: State) -> None:
    s["phase"] = "resolve"
    s["at"] = [0, 0]
    log(s, N_("Every worker is placed; the board resolves section by section."))
    run(s)


def run(s: State) -> None:
    """Resolves workers until one needs its owner's choice or the round is over."""
    while s["phase"] == "resolve" and s["ask"] is None:
        i, k = s["at"]
        if i >= len(ORDER):
            end_round(s)
            return
        sid = ORDER[i]
        workers = s["board"].get(sid, [])
        if sid == "tournament":
            tournament(s, workers)
            s["at"] = [i + 1, 0]
            continue
        if k >= len(workers):
            s["at"] = [i + 1, 0]
            continue
        s["at"] = [i, k + 1]
        resolve(s, sid, workers[k])


def skip(s: State, seat: int, sid: str, why: str) -> None:
    log(
        s,
        N_("{whose}'s worker on {spot} does nothing: {why}."),
        whose=who(seat),
        spot=SPOTS[sid].name,
        why=why,
    )


def resolve(s: State, sid: str, seat: int) -> None:
    spot = SPOTS[sid]
    p = s["players"][seat]
    area = spot.area
    if area == "hire":
        if p["workers"] >= MAX_WORKERS:
            skip(s, seat, sid, N_("no room for another worker"))
        elif p["gems"] < spot.value:
            skip(s, seat, sid, N_("not enough gems"))
        else:
            p["gems"] -= spot.value
            p["workers"] += 1
            log(
                s,
                N_("{who} hires a worker for {gems} gems (now {n})."),
                who=who(seat),
                gems=spot.value,
                n=p["workers"],
            )
    elif area in ("alchemist", "caster"):
        if not castable(p, area):
            skip(
                s,
                seat,
                sid,
                N_("no alchemist spell they can cast")
                if area == "alchemist"
                else N_("no caster spell they can cast"),
            )
        elif p["gems"] < cast_cost(p, sid):
            skip(s, seat, sid, N_("not enough gems"))
        else:
            s["ask"] = {"k": "cast", "seat": seat, "spot": sid}
    elif area in ("store", "herbalist", "black"):
        legal = {
            "store": market.store_legal,
            "herbalist": market.herbalist_legal,
            "black": market.black_legal,
        }
        if legal[area](s, p):
            s["ask"] = {"k": area, "seat": seat, "spot": sid}
        else:
            skip(s, seat, sid, N_("nothing they can pay for"))
    elif area in TRAINING:
        skill = TRAINING[area]
        if p[skill] >= MAX_SKILL:
            skip(s, seat, sid, N_("the skill is at its top"))
        elif p["gems"] < spot.value:
            skip(s, seat, sid, N_("not enough gems"))
        else:
            p["gems"] -= spot.value
            p[skill] += 1
            p["trained"] += 1
            log(
                s,
                N_("{who} trains {skill} to {n} for {gems} gems."),
                who=who(seat),
                skill=SKILL_NAMES[skill],
                n=p[skill],
                gems=spot.value,
            )
    elif area == "build":
        options = building.projects(p)
        if not options:
            skip(s, seat, sid, N_("nothing left to build with what they own"))
        elif len(options) == 1:
            building.work(s, seat, options[0])
        else:
            s["ask"] = {"k": "work", "seat": seat, "spot": sid}
    elif area == "labor":
        p["gems"] += spot.value
        log(s, N_("{who} earns {gems} gems from labour."), who=who(seat), gems=spot.value)
    elif area == "sell":
        if sell_legal(s, seat)[:-1]:
            s["ask"] = {"k": "sell", "seat": seat, "spot": sid}
        else:
            skip(s, seat, sid, N_("nothing to sell"))
    elif area == "thieves":
        if s["tokens"] <= 0:
            skip(s, seat, sid, N_("the Guild has no tokens left"))
        else:
            s["tokens"] -= 1
            p["thieves"] += 1
            p["gems"] += THIEVES_GEMS
            log(s, N_("{who} takes 18 gems from the Thieves' Guild and a -2 point token."), who=who(seat))
    elif area == "scavenge":
        h = draw_from_bag(s)
        if h is None:
            skip(s, seat, sid, N_("the bag is empty"))
        else:
            p["herbs"][h] += 1
            log(s, N_("{who} scavenges {herb}."), who=who(seat), herb=HERB_NAMES[h])
    else:
        raise AssertionError(area)


def tournament(s: State, workers: list[int]) -> None:
    """Cancelled below TOURNAMENT_MIN workers; else places by Fight, ties to the earlier arrival."""
    if not workers:
        return
    if len(workers) < TOURNAMENT_MIN:
        log(s, N_("Only one worker came to the Tournament: it is cancelled."))
        return
    order = sorted(range(len(workers)), key=lambda k: (-s["players"][workers[k]]["fight"], k))
    for place, k in enumerate(order):
        seat = workers[k]
        prize = TOURNAMENT_PRIZES[place]
        s["players"][seat]["gems"] += prize
        log(
            s,
            N_("{who} places {n} in the Tournament and wins {gems} gems."),
            who=who(seat),
            n=place + 1,
            gems=prize,
        )


# -- Decisions ---------------------------------------------------------------------------------


def sell_legal(s: State, seat: int) -> list[Action]:
    p = s["players"][seat]
    supply = herb_supply(p)
    out: list[Action] = [{"type": "sell", "herb": h} for h in HERBS if supply[h]]
    seen: set[str] = set()
    for i in p["items"]:
        item = ITEMS[i]
        if item.sell and item.name not in seen:
            seen.add(item.name)
            out.append({"type": "sell_item", "item": i})
    out.append({"type": "done"})
    return out


def ask_legal(s: State) -> list[Action]:
    ask = s["ask"]
    seat = ask["seat"]
    p = s["players"][seat]
    k = ask["k"]
    if k == "cast":
        spots_kind = SPOTS[ask["spot"]].area
        seen: list[str] = []
        for c in castable(p, spots_kind):
            if c not in seen:
                seen.append(c)
        return [*({"type": "cast", "spell": c} for c in seen), {"type": "skip"}]
    if k == "store":
        return [*market.store_legal(s, p), {"type": "skip"}]
    if k == "peeked":
        return market.peeked_legal(s, p)
    if k == "herbalist":
        return [*market.herbalist_legal(s, p), {"type": "skip"}]
    if k == "black":
        return [*market.black_legal(s, p), {"type": "skip"}]
    if k == "work":
        return [{"type": "work", "project": x} for x in building.projects(p)]
    if k == "sell":
        return sell_legal(s, seat)
    if k == "seeds":
        return market.seeds_legal(s) or [{"type": "skip"}]
    raise AssertionError(k)


def ask_apply(s: State, action: Action) -> None:
    ask = s["ask"]
    seat = ask["seat"]
    k = ask["k"]
    kind = action["type"]
    if kind == "skip":
        s["ask"] = None
        if "spot" in ask:
            skip(s, seat, ask["spot"], N_("they chose not to"))
    elif k == "cast":
        s["ask"] = None
        cast(s, seat, ask["spot"], action["spell"])
    elif k == "store":
        market.store_apply(s, seat, action)
    elif k == "peeked":
        market.peeked_apply(s, seat, action)
    elif k == "herbalist":
        market.herbalist_apply(s, seat, action)
    elif k == "black":
        market.black_apply(s, seat, action)
    elif k == "work":
        s["ask"] = None
        building.work(s, seat, action["project"])
    elif k == "sell":
        _sell(s, seat, action)
    elif k == "seeds":
        market.seeds_apply(s, seat, action["herb"])
    run(s)


def _sell(s: State, seat: int, action: Action) -> None:
    p = s["players"][seat]
    if action["type"] == "done":
        s["ask"] = None
        return
    if action["type"] == "sell":
        h = action["herb"]
        pay_herbs(s, p, {h: 1})
        p["gems"] += HERB_SELL
        log(s, N_("{who} sells {thing} for {gems} gems."), who=who(seat), thing=HERB_NAMES[h], gems=HERB_SELL)
    else:
        iid = action["item"]
        p["items"].remove(iid)
        s["sold"].append(iid)
        p["gems"] += ITEMS[iid].sell
        log(
            s,
            N_("{who} sells {thing} for {gems} gems."),
            who=who(seat),
            thing=ITEMS[iid].name,
            gems=ITEMS[iid].sell,
        )
    if len(sell_legal(s, seat)) == 1:
        s["ask"] = None
