"""Bots for Lords of Spell and Stone: they decide from their seat's view and legal actions only.

The heuristic bot values every choice in points, counting gems at a rate that falls as the
game nears its end (gems left over only break ties):
- placement: each spot's expected points now (a castable spell, an item, the work a Build worker
  adds towards the next building, the Tournament prize its Fight can expect, labour's gems...),
  the best first;
- decisions: the castable spell worth most, the item or spell whose points beat its price, the
  herb its spells lack, the project nearest to scoring, selling herbs no spell in hand needs;
- free actions: plant a herb its spells need in an empty garden; trade Rotted herbs.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Bot, View, random_bot
from games.engines.rng import Rng

from .data import (
    HERBS,
    ITEMS,
    MAX_SKILL,
    MAX_TOWERS,
    MAX_WORKERS,
    MOAT_VP,
    MOAT_WORK,
    QUARRY_STONES,
    SPELLS,
    SPOTS,
    TOURNAMENT_PRIZES,
    TOWER_VP,
    TOWER_WORK,
    TRAINING,
    WALL_VP,
    WALL_WORK,
)
from .view import view as view_of


class Reading:
    """What the bot reads off its view once per decision."""

    def __init__(self, view: View, plan: str | None = None) -> None:
        self.view = view
        self.me: int = view["me"]
        self.mat: dict[str, Any] = view["seats"][self.me]
        self.left: int = view["rounds"] - view["round"]  # rounds after this one
        # A gem is worth about 1/6 point while it can still be spent well, less to a rich lord,
        # little at the end.
        rich = 0.2 * 30 / (30 + self.mat["gems"])
        self.gem = rich if self.left >= 3 else (min(rich, 0.08) if self.left >= 1 else 0.02)
        self.supply = {h: self.mat["herbs"][h] for h in HERBS}
        for h, n in self.mat["gardens"]:
            if h is not None:
                self.supply[h] += n
        self.hand: list[str] = list(view.get("hand", []))
        self.plan = plan or plan_of(view)

    def missing(self, spell_id: str) -> int:
        need = SPELLS[spell_id].recipe()
        return sum(max(0, k - self.supply[h]) for h, k in need.items())

    def needed(self) -> dict[str, int]:
        """Herbs the spells in hand still lack, by type."""
        out = dict.fromkeys(HERBS, 0)
        for c in self.hand:
            for h, k in SPELLS[c].recipe().items():
                out[h] += max(0, k - self.supply[h])
        return out

    def needed_full(self) -> dict[str, int]:
        """Herbs the spells in hand use in all, by type."""
        out = dict.fromkeys(HERBS, 0)
        for c in self.hand:
            for h, k in SPELLS[c].recipe().items():
                out[h] += k
        return out

    def castable(self, kind: str) -> list[str]:
        return [c for c in self.hand if SPELLS[c].kind == kind and self.missing(c) == 0]

    def mine_on(self, area: str) -> int:
        return sum(
            1 for sid, ws in self.view["board"].items() if SPOTS[sid].area == area for w in ws if w == self.me
        )

    def gems_committed(self) -> int:
        """Gems the workers already placed this round will spend (roughly)."""
        out = 0
        for sid, ws in self.view["board"].items():
            spot = SPOTS[sid]
            if self.me in ws and (spot.area in ("hire", "alchemist", "caster") or spot.area in TRAINING):
                out += spot.value
        return out


PLANS = ("spells", "builder", "collector")
# How much more (or less) each plan wants each kind of spot than its plain worth. The spells
# and builder plans keep away from the Thieves' Guild (their gems come later: 2 points for 18
# gems is a bad trade) and the builder from training it does not use (docs/lords.md, "Plans").
PLAN_WEIGHTS: dict[str, dict[str, float]] = {
    "spells": {
        "black": 1.5,
        "herbalist": 1.3,
        "alchemist": 1.2,
        "caster": 1.2,
        "store": 1.0,
        "build": 0.6,
        "thieves": 0.3,
    },
    "builder": {
        "build": 1.8,
        "build_skill": 1.0,
        "store": 1.6,
        "black": 0.6,
        "herbalist": 0.7,
        "fight": 0.3,
        "thieves": 0.3,
    },
    "collector": {"store": 1.6, "labor": 1.2, "tournament": 1.2, "negotiate": 1.3, "black": 0.6},
}
# Gems a spells or builder lord holds beyond what its placed workers will spend, from which it
# shops at the General Store as a collector does: its own plan cannot turn them into points.
SPARE_GEMS = 20
# The plan the hard bot's search starts from (`champion_bot`): a collector who values the
# Tournament higher. Against the heuristic's mix of plans, collecting won 68% of 1000 games and
# this 76% (spells 38%, building 45%): docs/lords.md, "Bots".
PLAN_WEIGHTS["champion"] = {**PLAN_WEIGHTS["collector"], "tournament": 2.0}
COLLECTORS = ("collector", "champion")


def plan_of(view: View) -> str:
    """The plan this seat follows all game, chosen from the spells and herbs it was dealt (its
    own first log lines): a fixed mix, so games between heuristic bots try every plan."""
    dealt = next((line for line in view["log"] if line.startswith("You were dealt")), "")
    me = "{p%d} starts" % view["me"]
    herbs = next((line for line in view["log"] if line.startswith(me)), "")
    return PLANS[sum(map(ord, dealt + herbs)) % len(PLANS)]


def placement_value(r: Reading, sid: str) -> float:
    value = spot_value(r, sid)
    if value <= 0:
        return value
    area = SPOTS[sid].area
    weight = PLAN_WEIGHTS[r.plan].get(area, 1.0)
    if area == "store" and r.mat["gems"] - r.gems_committed() >= SPARE_GEMS:
        weight = max(weight, PLAN_WEIGHTS["collector"]["store"])
    return value * weight


def spot_value(r: Reading, sid: str) -> float:
    spot = SPOTS[sid]
    a = spot.area
    m = r.mat
    gems = m["gems"] - r.gems_committed()
    if a == "hire":
        if m["workers"] + r.mine_on("hire") >= MAX_WORKERS or gems < spot.value or r.left < 4:
            return -1
        return r.left * 0.55 - spot.value * r.gem
    if a in ("alchemist", "caster"):
        cost = max(0, spot.value - m["towers"])
        ready = r.castable(a)
        planned = r.mine_on(a)
        if len(ready) <= planned or gems < cost:
            return -1
        best = sorted((SPELLS[c].vp for c in ready), reverse=True)[planned]
        return best + 0.5 - cost * r.gem
    if a == "black":
        if len(r.hand) - len(r.castable("alchemist")) - len(r.castable("caster")) >= 3 or r.left < 2:
            return -1
        options = [best_spell_worth(r, c) for c in r.view["market"]]
        return max(options, default=-1.0) - r.mine_on("black") * 1.5
    if a == "herbalist":
        need = r.needed()
        if gems < 5:
            return -1
        if any(need[h] for h in r.view["display"]):
            return 1.6 - 5 * r.gem
        empty = any(g[0] is None for g in m["gardens"][: m["open_gardens"]])
        return (1.2 if empty and r.left > 4 else 0.3) - 5 * r.gem
    if a == "store":
        item = max((item_worth(r, i) for i in r.view["store"]), default=-1.0)
        stone = stone_worth(r) - r.mine_on("store") * 2
        return max(item, stone)
    if a in TRAINING:
        skill = TRAINING[a]
        if m[skill] >= MAX_SKILL or gems < spot.value:
            return -1
        return training_worth(r, skill) - spot.value * r.gem
    if a == "build":
        return build_worth(r)
    if a == "tournament":
        return tournament_worth(r, sid)
    if a == "labor":
        return spot.value * r.gem
    if a == "sell":
        spare = sum(max(0, r.supply[h] - r.needed_full().get(h, 0)) for h in HERBS)
        return min(spare, 6) * 3 * r.gem - 0.2
    if a == "thieves":
        return 18 * r.gem - 2 + (0.5 if m["gems"] < 8 else 0)
    if a == "scavenge":
        return 0.45 if r.left > 2 else 0.1
    return 0.0


def best_spell_worth(r: Reading, c: str) -> float:
    spell = SPELLS[c]
    price = max(1, spell.price - r.mat["negotiate"])
    if price > r.mat["gems"]:
        return -1
    lacking = r.missing(c)
    chance = 1.0 if lacking == 0 else (0.7 if lacking == 1 else (0.45 if lacking == 2 else 0.2))
    if r.left < 5:
        chance *= 0.5
    bonus = 1.0 if spell.bonus else 0.0
    return (spell.vp + bonus) * chance - price * r.gem - 0.8


def item_worth(r: Reading, iid: str) -> float:
    item = ITEMS[iid]
    price = max(1, item.price - r.mat["negotiate"])
    if price > r.mat["gems"]:
        return -1
    worth = float(item.vp)
    e = item.effect
    if e in ("fight", "build", "negotiate"):
        worth += training_worth(r, e)
    elif e == "stones":
        m = r.mat
        need = (MAX_TOWERS - m["towers"]) * TOWER_WORK - m["tower"] + (WALL_WORK - m["wall"]) - m["stones"]
        worth += QUARRY_STONES * (0.75 if r.plan == "builder" else 0.55) if need > 0 else 0.3
    elif e == "garden":
        worth += 0.08 * r.left
    elif e == "seeds":
        worth += 1.5
    elif e == "toll":
        worth += 2 * r.left * r.gem
    elif e == "charm":
        worth += 0.2 * r.left
    return worth - price * r.gem


def building_plan(r: Reading) -> str | None:
    m = r.mat
    if m["moat"] < MOAT_WORK:
        return "moat"
    if m["towers"] < MAX_TOWERS:
        return "tower"
    if m["wall"] < WALL_WORK:
        return "wall"
    return None


def stones_wanted(r: Reading) -> int:
    """Stones the towers and the wall still need, beyond those held, as many as the next few
    Build workers can use."""
    m = r.mat
    need = (MAX_TOWERS - m["towers"]) * TOWER_WORK - m["tower"] + (WALL_WORK - m["wall"])
    return max(0, min(need - m["stones"], 12, m["gems"] // 5, m["build"] * 3))


def stone_worth(r: Reading) -> float:
    k = stones_wanted(r)
    if not k or r.left < 1 or (r.mat["moat"] < MOAT_WORK and r.plan != "builder"):
        return -1
    per = 0.75 if r.plan == "builder" else 0.55
    return k * (per - 5 * r.gem)


def training_worth(r: Reading, skill: str) -> float:
    m = r.mat
    others = [s[skill] for q, s in enumerate(r.view["seats"]) if q != r.me]
    lead = 1.0 if m[skill] + 1 >= max(others) else 0.3
    extra = 0.0
    if skill == "build" and building_plan(r):
        extra = 0.12 * min(r.left, 8)
    if skill == "fight":
        extra = 0.1 * r.left * (1.5 if m["wall"] >= WALL_WORK else 0.6)
    if skill == "negotiate":
        extra = 0.05 * r.left
    return lead + extra


def build_worth(r: Reading) -> float:
    m = r.mat
    units = m["build"]
    best = 0.0
    if m["moat"] < MOAT_WORK:
        best = max(best, MOAT_VP * min(units, MOAT_WORK - m["moat"]) / MOAT_WORK + 0.3)
    stones = m["stones"] - r.mine_on("build") * units
    if stones > 0 and m["towers"] < MAX_TOWERS:
        step = TOWER_VP[m["towers"] + 1] - TOWER_VP[m["towers"]]
        best = max(best, step * min(units, stones) / TOWER_WORK + 0.2 * r.left / 4)
    if stones > 0 and m["wall"] < WALL_WORK:
        best = max(best, WALL_VP * min(units, stones) / WALL_WORK + 0.05 * r.left)
    return best - 0.2


def tournament_worth(r: Reading, sid: str) -> float:
    there = r.view["board"][sid]
    fight = r.mat["fight"]
    better = sum(1 for w in there if r.view["seats"][w]["fight"] >= fight)
    if better >= len(TOURNAMENT_PRIZES) - 1:
        return 0
    prize = TOURNAMENT_PRIZES[better]
    # A lone worker wins nothing; a second one comes about two times in three.
    chance = 1.0 if there else 0.6
    return prize * r.gem * chance


def decide(r: Reading, legal: list[Action]) -> Action:
    ask = r.view["ask"]
    free = [a for a in legal if a["type"] in ("plant", "trade")]
    for a in free:
        if a["type"] == "plant" and (r.needed_full().get(a["herb"], 0) or r.left > 3):
            return a
        if a["type"] == "trade" and (a["get"] == "stone" or r.needed().get(a["get"], 0)):
            return a
    main = [a for a in legal if a["type"] not in ("plant", "trade")]
    if ask is None:
        return max(main, key=lambda a: placement_value(r, a["spot"]))
    return max(main, key=lambda a: answer_value(r, a))


def answer_value(r: Reading, a: Action) -> float:
    t = a["type"]
    m = r.mat
    if t == "cast":
        return SPELLS[a["spell"]].vp
    if t == "buy_item" or t == "buy_peeked":
        iid = a.get("item") or r.view["ask"]["item"]
        shops = r.plan in COLLECTORS or r.mat["gems"] >= SPARE_GEMS
        return item_worth(r, iid) * (1.5 if shops else 1.0)
    if t == "stones":
        plan = building_plan(r)
        if plan not in ("tower", "wall"):
            return -1
        want = stones_wanted(r)
        return stone_worth(r) - abs(a["n"] - want) * 0.3 if a["n"] <= want else -1
    if t == "peek":
        return -0.5
    if t == "bottom":
        return 0
    if t == "buy_herb":
        price = 5 if a["from"] == "display" else 10
        need = r.needed().get(a["herb"], 0)
        return (1.6 if need else 0.4) - price * r.gem
    if t == "buy_spell":
        return best_spell_worth(r, a["spell"])
    if t == "blind":
        return 3.5 * 0.35 - 7 * r.gem - 0.8
    if t == "work":
        order = {"moat": 2, "tower": 3, "wall": 1}
        if m["moat"] + m["build"] >= MOAT_WORK and a["project"] == "moat":
            return 5
        return order[a["project"]]
    if t == "sell":
        spare = r.supply[a["herb"]] - r.needed_full().get(a["herb"], 0)
        return 1 if spare > 0 or r.left == 0 else -1
    if t == "sell_item":
        item = ITEMS[a["item"]]
        return 1 if r.left == 0 and item.vp == 0 else -1
    if t == "take":
        return r.needed().get(a["herb"], 0) + 0.1
    if t in ("skip", "done"):
        return 0
    return -2


def heuristic_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    return decide(Reading(view), legal)


def champion_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """The heuristic, always on the champion plan: where the hard bot's search starts."""
    return decide(Reading(view, plan="champion"), legal)


def rollout_policy(s: Any, seat: int, me: int, legal: list[Action], rng: Rng) -> Action:
    """How the hard bot's rollouts play (`search_policy`): its own seat on the champion plan,
    the others by the heuristic's mix, each from its view of the dealt state."""
    return decide(Reading(view_of(s, seat), plan="champion" if seat == me else None), legal)


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
