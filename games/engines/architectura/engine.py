"""The engine object the site talks to (contract: docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, BaseEngine, IllegalAction, Outcome, View, unchanged
from games.engines.i18n import Translated, _, options_in_words
from games.engines.rng import Rng

from . import rules, seat_figures
from . import view as views
from .sample import sample
from .state import State, clone


class Architectura(BaseEngine):
    slug = "architectura"
    title = Translated("Architectura")
    min_players = 2
    max_players = 4
    length = Translated("15-30 minutes live; a few days by correspondence")
    blurb = Translated(
        "Rival architects build one city together, and every new building turns, lowers or knocks down its neighbour."
    )

    def options(self) -> dict[str, dict[str, Any]]:
        spec = options_in_words(rules.OPTIONS)
        spec["balance"]["help"] = seat_figures.help_text()
        return spec

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> State:
        return rules.setup(seed, players, self.validate_options(players, options))

    def to_act(self, s: State) -> frozenset[int]:
        return rules.to_act(s)

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return rules.legal_actions(s, seat)

    def apply(self, s: State, seat: int, action: Action) -> State:
        if not isinstance(seat, int) or not 0 <= seat < s["n"]:
            raise IllegalAction(_("there is no such seat"))
        return rules.apply(s, seat, action)

    def undoable(self, before: State, seat: int, action: Action, after: State) -> bool:
        """docs/architectura.md, "Undo". A replacement picked in the advanced game (hidden
        until everyone is ready; "ready" itself is final), or a step of a turn after which
        the same player still has a decision to make in it: the card placed before its
        Magic Academy price, its comparison or its effect, a price card paid, an effect
        resolved. Never once the turn is over (the hand is drawn up), a mulligan (new cards)
        or an Obelisk search (a shuffle), and nothing that moved a deck or another hand."""
        if before["phase"] == "swap":
            return action["type"] in ("swap", "reset")
        ask = after["ask"]
        return (
            after["phase"] == "play"
            and ask is not None
            and ask["p"] == seat
            and ask["k"] != "turn"  # a new turn began (or a mulligan or a search redealt)
            and unchanged(before, after, "rng", "decks", "turn")
            and all(before["hands"][q] == after["hands"][q] for q in range(before["n"]) if q != seat)
        )

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
