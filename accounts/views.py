"""Profile editing, public profiles with statistics, one-click unsubscribe."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import i18n
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.adapter import WELCOME
from accounts.forms import ProfileForm, VacationForm
from accounts.middleware import LANGUAGE_SESSION_KEY
from accounts.middleware import SESSION_KEY as TZ_SESSION_KEY
from accounts.models import Notify, Profile
from games import registry, vacation
from games.errors import GameError
from games.models import PlayerStats, Seat, Status
from games.notifications import unsubscribing_user
from ratings.models import PROVISIONAL_GAMES, Rating


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    # A copy of the profile: an invalid form must not change the one the page's header
    # draws (a name holding "/" would leave the header's link to it unbuildable).
    mine = Profile.objects.get(pk=request.user.profile.pk)  # type: ignore[union-attr]
    form = ProfileForm(request.POST or None, instance=mine)
    if request.method == "POST" and form.is_valid():
        profile = form.save()
        request.session[TZ_SESSION_KEY] = profile.timezone
        request.session[LANGUAGE_SESSION_KEY] = profile.language
        translation.activate(profile.language)  # the message below is in the new language
        messages.success(request, _("Your profile is saved."))
        # The sign-up's last step leads on to the lobby; later edits stay here.
        return redirect("lobby" if WELCOME in request.GET else "profile_edit")
    return render(
        request,
        "accounts/profile_edit.html",
        {
            "form": form,
            "vacation": vacation.allowance(request.user),
            "live_games": vacation.live_games(request.user),
            "vacation_form": VacationForm(),
            "welcome": WELCOME in request.GET,
        },
    )


@require_POST
@login_required
def vacation_start(request: HttpRequest) -> HttpResponse:
    form = VacationForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the date you will be back."))
        return redirect("profile_edit")
    try:
        away = vacation.start(request.user, form.cleaned_data["back_on"])
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "Enjoy your vacation: your clocks stand still for %(days)d day.",
                "Enjoy your vacation: your clocks stand still for %(days)d days.",
                away.days,
            )
            % {"days": away.days},
        )
        live = vacation.live_games(request.user)
        if live:
            messages.warning(request, _live_warning(live))
    return redirect("profile_edit")


def _live_warning(live: list[Any]) -> str:
    tables = ", ".join(f"#{g.pk}" for g in live)
    return _(
        "Your live games keep their clocks running while you are away (a vacation stops only "
        "clocks counted in days): %(tables)s. Finish or resign them, or you will run out of time there."
    ) % {"tables": tables}


@require_POST
@login_required
def vacation_end(request: HttpRequest) -> HttpResponse:
    try:
        back = vacation.end(request.user)
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "Welcome back: your clocks run again; the vacation took %(days)d day.",
                "Welcome back: your clocks run again; the vacation took %(days)d days.",
                back.days,
            )
            % {"days": back.days},
        )
    return redirect("profile_edit")


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The switcher on every page: Django's own view (a cookie, back to the page), and for a
    logged-in player their settings too, so their e-mails follow."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Profile.objects.filter(user=request.user).update(language=language)
        request.session[LANGUAGE_SESSION_KEY] = language
    return response


def player(request: HttpRequest, name: str) -> HttpResponse:
    profile = get_object_or_404(Profile.objects.select_related("user"), display_name__iexact=name)
    titles = {slug: e.title for slug, e in registry.engines().items()}
    ratings = {r.engine: r for r in Rating.objects.filter(user=profile.user)}
    stats = [
        (titles.get(s.engine, s.engine), s, ratings.get(s.engine))
        for s in PlayerStats.objects.filter(user=profile.user)
    ]
    recent = (
        Seat.objects.filter(user=profile.user, game__status=Status.FINISHED, game__public=True)
        .select_related("game")
        .order_by("-game__finished_at")[:20]
    )
    return render(
        request,
        "accounts/player.html",
        {
            "profile": profile,
            "stats": stats,
            "recent": recent,
            "titles": titles,
            "provisional_games": PROVISIONAL_GAMES,
        },
    )


# The one-click POST comes from mail clients (RFC 8058), which carry no CSRF token;
# the signed token in the URL is what proves the request is genuine.
@csrf_exempt
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user = unsubscribing_user(token)
    profile = Profile.objects.filter(user=user).first() if user is not None else None
    if profile is None:
        return render(request, "accounts/unsubscribe.html", {"invalid": True}, status=400)
    if request.method == "POST":
        profile.notify = Notify.NONE
        profile.save(update_fields=["notify"])
        return render(request, "accounts/unsubscribe.html", {"done": True, "profile": profile})
    return render(request, "accounts/unsubscribe.html", {"profile": profile, "token": token})
