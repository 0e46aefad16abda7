"""Follow, block and report (short function views; the writes are in social/services.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import limits
from games.errors import GameError
from social import services
from social.models import Block, Follow, Reason


def _back(request: HttpRequest, user_id: int) -> HttpResponse:
    other = get_object_or_404(get_user_model().objects.select_related("profile"), pk=user_id)
    return redirect("player", other.profile.display_name)


def _relation(act: str, undo: str, done: Any, undone: Any) -> Callable[[HttpRequest, int], HttpResponse]:
    @require_POST
    @login_required
    def view(request: HttpRequest, user_id: int) -> HttpResponse:
        undoing = bool(request.POST.get("undo"))
        try:
            getattr(services, undo if undoing else act)(request.user, user_id)
        except GameError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, undone if undoing else done)
        return _back(request, user_id)

    return view


follow = _relation(
    "follow",
    "unfollow",
    gettext_lazy("You follow this player."),
    gettext_lazy("You no longer follow this player."),
)
block = _relation(
    "block", "unblock", gettext_lazy("You blocked this player."), gettext_lazy("You unblocked this player.")
)


@login_required
def relations(request: HttpRequest) -> HttpResponse:
    """The players I follow and those I blocked."""
    me: Any = request.user
    return render(
        request,
        "social/relations.html",
        {
            "follows": Follow.objects.filter(user=me).select_related("followed__profile"),
            "blocks": Block.objects.filter(user=me).select_related("blocked__profile"),
        },
    )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(choices=Reason.choices, widget=forms.RadioSelect, label=gettext_lazy("Why"))
    details = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("Anything the moderators should know"),
    )


@login_required
def report(request: HttpRequest) -> HttpResponse:
    """GET ?player=ID or ?line=ID: the form; POST: the report goes to the moderators' queue."""
    source = request.POST if request.method == "POST" else request.GET
    try:
        player = int(source["player"]) if source.get("player") else None
        line_id = int(source["line"]) if source.get("line") else None
    except ValueError:
        return HttpResponse(_("player= and line= take an id"), status=400, content_type="text/plain")
    try:
        line = services.readable_line(request.user, line_id) if line_id else None
    except GameError as exc:
        raise Http404(exc.message) from None
    target: Any
    if line is not None:
        target = line.user
    else:
        target = get_user_model().objects.filter(pk=player or 0).select_related("profile").first()
    if target is None:
        raise Http404(_("there is no such player"))
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            limits.check(request, "report")
            made = services.report(request.user, player_id=player, line_id=line_id, **form.cleaned_data)
        except GameError as exc:
            form.add_error(None, exc.message)
            status = exc.status
        else:
            messages.success(request, _("Thank you: a moderator will look at your report."))
            return redirect("player", made.reported.profile.display_name)
    elif request.method == "POST":
        status = 400
    # A line the viewer may not read is not shown: services.report refuses it as missing.
    return render(
        request,
        "social/report.html",
        {"form": form, "target": target, "player": player, "line": line},
        status=status,
    )
