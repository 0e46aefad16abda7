"""Which turns began and ended with a change of the seats to act, and their clocks.

Called by the services inside their transaction, with the game row locked: a game's
start and every applied action. One UPDATE writes every seat that changed.
"""

from __future__ import annotations

from django.utils import timezone

from games import clocks, vacation
from games.models import Game, Seat, SeatKind

TURN_FIELDS = ["awaiting_since", "turn_began_at"]


def game_started(game: Game, seats: list[Seat]) -> None:
    """Fills the reserves and starts the first turns. A table with fewer than two players
    plays without a clock: nobody waits for a player who sits alone with bots."""
    humans = [s for s in seats if s.kind == SeatKind.HUMAN]
    if len(humans) < 2 and game.pace != clocks.NO_CLOCK.key:
        game.pace = clocks.NO_CLOCK.key
        game.save(update_fields=["pace"])
    pace = clocks.pace_of(game.pace)
    for seat in humans:
        seat.reserve = pace.reserve_start
    turns_changed(game, seats, set(), None, everyone=humans)


def turns_changed(
    game: Game, seats: list[Seat], before: set[int], acted: int | None, *, everyone: list[Seat] | None = None
) -> None:
    """`before`: the seats that were to act; `acted`: the seat whose action this was;
    `everyone`: seats to write even if their turn did not change."""
    now = timezone.now()
    pace = clocks.pace_of(game.pace)
    after = set(game.to_act)
    # A seat that acted and must act again (a multi-step turn) goes on with the same turn:
    # its clock runs on and it is not told again (one turn e-mail per turn). A turn is the
    # whole stretch of being to act.
    began, ended = after - before, before - after
    away = (
        vacation.away({s.user_id for s in seats if s.index in began and s.user_id})
        if pace.stops_for_vacation
        else set()
    )
    changed = {s.index: s for s in everyone or []}
    for seat in seats:
        if seat.index in began:
            seat.awaiting_since = game.version
            changed[seat.index] = seat
            seat.turn_began_at = now
            if pace.clocked and not seat.machine:
                clocks.start(seat, pace, now, away=seat.user_id in away)
        elif seat.index in ended:
            seat.turn_began_at = None
            clocks.stop(seat, pace, now)
            changed[seat.index] = seat
    if changed:
        fields = TURN_FIELDS + (clocks.CLOCK_FIELDS if pace.clocked else [])
        Seat.objects.bulk_update(changed.values(), fields)
