"""Reminders before a deadline: when half a turn's time is gone, and when a tenth is left.

Each goes out once per turn (claimed under the game's lock before it is sent), never
while the player has the game open (it waits for them to close it), and as the player
asked: every-turn readers get both; daily-digest readers get the last call only when
the deadline comes before their next digest (07:00 on their own clock); players who want
no e-mail get none.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Notify
from games import clocks, presence, registry
from games.models import Game, Seat
from games.notifications import next_digest

BATCH = 500


def send_due(now: datetime | None = None) -> int:
    """Sends the reminders that are due; returns how many went out."""
    now = now or timezone.now()
    sent = 0
    due = Seat.objects.filter(remind_at__lte=now).order_by("remind_at").values_list("pk", flat=True)
    for pk in list(due[:BATCH]):
        claimed = _claim(pk, now)
        if claimed is not None:
            _send(*claimed, now)
            sent += 1
    return sent


def _claim(seat_pk: int, now: datetime) -> tuple[Seat, int] | None:
    """Marks this turn's due reminder as done (under the game lock); (seat, mark) if one
    should go out now, None if it waits (the game is open) or is not wanted."""
    with transaction.atomic():
        game_id = Seat.objects.filter(pk=seat_pk).values_list("game_id", flat=True).first()
        if game_id is None:
            return None
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = Seat.objects.select_related("user__profile").get(pk=seat_pk)
        if seat.remind_at is None or seat.remind_at > now:
            return None  # the turn ended, or another run was first
        pace = clocks.pace_of(game.pace)
        marks = clocks.due_mark(seat, pace, now)
        if seat.user_id is not None and marks > seat.reminded and presence.is_open(game.pk, seat.user_id):
            return None  # they are looking at the clock: try again when they have left
        wanted = marks > seat.reminded and _wanted(seat.user, marks, seat.deadline, now)
        clocks.reminded(seat, pace, max(marks, seat.reminded))
        seat.save(update_fields=["reminded", "remind_at"])
    seat.game = game
    return (seat, marks) if wanted else None


def _wanted(user: Any, marks: int, deadline: datetime | None, now: datetime) -> bool:
    if user is None or not user.email:
        return False
    notify = user.profile.notify
    if notify == Notify.EVERY_TURN:
        return True
    if notify == Notify.DAILY and deadline is not None:
        return marks == len(clocks.REMINDER_MARKS) and deadline < next_digest(now, user.profile.timezone)
    return False


def _send(seat: Seat, marks: int, now: datetime) -> None:
    from games.notifications import in_language, send_mail_to  # the mail helpers (unsubscribe link, headers)

    game, user = seat.game, seat.user
    assert user is not None and seat.deadline is not None
    last_call = marks == len(clocks.REMINDER_MARKS)
    with in_language(user):
        title = registry.get(game.engine).title
        left = clocks.in_words((seat.deadline - now).total_seconds())
        about = {"left": left, "title": title, "pk": game.pk}
        subject = (
            _("Last call: %(left)s left in %(title)s (game %(pk)s)") % about
            if last_call
            else _("Half your time is gone in %(title)s (game %(pk)s): %(left)s left") % about
        )
        rule = game.get_on_timeout_display()
    send_mail_to(
        user,
        subject,
        "email/reminder.txt",
        {
            "game": game,
            "title": title,
            "left": left,
            "deadline": seat.deadline,
            "last_call": last_call,
            "rule": rule,
            "url": settings.SITE_URL + game.get_absolute_url(),
        },
    )
