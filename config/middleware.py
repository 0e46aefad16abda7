"""Requests refused before they reach a view."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote_to_bytes

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

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
