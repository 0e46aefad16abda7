"""Architectura for 2-4 players: the turn (rulebook: "How to play"), the end ("End of the
Game") and the advanced game's deck building ("Advanced Rules").

A turn: at its start, optionally once per game put the hand under the deck and draw as
many (or fetch the Obelisk); play one card; compare it with its left neighbour; resolve
its effect; draw up to the hand limit. Each decision is one small action; what is still to
resolve waits in s["todo"] and the decision the game waits for in s["ask"].
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, IllegalAction, require_legal
from games.engines.i18n import N_, _
from games.engines.rng import Rng, seed_state

from . import city as cy
from . import effects
from .cards import ADDITIONAL_NAMES, BASIC_DECK, BLOCKS, BUILDINGS, HAND_LIMIT, TOKENS
from .conditions import colour_rule, playable_at
from .state import State, clone, destroy, draw_up, log, put

OPTIONS: dict[str, dict[str, Any]] = {
    "variant": {
        "choices": ["basic", "advanced"],
        "default": "basic",
        "label": N_("Game"),
        "names": {"basic": N_("Basic"), "advanced": N_("Advanced")},
        "help": N_(
            "In the advanced game each player may swap buildings of the basic deck for additional ones."
        ),
    },
    "swaps": {
        "choices": ["die", "1", "2", "3", "4", "5", "6"],
        "default": "die",
        "label": N_("Buildings each player may replace"),
        "names": {"die": N_("Roll a die"), **{str(n): str(n) for n in range(1, 7)}},
        "help": N_("How many buildings of the basic deck each player may swap out."),
        "when": {"variant": ["advanced"]},
    },
    "balance": {
        "choices": [False, True],
        "default": False,
        "label": N_("Balance later seats (house rule)"),
        "names": {False: N_("No: the rulebook's scoring"), True: N_("Yes: points for each later seat")},
        # Made in the reader's language when the options are read (engine.py).
        "help": "",
        "when": {"variant": ["advanced"]},
    },
}


def setup(seed: int, players: int, options: dict[str, Any]) -> State:
    rng = Rng(seed_state(seed))
    n = players
    s: State = {
        "n": n,
        "opts": options,
        "rng": 0,
        "phase": "swap",
        "turn": 0,
        "decks": [list(BASIC_DECK) for _ in range(n)],
        "hands": [[] for _ in range(n)],
        "limits": [HAND_LIMIT] * n,
        "tokens": [TOKENS] * n,
        "mull": [False] * n,
        "box": [[] for _ in range(n)],
        "grave": [None] * n,
        "swaps": [[] for _ in range(n)],
        "ready": [False] * n,
        "allow": 0,
        "city": [[[] for _ in range(BLOCKS)] for _ in range(n)],
        "res": [[-1] * BLOCKS for _ in range(n)],
        "ask": None,
        "todo": [],
        "log": [],
    }
    if options.get("variant") == "advanced":
        die = options.get("swaps", "die") == "die"
        s["allow"] = rng.randint(1, 6) if die else int(options["swaps"])
        log(s, "allow", s["allow"], die)
    else:
        _deal(s, rng)
    s["rng"] = rng.state
    return s


def _deal(s: State, rng: Rng) -> None:
    for p in range(s["n"]):
        deck = list(BASIC_DECK)
        for add, out in s["swaps"][p]:
            deck[deck.index(out)] = add
        rng.shuffle(deck)
        s["hands"][p], s["decks"][p] = deck[:HAND_LIMIT], deck[HAND_LIMIT:]
    s["phase"] = "play"
    _begin_turn(s, 0)


# -- the advanced game: each player secretly picks replacements, all shown together ------


def _swap_actions(s: State, p: int) -> list[Action]:
    if s["ready"][p]:
        return []
    chosen = s["swaps"][p]
    acts: list[Action] = []
    if len(chosen) < s["allow"]:
        added = {a for a, _ in chosen}
        removed = {o for _, o in chosen}
        for add in ADDITIONAL_NAMES:
            if add in added:
                continue
            for out in BUILDINGS[add].replaces:
                if out not in removed:
                    acts.append({"type": "swap", "add": add, "out": out})
    if chosen:
        acts.append({"type": "reset"})
    acts.append({"type": "ready"})
    return acts


def _swap(s: State, p: int, action: Action) -> None:
    kind = action["type"]
    if kind == "swap":
        s["swaps"][p].append([action["add"], action["out"]])
    elif kind == "reset":
        s["swaps"][p] = []
    else:
        s["ready"][p] = True
    if all(s["ready"]):
        for q in range(s["n"]):
            log(s, "swaps", q, s["swaps"][q])
        rng = Rng(s["rng"])
        _deal(s, rng)
        s["rng"] = rng.state


# -- whose turn, and what they may play -------------------------------------------------


def plays(s: State, p: int) -> list[Action]:
    hand = s["hands"][p]
    if not hand:
        return []
    acts: list[Action] = []
    spaces = cy.spaces(s["city"], s["res"], p, colour_rule(s))
    for name in sorted(hand):
        if name == "Graveyard":
            acts.append({"type": "play", "card": name})
            continue
        acts += [
            {"type": "play", "card": name, "street": st, "col": c}
            for st, c in spaces
            if playable_at(s, p, name, st, c)
        ]
    return acts


def _city_has_face_up(s: State) -> bool:
    return any(stack and stack[-1][2] for street in s["city"] for stack in street)


def _prepare(s: State, p: int) -> None:
    """The start of `p`'s turn: City Hall or Magic Academy that cannot be built now leave the game
    (their clarifications; City Hall is kept while the city has no face-up building at all, or
    it could never be kept through an opening hand); then an empty hand is refilled (a
    Laboratory or a lost card may empty it)."""
    for name in ("City Hall", "Magic Academy"):
        if name not in s["hands"][p]:
            continue
        if name == "City Hall" and not _city_has_face_up(s):
            continue
        if any(a.get("card") == name for a in plays(s, p)):
            continue
        s["hands"][p].remove(name)
        s["box"][p].append(name)
        log(s, "lost", p, name)
    if not s["hands"][p] and s["decks"][p]:
        draw_up(s, p)


def _begin_turn(s: State, first: int) -> None:
    """Gives the turn to the first player from `first` on who can play; no one: game over."""
    n = s["n"]
    for i in range(n):
        p = (first + i) % n
        _prepare(s, p)
        if plays(s, p):
            s["turn"] = p
            s["ask"] = {"k": "turn", "p": p}
            return
        if s["hands"][p]:
            log(s, "stuck", p)
    s["phase"] = "over"
    s["ask"] = None
    log(s, "over")


def to_act(s: State) -> frozenset[int]:
    if s["phase"] == "swap":
        return frozenset(p for p in range(s["n"]) if not s["ready"][p])
    if s["ask"]:
        return frozenset({s["ask"]["p"]})
    return frozenset()


def legal_actions(s: State, seat: int) -> list[Action]:
    if s["phase"] == "swap":
        return _swap_actions(s, seat)
    ask = s["ask"]
    if not ask or ask["p"] != seat:
        return []
    kind = ask["k"]
    if kind == "turn":
        acts = plays(s, seat)
        if not acts:
            acts = [{"type": "pass"}]
        if not s["mull"][seat] and s["decks"][seat]:
            acts.append({"type": "mulligan"})
        if "Obelisk" in s["decks"][seat]:
            acts += [{"type": "seek", "card": name} for name in sorted(s["hands"][seat])]
        return acts
    if kind == "pay":
        acts = [{"type": "pay", "from": "hand", "card": name} for name in sorted(s["hands"][seat])]
        return acts + [
            {"type": "pay", "from": "grave", "card": name} for name in sorted(set(s["grave"][seat] or ()))
        ]
    if kind == "cmp":
        return [{"type": "allow"}, {"type": "spare"}]
    if kind == "replay":
        st, c = ask["at"]
        return [
            {"type": "play", "card": name, "street": st, "col": c}
            for name in sorted(s["hands"][seat])
            if playable_at(s, seat, name, st, c)
            and not (colour_rule(s) and cy.third_in_a_row(s["city"], seat, st, c))
        ]
    if kind == "bury":
        return _bury_actions(s, seat)
    return effects.options(s, ask)


def apply(s: State, seat: int, action: Action) -> State:
    legal = legal_actions(s, seat)
    if not legal:
        raise IllegalAction(_("it is not your turn") if s["phase"] != "over" else _("the game is over"))
    return perform(s, seat, require_legal(legal, action))


def perform(s: State, seat: int, action: Action) -> State:
    """Carries out an action already known to be legal (bots try actions on their own copy)."""
    s = clone(s)
    if s["phase"] == "swap":
        _swap(s, seat, action)
        return s
    ask = s["ask"]
    s["ask"] = None
    kind = ask["k"]
    if kind == "turn":
        _turn_action(s, seat, action)
    elif kind == "pay":
        _pay(s, seat, ask, action)
    elif kind == "cmp":
        if action["type"] == "allow":
            _compare_result(s, ask["at"][0], ask["at"][1], ask["out"])
        else:
            log(s, "spared", seat)
    elif kind == "replay":
        _play(s, seat, action)
    elif kind == "bury":
        _bury(s, seat, action)
    else:
        effects.resolve(s, ask, action)
    _run(s)
    return s


def _turn_action(s: State, p: int, action: Action) -> None:
    kind = action["type"]
    if kind == "mulligan":
        hand = s["hands"][p]
        s["decks"][p] += hand
        s["hands"][p] = []
        s["decks"][p], s["hands"][p] = s["decks"][p][len(hand) :], s["decks"][p][: len(hand)]
        s["mull"][p] = True
        log(s, "mulligan", p, len(hand))
        s["ask"] = {"k": "turn", "p": p}
    elif kind == "seek":
        s["hands"][p].remove(action["card"])
        s["box"][p].append(action["card"])
        s["decks"][p].remove("Obelisk")
        s["hands"][p].append("Obelisk")
        rng = Rng(s["rng"])
        rng.shuffle(s["decks"][p])
        s["rng"] = rng.state
        log(s, "seek", p, action["card"])
        s["ask"] = {"k": "turn", "p": p}
    elif kind == "pass":
        log(s, "stuck", p)
        s["todo"] = [["end", p]]
    else:
        s["todo"] = [["end", p]]
        _play(s, p, action)


def _play(s: State, p: int, action: Action) -> None:
    """Plays a card from hand; Magic Academy first asks for its price."""
    name = action["card"]
    s["hands"][p].remove(name)
    if name == "Graveyard":
        _open_graveyard(s, p)
        return
    st, c = action["street"], action["col"]
    if name == "Magic Academy":
        s["ask"] = {"k": "pay", "p": p, "left": 2, "at": [st, c]}
        return
    _build(s, p, name, st, c)


def _pay(s: State, p: int, ask: dict[str, Any], action: Action) -> None:
    name = action["card"]
    (s["hands"][p] if action["from"] == "hand" else s["grave"][p]).remove(name)
    s["box"][p].append(name)
    log(s, "paid", p, name, action["from"])
    if ask["left"] > 1:
        s["ask"] = {**ask, "left": ask["left"] - 1}
    else:
        _build(s, p, "Magic Academy", *ask["at"])


def _build(s: State, p: int, name: str, st: int, c: int) -> None:
    b = BUILDINGS[name]
    put(s, (p, name, True, b.basic, False), st, c)
    log(s, "built", p, name, st, c)
    steps: list[list[Any]] = [["cmp", p, name]]
    if b.effect:
        steps.append(["eff", p, name, b.effect])
    s["todo"][0:0] = steps


def _open_graveyard(s: State, p: int) -> None:
    """Graveyard: beside the city; the player's uncovered destroyed cards move into it."""
    grave: list[str] = []
    for street in s["city"]:
        for stack in street:
            if stack and stack[-1][0] == p and not stack[-1][2]:
                grave.append(stack.pop()[1])
    s["grave"][p] = grave
    log(s, "graveyard", p, len(grave))


