"""Vacations: while a player is away their turn clocks stand still in every game played
at a pace of days; live tables (minutes a move) run on, and the player is told so.

Part of the services layer. A player has ALLOWANCE days a calendar year; starting a
vacation takes the days up to the chosen return date, ending it early gives back the
days not begun. It ends by itself on the return date (games.tasks.sweep_deadlines),
at midnight in the player's own time zone. docs/correspondence.md says why.
"""

from __future__ import annotations

import math
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, Vacation
from games import clocks
from games.errors import Conflict, Illegal
from games.models import Game, Seat, Status

ALLOWANCE = 30  # days a calendar year


@dataclass(frozen=True)
class Allowance:
    year: int
    used: int
    left: int
    current: Vacation | None
    total: int = ALLOWANCE


def away(user_ids: set[int]) -> set[int]:
    """Those of `user_ids` on vacation now."""
    if not user_ids:
        return set()
    found = Vacation.objects.filter(user_id__in=user_ids, ended_at__isnull=True).values_list(
        "user_id", flat=True
    )
    return set(found)


def allowance(user: Any, now: datetime | None = None) -> Allowance:
    """The days used and left in this calendar year (the year a vacation starts in counts it)."""
    now = now or timezone.now()
    zone = zoneinfo.ZoneInfo(user.profile.timezone)
    year = now.astimezone(zone).year
    new_year = datetime(year, 1, 1, tzinfo=zone)  # in the player's own time zone
    taken = (
        Vacation.objects.filter(
            user=user, started_at__gte=new_year, started_at__lt=new_year.replace(year=year + 1)
        )
        .aggregate(days=Sum("days"))
        .get("days")
        or 0
    )
    current = Vacation.objects.filter(user=user, ended_at__isnull=True).first()
    return Allowance(year, taken, max(0, ALLOWANCE - taken), current)


@transaction.atomic
def start(user: Any, back_on: date, now: datetime | None = None) -> Vacation:
    """Goes away until the start of `back_on` (in the player's time zone)."""
    now = now or timezone.now()
    profile = Profile.objects.select_for_update().get(user=user)  # one change of plan at a time
    zone = zoneinfo.ZoneInfo(profile.timezone)
    today = now.astimezone(zone).date()
    days = (back_on - today).days
    if days < 1:
        raise Illegal(_("choose a return date after today"))
    mine = allowance(user, now)
    if mine.current is not None:
        raise Conflict(_("you are on vacation already"))
    if days > mine.left:
        raise Illegal(
            _("you have %(left)d vacation days left this year; that would take %(days)d")
            % {"left": mine.left, "days": days}
        )
    until = datetime.combine(back_on, time(0), tzinfo=zone)
    vacation = Vacation.objects.create(user=user, started_at=now, until=until, days=days)
    _clocks(user, lambda seat, pace: clocks.pause(seat, pace, now))
    return vacation


@transaction.atomic
def end(user: Any, now: datetime | None = None) -> Vacation:
    """Back (early, or on the return date): the clocks run again, unused days come back."""
    now = now or timezone.now()
    Profile.objects.select_for_update().get(user=user)
    vacation = Vacation.objects.filter(user=user, ended_at__isnull=True).first()
    if vacation is None:
        raise Conflict(_("you are not on vacation"))
    begun = math.ceil((min(now, vacation.until) - vacation.started_at) / timedelta(days=1))
    vacation.days = min(vacation.days, max(1, begun))
    vacation.ended_at = now
    vacation.save(update_fields=["days", "ended_at"])
    _clocks(user, lambda seat, pace: clocks.resume(seat, pace, now))
    return vacation


def live_games(user: Any) -> list[Game]:
    """The player's games in play at a live pace: a vacation does not stop their clocks."""
    live = [key for key, pace in clocks.PACES.items() if pace.live]
    return list(Game.objects.filter(seats__user=user, status=Status.ACTIVE, pace__in=live).order_by("pk"))


def end_due(now: datetime | None = None) -> int:
    """Ends the vacations whose return date has come (the deadline sweep calls this first)."""
    now = now or timezone.now()
    ended = 0
    for vacation in Vacation.objects.filter(ended_at__isnull=True, until__lte=now).select_related("user"):
        try:
            end(vacation.user, now)
        except Conflict:
            continue  # the player came back by hand at the same moment
        ended += 1
    return ended


def _clocks(user: Any, change: Callable[[Seat, clocks.Pace], None]) -> None:
    """Applies `change(seat, pace)` to the player's seats in every game in play, with each
    game locked (in id order), reading the seats only once locked: a move that commits
    meanwhile is seen, and one that waits reads the vacation as already begun or ended."""
    from games import dispatch

    ids = list(Seat.objects.filter(user=user, game__status=Status.ACTIVE).values_list("game_id", flat=True))
    games = {g.pk: g for g in Game.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
    changed = []
    for seat in Seat.objects.filter(user=user, game_id__in=games):
        game = games[seat.game_id]
        pace = clocks.pace_of(game.pace)
        if game.status == Status.ACTIVE and pace.stops_for_vacation:
            change(seat, pace)
            changed.append(seat)
    Seat.objects.bulk_update(changed, clocks.CLOCK_FIELDS)
    for game_id in games:
        dispatch.on_table_changed(game_id, [user.pk])  # opponents see "on vacation until ..."
