"""Running out of time, and claiming a seat back: part of the services layer (each
write is one transaction that locks the game row, checks, writes, and schedules its
side effects on commit).

A deadline is enforced when a move arrives (games.services.submit_action calls
`time_out_if_due` under the game's lock: a move after the deadline is refused and the
seat runs out of time there and then). The sweep (games.tasks.sweep_deadlines, every
30 s) is the backstop for players who do not come back: it reads the seats whose
deadline has passed from a small partial index and times them out in transactions that
check again under the games' locks. So two sweeps at once never time a seat out twice
(the second finds the clock stopped), and a sweep cut short by a dying worker leaves
the rest due for the next one.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext

from games import clocks, vacation
from games.errors import Conflict, Forbidden, NotFound
from games.models import Game, Notice, OnTimeout, Seat, Status

log = logging.getLogger(__name__)

BATCH = 1000  # due seats read per query; a sweep goes on until none is left, or its time is up
CHUNK = 100  # seats timed out per transaction (their games locked together, in id order)
# A sweep starts no new chunk after this long: it ends well inside beat's 30 s interval and the
# task's soft time limit (40 s); what is left is due at the next sweep, oldest deadline first.
SWEEP_SECONDS = 20.0


def sweep(now: datetime | None = None, seconds: float = SWEEP_SECONDS) -> int:
    """Times out the seats whose deadline has passed, oldest first, for at most about
    `seconds` (a chunk begun is finished); returns how many it timed out."""
    now = now or timezone.now()
    stop = time.monotonic() + seconds
    count = 0
    last: tuple[datetime | None, int] | None = None
    while True:
        due = Seat.objects.filter(deadline__lte=now)
        if last is not None:  # each seat once per sweep, even one whose time out failed
            due = due.filter(Q(deadline__gt=last[0]) | Q(deadline=last[0], pk__gt=last[1]))
        rows = list(due.order_by("deadline", "pk").values_list("deadline", "pk", "game_id", "index")[:BATCH])
        for start in range(0, len(rows), CHUNK):
            if time.monotonic() > stop:
                log.warning("the sweep stopped for time; the seats still due wait for the next one")
                return count
            count += _time_out_chunk(
                [(game_id, index) for _, _, game_id, index in rows[start : start + CHUNK]], now
            )
        if len(rows) < BATCH:
            return count
        last = rows[-1][:2]


def _time_out_chunk(due: list[tuple[int, int]], now: datetime) -> int:
    try:
        return time_out_seats(due, now)
    except Exception:
        # One broken game must not keep the others' clocks from being enforced: one by one.
        log.exception("a chunk of %s due seats failed; timing them out one by one", len(due))
    count = 0
    for game_id, index in due:
        try:
            count += time_out(game_id, index, now)
        except Exception:
            log.exception("game %s seat %s could not be timed out", game_id, index)
    return count


def time_out(game_id: int, index: int, now: datetime | None = None) -> bool:
    """Times the seat out if its deadline has passed (checked again under the lock)."""
    return time_out_seats([(game_id, index)], now or timezone.now()) == 1


def time_out_if_due(game: Game, seat: Seat, now: datetime) -> bool:
    """Inside a move's transaction, with the game locked: times the seat out if its clock ran
    out before the move arrived (then the move is refused). The sweep would do the same a
    little later; enforcing it here means a late move is never taken."""
    if seat.deadline is None or seat.deadline > now:
        return False
    return time_out_seats([(game.pk, seat.index)], now) == 1


@transaction.atomic
def time_out_seats(due: list[tuple[int, int]], now: datetime) -> int:
    """Times out those of the (game id, seat index) pairs whose deadline has passed,
    checked again with their games locked; returns how many ran out."""
    # Locked in id order; their states are not needed (a game's can be large): not read.
    locked = Game.objects.select_for_update().defer("state", "takeback").filter(pk__in={g for g, _ in due})
    games = {g.pk: g for g in locked.order_by("pk")}
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=games):  # read once the games are locked
        seats.setdefault(seat.game_id, []).append(seat)
    wanted = {(g, i) for g, i in due}
    due_seats = [s for game_seats in seats.values() for s in game_seats if (s.game_id, s.index) in wanted]
    away = vacation.away({s.user_id for s in due_seats if s.user_id is not None})
    halted, paused, ran_out, notices = [], [], [], []
    for seat in due_seats:
        game = games[seat.game_id]
        pace = clocks.pace_of(game.pace)
        if seat.deadline is None or seat.deadline > now:
            continue  # it moved in time, or another sweep was first
        if game.status != Status.ACTIVE or seat.index not in game.to_act or seat.machine:
            halted.append(seat.pk)  # a clock that should not be running: stop it, time out nobody
        elif seat.user_id in away and pace.stops_for_vacation:
            clocks.pause(seat, pace, now)  # its player went away as the turn began
            paused.append(seat)
        else:
            notices.append(_run_out(game, seat))
            ran_out.append(seat.pk)
    # A handful of queries for the whole chunk, however many seats ran out.
    stopped = {"deadline": None, "paused_left": None, "remind_at": None}
    if halted:
        Seat.objects.filter(pk__in=halted).update(**stopped)
    if paused:
        Seat.objects.bulk_update(paused, clocks.CLOCK_FIELDS)
    if not notices:
        return 0
    # A machine plays these seats now: a bot's decision made before for them is dropped.
    Seat.objects.filter(pk__in=ran_out).update(
        timed_out=True, reserve=0, handovers=F("handovers") + 1, **stopped
    )
    notices = Notice.objects.bulk_create(notices)
    _announce([games[g] for g in sorted({n.game_id for n in notices})], seats, notices)
    return len(notices)


def _run_out(game: Game, seat: Seat) -> Notice:
    """The seat's time ran out: a machine plays it from now on (and under the "lose"
    rule it ranks last). Returns the notice for the table, to be saved."""
    seat.timed_out = True
    seat.reserve = 0
    clocks.halt(seat)
    return Notice(game=game, seat=seat.index, kind=Notice.Kind.TIMEOUT, version=game.version)


@transaction.atomic
def reclaim(user: Any, game_id: int) -> Game:
    """A player whose seat a bot took over after a timeout plays it again (once a game).

    The bot may be thinking for the seat at this moment: the seat's `handovers` goes up,
    so a decision it made before is dropped when it comes to apply it (services.machine_move)."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound(gettext("there is no such game"))
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise Forbidden(gettext("you do not play in this game"))
    if not seat.timed_out:
        raise Conflict(gettext("your seat has not run out of time"))
    if game.on_timeout == OnTimeout.LOSE:
        raise Conflict(
            gettext("at this table a seat that runs out of time has lost; a bot finishes its moves")
        )
    if seat.reclaimed:
        raise Conflict(gettext("you have already claimed this seat back once in this game"))
    if game.status != Status.ACTIVE:
        raise Conflict(gettext("this game is over"))
    seat.timed_out, seat.reclaimed = False, True
    seat.handovers += 1
    pace = clocks.pace_of(game.pace)
    if seat.index in game.to_act and pace.clocked:
        # Its reserve was spent: the player has the time for one move, from now.
        now = timezone.now()
        away = pace.stops_for_vacation and user.pk in vacation.away({user.pk})
        clocks.start(seat, pace, now, away=away)
    seat.save(update_fields=["timed_out", "reclaimed", "handovers", *clocks.CLOCK_FIELDS])
    notice = Notice.objects.create(game=game, seat=seat.index, kind=Notice.Kind.RECLAIM, version=game.version)
    _announce([game], {game.pk: seats}, [notice])
    return game


def _announce(games: list[Game], seats: dict[int, list[Seat]], notices: list[Notice]) -> None:
    """After commit, for all these games at once: their pages redraw, their players' "your
    move" counts are fetched again, machines now to act move, and every table hears by
    e-mail what happened (one outbox row, one socket batch and two tasks, however many)."""
    from games import dispatch

    dispatch.on_hands_changed(
        [
            dispatch.TableChange(
                game.pk,
                game.version,
                sorted(s.user_id for s in seats[game.pk] if s.user_id is not None),
                # No turn began: nobody is told "your turn" again; a machine now to act moves.
                any(s.machine for s in seats[game.pk] if s.index in game.to_act),
            )
            for game in games
        ],
        [n.pk for n in notices],
    )
