"""Rate limits per player: moves, new tables, chat lines, reports (settings.RATE_LIMITS).

One mechanism for all of them, django-ratelimit's counters in the cache (Redis in the
full stack, so every process counts together). A view asks `exceeded(request, scope)`
before doing the work and answers 429 with the message it gets back (or calls `check`,
which raises that refusal among the view's other GameErrors).

When the cache cannot be reached the limits are not enforced (and a warning is logged):
turning players away because a counter is unavailable would be worse than letting a
burst through for a while.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import get_usage

from games.errors import TooMany

log = logging.getLogger(__name__)

# Whole phrases, so that each language words "an hour" and "a minute" its own way.
PER_UNIT = {"s": _("a second"), "m": _("a minute"), "h": _("an hour"), "d": _("a day")}
PLURAL_UNITS = {"s": _("seconds"), "m": _("minutes"), "h": _("hours"), "d": _("days")}
WHAT = {"move": _("moves"), "table": _("new tables"), "chat": _("chat lines"), "report": _("reports")}


class TooFast(TooMany):
    """More requests of one kind than the player's rate limit allows."""


def exceeded(request: HttpRequest, scope: str) -> TooFast | None:
    """Counts this request against the player's limit for `scope`; the refusal if it is over."""
    rate = settings.RATE_LIMITS[scope]
    try:
        usage = get_usage(request, group=f"limit:{scope}", key=_player, rate=rate, increment=True)
    except Exception:  # the cache is down: see the module's docstring
        log.warning("rate limit %s not checked: the cache did not answer", scope, exc_info=True)
        return None
    if usage is None or not usage["should_limit"]:
        return None
    return TooFast(
        gettext("slow down: at most %(rate)s; try again shortly")
        % {"rate": described(rate, str(WHAT.get(scope, scope)))}
    )


def check(request: HttpRequest, scope: str) -> None:
    """`exceeded`, raised: for views whose refusals are already handled as GameErrors."""
    too_fast = exceeded(request, scope)
    if too_fast:
        raise too_fast


def described(rate: str, what: str) -> str:
    """("5/30s", "chat lines") as "5 chat lines every 30 seconds", "120/m" as "... a minute"."""
    count, period = rate.split("/")
    digits = "".join(ch for ch in period if ch.isdigit())
    key = period[len(digits) :]
    if not digits or digits == "1":
        return gettext("%(count)s %(what)s %(per_unit)s") % {
            "count": count,
            "what": what,
            "per_unit": PER_UNIT.get(key, key),
        }
    return gettext("%(count)s %(what)s every %(n)s %(units)s") % {
        "count": count,
        "what": what,
        "n": digits,
        "units": PLURAL_UNITS.get(key, key),
    }


def _player(group: str, request: HttpRequest) -> str:
    # Counted per account; the anonymous (who can do none of these) per address.
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"ip:{request.META.get('REMOTE_ADDR', '')}"
