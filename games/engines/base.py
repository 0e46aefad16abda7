"""The engine protocol every game implements, and the types it shares.

Engine authors: read games/engines/README.md first (how to work here, the contract, templates).

The contract (see docs/architecture.md) is fixed: setup / to_act / legal_actions /
apply / view / outcome / dump / load. `BaseEngine` adds the small optional pieces the
site uses to present a game (action labels, bots, automaton seats) with defaults,
so an engine only writes what its game needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from games.engines.i18n import Translated, _, say
from games.engines.rng import Rng

Action = dict[str, Any]
View = dict[str, Any]
Outcome = dict[str, list[Any]]
# A bot decides from what its seat may see and the actions open to it, nothing else.
Bot = Callable[[View, list[Action], Rng], Action]


class RandomBot:
    """Picks any legal action. It reads nothing of its view, so autoplay does not build one."""

    blind = True

    def __call__(self, view: View, actions: list[Action], rng: Rng) -> Action:
        return rng.choice(actions)


random_bot = RandomBot()


class IllegalAction(Exception):
    """An action that the rules do not allow now; `reason` is meant for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@runtime_checkable
class Engine(Protocol):
    slug: str
    title: str
    min_players: int
    max_players: int

    def options(self) -> dict[str, dict[str, Any]]: ...
    def setup(self, seed: int, players: int, options: dict[str, Any]) -> Any: ...
    def to_act(self, s: Any) -> frozenset[int]: ...
    def legal_actions(self, s: Any, seat: int) -> list[Action]: ...
    def apply(self, s: Any, seat: int, action: Action) -> Any: ...
    def view(self, s: Any, seat: int | None) -> View: ...
    def outcome(self, s: Any) -> Outcome | None: ...
    def dump(self, s: Any) -> dict[str, Any]: ...
    def load(self, d: dict[str, Any]) -> Any: ...


class BaseEngine:
    """Defaults for the optional parts of an engine; subclasses fill in the contract."""

    slug: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    # One line for the catalogue: how long a game takes, in words.
    length: str = ""
    blurb: str = ""
    bots: dict[str, Bot] = {}
    # What the players call the automaton seat, if the rules have one (e.g. "Jael").
    automaton_name: str = Translated("Automaton")  # type: ignore[assignment]

    def options(self) -> dict[str, dict[str, Any]]:
        return {}

    def seat_count(self, players: int, options: dict[str, Any]) -> int:
        """Seats in the game state; more than `players` when the rules add an automaton."""
        return players

    def automaton_seats(self, players: int, options: dict[str, Any]) -> frozenset[int]:
        """Seats whose moves the rules prescribe (the engine computes them, not a bot)."""
        return frozenset()

    def describe(self, s: Any, seat: int, action: Action) -> tuple[str, str]:
        """(group, label) for the actions panel, in words a player understands."""
        return ("Actions", action.get("type", "?"))

    def targets(self, s: Any, seat: int, action: Action) -> list[str]:
        """The board elements a player clicks, in order, to make `action` (see the README's
        "Moves on the board"): keys such as "hand:12" or "cell:0:3:1", which the game's
        templates put on its elements as data-target. An action with no targets is made
        from the actions list only; two actions with the same targets are told apart there."""
        return []

    def undoable(self, before: Any, seat: int, action: Action, after: Any) -> bool:
        """Whether `seat` may take back `action`, which turned `before` into `after`, while no
        other seat has acted since (the site checks that, and that `seat` is still to act).
        Only for a step that revealed nothing: no card drawn or turned, no die rolled, no
        hidden card or choice seen, the turn not over. None by default (see docs/architecture.md)."""
        return False

    def secrets(self, s: Any, seat: int | None) -> list[str]:
        """Strings that must never appear in `seat`'s view (used by the tests)."""
        return []

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fills defaults and rejects unknown options or values."""
        spec = self.options()
        unknown = set(options) - set(spec)
        if unknown:
            raise IllegalAction(say("unknown option {name}", name=repr(sorted(unknown)[0])))
        out = {}
        for name, o in spec.items():
            value = options.get(name, o["default"])
            if value not in o["choices"]:
                raise IllegalAction(
                    say("option {name} cannot be {value}", name=repr(name), value=repr(value))
                )
            out[name] = value
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                say(
                    "{game} takes {least} to {most} players",
                    game=self.title,
                    least=self.min_players,
                    most=self.max_players,
                )
            )
        return out


def require_legal(legal: list[Action], action: Action) -> Action:
    """The engine's own legal action equal to `action`; IllegalAction if there is none.

    Equality is of canonical JSON, so `1.0`, `true` and `1` are different values: a
    client's look-alike must never reach the state, where `grid[row][1.0]` would fail
    later, long after the move was accepted. Callers go on with the returned action,
    never the one they were given.
    """
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction(_("an action must be an object with a 'type'"))
    try:
        wanted = canonical(action)
    except (TypeError, ValueError):
        raise IllegalAction(_("an action must hold only JSON values")) from None
    for candidate in legal:
        # Python's == first (cheap; it is implied by equal canonical JSON), then the exact test.
        if candidate == action and canonical(candidate) == wanted:
            return candidate
    if all(a.get("type") != action.get("type") for a in legal):
        raise IllegalAction(say("you cannot {action} now", action=repr(action["type"])))
    raise IllegalAction(say("that {action} is not allowed now", action=repr(action["type"])))


def unchanged(before: dict[str, Any], after: dict[str, Any], *keys: str) -> bool:
    """Whether the parts `keys` of two states are equal (for `undoable`: the generator, the
    decks, whose turn it is... stayed as they were)."""
    return all(before.get(k) == after.get(k) for k in keys)


def canonical(obj: Any) -> str:
    """Stable JSON text, for comparing states and searching views."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))
