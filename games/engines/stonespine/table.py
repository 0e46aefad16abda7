"""The pieces of a Stonespine year that the 2-5 player game (rules.py) and the solo game
against Jael (solo.py) share: copying the state, the log, drawing chambers, the market and
its tokens, counting gold. Both modules import this one; neither imports the other's insides.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Action
from games.engines.rng import Rng

from . import dungeon as d
from .data import CHAMBERS, EDGES, GOLD_CAP, MARKET_CARDS, MARKET_SHOWN, TOKENS

State = dict[str, Any]


def clone(s: State) -> State:
    """A copy deep enough that apply never changes its input; the log's entries and
    the card lists' integers are never changed in place, so they are shared."""
    out = dict(s)
    for key in (
        "deck",
        "discard",
        "challenge_deck",
        "shown",
        "market_deck",
        "gold",
        "priority",
        "next_priority",
        "passed",
        "final_gold",
        "log",
        "blueprints",
    ):
        out[key] = list(s[key])
    out["hands"] = [list(h) for h in s["hands"]]
    out["taken"] = [list(t) for t in s["taken"]]
    out["picks"] = [dict(p) if p else None for p in s["picks"]]
    # Dungeons are copied on write (_own_grid): most actions change none of them.
    out["grids"] = list(s["grids"])
    out["market"] = [
        {k: (list(v) if isinstance(v, list) else v) for k, v in slot.items()} for slot in s["market"]
    ]
    out["piles"] = {k: list(v) for k, v in s["piles"].items()}
    if "spent" in s:
        out["spent"] = {k: list(v) for k, v in s["spent"].items()}
    out["buying"] = (
        {"seat": s["buying"]["seat"], "tokens": list(s["buying"]["tokens"])} if s["buying"] else None
    )
    return out


def log(s: State, code: str, *args: Any, to: int | None = None) -> None:
    s["log"].append([to, code, *args])


def draw(s: State, rng: Rng) -> int | None:
    if not s["deck"]:
        # The rules never run the deck out with the printed counts; reshuffle if it happens.
        s["deck"], s["discard"] = rng.shuffled(s["discard"]), []
    return s["deck"].pop(0) if s["deck"] else None


def reveal_challenges(s: State, n: int) -> None:
    s["shown"] = s["challenge_deck"][:n]
    s["challenge_deck"] = s["challenge_deck"][n:]


# Token shapes by face: each face is printed on one shape only (market_tokens.csv).
SHAPE_OF = {face: shape for shape, faces in TOKENS.items() for face in faces}


def refill_market(s: State, rng: Rng) -> None:
    """Cleanup, steps 1-3: the unsold tokens are discarded (kept by shape), new market cards
    are revealed and each space gets a token of its shape. The printed game has 16 oval tokens
    for 18 oval spaces, so a 5-player game can run the oval pile dry in year 4: then the
    discarded tokens of that shape are shuffled into a new pile, as the chamber deck is. A
    space still left empty makes the set short, and a short set costs less (`set_cost`)."""
    spent = s.setdefault("spent", {shape: [] for shape in TOKENS})
    for old in s["market"]:
        for half in ("top", "bottom"):
            for token in old[half]:
                spent[SHAPE_OF[token]].append(token)
    s["market"] = []
    for _ in range(MARKET_SHOWN[s["players"]]):
        if not s["market_deck"]:
            break
        card = s["market_deck"].pop(0)
        slot: dict[str, Any] = {"card": card}
        for half in ("top", "bottom"):
            _cost, shapes = MARKET_CARDS[card][half]
            slot[half] = []
            for shape in shapes:
                if not s["piles"][shape] and spent[shape]:
                    s["piles"][shape], spent[shape] = rng.shuffled(spent[shape]), []
                if s["piles"][shape]:
                    slot[half].append(s["piles"][shape].pop(0))
        s["market"].append(slot)


def set_cost(slot: dict[str, Any], half: str) -> int:
    """A set's price: as printed, or for a set dealt short of tokens its share of the printed
    price for the tokens it has, rounded up (a set is always bought whole, so only a short deal
    leaves it with fewer tokens than spaces while it is on offer)."""
    cost, shapes = MARKET_CARDS[slot["card"]][half]
    have = len(slot[half])
    return cost if have >= len(shapes) else -(-cost * have // len(shapes))


def own_grid(s: State, seat: int) -> d.Grid:
    """The seat's dungeon, copied before it is changed (the input state shares it)."""
    s["grids"][seat] = d.clone(s["grids"][seat])
    return s["grids"][seat]


def count_gold(s: State) -> None:
    """Improvement, step 1: this row's gold plus one per treasure chest, at most 30."""
    row = s["year"] - 1
    for seat, grid in enumerate(s["grids"]):
        earned = sum(CHAMBERS[c["id"]].gold for c in grid[row]) + d.count(grid, "treasure")
        s["gold"][seat] = min(GOLD_CAP, s["gold"][seat] + earned)
        log(s, "gold", seat, s["gold"][seat])
    s["phase"] = "market"
    s["passed"] = [False] * s["players"]
    s["next_priority"] = []


def buy_actions(s: State, seat: int) -> list[Action]:
    """The market sets `seat` can afford (rulebook II. Improvement, step 2: Buy Tokens)."""
    actions: list[Action] = []
    for i, slot in enumerate(s["market"]):
        for half in ("top", "bottom"):
            if slot[half] and set_cost(slot, half) <= s["gold"][seat]:
                actions.append({"type": "buy", "card": i, "set": half})
    return actions


def buy(s: State, seat: int, action: Action) -> None:
    slot = s["market"][action["card"]]
    cost = set_cost(slot, action["set"])
    tokens, slot[action["set"]] = slot[action["set"]], []
    s["gold"][seat] -= cost
    s["buying"] = {"seat": seat, "tokens": tokens}
    log(s, "buy", seat, list(tokens), cost)


def token_actions(s: State, seat: int) -> list[Action]:
    token = s["buying"]["tokens"][0]
    grid = s["grids"][seat]
    if token == "passage":
        return [
            {"type": "passage", "row": r, "col": c, "edge": e}
            for r, c, cell in d.cells(grid)
            for e in EDGES
            if e not in cell["sp"]
        ]
    spots = [{"type": "token", "row": r, "col": c} for r, c, cell in d.cells(grid) if d.free_areas(cell)]
    return spots or [{"type": "drop"}]


def place_token(s: State, seat: int, action: Action) -> None:
    token = s["buying"]["tokens"].pop(0)
    if action["type"] == "token":
        cell = own_grid(s, seat)[action["row"]][action["col"]]
        cell["el"][cell["el"].index(None)] = token
    elif action["type"] == "passage":
        own_grid(s, seat)[action["row"]][action["col"]]["sp"].append(action["edge"])
    if not s["buying"]["tokens"]:
        s["buying"] = None
