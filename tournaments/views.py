"""Tournament pages: the list, the creation form, and each tournament's page, whose live
region (status, this round's tables, standings) is also served alone as `?part=live`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import clocks, limits, registry
from games.errors import GameError
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import STANDING, Format, Stage, Table, Tournament

FINISHED_LISTED = 20


def tournament_list(request: HttpRequest) -> HttpResponse:
    listed = Tournament.objects.select_related("winner").order_by("starts_at")
    return render(
        request,
        "tournaments/list.html",
        {
            "signup": listed.filter(stage=Stage.SIGNUP),
            "running": listed.filter(stage=Stage.RUNNING),
            "finished": listed.filter(stage=Stage.FINISHED).order_by("-finished_at")[:FINISHED_LISTED],
            "titles": _titles(),
            "engines": registry.engines().values(),
        },
    )


@login_required
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    engine = registry.engine_or_404(slug)
    form = TournamentForm(engine, request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            limits.check(request, "table")
            t = services.create_tournament(request.user, slug=slug, **form.service_args())
        except GameError as exc:
            form.add_error(None, exc.message)
            status = exc.status
        else:
            messages.success(request, _("The tournament is open for sign-up."))
            return redirect(t)
    return render(request, "tournaments/new.html", {"engine": engine, "form": form}, status=status)


def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("winner"), pk=pk)
    context = _live(request, t, _page_number(request.GET.get("page")))
    if request.GET.get("part") == "live":
        return render(request, "tournaments/detail.html#live", context)
    return render(request, "tournaments/detail.html", context)


PAGE = 100  # standings rows a page shows
TABLES_LISTED = 60  # the round's tables linked from the page (the player's own always is)


def _page_number(asked: str | None) -> int:
    return int(asked) if asked and asked.isdigit() and 0 < len(asked) < 6 else 1


def _live(request: HttpRequest, t: Tournament, page: int) -> dict[str, Any]:
    """The live region: the stage, this round's tables, one page of the standings."""
    order = list(t.entries.order_by(*STANDING).values_list("pk", flat=True))
    mine = None
    if request.user.is_authenticated:
        mine = t.entries.filter(user=request.user).first()
    pages = max(1, -(-len(order) // PAGE))
    page = min(page, pages)
    shown = order[(page - 1) * PAGE : page * PAGE]
    rows = {e.pk: e for e in t.entries.select_related("user__profile").filter(pk__in=shown)}
    tables = Table.objects.filter(tournament=t, round=t.round)
    return {
        "t": t,
        "title": registry.get(t.engine).title if t.engine in registry.engines() else t.engine,
        "pace": clocks.described(clocks.pace_of(t.pace)),
        "standings": [rows[pk] for pk in shown],
        "first_place": (page - 1) * PAGE + 1,
        "page": page,
        "pages": range(1, pages + 1) if pages > 1 else [],
        "mine": mine,
        "my_place": order.index(mine.pk) + 1 if mine else None,
        "my_tables": list(
            tables.filter(seats__entry=mine, done=False).values_list("game_id", flat=True) if mine else []
        ),
        "tables": list(tables.only("number", "game_id", "done")[:TABLES_LISTED]),
        "table_count": (count := tables.count()),
        "tables_more": max(0, count - TABLES_LISTED),
        "tables_over": tables.filter(done=True).count(),
        "swiss": t.format == Format.SWISS,
        "signup_open": t.signup_opens <= timezone.now(),
    }


def _titles() -> dict[str, str]:
    return {slug: e.title for slug, e in registry.engines().items()}


def _action(run: Any, done: Any) -> Any:
    """A POST-only view that runs one service and goes back to the tournament's page;
    `done` is lazy, said in the language of the request that ran it."""

    @require_POST
    @login_required
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        t = get_object_or_404(Tournament, pk=pk)
        try:
            run(request.user, t.pk)
        except GameError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, done)
        return redirect(t)

    return view


join = _action(services.sign_up, gettext_lazy("You are signed up."))
withdraw = _action(services.withdraw, gettext_lazy("You withdrew from the tournament."))
start = _action(lambda user, pk: services.start(pk, user), gettext_lazy("The tournament has started."))
