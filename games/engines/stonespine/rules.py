"""Stonespine Architects for 2-5 players (rulebook: Setup, Construction, Improvement,
Cleanup, Final Scoring). Four years; each year every player builds one row of four
chambers, then buys market tokens or passes for a challenge card.

Decisions are small actions: "place" (chamber + column, chosen by all at once and
hidden until everyone has chosen), "discard" (2 players), "buy", "token", "passage",
"drop" (a token with nowhere to go), "pass".
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, IllegalAction, Outcome, View, canonical, require_legal
from games.engines.i18n import N_, _, language, say
from games.engines.rng import Rng, seed_state

from . import dungeon as d
from . import words as w
from .cards import CHALLENGES, GOALS
from .data import (
    BLUEPRINTS,
    CHALLENGES_SHOWN,
    CHAMBERS,
    GOAL_VP,
    HAND_SIZE,
    LEFT_YEARS,
    MARKET_CARDS,
    NEW_CHALLENGES_AFTER,
    PRIORITY_VP,
    START_GOLD,
    TOKENS,
    YEARS,
)
from .table import (
    buy,
    buy_actions,
    clone,
    count_gold,
    draw,
    log,
    own_grid,
    place_token,
    refill_market,
    reveal_challenges,
    set_cost,
    token_actions,
)

State = dict[str, Any]
CATEGORIES = ("Final priority", "Goal", "Challenges", "Chamber reputation", "Blueprint", "Paths")


def setup(seed: int, players: int, options: dict[str, Any]) -> State:
    rng = Rng(seed_state(seed))
    deck = rng.shuffled(sorted(CHAMBERS))
    priority = rng.shuffled(list(range(players)))
    gold = [0] * players
    for place, seat in enumerate(priority):
        gold[seat] = START_GOLD[place]
    s: State = {
        "players": players,
        "options": options,
        "year": 1,
        "turn": 0,
        "phase": "build",
        "deck": deck[HAND_SIZE * players :],
        "discard": [],
        "hands": [sorted(deck[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i in range(players)],
        "picks": [None] * players,
        "passed_on": [[] for _ in range(players)],
        "grids": [d.empty() for _ in range(players)],
        "blueprints": rng.shuffled(sorted(BLUEPRINTS))[:players],
        "goal": rng.choice(sorted(GOALS)),
        "challenge_deck": rng.shuffled(sorted(CHALLENGES)),
        "shown": [],
        "taken": [[] for _ in range(players)],
        "market_deck": rng.shuffled(sorted(MARKET_CARDS)),
        "market": [],
        "piles": {shape: rng.shuffled(faces) for shape, faces in TOKENS.items()},
        "gold": gold,
        "priority": priority,
        "next_priority": [],
        "passed": [False] * players,
        "buying": None,
        "final_gold": [0] * players,
        "log": [],
        "rng": rng.state,
    }
    reveal_challenges(s, CHALLENGES_SHOWN[players])
    refill_market(s, rng)
    s["rng"] = rng.state
    return s


# -- who acts, and what they may do ------------------------------------------------


def to_act(s: State) -> frozenset[int]:
    if s["phase"] == "build":
        return frozenset(i for i in range(s["players"]) if not _pick_done(s, i))
    if s["phase"] == "market":
        if s["buying"]:
            return frozenset({s["buying"]["seat"]})
        return frozenset({_richest(s)})
    return frozenset()


def _pick_done(s: State, seat: int) -> bool:
    pick = s["picks"][seat]
    return pick is not None and (not _must_discard(s, seat) or pick.get("discard") is not None)


def _face_down(s: State) -> bool:
    """The face-down variant. A pending choice is hidden from the others in both modes
    (the site never shows a simultaneous choice before everyone has made it, which is
    what the variant asks for at a table); the option changes only how the log words it."""
    return bool(s["options"].get("face_down", False))


# The sentences last made for each reader, kept with the last entry they cover. Log
# entries are new objects that are never changed and a state's log only grows, so if
# entry k-1 of a log is the very object last seen at k-1, its first k entries are the ones
# already turned into sentences (two states share an entry only through a common past),
# and only the rest need words: a view reads the long log in a moment during a game.
# Kept per reader and language: the words are the active language's (games/engines/i18n.py).
_READ: dict[tuple[int | None, str], tuple[Any, int, list[str]]] = {}


def log_lines(s: State, seat: int | None) -> list[str]:
    entries = s["log"]
    if entries and type(entries[0]) is dict:  # a game stored before the log was compacted
        return [e["text"] for e in entries if e["to"] is None or seat in e["to"]]
    n, start, out = len(entries), 0, []
    key = (seat, language())
    seen = _READ.get(key)
    if seen is not None and 0 < seen[1] <= n and entries[seen[1] - 1] is seen[0]:
        start, out = seen[1], list(seen[2])
    out += [w.LOG_FORMS[e[1]](e[2:]) for e in entries[start:] if e[0] is None or e[0] == seat]
    if n:
        _READ[key] = (entries[-1], n, out)
    return list(out)


def _must_discard(s: State, seat: int) -> bool:
    """Two players also discard a card each turn, when a choice is left to make."""
    return s["players"] == 2 and len(s["hands"][seat]) > 2


def _richest(s: State) -> int:
    waiting = [i for i in range(s["players"]) if not s["passed"][i]]
    return min(waiting, key=lambda i: (-s["gold"][i], s["priority"].index(i)))


def legal_actions(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    if s["phase"] == "build":
        pick = s["picks"][seat]
        if pick is None:
            row = s["grids"][seat][s["year"] - 1]
            return [
                {"type": "place", "chamber": c, "column": col}
                for c in s["hands"][seat]
                for col in range(4)
                if row[col] is None
            ]
        return [{"type": "discard", "chamber": c} for c in s["hands"][seat] if c != pick["chamber"]]
    if s["buying"]:
        return token_actions(s, seat)
    actions = buy_actions(s, seat)
    if s["year"] < 4 and s["shown"]:
        actions += [{"type": "pass", "challenge": c} for c in s["shown"]]
    else:
        actions.append({"type": "pass"})
    return actions


# -- applying an action -------------------------------------------------------------


def apply(s: State, seat: int, action: Action) -> State:
    if seat not in to_act(s):
        raise IllegalAction(_("it is not your turn"))
    action = require_legal(legal_actions(s, seat), action)
    s = clone(s)
    rng = Rng(s["rng"])
    kind = action["type"]
    if kind == "place":
        s["picks"][seat] = {"chamber": action["chamber"], "column": action["column"]}
        log(s, "hid" if _face_down(s) else "chose", seat)
    elif kind == "discard":
        s["picks"][seat]["discard"] = action["chamber"]
    elif kind == "buy":
        buy(s, seat, action)
    elif kind in ("token", "passage", "drop"):
        place_token(s, seat, action)
    elif kind == "pass":
        _pass(s, seat, action)
    if s["phase"] == "build" and not to_act(s):
        _end_turn(s, rng)
    if s["phase"] == "market" and all(s["passed"]):
        _end_year(s, rng)
    s["rng"] = rng.state
    return s


def _end_turn(s: State, rng: Rng) -> None:
    """Everyone has chosen: reveal, place, pass the hands on (rulebook I. Construction)."""
    row = s["year"] - 1
    for seat, pick in enumerate(s["picks"]):
        chamber = pick["chamber"]
        own_grid(s, seat)[row][pick["column"]] = d.new_cell(chamber)
        s["hands"][seat].remove(chamber)
        log(s, "built", seat, chamber, pick["column"])
        if pick.get("discard") is not None:
            s["hands"][seat].remove(pick["discard"])
            s["discard"].append(pick["discard"])
    s["picks"] = [None] * s["players"]
    s["turn"] += 1
    if s["turn"] == 4:
        for hand in s["hands"]:
            s["discard"] += hand
        s["hands"] = [[] for _ in range(s["players"])]
        s["passed_on"] = [[] for _ in range(s["players"])]
        count_gold(s)
        return
    # Each seat remembers the hands it passed on this year (its own view shows them), so a
    # search knows what it handed its neighbours. New lists, never changed in place (clone
    # shares them); states saved before this have none.
    before = s.get("passed_on") or [[] for _ in range(s["players"])]
    s["passed_on"] = [
        [*mine, [s["turn"] - 1, list(hand)]] for mine, hand in zip(before, s["hands"], strict=True)
    ]
    n = s["players"]
    step = 1 if s["year"] in LEFT_YEARS else -1  # left in years 1 and 3, right in 2 and 4
    s["hands"] = [s["hands"][(i - step) % n] for i in range(n)]
    if n == 2:
        for hand in s["hands"]:
            card = draw(s, rng)
            if card is not None:
                hand.append(card)
    for hand in s["hands"]:
        hand.sort()


def _pass(s: State, seat: int, action: Action) -> None:
    """Gold to 0, a challenge card (not in year 4), the leftmost free priority space."""
    log(s, "pass", seat, s["gold"][seat])
    s["final_gold"][seat] = s["gold"][seat]
    s["gold"][seat] = 0
    if "challenge" in action:
        s["shown"].remove(action["challenge"])
        s["taken"][seat].append(action["challenge"])
        log(s, "take", seat, action["challenge"])
    s["passed"][seat] = True
    s["next_priority"].append(seat)


def _end_year(s: State, rng: Rng) -> None:
    s["priority"], s["next_priority"] = s["next_priority"], []
    if s["year"] == YEARS:
        s["phase"] = "over"
        return
    # Cleanup (rulebook III): new market, new challenges after years 1 and 2, new hands.
    refill_market(s, rng)  # the old cards and their unsold tokens are discarded
    reveal_challenges(s, s["players"] + 1 if s["year"] in NEW_CHALLENGES_AFTER else 0)
    s["hands"] = [
        sorted(c for c in (draw(s, rng) for _ in range(HAND_SIZE)) if c is not None)
        for _ in range(s["players"])
    ]
    s["year"] += 1
    s["turn"] = 0
    s["phase"] = "build"
    s["passed"] = [False] * s["players"]


# -- scoring ----------------------------------------------------------------------


def outcome(s: State) -> Outcome | None:
    if s["phase"] != "over":
        return None
    n = s["players"]
    awards = PRIORITY_VP if n > 2 else PRIORITY_VP[:2]
    goal_awards = GOAL_VP if n > 2 else GOAL_VP[:2]
    breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
    for place, seat in enumerate(s["priority"][: len(awards)]):
        breakdown[seat]["Final priority"] = awards[place]
    for place, seat in enumerate(goal_order(s)[: len(goal_awards)]):
        breakdown[seat]["Goal"] = goal_awards[place]
    for seat in range(n):
        grid, bp = s["grids"][seat], BLUEPRINTS[s["blueprints"][seat]]
        breakdown[seat]["Challenges"] = sum(CHALLENGES[c].score(grid, bp) for c in s["taken"][seat])
        breakdown[seat]["Chamber reputation"] = d.stars(grid)
        breakdown[seat]["Blueprint"] = d.blueprint_points(d.blueprint_met(grid, bp))
        breakdown[seat]["Paths"] = sum(d.path_points(grid, bp))
    scores = [sum(b.values()) for b in breakdown]
    # Ties for the win (and every place) go to the higher final priority.
    order = sorted(range(n), key=lambda i: (-scores[i], s["priority"].index(i)))
    ranks = [order.index(i) + 1 for i in range(n)]
    return {"scores": scores, "ranks": ranks, "breakdown": breakdown}


def goal_order(s: State) -> list[int]:
    """Seats in goal-card order; "most" needs at least one of the thing."""
    goal = GOALS[s["goal"]]
    value = {i: goal.measure(s["grids"][i], BLUEPRINTS[s["blueprints"][i]]) for i in range(s["players"])}
    eligible = [i for i in range(s["players"]) if not goal.most or value[i] >= 1]
    sign = -1 if goal.most else 1
    return sorted(eligible, key=lambda i: (sign * value[i], s["priority"].index(i)))


# -- what a seat may see ----------------------------------------------------------


def view(s: State, seat: int | None) -> View:
    mine = seat is not None and seat < s["players"]  # Jael (solo seat 1) holds no hand
    pick = s["picks"][seat] if mine and s["phase"] == "build" else None
    return {
        "me": seat,
        "players": s["players"],
        "year": s["year"],
        "turn": s["turn"],
        "phase": s["phase"],
        "hand": list(s["hands"][seat]) if mine else [],
        "my_pick": dict(pick) if pick else None,
        # The hands this seat passed on this year, [turn, chambers]: it saw them.
        "my_passed_on": [[t, list(h)] for t, h in s.get("passed_on", [[]] * s["players"])[seat]]
        if mine
        else [],
        # Who has chosen this turn (never what: that shows when everyone has chosen).
        "chosen": [p is not None for p in s["picks"]],
        # Who still has to act (public on the table too): in a two-player game a seat that
        # has chosen its chamber may still have its discard to choose.
        "acting": sorted(to_act(s)) if "solo" not in s else [],
        "face_down": _face_down(s),
        "grids": [d.clone(g) for g in s["grids"]],
        "blueprints": list(s["blueprints"]),
        "goal": s["goal"],
        "shown": list(s["shown"]),
        "taken": [list(t) for t in s["taken"]],
        "market": [
            {k: (list(v) if isinstance(v, list) else v) for k, v in slot.items()} for slot in s["market"]
        ],
        "gold": list(s["gold"]),
        "priority": list(s["priority"]),
        "next_priority": list(s["next_priority"]),
        "passed": list(s["passed"]),
        "buying": None
        if s["buying"] is None
        else {"seat": s["buying"]["seat"], "tokens": list(s["buying"]["tokens"])},
        "deck_size": len(s["deck"]),
        "solo": None
        if "solo" not in s
        else {
            "mode": s["solo"]["mode"],
            "cards": list(s["solo"]["cards"]),
            "pile": list(s["solo"]["pile"]),
            "tokens": list(s["solo"]["tokens"]),
            "collected": s["solo"]["collected"],
            "deck_size": len(s["solo"]["deck"]),
            # The player's own chamber built this turn and the one kept for the next (until Jael
            # files the rest): their own choices, which the sample for a search needs.
            "placed": dict(s["picks"][0]) if seat == 0 and s["picks"][0] else None,
            "kept": s["solo"]["kept"] if seat == 0 else None,
        },
        "log": log_lines(s, seat),
    }


def secrets(s: State, seat: int | None) -> list[str]:
    hidden = [
        str(s["rng"]),
        canonical(s["deck"][:6]),
        canonical(s["challenge_deck"][:4]),
        canonical(s["market_deck"][:4]),
    ]
    hidden += [canonical(pile[:5]) for pile in s["piles"].values() if len(pile) >= 5]
    if "solo" in s and len(s["solo"]["deck"]) >= 2:
        hidden.append('"deck":' + canonical(s["solo"]["deck"]))
    for other in range(s["players"]):
        if other == seat:
            continue
        if s["hands"][other]:
            # Bound to its key: a short list of card ids may well appear elsewhere by chance.
            hidden.append('"hand":' + canonical(s["hands"][other]))
        if s["phase"] == "build" and s["picks"][other] is not None:
            pick = s["picks"][other]
            hidden.append(canonical({"chamber": pick["chamber"], "column": pick["column"]}))
    return [h for h in hidden if h not in ("[]",)]


def targets(s: State, seat: int, action: Action) -> list[str]:
    """What a player clicks on the board for `action`: a hand card, then a space of their
    own dungeon ("cell:seat:row:col"), a market set, or a challenge card."""
    kind = action["type"]
    if kind == "place":
        return [f"hand:{action['chamber']}", f"cell:{seat}:{s['year'] - 1}:{action['column']}"]
    if kind in ("discard", "keep"):
        return [f"hand:{action['chamber']}"]
    if kind == "buy":
        return [f"market:{action['card']}:{action['set']}"]
    if kind in ("token", "passage"):
        return [f"cell:{seat}:{action['row']}:{action['col']}"]  # a passage's edge: from the list
    if kind == "pass" and "challenge" in action:
        return [f"challenge:{action['challenge']}"]
    return []


def describe(s: State, seat: int, action: Action) -> tuple[str, str]:
    """The actions panel's words, the same as the log's and the How to play page's."""
    kind = action["type"]
    if kind == "place":
        ch = CHAMBERS[action["chamber"]]
        return (
            _("Build a chamber"),
            say(
                "{chamber} ({kind}, {gold} gold) in column {column}",
                chamber=w.chamber(ch.id),
                kind=w.kind(ch.kind),
                gold=ch.gold,
                column=action["column"] + 1,
            ),
        )
    if kind == "discard":
        return (_("Discard a chamber"), w.chamber(action["chamber"]))
    if kind == "keep":
        return (_("Keep a chamber for the next turn"), w.chamber(action["chamber"]))
    if kind.startswith("jael_"):
        return (
            _("Jael"),
            _(
                {
                    "jael_reveal": N_("Reveal this year's Jael card"),
                    "jael_pile": N_("File cards into his score pile"),
                    "jael_collect": N_("Collect his market tokens"),
                    "jael_rest": N_("Take the tokens left"),
                }[kind]
            ),
        )
    if kind == "buy":
        slot = s["market"][action["card"]]
        cost = set_cost(slot, action["set"])
        return (
            _("Buy tokens"),
            say(
                "Card {card}, {half} set: {tokens} for {gold} gold",
                card=action["card"] + 1,
                half=_(w.SETS[action["set"]]),
                tokens=_(" + ").join(w.element(t) for t in slot[action["set"]]),
                gold=cost,
            ),
        )
    if kind == "token":
        token = s["buying"]["tokens"][0]
        name = w.chamber(s["grids"][seat][action["row"]][action["col"]]["id"])
        return (
            say("Place the {token}", token=w.element(token)),
            say(
                "In {chamber} (row {row}, column {column})",
                chamber=name,
                row=action["row"] + 1,
                column=action["col"] + 1,
            ),
        )
    if kind == "passage":
        name = w.chamber(s["grids"][seat][action["row"]][action["col"]]["id"])
        return (
            _("Place the secret passage"),
            say(
                "{chamber}, {edge} edge (row {row}, column {column})",
                chamber=name,
                edge=_(w.EDGES[action["edge"]]),
                row=action["row"] + 1,
                column=action["col"] + 1,
            ),
        )
    if kind == "drop":
        return (_("Place the token"), _("No chamber has room: set it aside"))
    if "challenge" in action:
        c = CHALLENGES[action["challenge"]]
        return (_("Pass"), say("Pass and take {challenge} ({text})", challenge=_(c.name), text=_(c.text)))
    return (_("Pass"), say("Pass with {gold} gold", gold=s["gold"][seat]))
