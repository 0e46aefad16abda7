"""The Stonespine engine: the 2-5 player game (rules.py) or, with one player, the solo game
against Jael (solo.py), chosen by the state's shape."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, BaseEngine, Outcome, View, unchanged
from games.engines.i18n import Translated, _
from games.engines.rng import Rng

from . import solo
from .rules import (
    State,
    apply,
    describe,
    legal_actions,
    outcome,
    secrets,
    setup,
    targets,
    to_act,
    view,
)
from .sample import sample
from .table import clone

# The steps that may be taken back when they change nothing hidden (see `undoable`).
UNDOABLE = ("place", "buy", "token", "passage", "drop")


class Stonespine(BaseEngine):
    slug = "stonespine"
    title = Translated("Stonespine Architects")
    min_players = 1  # one player: the solo game against Jael
    max_players = 5
    automaton_name = Translated("Jael")
    default_players = 4  # the new-table form's first choice: the game at its liveliest
    length = Translated("30-60 minutes live; a few days by correspondence")
    # The hard bot judges margins against each decision's own rollouts: random play loses to
    # Jael by 40-80 points whatever the move, and on a fixed scale every move looked alike
    # (docs/stonespine.md, "Bots").
    search_relative = True

    def seat_count(self, players: int, options: dict[str, Any]) -> int:
        return 2 if players == 1 else players

    def automaton_seats(self, players: int, options: dict[str, Any]) -> frozenset[int]:
        return frozenset({1}) if players == 1 else frozenset()

    def solo_mode(self, options: dict[str, Any]) -> str:
        """The solo record is kept per Jael deck: beating legendary Jael is another feat."""
        return str(options.get("jael", "basic"))

    def options(self) -> dict[str, dict[str, Any]]:
        # "names", "help" and "when" are how the site shows an option (games/options.py).
        return {
            "jael": {
                "choices": ["basic", "legendary"],
                "default": "basic",
                "label": _("Jael's deck"),
                "names": {"basic": _("Basic"), "legendary": _("Legendary")},
                "help": _("Solo only: the legendary deck swaps in stronger Jael cards."),
                "when": {"players": [1]},
            },
            "face_down": {
                "choices": [False, True],
                "default": False,
                "label": _("Chambers"),
                "names": {False: _("Placed face up"), True: _("Placed face down (variant)")},
                "help": _(
                    "Picks stay hidden until all have chosen either way; the variant words the log as at a real table."
                ),
                "when": {"players": [2, 3, 4, 5]},
            },
        }

    blurb = Translated("Minotaur apprentices carve rival dungeons over four years, chamber by chamber.")

    def setup(self, seed: int, players: int, options: dict[str, Any]) -> State:
        options = self.validate_options(players, options)
        return solo.setup(seed, options) if players == 1 else setup(seed, players, options)

    def to_act(self, s: State) -> frozenset[int]:
        return solo.to_act(s) if "solo" in s else to_act(s)

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return solo.legal_actions(s, seat) if "solo" in s else legal_actions(s, seat)

    def apply(self, s: State, seat: int, action: Action) -> State:
        return solo.apply(s, seat, action) if "solo" in s else apply(s, seat, action)

    def undoable(self, before: State, seat: int, action: Action, after: State) -> bool:
        """docs/stonespine.md, "Undo". A chamber picked for this turn while the player still
        has to choose the card to discard or keep (the pick stays hidden until everyone has
        chosen, so taking it back shows nothing); a market set bought and each of its tokens
        placed, while the same player is still to act. Never a pass, a discard or keep (it
        ends the player's choice), nor a step after which the turn or year moved on, anything
        was drawn, or Jael acted."""
        return (
            action["type"] in UNDOABLE
            and unchanged(
                before, after, "rng", "phase", "year", "turn", "deck", "discard", "shown", "passed", "solo"
            )
            and all(before["picks"][q] == after["picks"][q] for q in range(len(before["picks"])) if q != seat)
        )

    def view(self, s: State, seat: int | None) -> View:
        return view(s, seat)

    def outcome(self, s: State) -> Outcome | None:
        return solo.outcome(s) if "solo" in s else outcome(s)

    def secrets(self, s: State, seat: int | None) -> list[str]:
        return secrets(s, seat)

    def describe(self, s: State, seat: int, action: Action) -> tuple[str, str]:
        return describe(s, seat, action)

    def targets(self, s: State, seat: int, action: Action) -> list[str]:
        return targets(s, seat, action)

    def sample(self, view: View, seat: int, rng: Rng) -> State:
        return sample(view, seat, rng)

    def dump(self, s: State) -> dict[str, Any]:
        return clone(s)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)
