"""Shows times in the logged-in player's own time zone."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

SESSION_KEY = "tz"


class TimezoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.user.is_authenticated:
            # Kept in the session so that a page view costs no extra query for it.
            zone = request.session.get(SESSION_KEY)
            if zone is None:
                zone = request.session[SESSION_KEY] = request.user.profile.timezone
            timezone.activate(zoneinfo.ZoneInfo(zone))
        else:
            timezone.deactivate()
        return self.get_response(request)