# -- the steps of a turn ----------------------------------------------------------------


def _run(s: State) -> None:
    while s["ask"] is None and s["todo"]:
        step = s["todo"].pop(0)
        kind = step[0]
        if kind == "cmp":
            _compare(s, step[1], step[2])
        elif kind == "eff":
            effects.start(s, step[1], step[2], step[3])
        elif kind == "bury":
            if _bury_actions(s, step[2]):
                s["ask"] = {"k": "bury", "p": step[2], "by": step[1]}
        else:  # "end"
            p = step[1]
            draw_up(s, p)
            _begin_turn(s, (p + 1) % s["n"])


def _compare(s: State, p: int, name: str) -> None:
    """Compare the card just built with its left neighbour (rulebook: "Comparing the values")."""
    pos = cy.find(s["city"], p, name)
    if pos is None:
        return
    st, c = pos
    out = cy.compare(s["city"], st, c)
    if out is None:
        return
    left = s["city"][st][c - 1][-1]
    if out != "destroy" and cy.turned(left, 1 if out == "up" else -1, wrap=False) is None:
        return  # already at its highest / lowest value, or a card that cannot turn
    if cy.protected(left):
        if left[0] != p:
            log(s, "shielded", left[0], left[1])
            return
        # The owner decides whether their own card affects their protected card.
        s["ask"] = {"k": "cmp", "p": p, "at": [st, c - 1], "out": out}
        return
    _compare_result(s, st, c - 1, out)


