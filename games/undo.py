"""Undo within a turn: a player takes back their own last step while it revealed nothing.

The move log stays append-only: an undo is a move of its own, the action {"type": "undo"} by the
seat taking its step back. The site (games/services.py) and every replay of the log
(games/replay.py) go through `Run` here, so they agree on what each undo restores and
`replay --verify` checks every stored move, the undone steps and the undos included.

A step can be taken back while
- the engine says so: `undoable(before, seat, action, after)` (it drew, rolled, turned up or
  showed nothing hidden, and the turn is not over), and its seat is still to act after it;
- every move since is that seat's own (nobody else acted: a bot or a player moving after the
  step makes it final; the seat's own undoable steps and undos do not).
So what can be undone is always a run of one seat's undoable steps at the end of the log: `Run`
keeps the state before the first of them and their actions, and an undo replays all but the
last from there. The game keeps its run beside its state (`Game.takeback`), so an undo never
replays the game from its start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from games.engines.base import Action, IllegalAction

UNDO: Action = {"type": "undo"}

# Marked only: the page's refusal translates it (games/services.py); the rules' own
# refusal (an IllegalAction) stays the plain sentence.
NOTHING_TO_UNDO = gettext_noop(
    "there is no step of yours to take back: your last step showed something hidden or ended "
    "your turn, or another seat has moved since"
)


def is_undo(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") == UNDO["type"]


def undoable(engine: Any, before: Any, seat: int, action: Action, after: Any) -> bool:
    judge = getattr(engine, "undoable", None)
    return bool(judge and seat in engine.to_act(after) and judge(before, seat, action, after))


@dataclass(frozen=True)
class Run:
    """The steps that can be taken back now: all `seat`'s, made from the state `start` (as the
    engine dumps it). One state and the actions, not a state per step: an undo replays the
    steps but the last from `start` (engines are deterministic), and a run of a dozen sales
    stays one state long."""

    seat: int | None = None
    start: dict[str, Any] | None = None
    steps: tuple[Action, ...] = field(default=())
    # The seat whose undo was the last move: the table reads who took a step back (the undone
    # step's own log line went with it) until the next move, without reading the log again.
    took_back: int | None = None

    def step(self, engine: Any, before: Any, seat: int, action: Action, after: Any) -> Run:
        """The run once `seat` has turned `before` into `after` with `action`."""
        if not undoable(engine, before, seat, action, after):
            return Run()  # this step is final, and so is every step before it
        if self.seat == seat and self.steps:
            return Run(seat, self.start, (*self.steps, action))
        return Run(seat, engine.dump(before), (action,))

    def undo(self, engine: Any, seat: int) -> tuple[Any, Run]:
        """(the state before `seat`'s last step, the run after taking it back)."""
        if self.seat != seat or not self.steps or self.start is None:
            raise IllegalAction(NOTHING_TO_UNDO)
        state = engine.load(self.start)
        kept = self.steps[:-1]
        for action in kept:
            state = engine.apply(state, seat, action)
        if kept:
            return state, Run(seat, self.start, kept, took_back=seat)
        return state, Run(took_back=seat)

    def can_undo(self, seat: int | None) -> bool:
        return seat is not None and self.seat == seat and bool(self.steps)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.steps:
            data = {"seat": self.seat, "start": self.start, "steps": list(self.steps)}
        if self.took_back is not None:
            data["took_back"] = self.took_back
        return data

    @classmethod
    def of(cls, data: dict[str, Any] | None) -> Run:
        if not data:
            return cls()
        took_back = data.get("took_back")
        took_back = None if took_back is None else int(took_back)
        if "steps" not in data:
            return cls(took_back=took_back)
        return cls(int(data["seat"]), data["start"], tuple(data["steps"]), took_back)


def play(engine: Any, state: Any, run: Run, seat: int, action: Action) -> tuple[Any, Run]:
    """One stored move, a step or an undo: (the state after it, the run after it)."""
    if is_undo(action):
        return run.undo(engine, seat)
    after = engine.apply(state, seat, action)
    return after, run.step(engine, state, seat, action, after)
