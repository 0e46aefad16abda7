"""Turn clocks: the pace menu, and what a seat's clock does when its turn begins or
ends, when its player goes on vacation and comes back, and when it runs out.

Pure arithmetic on Seat objects (no queries): the callers save the fields. A seat's
clock runs only while the seat is to act: its `deadline` is set when its turn begins
and cleared when the turn ends. The time it may take for a turn is the pace's time per
move plus the seat's reserve (a time bank); time is spent from the time per move
first, then from the reserve, which refills a little after each turn, up to a cap.
docs/correspondence.md gives the menu and the reasons for the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MINUTE, HOUR, DAY = 60, 3600, 86400


@dataclass(frozen=True)
class Pace:
    key: str
    label: StrOrPromise  # in the language of the page or e-mail that shows it
    per_move: int  # seconds; 0: no clock

    @property
    def clocked(self) -> bool:
        return self.per_move > 0

    @property
    def live(self) -> bool:
        """A pace of minutes, for players at the table together."""
        return self.clocked and self.per_move < DAY

    @property
    def stops_for_vacation(self) -> bool:
        """A vacation stops only clocks counted in days: a live table would stand still for
        days with its other players waiting at it (docs/correspondence.md)."""
        return self.clocked and not self.live

    @property
    def reserve_start(self) -> int:
        return self.per_move  # one extra turn's time to absorb a bad week

    @property
    def refill(self) -> int:
        return self.per_move // 10  # ten turns in time earn back one turn's time

    @property
    def reserve_cap(self) -> int:
        return 2 * self.per_move  # a game must not stall for months on a saved-up bank


# The three properties above in words, for the new-table form: change them together.
RESERVE_RULE = _(
    "The reserve starts at one move's time and earns back a tenth of a move's time after each "
    "turn, up to two moves' time."
)


def _days_a_move(n: int) -> str:
    return ngettext("%(n)d day a move", "%(n)d days a move", n) % {"n": n}


def _days(n: int) -> Pace:
    # The label is read in the language of each page or e-mail that shows it.
    return Pace(f"{n}d", lazy(_days_a_move, str)(n), n * DAY)


NO_CLOCK = Pace("none", _("No clock (a friendly game: nobody runs out of time)"), 0)
PACES: dict[str, Pace] = {
    p.key: p
    for p in (
        Pace("live-2m", _("Live: 2 minutes a move"), 2 * MINUTE),
        Pace("live-5m", _("Live: 5 minutes a move"), 5 * MINUTE),
        *(_days(n) for n in (1, 2, 3, 5, 7, 14)),
        NO_CLOCK,
    )
}
DEFAULT_PACE = "3d"  # the new-table form's choice; the services' default is no clock


def pace_of(key: str) -> Pace:
    return PACES.get(key, NO_CLOCK)


def described(pace: Pace) -> str:
    """The pace with its reserve rule, as the new-table form and the page show it."""
    if not pace.clocked:
        return str(pace.label)
    return gettext(
        "%(pace)s, plus a reserve of %(reserve)s (+%(refill)s after each turn, at most %(cap)s)"
    ) % {
        "pace": pace.label,
        "reserve": in_words(pace.reserve_start),
        "refill": in_words(pace.refill),
        "cap": in_words(pace.reserve_cap),
    }


def in_menu(pace: Pace) -> str:
    """The pace as one line of the new-table form's menu; the refill and the cap, the same
    rule for every pace, are said once beside it."""
    if not pace.clocked:
        return str(pace.label)
    return gettext("%(pace)s, plus %(reserve)s in reserve") % {
        "pace": pace.label,
        "reserve": in_words(pace.reserve_start),
    }


def in_words(seconds: float) -> str:
    """A time left as a player reads it at a glance: its two largest units.

    "2 days 4 hours", "5 hours 12 minutes", "3 minutes 20 seconds", "40 seconds".
    static/js/clock.js says the same in the browser, counting down.
    """
    left = max(0, int(seconds))
    parts: list[tuple[int, str]] = []
    for size, unit in ((DAY, "day"), (HOUR, "hour"), (MINUTE, "minute"), (1, "second")):
        count, left = divmod(left, size)
        if count or parts:
            parts.append((count, unit))
        if len(parts) == 2:
            break
    words = [_unit_words(n, unit) for n, unit in parts if n]
    # Translators: how two amounts of time follow each other ("2 days 4 hours").
    return (
        gettext("%(first)s %(second)s") % {"first": words[0], "second": words[1]}
        if len(words) == 2
        else (words[0] if words else _unit_words(0, "second"))
    )


def _unit_words(n: int, unit: str) -> str:
    if unit == "day":
        return ngettext("%(n)d day", "%(n)d days", n) % {"n": n}
    if unit == "hour":
        return ngettext("%(n)d hour", "%(n)d hours", n) % {"n": n}
    if unit == "minute":
        return ngettext("%(n)d minute", "%(n)d minutes", n) % {"n": n}
    return ngettext("%(n)d second", "%(n)d seconds", n) % {"n": n}


def budget(seat: Any, pace: Pace) -> int:
    """The whole time this seat may take for its current turn, in seconds."""
    return pace.per_move + seat.reserve


def left(seat: Any, now: datetime) -> float | None:
    """Seconds left on a running or paused clock; None when the seat has no clock now."""
    if seat.deadline is not None:
        return (seat.deadline - now).total_seconds()
    if seat.paused_left is not None:
        return float(seat.paused_left)
    return None


# Reminders go out when half the turn's time is gone, then when a tenth is left.
REMINDER_MARKS = (0.5, 0.1)


def _next_reminder(seat: Any, pace: Pace) -> datetime | None:
    if seat.deadline is None or seat.reminded >= len(REMINDER_MARKS):
        return None
    return seat.deadline - timedelta(seconds=budget(seat, pace) * REMINDER_MARKS[seat.reminded])


def due_mark(seat: Any, pace: Pace, now: datetime) -> int:
    """How many reminder marks this seat's running clock has passed (0, 1 or 2)."""
    seconds = left(seat, now)
    if seconds is None:
        return 0
    return sum(seconds <= budget(seat, pace) * mark for mark in REMINDER_MARKS)