def _compare_result(s: State, st: int, c: int, out: str) -> None:
    if out == "destroy":
        destroy(s, st, c)
        return
    card = s["city"][st][c][-1]
    new = cy.turned(card, 1 if out == "up" else -1, wrap=False)
    s["city"][st][c][-1] = new
    log(s, out, card[0], card[1], cy.value(s["city"], st, c))


def _bury_actions(s: State, q: int) -> list[Action]:
    """Laboratory: an opponent's card from hand, face down on a space open to them."""
    spaces = cy.spaces(s["city"], s["res"], q, colour_rule(s))
    return [
        {"type": "bury", "card": name, "street": st, "col": c}
        for name in sorted(s["hands"][q])
        if name != "Graveyard"
        for st, c in spaces
    ]


def _bury(s: State, q: int, action: Action) -> None:
    name, st, c = action["card"], action["street"], action["col"]
    s["hands"][q].remove(name)
    log(s, "buried", q, name, st, c)
    if s["grave"][q] is not None:
        s["grave"][q].append(name)  # counts as destroyed: straight into the Graveyard
        return
    put(s, (q, name, False, BUILDINGS[name].basic, False), st, c)


# -- the end ----------------------------------------------------------------------------


# The score sheet's rows (`scores` names them as it adds them up).
CATEGORIES = ("Buildings", "Parks and statues", "Graveyard", "Head start")


