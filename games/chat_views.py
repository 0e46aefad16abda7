"""The game chat's endpoints: its new lines (an HTML fragment), writing, muting."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import chat, limits
from games.errors import GameError
from games.models import Game


def lines(request: HttpRequest, pk: int) -> HttpResponse:
    """GET ?after=ID: the lines after that one, as this viewer sees them."""
    game = get_object_or_404(Game, pk=pk)
    if not chat.may_read(game, request.user):
        raise Http404("no such game")
    try:
        after = int(request.GET.get("after") or 0)
    except ValueError:
        return HttpResponse("after= takes a line's id", status=400, content_type="text/plain")
    found = chat.lines(game, request.user, after)
    return render(request, "games/_chat_lines.html", {"lines": found, "game": game, "me": request.user})


@require_POST
def write(request: HttpRequest, pk: int) -> HttpResponse:
    """From chat.js: 204 or the reason as text; from a plain form: back to the game."""
    scripted = request.headers.get("X-Requested-With") == "fetch"
    if not request.user.is_authenticated:
        if scripted:
            return HttpResponse("log in to chat", status=403, content_type="text/plain")
        return redirect("account_login")
    try:
        limits.check(request, "chat")
        chat.post(request.user, pk, request.POST.get("text", ""))
    except GameError as exc:
        if scripted:
            return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
        if exc.status == 404:
            raise Http404(exc.message) from None  # a private table stays invisible
        messages.error(request, exc.message)
    return HttpResponse(status=204) if scripted else redirect("game", pk)


@require_POST
@login_required
def mute(request: HttpRequest, pk: int) -> HttpResponse:
    """Mutes (or with unmute=1, unmutes) a player's chat lines for me, in every game."""
    try:
        other = int(request.POST.get("user", ""))
        if request.POST.get("unmute"):
            chat.unmute(request.user, other)
        else:
            chat.mute(request.user, other)
    except ValueError:
        messages.error(request, _("Choose a player to mute."))
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("game", pk)
