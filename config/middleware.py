"""Requests refused before they reach a view."""

from __future__ import annotations

import logging
from collections.abc import Callable
from urllib.parse import unquote_to_bytes

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

log = logging.getLogger(__name__)

NUL = "\x00"


def refuse_nul_bytes(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    """A NUL byte in the path or query string gets 400.

    No address of the site holds one, and PostgreSQL refuses NUL in text outright: a
    path like /players/a%00b/ would otherwise reach a query and fail as a server error.
    (Form fields are checked by Django's forms, which refuse NUL themselves.)
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if NUL in request.path or (query and b"\x00" in unquote_to_bytes(query)):
            return HttpResponseBadRequest("An address may not hold a NUL byte.", content_type="text/plain")
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
            "The site is busy for a moment: nothing was changed. Please send it again.",
            status=503,
            content_type="text/plain",
        )
        response["Retry-After"] = str(RETRY_AFTER)
        return response
