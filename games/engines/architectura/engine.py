"""The engine object the site talks to (contract: docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, BaseEngine, IllegalAction, Outcome, View
from games.engines.rng import Rng

from . import rules
from . import view as views
from .sample import sample
from .state import State, clone


class Architectura(BaseEngine):
    slug = "architectura"
    title = "Architectura"
    min_players = 2
    max_players = 4
    length = "15-30 minutes live; a few days by correspondence"
    blurb = "Rival architects build one city together, and every new building turns, lowers or knocks down its neighbour."

    def options(self) -> dict[str, dict[str, Any]]:
        return rules.OPTIONS

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> State:
        return rules.setup(seed, players, self.validate_options(players, options))

    def to_act(self, s: State) -> frozenset[int]:
        return rules.to_act(s)

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return rules.legal_actions(s, seat)

    def apply(self, s: State, seat: int, action: Action) -> State:
        if not isinstance(seat, int) or not 0 <= seat < s["n"]:
            raise IllegalAction("there is no such seat")
        return rules.apply(s, seat, action)

    def view(self, s: State, seat: int | None) -> View:
        return views.view(s, seat)

    def outcome(self, s: State) -> Outcome | None:
        return rules.outcome(s)

    def secrets(self, s: State, seat: int | None) -> list[str]:
        return views.secrets(s, seat)

    def describe(self, s: State, seat: int, action: Action) -> tuple[str, str]:
        return views.describe(s, seat, action)

    def targets(self, s: State, seat: int, action: Action) -> list[str]:
        return views.targets(s, seat, action)

    def sample(self, view: View, seat: int, rng: Rng) -> State:
        return sample(view, seat, rng)

    def dump(self, s: State) -> dict[str, Any]:
        return clone(s)

    def load(self, data: dict[str, Any]) -> State:
        s = clone(data)
        # Cards come back from JSON as lists; the rules keep them as tuples.
        s["city"] = [[[tuple(card) for card in stack] for stack in street] for street in s["city"]]
        return s
