"""The engine object the site talks to (contract: docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, BaseEngine, Outcome, View, unchanged
from games.engines.i18n import N_, Translated
from games.engines.rng import Rng

from . import bots, rules, sample, scoring, setup
from . import view as views
from .state import State

# The steps that may be taken back when they change nothing hidden (see `undoable`).
UNDOABLE = ("place", "plant", "trade", "sell", "sell_item", "buy_item", "stones", "buy_herb")


class Lords(BaseEngine):
    slug = "lords"
    # The hard bot overrides its starting choice only when its estimate is 3 standard errors better:
    # random rollouts barely tell one placement from another, and at 1 standard error the
    # search's overrides were mostly noise and lost to the heuristic (docs/lords.md, "Bots").
    search_sigmas = 3.0
    # ...and starts from a stronger plan than the heuristic's mix (docs/lords.md, "Bots").
    search_hint = staticmethod(bots.champion_bot)
    level_notes = {
        "hard": N_(
            "Here it follows a stronger plan than Medium (items and the Tournament), "
            "departing from it only for a clear gain."
        )
    }
    title = Translated("Lords of Spell and Stone")
    min_players = 2
    max_players = 4
    length = Translated("45-75 minutes live; two or three weeks by correspondence")
    blurb = Translated(
        "Send your workers to hire casters, trade in three markets, train, build a moat, a wall "
        "and towers, and cast spells from the herbs you grow."
    )

    def options(self) -> dict[str, dict[str, Any]]:
        return setup.OPTIONS

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> State:
        return setup.setup(seed, players, self.validate_options(players, options))

    def to_act(self, s: State) -> frozenset[int]:
        return rules.to_act(s)

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return rules.legal_actions(s, seat)

    def apply(self, s: State, seat: int, action: Action) -> State:
        return rules.apply(s, seat, action)

    def undoable(self, before: State, seat: int, action: Action, after: State) -> bool:
        """docs/lords.md, "Undo". A worker placed while the same player places again (the
        others have placed all theirs), a herb planted, Rotted herbs traded, and herbs, items,
        stones or store items bought or sold while the same decision is still open. Never a
        step that drew from the bag or a deck, peeked, started the resolution or moved it on."""
        return (
            action["type"] in UNDOABLE
            and unchanged(
                before,
                after,
                "rng",
                "phase",
                "round",
                "at",
                "store_deck",
                "store_known",
                "spell_deck",
                "lot",
            )
            and all(
                before["players"][q]["hand"] == after["players"][q]["hand"]
                for q in range(before["n"])
                if q != seat
            )
        )

    def view(self, s: State, seat: int | None) -> View:
        return views.view(s, seat)

    def outcome(self, s: State) -> Outcome | None:
        return scoring.outcome(s)

    def secrets(self, s: State, seat: int | None) -> list[str]:
        return views.secrets(s, seat)

    def describe(self, s: State, seat: int, action: Action) -> tuple[str, str]:
        return views.describe(s, seat, action)

    def targets(self, s: State, seat: int, action: Action) -> list[str]:
        return views.targets(action)

    def sample(self, view: View, seat: int, rng: Rng) -> State:
        """A full state consistent with what `seat` sees in `view` (for search bots)."""
        return sample.sample(view, seat, rng)

    def dump(self, s: State) -> dict[str, Any]:
        # A state is never changed once made (apply builds a new one), so it is its own dump.
        return s

    def load(self, data: dict[str, Any]) -> State:
        return data