def scores(s: State, grid: list[list[int | None]] | None = None) -> list[dict[str, int]]:
    """Each player's points now: building values, end-of-game effects, Graveyard."""
    city = s["city"]
    grid = cy.values(city) if grid is None else grid
    n = s["n"]
    out = [
        {"Buildings": 0, "Parks and statues": 0, "Graveyard": 0}
        | ({"Head start": head_start(s, p)} if balanced(s) else {})
        for p in range(n)
    ]
    for st, street in enumerate(city):
        row = grid[st]
        for c, stack in enumerate(street):
            v = row[c]
            if v is None:
                continue
            part = out[stack[-1][0]]
            part["Buildings"] += v
            if BUILDINGS[stack[-1][1]].scoring:
                part["Parks and statues"] += end_bonus(city, st, c)
    for p, grave in enumerate(s["grave"]):
        if grave is not None:
            out[p]["Graveyard"] = len(grave) + BUILDINGS["Graveyard"].k
    return out


# The house rule "balance later seats" (an advanced-game table option; the rulebook's scoring
# has no such points): each player starts with points for every player who takes turns after
# them (designed here; docs/architectura.md, "Seat balance"). The later seats have the last word,
# for the last cards built are never compared from their right, and the player who builds last
# wins most games. By player count: the sizes that evened the seats over 2,000 games each.
HEAD_START = {2: 1, 3: 3, 4: 3}


def balanced(s: State) -> bool:
    """Whether the table plays the house rule. Tables made before the option existed played
    the advanced game with the head start: they keep it."""
    return s["opts"].get("variant") == "advanced" and bool(s["opts"].get("balance", True))


def head_start(s: State, p: int) -> int:
    return HEAD_START[s["n"]] * (s["n"] - 1 - p) if balanced(s) else 0


def end_bonus(city: cy.City, st: int, c: int) -> int:
    scoring = BUILDINGS[city[st][c][-1][1]].scoring
    if scoring is None:
        return 0
    near = [cy.face_up(city, s2, c2) for s2, c2 in cy.adjacent(city, st, c)]
    if scoring == "park":
        return sum(1 for card in near if card is not None)
    return 4 if any(card is not None and card[1] == "Park" for card in near) else 0


def tiebreak(s: State, p: int) -> tuple[int, int]:
    """Most cards on the table, then the lowest single card value (rulebook: "End of the Game").
    A built Graveyard is a card on the table with a value of its own (its clarification), so it
    counts in both: as a card, and with its value when the lowest card is sought."""
    city = s["city"]
    values = [
        cy.value(city, st, c)
        for st, street in enumerate(city)
        for c, stack in enumerate(street)
        if stack and stack[-1][2] and stack[-1][0] == p
    ]
    if s["grave"][p] is not None:
        values.append(len(s["grave"][p]) + BUILDINGS["Graveyard"].k)
    return len(values), -min(values) if values else -(10**6)


def outcome(s: State) -> dict[str, list[Any]] | None:
    if s["phase"] != "over":
        return None
    parts = scores(s)
    totals = [sum(x.values()) for x in parts]
    keys = [(totals[p], *tiebreak(s, p)) for p in range(s["n"])]
    ranks = [1 + sum(1 for k in keys if k > keys[p]) for p in range(s["n"])]
    return {"scores": totals, "ranks": ranks, "breakdown": parts}
