"""Pages and HTMX partials for the lobby and the play page (short function views)."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, RawPostDataException
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from games import gates, limits, presenter, push, registry, rematch, results, services, timeouts
from games.errors import GameError, Illegal
from games.forms import NewGameForm
from games.models import Game, Seat, SeatKind, Status, token_matches


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


PARTS = ("seats", "board", "hand", "actions", "log", "result", "links")
WHOLE = re.compile(r"-?[0-9]{1,10}")
UPDATE = push.UPDATE  # every region at once, as out-of-band swaps


def catalogue(request: HttpRequest) -> HttpResponse:
    return render(request, "games/catalogue.html", {"engines": registry.engines().values()})


def how_to_play(request: HttpRequest, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    template = select_template([f"games/{slug}/how_to_play.html", "games/generic/how_to_play.html"])
    return HttpResponse(template.render({"engine": engine, **_how_to_play_extras(slug)}, request))


def _how_to_play_extras(slug: str) -> dict[str, Any]:
    """Example pieces some How to play pages draw (from the engine's public card data)."""
    if slug != "stonespine":
        return {}
    from games.engines.stonespine.data import BLUEPRINTS

    demands = {(r, c): what for r, c, what in BLUEPRINTS[1]["demands"]}
    return {"blueprint_demo": [demands.get((r, c), "") for r in range(4) for c in range(4)]}


def lobby(request: HttpRequest) -> HttpResponse:
    followed = gates.players("followed", request.user)
    open_tables = _open_tables(request.user, followed)
    mine: list[Game] = []
    if request.user.is_authenticated:
        mine = list(
            Game.objects.filter(
                Q(seats__user=request.user, status__in=[Status.OPEN, Status.ACTIVE])
                | Q(seats__invited=request.user, status=Status.OPEN)  # a seat kept for me
            )
            .distinct()
            .prefetch_related("seats__user__profile")
            .order_by("-created_at")
        )
        my_seat = {s.game_id: s for g in mine for s in g.seats.all() if s.user_id == request.user.pk}
        # Games where it is my move come first.
        mine.sort(
            key=lambda g: (
                g.pk not in my_seat or my_seat[g.pk].index not in g.to_act or g.status != Status.ACTIVE
            )
        )
    finished = _finished_for(request.user)
    return render(
        request,
        "games/lobby.html",
        {
            "open_tables": open_tables,
            "mine": mine,
            "finished": finished,
            # A first visit (or a player who has not played yet) is told what the site is.
            "welcome": not request.user.is_authenticated
            or not Seat.objects.filter(user=request.user).exists(),
            "titles": {slug: e.title for slug, e in registry.engines().items()},
            "followed": followed,
        },
    )


def _open_tables(user: Any, followed: set[int]) -> list[Game]:
    """The public tables waiting for players: the newest, and every one opened by a player
    this viewer follows (those first); none where a gate hides a player from the viewer."""
    recent = Q(pk__in=Game.objects.filter(status=Status.OPEN, public=True).order_by("-created_at")[:50])
    found = (
        Game.objects.filter(recent | Q(created_by__in=followed), status=Status.OPEN, public=True)
        .select_related("created_by__profile")
        .prefetch_related("seats__user__profile")
        .order_by("-created_at")
    )
    hidden = gates.players("hidden", user)
    tables = [
        g for g in found if _has_a_seat_for(g, user) and not hidden & {s.user_id for s in g.seats.all()}
    ]
    tables.sort(key=lambda g: g.created_by_id not in followed)  # stable: newest first within each
    return tables


def _has_a_seat_for(game: Game, user: Any) -> bool:
    """An open table is listed to those who could sit at it: a free seat, or the seat a
    rematch keeps for them (a rematch's kept seats are nobody else's to take)."""
    return any(
        s.kind == SeatKind.HUMAN and s.user_id is None and s.invited_id in (None, user.pk)
        for s in game.seats.all()
    )


def _finished_for(user: Any) -> list[Game]:
    """The last finished games: public ones, and the player's own private ones (a solo
    game against Jael is private unless its player chose otherwise)."""
    seen = Q(public=True)
    if user.is_authenticated:
        seen |= Q(pk__in=Seat.objects.filter(user=user).values("game_id"))
    return list(
        Game.objects.filter(seen, status=Status.FINISHED)
        .prefetch_related("seats__user__profile")
        .order_by("-finished_at")[:20]
    )


@login_required
def new_game(request: HttpRequest, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    form = NewGameForm(engine, request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            limits.check(request, "table")
            game = services.create_game(request.user, slug, **form.service_args())
        except GameError as exc:
            form.add_error(None, exc.message)
            status = exc.status
        else:
            return redirect(game)
    return render(request, "games/new.html", {"engine": engine, "form": form}, status=status)


def _game_for(request: HttpRequest, pk: int, token: str | None = None) -> Game:
    """The game, if this visitor may know it exists; otherwise 404, as for a missing id.

    A private table is invisible, not forbidden, to everyone outside it: its players,
    those invited to a seat, and (to join it) whoever brings its invite token.
    """
    game = get_object_or_404(Game, pk=pk)
    if game.public:
        return game
    user = request.user
    if token_matches(token, game.invite_token):
        return game
    if user.is_authenticated and game.seats.filter(Q(user=user) | Q(invited=user)).exists():
        return game
    raise Http404("no such game")


def game(request: HttpRequest, pk: int) -> HttpResponse:
    table = presenter.build(_game_for(request, pk), request.user)
    part = request.GET.get("part")
    if part == "update":
        return _update(request, table)
    if part is not None and part not in PARTS:
        raise Http404("no such part of the page")
    template = f"games/play.html#{part}" if part else "games/play.html"
    response = render(request, template, _context(table))
    response.headers["X-Game-Version"] = str(table.game.version)  # the page checks it (play.js)
    return response


def _update(request: HttpRequest, table: presenter.Table, status: int = 200, **extra: Any) -> HttpResponse:
    """All the regions in one answer, with the version they were drawn at."""
    response = render(request, UPDATE, _context(table, **extra), status=status)
    response.headers["X-Game-Version"] = str(table.game.version)
    return response


def state_json(request: HttpRequest, pk: int) -> JsonResponse:
    """The viewer's own view and legal actions, for API clients (same allow-list as the page)."""
    table = presenter.build(_game_for(request, pk), request.user)
    return JsonResponse(
        {
            "game": table.game.pk,
            "version": table.game.version,
            "status": table.game.status,
            "to_act": table.game.to_act,
            "seat": table.seat,
            "view": table.view,
            "outcome": table.outcome,  # the engine's own scores and ranks
            # Each seat's result, lost seats last (games/results.py): who won is read here.
            "results": [{"place": r.place, "won": r.won, "why": r.why} for r in table.places],
            "actions": [json.loads(c.payload) for choices in table.actions.values() for c in choices],
        }
    )


def _context(table: presenter.Table, **extra: Any) -> dict[str, Any]:
    return presenter.page_context(table, **extra)


def _read_action(request: HttpRequest, body: bytes) -> tuple[Any, int, int | None]:
    """(action, version, seat) from a form post or a JSON body; ValueError if malformed."""
    if request.content_type == "application/json":
        data = _json(body)
        if not isinstance(data, dict):
            raise ValueError("send a JSON object with 'action' and 'version'")
        action, version, seat = data.get("action"), data.get("version"), data.get("seat")
    else:
        action = _json(request.POST.get("action", "").encode())
        version, seat = request.POST.get("version"), request.POST.get("seat")
    if not isinstance(action, dict):
        raise ValueError("the action must be a JSON object")
    return action, _whole_number(version), (None if seat in (None, "") else _whole_number(seat))


def _json(raw: bytes) -> Any:
    """Strict JSON: no NaN or Infinity (json.loads takes both); nesting too deep is malformed."""
    try:
        return json.loads(raw, parse_constant=_no_constants)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _whole_number(value: Any) -> int:
    """A version or seat: a JSON integer or a form's digits (not true, not 1.0, not 1e400)."""
    if isinstance(value, str) and WHOLE.fullmatch(value.strip()):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 2**31:
        raise ValueError("a version or seat is a whole number")
    return value


def _body(request: HttpRequest) -> bytes | None:
    """The request's body, or None when it is longer than an action may be.

    The bytes actually received are measured, not only the Content-Length header: a
    chunked body has none, and a header can understate. (Django has already refused
    anything over DATA_UPLOAD_MAX_MEMORY_SIZE before this reads it.)
    """
    try:
        declared = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        declared = 0
    if declared > settings.MAX_ACTION_BYTES:
        return None  # refused without reading at all
    try:
        body = request.body
    except RawPostDataException:
        # A multipart form (a browser's FormData) was already read from the stream by the
        # CSRF check: measure the fields Django received instead of the raw bytes.
        body = urlencode(list(request.POST.lists()), doseq=True).encode()
    return body if len(body) <= settings.MAX_ACTION_BYTES else None


@require_POST
def act(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise PermissionDenied("log in to play")
    body = _body(request)
    if body is None:
        return _refused(request, pk, 400, "that action is far too large")
    too_fast = limits.exceeded(request, "move")
    if too_fast:
        return _refused(request, pk, too_fast.status, too_fast.message)
    try:
        action, version, seat = _read_action(request, body)
    except (ValueError, TypeError):
        return _refused(request, pk, 400, "that is not a well-formed action")
    try:
        # The service locks and checks the game (private tables answer 404 to strangers).
        game = services.submit_action(request.user, pk, seat, action, version)
    except GameError as exc:
        return _refused(request, pk, exc.status, exc.message)
    if request.content_type == "application/json":
        return JsonResponse({"ok": True, "version": version + 1})
    if request.htmx:
        # The mover's page is brought up to date by this answer, not by a second request:
        # the regions drawn for its seat's socket when the move was pushed, if they were.
        # (A page always sends its seat; without one the seat is not looked up again.)
        drawn = push.drawn_here(game.pk, game.version, seat) if seat is not None else None
        if drawn is not None:
            return HttpResponse(drawn, headers={"X-Game-Version": str(game.version)})
        return _update(request, presenter.build(game, request.user))
    return redirect(game)


def _refused(request: HtmxHttpRequest, pk: int, status: int, message: str) -> HttpResponse:
    if request.content_type == "application/json":
        return JsonResponse({"error": message}, status=status)
    game = _game_for(request, pk)
    stale = status == 409
    table = presenter.build(game, request.user)
    if request.htmx:
        # Why, in words, and the whole page as it is now (static/js/play.js swaps it in).
        return _update(request, table, status, error=message, stale=stale)
    return render(request, "games/play.html", _context(table, error=message, stale=stale), status=status)


def _lifecycle(action: Any, done: Any) -> Any:
    """A POST-only view that runs one service and goes back to the table."""

    @require_POST
    @login_required
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        game = _game_for(request, pk, request.POST.get("token"))
        try:
            action(request, game)
        except GameError as exc:
            messages.error(request, exc.message)
            return redirect(game) if game.status != Status.CANCELLED else redirect("lobby")
        messages.success(request, done)
        game.refresh_from_db()
        return redirect(game) if game.status != Status.CANCELLED else redirect("lobby")

    return view


join = _lifecycle(
    lambda r, g: services.join_game(r.user, g.pk, r.POST.get("token")), _("You joined the table.")
)
leave = _lifecycle(lambda r, g: services.leave_game(r.user, g.pk), _("You left the table."))
start = _lifecycle(lambda r, g: services.start_game(r.user, g.pk), _("The game has started."))
cancel = _lifecycle(lambda r, g: services.cancel_game(r.user, g.pk), _("The table was cancelled."))
resign = _lifecycle(lambda r, g: services.resign(r.user, g.pk), _("You resigned; a bot plays your seat."))
rematch_decline = _lifecycle(lambda r, g: rematch.decline(r.user, g.pk), _("You declined the rematch."))
reclaim = _lifecycle(lambda r, g: timeouts.reclaim(r.user, g.pk), _("Your seat is yours again."))


def _invite(request: HttpRequest, game: Game) -> Game:
    try:
        invitee = _whole_number(request.POST.get("user", ""))
    except ValueError:
        raise Illegal(gettext("choose a player to invite")) from None
    return services.invite_player(request.user, game.pk, invitee)


invite_player = _lifecycle(_invite, _("A seat is kept for that player: the table is in their lobby."))


def invite(request: HttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(Game, invite_token=token)
    return render(
        request, "games/invite.html", {"game": game, "token": token, "title": registry.get(game.engine).title}
    )


def replay(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    if game.status != Status.FINISHED:
        raise Http404("the replay opens when the game is over")
    from games.replay import replay_views

    try:
        step = max(0, min(_whole_number(request.GET.get("step") or str(game.version)), game.version))
    except ValueError:
        return HttpResponse("step= takes a move number", status=400, content_type="text/plain")
    frame = replay_views(game, step)
    seats = list(game.seats.select_related("user__profile"))
    names = presenter.names_of(seats)
    decided = results.stored(seats) if game.finalized else None
    return render(
        request,
        "games/replay.html",
        {
            "game": game,
            "step": step,
            "frame": frame,
            "names": names,
            "winners": None if decided is None else [i for i, r in decided.items() if r.won],
            "title": registry.get(game.engine).title,
            "board_template": presenter.game_template(game.engine, "board"),
            "hand_template": presenter.game_template(game.engine, "hand"),
            "game_css": presenter.game_css(game.engine),
            "log": [presenter.sentence(x, names) for x in frame["public"].get("log", [])],
            **_analysis_context(request, game),
        },
    )


def _analysis_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The viewer's own analysis of a finished game, if they played it (nobody else's)."""
    from games.models import Analysis

    if not request.user.is_authenticated:
        return {"can_analyse": False, "analysis": None}
    seat = game.seats.filter(user=request.user).first()
    if seat is None or not hasattr(registry.get(game.engine), "sample"):
        return {"can_analyse": False, "analysis": None}
    return {"can_analyse": True, "analysis": Analysis.objects.filter(game=game, seat=seat.index).first()}


def analysis(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the analysis panel (the replay page polls it while it runs); POST: ask for one."""
    game = _game_for(request, pk)
    if game.status != Status.FINISHED:
        raise Http404("the analysis opens when the game is over")
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied("log in to ask for an analysis")
        from games.analysis import request_analysis

        try:
            request_analysis(request.user, pk)
        except GameError as exc:
            return HttpResponse(exc.message, status=exc.status)
        if not getattr(request, "htmx", False):
            return redirect("replay", pk)
    elif request.method != "GET":
        return HttpResponse(status=405)
    return render(request, "games/_analysis.html", {"game": game, **_analysis_context(request, game)})


def record(request: HttpRequest, pk: int) -> JsonResponse:
    game = _game_for(request, pk)
    if game.status != Status.FINISHED:
        # Moves hold hidden choices (a card picked in secret): the record opens at the end.
        return JsonResponse({"error": "the record is published when the game is over"}, status=403)
    return JsonResponse(
        {
            "id": game.pk,
            "engine": game.engine,
            "options": game.options,
            "seed": game.seed,
            "players": game.players,
            "version": game.version,
            "seats": [results.seat_record(s) for s in game.seats.all()],
            "moves": [{"number": m.number, "seat": m.seat, "action": m.action} for m in game.moves.all()],
        }
    )
