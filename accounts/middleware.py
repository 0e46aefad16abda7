"""Shows times in the logged-in player's own time zone, and pages in their own language."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

SESSION_KEY = "tz"
LANGUAGE_SESSION_KEY = "lang"


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


class LanguageMiddleware:
    """The language chosen in the player's settings wins over the browser's (which
    LocaleMiddleware, earlier, has activated for everyone else)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.user.is_authenticated:
            # Kept in the session, as the time zone is: no extra query per page.
            language = request.session.get(LANGUAGE_SESSION_KEY)
            if language is None:
                language = request.session[LANGUAGE_SESSION_KEY] = request.user.profile.language
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
