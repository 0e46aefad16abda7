"""The engine object the site talks to (contract: docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, BaseEngine, Outcome, View, unchanged
from games.engines.i18n import N_, Translated, options_in_words
from games.engines.rng import Rng

from . import bots, rules, sample, setup
from . import view as views
from .state import State

# The steps that may be taken back when they change nothing hidden (see `undoable`).
UNDOABLE = ("buy", "level", "equip")


class Thunderstone(BaseEngine):
    slug = "thunderstone"
    # The hard bot overrides its starting choice only when its estimate is 3 standard errors better:
    # at the iterations a decision affords, Thunderstone's rollouts barely tell moves apart, and
    # at 1 standard error most overrides were noise (docs/thunderstone.md, "Bots").
    search_sigmas = 3.0
    # ...and starts from a patient party that buys only cards worth the trip (docs/thunderstone.md).
    search_hint = staticmethod(bots.patient_bot)
    level_notes = {
        "hard": N_(
            "Here it keeps to a patient plan (the village only for a card worth the trip), "
            "departing from it only for a clear gain."
        )
    }
    title = Translated("Thunderstone")
    min_players = 2
    max_players = 5
    length = Translated("45-90 minutes live; a week or two by correspondence")
    blurb = Translated(
        "Build a party deck of heroes, weapons and spells in the village, then fight your way "
        "through the dungeon hall towards the Thunderstone."
    )

    def options(self) -> dict[str, dict[str, Any]]:
        return options_in_words(setup.OPTIONS)

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> State:
        return setup.setup(seed, players, self.validate_options(players, options))

    def to_act(self, s: State) -> frozenset[int]:
        return rules.to_act(s)

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return rules.legal_actions(s, seat)

    def apply(self, s: State, seat: int, action: Action) -> State:
        return rules.apply(s, seat, action)

    def undoable(self, before: State, seat: int, action: Action, after: State) -> bool:
        """docs/thunderstone.md, "Undo". In the village, a card bought or a hero levelled up
        while the turn goes on (more to buy or level); in the dungeon, a weapon equipped
        before the attack. Never entering the village or the dungeon (the hand is shown),
        an ability used, an attack, or a step that drew, shuffled or turned up a card or
        ended the turn."""
        return (
            action["type"] in UNDOABLE
            and before["turn"] == seat
            and unchanged(
                before,
                after,
                "rng",
                "turn",
                "turns",
                "phase",
                "decks",
                "dungeon",
                "hall",
                "shown",
                "chosen",
                "zone",
                "seen",
                "ask",
            )
            and not after["todo"]
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
        """A full state consistent with what `seat` sees in `view` (for search bots)."""
        return sample.sample(view, seat, rng)

    def dump(self, s: State) -> dict[str, Any]:
        # A state is never changed once made (apply builds a new one), so it is its own dump.
        return s

    def load(self, data: dict[str, Any]) -> State:
        return data
