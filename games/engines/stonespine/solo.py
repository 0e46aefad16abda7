"""Stonespine solo: one player against Jael (rulebook, Solo Play). Jael is seat 1, an
automaton: each of his steps is his own move, the one the rules prescribe.

Year: Jael reveals his card (`jael_reveal`); four turns of `place` then `keep` (the card for
the next turn), after which Jael files the other cards showing his icon into his score pile and
the player draws one card per open position (`jael_pile`); the market, where Jael collects his
positions' tokens once the player's gold no longer beats his (`jael_collect`, also discarding the
lowest-valued challenge), and takes every token left when the player passes (`jael_rest`).
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, IllegalAction, Outcome, require_legal
from games.engines.i18n import _
from games.engines.rng import Rng

from . import dungeon as d
from . import rules, table
from .cards import CHALLENGES, GOALS
from .data import BLUEPRINTS, CHAMBERS
from .jael import JAEL_CARDS, collection, deck, jael_measure, jael_score

State = dict[str, Any]
JAEL = 1
CATEGORIES = ("Final gold", "Goal", "Challenges", "Jael cards", "Chamber reputation", "Blueprint", "Paths")


def setup(seed: int, options: dict[str, Any]) -> State:
    s = rules.setup(seed, 1, options)
    rng = Rng(s["rng"])
    s["solo"] = {
        "mode": options.get("jael", "basic"),
        "deck": rng.shuffled(deck(options.get("jael") == "legendary")),
        "cards": [],
        "pile": [],
        "tokens": [],
        "collected": False,
        "kept": None,
    }
    s["rng"] = rng.state
    s["phase"] = "jael_reveal"
    return s


def jael_gold(s: State) -> int:
    return JAEL_CARDS[s["solo"]["cards"][-1]].gold


def to_act(s: State) -> frozenset[int]:
    phase = s["phase"]
    if phase in ("jael_reveal", "jael_pile", "jael_rest"):
        return frozenset({JAEL})
    if phase == "market" and not s["buying"] and _jael_collects(s):
        return frozenset({JAEL})
    return frozenset() if phase == "over" else frozenset({0})


def _jael_collects(s: State) -> bool:
    return not s["solo"]["collected"] and s["gold"][0] <= jael_gold(s)


def legal_actions(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    phase = s["phase"]
    if seat == JAEL:
        step = "jael_collect" if phase == "market" else phase
        return [{"type": step}]
    if phase == "build":
        pick = s["picks"][0]
        if pick is None:
            row = s["grids"][0][s["year"] - 1]
            return [
                {"type": "place", "chamber": c, "column": col}
                for c in s["hands"][0]
                for col in range(4)
                if row[col] is None
            ]
        return [{"type": "keep", "chamber": c} for c in s["hands"][0] if c != pick["chamber"]]
    if s["buying"]:
        return table.token_actions(s, 0)
    actions = table.buy_actions(s, 0)
    if s["year"] < 4 and s["shown"]:
        return actions + [{"type": "pass", "challenge": c} for c in s["shown"]]
    return [*actions, {"type": "pass"}]


def apply(s: State, seat: int, action: Action) -> State:
    if seat not in to_act(s):
        raise IllegalAction(_("it is not your turn"))
    action = require_legal(legal_actions(s, seat), action)
    s = table.clone(s)
    s["solo"] = {
        **s["solo"],
        "deck": list(s["solo"]["deck"]),
        "cards": list(s["solo"]["cards"]),
        "pile": list(s["solo"]["pile"]),
        "tokens": list(s["solo"]["tokens"]),
    }
    rng = Rng(s["rng"])
    step = {
        "jael_reveal": _reveal,
        "jael_pile": _file_pile,
        "jael_collect": _collect,
        "jael_rest": _rest,
        "place": _place,
        "keep": _keep,
        "pass": _pass,
    }.get(action["type"])
    if step is not None:
        step(s, action, rng)
    elif action["type"] == "buy":
        table.buy(s, 0, action)
    else:
        table.place_token(s, 0, action)
    s["rng"] = rng.state
    return s


def _reveal(s: State, action: Action, rng: Rng) -> None:
    card = JAEL_CARDS[s["solo"]["deck"].pop(0)]
    s["solo"]["cards"].append(card.id)
    s["solo"]["collected"] = False
    s["phase"], s["turn"] = "build", 0
    table.log(s, "reveal", card.id)


def _place(s: State, action: Action, rng: Rng) -> None:
    s["picks"][0] = {"chamber": action["chamber"], "column": action["column"]}
    table.own_grid(s, 0)[s["year"] - 1][action["column"]] = d.new_cell(action["chamber"])
    table.log(s, "built", 0, action["chamber"], action["column"])
    left = [c for c in s["hands"][0] if c != action["chamber"]]
    if s["turn"] == 3 or len(left) <= 1:
        # Step 3 keeps one card whatever the turn; on the last turn only one is left, so it is
        # the kept card (no choice to make), it never reaches Jael's pile, and it is discarded
        # with the year's end (Construction, step 4 of the 2-5 player game).
        s["solo"]["kept"] = left[0] if left else None
        s["phase"] = "jael_pile"


def _keep(s: State, action: Action, rng: Rng) -> None:
    s["solo"]["kept"] = action["chamber"]
    s["phase"] = "jael_pile"


def _file_pile(s: State, action: Action, rng: Rng) -> None:
    """Cards neither built nor kept: Jael's icon to his score pile, the rest discarded; then
    the player draws one card per open position in the row."""
    placed, kept = s["picks"][0]["chamber"], s["solo"]["kept"]
    icon = JAEL_CARDS[s["solo"]["cards"][-1]].icon
    rest = [c for c in s["hands"][0] if c not in (placed, kept)]
    filed = [c for c in rest if CHAMBERS[c].solo_icon == icon]
    s["solo"]["pile"] += filed
    s["discard"] += [c for c in rest if c not in filed]
    if filed:
        table.log(s, "filed", filed)
    s["hands"][0] = [kept] if kept is not None else []
    s["picks"][0], s["solo"]["kept"] = None, None
    s["turn"] += 1
    open_spots = sum(cell is None for cell in s["grids"][0][s["year"] - 1])
    for _spot in range(open_spots):
        card = table.draw(s, rng)
        if card is not None:
            s["hands"][0].append(card)
    s["hands"][0].sort()
    if open_spots == 0:
        s["discard"] += s["hands"][0]
        s["hands"][0] = []
        table.count_gold(s)  # sets the market phase
    else:
        s["phase"] = "build"


def _collect(s: State, action: Action, rng: Rng) -> None:
    """The player's gold does not beat Jael's: he takes his positions' tokens and the
    lowest-valued challenge card on offer is discarded."""
    got = []
    for index, half in JAEL_CARDS[s["solo"]["cards"][-1]].positions:
        if index < len(s["market"]):
            got += s["market"][index][half]
            s["market"][index][half] = []
    s["solo"]["tokens"] += got
    s["solo"]["collected"] = True
    table.log(s, "collect", got)
    if s["shown"]:
        lowest = min(s["shown"], key=lambda c: CHALLENGES[c].value)
        s["shown"].remove(lowest)
        table.log(s, "dropped", lowest)


def _pass(s: State, action: Action, rng: Rng) -> None:
    if s["year"] < 4:
        s["gold"][0] = 0
        s["shown"].remove(action["challenge"])
        s["taken"][0].append(action["challenge"])
        table.log(s, "took", action["challenge"])
    else:
        s["final_gold"][0] = s["gold"][0]  # year 4: the gold stays; it is the final gold
        table.log(s, "final", s["gold"][0])
    s["phase"] = "jael_rest"


def _rest(s: State, action: Action, rng: Rng) -> None:
    left = [t for slot in s["market"] for half in ("top", "bottom") for t in slot[half]]
    s["solo"]["tokens"] += left
    for slot in s["market"]:
        slot["top"], slot["bottom"] = [], []
    table.log(s, "rest", left)
    if s["year"] == 4:
        s["phase"] = "over"
        return
    table.refill_market(s, rng)
    table.reveal_challenges(s, 3 if s["year"] < 3 else 0)
    s["hands"] = [sorted(c for c in (table.draw(s, rng) for _ in range(5)) if c is not None)]
    s["year"] += 1
    s["turn"] = 0
    s["phase"] = "jael_reveal"


def outcome(s: State) -> Outcome | None:
    if s["phase"] != "over":
        return None
    grid, bp, solo = s["grids"][0], BLUEPRINTS[s["blueprints"][0]], s["solo"]
    me, jael = dict.fromkeys(CATEGORIES, 0), dict.fromkeys(CATEGORIES, 0)
    jael_final = JAEL_CARDS[solo["cards"][-1]].gold
    mine_gold = s["final_gold"][0]
    goal = GOALS[s["goal"]]
    mine, his = goal.measure(grid, bp), jael_measure(s["goal"], solo["pile"], solo["tokens"])
    # Jael wins ties; "most" needs at least one.
    order = sorted([(mine, 1, 0), (his, 0, JAEL)], key=lambda t: ((-t[0] if goal.most else t[0]), t[1]))
    places = [seat for value, _, seat in order if not goal.most or value >= 1]
    sheet = jael_score(
        solo["cards"],
        collection(solo["pile"], solo["tokens"]),
        jael_final,
        mine_gold,
        (places.index(JAEL) + 1, 0) if JAEL in places else None,
    )
    me["Final gold"] = 6 if jael_final >= mine_gold else 9
    me["Goal"] = {1: 15, 2: 9}.get(places.index(0) + 1, 0) if 0 in places else 0
    me["Challenges"] = sum(CHALLENGES[c].score(grid, bp) for c in s["taken"][0])
    me["Chamber reputation"] = d.stars(grid)
    me["Blueprint"] = d.blueprint_points(d.blueprint_met(grid, bp))
    me["Paths"] = sum(d.path_points(grid, bp))
    jael["Final gold"], jael["Goal"] = sheet["Final gold"], sheet["Goal"]
    jael["Jael cards"] = sheet["Jael cards (base)"] + sheet["Jael cards (condition)"]
    jael["Chamber reputation"] = sheet["Chamber reputation"]
    scores = [sum(me.values()), sum(jael.values())]
    ranks = [1, 2] if scores[0] > scores[1] else [2, 1]  # Jael wins a tie
    return {"scores": scores, "ranks": ranks, "breakdown": [me, jael]}
