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
keeps the state before each (as the engine dumps it), and an undo restores the last of them.
The game keeps its run beside its state (`Game.takeback`), so an undo replays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engines.base import Action, IllegalAction

UNDO: Action = {"type": "undo"}

NOTHING_TO_UNDO = (
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
    """The steps that can be taken back now: all `seat`'s, the states before them oldest first."""

    seat: int | None = None
    before: tuple[dict[str, Any], ...] = field(default=())

    def step(self, engine: Any, before: Any, seat: int, action: Action, after: Any) -> Run:
        """The run once `seat` has turned `before` into `after` with `action`."""
        if not undoable(engine, before, seat, action, after):
            return Run()  # this step is final, and so is every step before it
        kept = self.before if self.seat == seat else ()
        return Run(seat, (*kept, engine.dump(before)))

    def undo(self, engine: Any, seat: int) -> tuple[Any, Run]:
        """(the state before `seat`'s last step, the run after taking it back)."""
        if self.seat != seat or not self.before:
            raise IllegalAction(NOTHING_TO_UNDO)
        rest = self.before[:-1]
        return engine.load(self.before[-1]), Run(seat if rest else None, rest)

    def can_undo(self, seat: int | None) -> bool:
        return seat is not None and self.seat == seat and bool(self.before)

    def to_json(self) -> dict[str, Any]:
        return {} if not self.before else {"seat": self.seat, "before": list(self.before)}

    @classmethod
    def of(cls, data: dict[str, Any] | None) -> Run:
        if not data:
            return cls()
        return cls(int(data["seat"]), tuple(data["before"]))


def play(engine: Any, state: Any, run: Run, seat: int, action: Action) -> tuple[Any, Run]:
    """One stored move, a step or an undo: (the state after it, the run after it)."""
    if is_undo(action):
        return run.undo(engine, seat)
    after = engine.apply(state, seat, action)
    return after, run.step(engine, state, seat, action, after)
