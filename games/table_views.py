"""Views for play over days: the "your move" count and the next game, a page's claim
that a clock ran out (short function views; the writes are in the services layer)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import rematch, timeouts
from games.errors import GameError
from games.models import Seat, SeatKind, Status
from games.views import _game_for


def my_turns(user: Any) -> QuerySet[Seat]:
    """The seats where it is this player's move, the nearest deadline first, then the
    longest waiting (games without a clock, clocks standing still)."""
    return Seat.objects.filter(
        user=user,
        kind=SeatKind.HUMAN,
        resigned=False,
        timed_out=False,
        turn_began_at__isnull=False,
        game__status=Status.ACTIVE,
    ).order_by(F("deadline").asc(nulls_last=True), "turn_began_at", "game_id")


@login_required
def next_game(request: HttpRequest) -> HttpResponse:
    game_id = my_turns(request.user).values_list("game_id", flat=True).first()
    if game_id is None:
        messages.info(request, _("No game is waiting for your move."))
        return redirect("lobby")
    return redirect("game", game_id)


def turns_count(request: HttpRequest) -> JsonResponse:
    """{"count": n}: the header's "your move" count, fetched again when it may have changed."""
    if not request.user.is_authenticated:
        return JsonResponse({"count": 0})
    return JsonResponse({"count": my_turns(request.user).count()})


@require_POST
def clock_ran_out(request: HttpRequest, pk: int) -> HttpResponse:
    """A page's countdown reached zero: the clocks of this game that really ran out (by
    the server's time) are enforced now, rather than at the next sweep. Idempotent."""
    game = _game_for(request, pk)
    due = Seat.objects.filter(game=game, deadline__lte=timezone.now()).values_list("index", flat=True)
    for index in list(due):
        timeouts.time_out(game.pk, index)
    return HttpResponse(status=204)


@require_POST
@login_required
def ask_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Opens the rematch of a finished game (or joins the one already open) and goes there."""
    game = _game_for(request, pk)  # a private table stays invisible to outsiders (404)
    try:
        new = rematch.offer(request.user, game.pk)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect(game)
    if new.created_by_id != request.user.pk and new.status == Status.OPEN:
        return redirect(game)  # another player asked first: their invitation is on this page
    return redirect(new)
