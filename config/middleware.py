"""Requests refused before they reach a view."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from urllib.parse import unquote_to_bytes

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

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