def start(seat: Any, pace: Pace, now: datetime, *, away: bool) -> None:
    """The seat's turn begins: its clock starts, or stands still while its player is away."""
    seat.reminded = 0
    if away:
        seat.deadline, seat.paused_left = None, budget(seat, pace)
    else:
        seat.deadline, seat.paused_left = now + timedelta(seconds=budget(seat, pace)), None
    seat.remind_at = _next_reminder(seat, pace)


def stop(seat: Any, pace: Pace, now: datetime) -> None:
    """The seat's turn ends: the overrun comes out of the reserve, then the reserve refills."""
    seconds = left(seat, now)
    if seconds is not None:
        kept = min(seat.reserve, max(0, int(seconds)))  # what the time per move did not cover
        seat.reserve = min(kept + pace.refill, pace.reserve_cap)
    halt(seat)


def halt(seat: Any) -> None:
    """No clock runs for this seat (its turn is over, or a machine plays it)."""
    seat.deadline = seat.paused_left = seat.remind_at = None


def pause(seat: Any, pace: Pace, now: datetime) -> None:
    """Its player went on vacation: the clock stands still with the time it had left."""
    if seat.deadline is None:
        return
    seat.paused_left = max(0, int((seat.deadline - now).total_seconds()))
    seat.deadline = seat.remind_at = None


def resume(seat: Any, pace: Pace, now: datetime) -> None:
    """Its player is back: the clock runs on from where it stood."""
    if seat.paused_left is None:
        return
    seat.deadline, seat.paused_left = now + timedelta(seconds=seat.paused_left), None
    seat.remind_at = _next_reminder(seat, pace)


def reminded(seat: Any, pace: Pace, marks: int) -> None:
    """Reminders up to `marks` are done with; the next one (if any) is due later."""
    seat.reminded = marks
    seat.remind_at = _next_reminder(seat, pace)


CLOCK_FIELDS = ["reserve", "deadline", "paused_left", "remind_at", "reminded"]
