"""Highcard, the tests' engine: hidden hands, a simultaneous choice, an automaton.

Each player holds three secret cards. A round: every player picks a card at the same
time (hidden until all have picked), then the Dealer (an automaton seat, the last
seat) turns the top card of the deck as its own play. The best card takes the round's
points (1, 2, 3 for rounds 1-3); ties share. Variant "low": the lowest card wins.
"""

from __future__ import annotations

import copy
from typing import Any

from games.engines.base import Action, BaseEngine, IllegalAction, Outcome, View, require_legal
from games.engines.rng import Rng, seed_state

SUITS = ("Amber", "Basalt", "Cobalt", "Dusk")
ROUNDS = 3
HAND = 3


def value(card: str) -> int:
    return int(card.split()[1])


def _random_bot(view: View, actions: list[Action], rng: Rng) -> Action:
    return rng.choice(actions)


def _greedy_bot(view: View, actions: list[Action], rng: Rng) -> Action:
    # Plays its best card in the variant being played; it only knows its own hand.
    best = max if view["variant"] == "high" else min
    return best(actions, key=lambda a: value(a["card"]))


class Highcard(BaseEngine):
    slug = "highcard"
    title = "Highcard (test game)"
    min_players = 2
    max_players = 4
    length = "a few minutes"
    blurb = "The tests' own game."
    bots = {"random": _random_bot, "heuristic": _greedy_bot}
    automaton_name = "Dealer"

    def options(self) -> dict[str, dict[str, Any]]:
        return {"variant": {"choices": ["high", "low"], "default": "high"}}

    def seat_count(self, players: int, options: dict[str, Any]) -> int:
        return players + 1

    def automaton_seats(self, players: int, options: dict[str, Any]) -> frozenset[int]:
        return frozenset({players})

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> dict[str, Any]:
        options = self.validate_options(players, options)
        rng = Rng(seed_state(seed))
        deck = rng.shuffled([f"{suit} {n}" for suit in SUITS for n in range(1, 9)])
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return {
            "players": players,
            "variant": options["variant"],
            "rng": rng.state,
            "deck": deck[players * HAND :],
            "hands": hands,
            "picks": [None] * players,
            "round": 1,
            "last": None,
            "played": [],
            "scores": [[0] * ROUNDS for _ in range(players + 1)],
            "log": [],
        }

    def dealer(self, s: dict[str, Any]) -> int:
        return int(s["players"])

    def to_act(self, s: dict[str, Any]) -> frozenset[int]:
        if s["round"] > ROUNDS:
            return frozenset()
        waiting = [i for i, p in enumerate(s["picks"]) if p is None]
        return frozenset(waiting) if waiting else frozenset({self.dealer(s)})

    def legal_actions(self, s: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        if seat == self.dealer(s):
            return [{"type": "reveal"}]
        return [{"type": "play", "card": c} for c in s["hands"][seat]]

    def apply(self, s: dict[str, Any], seat: int, action: Action) -> dict[str, Any]:
        if seat not in self.to_act(s):
            raise IllegalAction("it is not your turn")
        action = require_legal(self.legal_actions(s, seat), action)
        s = copy.deepcopy(s)
        if action["type"] == "play":
            s["hands"][seat].remove(action["card"])
            s["picks"][seat] = action["card"]
            s["log"].append({"text": "{p%d} picked a card." % seat, "to": None})
            s["log"].append({"text": f"You picked {action['card']}.", "to": [seat]})
            return s
        return self._reveal(s)

    def _reveal(self, s: dict[str, Any]) -> dict[str, Any]:
        plays = [*s["picks"], s["deck"].pop(0)]
        best = (max if s["variant"] == "high" else min)(value(c) for c in plays)
        r = s["round"]
        for seat, card in enumerate(plays):
            if value(card) == best:
                s["scores"][seat][r - 1] = r
        shown = ", ".join("{p%d}: %s" % (i, c) for i, c in enumerate(plays))
        s["log"].append({"text": f"Round {r}: {shown}.", "to": None})
        s["played"] = [*s["played"], *plays]
        s["last"] = plays
        s["picks"] = [None] * s["players"]
        s["round"] = r + 1
        return s

    def view(self, s: dict[str, Any], seat: int | None) -> View:
        players = s["players"]
        mine = seat is not None and seat < players
        return {
            "me": seat,
            "round": min(s["round"], ROUNDS),
            "variant": s["variant"],
            "over": s["round"] > ROUNDS,
            "hand": list(s["hands"][seat]) if mine else [],
            "my_pick": s["picks"][seat] if mine else None,
            "picked": [p is not None for p in s["picks"]],
            "last": s["last"],
            # Every card turned up so far (they are in the log too).
            "played": list(s["played"]),
            "deck_size": len(s["deck"]),
            "scores": [sum(row) for row in s["scores"]],
            "score_rows": [list(row) for row in s["scores"]],
            "log": [e["text"] for e in s["log"] if e["to"] is None or seat in e["to"]],
        }

    def outcome(self, s: dict[str, Any]) -> Outcome | None:
        if s["round"] <= ROUNDS:
            return None
        scores = [sum(row) for row in s["scores"]]
        ranks = [1 + sum(o > x for o in scores) for x in scores]
        breakdown = [{f"round {r + 1}": row[r] for r in range(ROUNDS)} for row in s["scores"]]
        return {"scores": scores, "ranks": ranks, "breakdown": breakdown}

    def describe(self, s: dict[str, Any], seat: int, action: Action) -> tuple[str, str]:
        if action["type"] == "reveal":
            return ("Dealer", "Turn the top card")
        return ("Play a card", action["card"])

    def secrets(self, s: dict[str, Any], seat: int | None) -> list[str]:
        hidden = [*s["deck"], str(s["rng"])]
        for other in range(s["players"]):
            if other != seat:
                hidden += s["hands"][other]
                if s["picks"][other] is not None:
                    hidden.append(s["picks"][other])
        return hidden

    def sample(self, view: View, seat: int, rng: Rng) -> dict[str, Any]:
        """Deals what `seat` cannot see: the other hands, their pending picks and the deck,
        from the cards neither in its hand nor turned up, keeping every public count."""
        players = len(view["picked"])
        if not 0 <= seat < players:
            raise ValueError("only a player's view can be sampled")
        known = {*view["hand"], *view["played"]}
        if view["my_pick"] is not None:
            known.add(view["my_pick"])
        unseen = rng.shuffled(
            [f"{suit} {n}" for suit in SUITS for n in range(1, 9) if f"{suit} {n}" not in known]
        )
        hands: list[list[str]] = []
        picks: list[str | None] = []
        held = 0 if view["over"] else HAND - view["round"] + 1  # cards in hand before this round's pick
        for p in range(players):
            if p == seat:
                hands.append(list(view["hand"]))
                picks.append(view["my_pick"])
                continue
            cards, unseen = unseen[:held], unseen[held:]
            pick = cards.pop() if view["picked"][p] else None
            hands.append(sorted(cards))
            picks.append(pick)
        return {
            "players": players,
            "variant": view["variant"],
            "rng": rng.next64(),
            "deck": unseen,
            "hands": hands,
            "picks": picks,
            "round": ROUNDS + 1 if view["over"] else view["round"],
            "last": view["last"],
            "played": list(view["played"]),
            "scores": [list(row) for row in view["score_rows"]],
            "log": [{"text": line, "to": None} for line in view["log"]],
        }

    def dump(self, s: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(s)

    def load(self, d: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(d)


ENGINE = Highcard()
