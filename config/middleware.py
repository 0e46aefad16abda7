"""Requests refused before they reach a view."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from urllib.parse import unquote_to_bytes

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext

log = logging.getLogger(__name__)

NUL = "\x00"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _any_nul(texts: Iterable[str]) -> bool:
    return any(NUL in text for text in texts)


def _where_nul(request: HttpRequest) -> str | None:
    query = request.META.get("QUERY_STRING", "")
    if NUL in request.path or (query and b"\x00" in unquote_to_bytes(query)):
        return "An address"
    if _any_nul(request.COOKIES) or _any_nul(request.COOKIES.values()):
        return "A cookie"
    # Django parses these bodies for the CSRF check on every POST anyway: reading them
    # here costs nothing more. (JSON bodies are parsed and checked by their views.)
    if request.method == "POST" and request.content_type in FORM_TYPES:
        fields = request.POST.lists()
        if any(NUL in name or _any_nul(values) for name, values in fields):
            return "A form field"
    return None


def refuse_nul_bytes(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    """A NUL byte in the path, the query string, a cookie or a form field gets 400.

    Nothing the site stores or looks up may hold one: PostgreSQL refuses NUL in text
    outright, so a chat line, a path like /players/a%00b/ or a session cookie holding
    one would otherwise reach a query and fail as a server error. Django's forms refuse
    NUL themselves, but not every field goes through a form (the chat line does not),
    and cookies go through none; one guard here covers them all.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        where = _where_nul(request)
        if where:
            return HttpResponseBadRequest(f"{where} may not hold a NUL byte.", content_type="text/plain")
        return get_response(request)

    return middleware


# Seconds a client is asked to wait before sending again what met a busy database.
RETRY_AFTER = 2


class DatabaseBusy:
    """A database lock still held when the wait for it ran out (SQLite's busy timeout, on
    the embedded default) answers 503 with Retry-After, never 500: the request's transaction
    was rolled back, nothing changed, and sending it again will do (static/js/play.js says
    so and keeps the player's choice)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not (isinstance(exception, OperationalError) and "database is locked" in str(exception)):
            return None
        log.warning("%s %s: the database stayed locked; answered 503", request.method, request.path)
        response = HttpResponse(
            # In the request's language: LocaleMiddleware ran before the view failed.
            gettext("The site is busy for a moment: nothing was changed. Please send it again."),
            status=503,
            content_type="text/plain",
        )
        response["Retry-After"] = str(RETRY_AFTER)
        return response
