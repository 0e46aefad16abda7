"""Clocks, table notices and the pace in templates (the play page, the lobby)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import Vacation
from games import clocks, gates
from games.models import Game, Notice, OnTimeout, Seat

register = template.Library()


@register.inclusion_tag("games/_seat_clock.html")
def seat_clock(seat: Seat, game: Game) -> dict[str, Any]:
    """A seat's time left, counting down in the page (static/js/clock.js)."""
    now = timezone.now()
    seconds = clocks.left(seat, now) if game.status == "active" else None
    back = None  # when its player comes back from a vacation taken now
    if seat.user_id is not None and game.status in ("open", "active"):
        if hasattr(seat, "away_until"):  # read with the seats (games.presenter.seats_of)
            back = seat.away_until
        else:
            current = Vacation.objects.filter(user_id=seat.user_id, ended_at__isnull=True).first()
            back = current.until if current else None
    pace = clocks.pace_of(game.pace)
    return {
        "seat": seat,
        "game": game,
        "away": {"until": back} if back else None,
        "low": int(clocks.budget(seat, pace) * clocks.REMINDER_MARKS[-1]),
        "running": seat.deadline is not None,
        "left": None if seconds is None else max(0, int(seconds)),
        "words": None if seconds is None else clocks.in_words(seconds),
    }


@register.filter
def pace_words(game: Game) -> str:
    return clocks.described(clocks.pace_of(game.pace))


@register.inclusion_tag("games/_notices.html")
def table_notices(game: Game, seats: list[Seat]) -> dict[str, Any]:
    """What happened at the table outside the rules, newest first, as log sentences."""
    if not any(s.timed_out or s.reclaimed for s in seats):
        # Every notice is of a seat that ran out of time or was claimed back, and those
        # flags stay set on its seat: a table without them has none to read.
        return {"lines": []}
    names = {s.index: s.name() for s in seats}
    lines = []
    for notice in game.notices.order_by("-created_at", "-pk"):
        who = names.get(notice.seat, "?")
        if notice.kind == Notice.Kind.RECLAIM:
            text = gettext("%(who)s claimed the seat back from the bot.") % {"who": who}
        elif game.on_timeout == OnTimeout.LOSE:
            text = gettext(
                "%(who)s ran out of time and loses the game: a bot makes the seat's remaining moves."
            ) % {"who": who}
        else:
            text = gettext("%(who)s ran out of time: a bot plays the seat from now on.") % {"who": who}
        lines.append({"at": notice.created_at, "text": text})
    return {"lines": lines}


@register.inclusion_tag("games/_your_move.html", takes_context=True)
def your_move(context: template.Context) -> dict[str, Any]:
    """The header's "your move" count and next-game link (static/js/turns.js keeps it live)."""
    from games.table_views import my_turns

    user = context["request"].user
    return {"count": my_turns(user).count() if user.is_authenticated else 0}


@register.inclusion_tag("games/_lobby_clock.html")
def lobby_clock(game: Game, user: Any) -> dict[str, Any]:
    """In "my games": my own time left when it is my move, else the time of those to act."""
    now = timezone.now()
    rows = []
    if game.status == "active":
        for seat in game.seats.all():  # prefetched by the lobby
            seconds = clocks.left(seat, now)
            if seat.index in game.to_act and seconds is not None:
                rows.append(
                    {
                        "who": gettext("You") if seat.user_id == user.pk else seat.name(),
                        "left": max(0, int(seconds)),
                        "words": clocks.in_words(seconds),
                        "running": seat.deadline is not None,
                    }
                )
    return {"rows": rows}


@register.inclusion_tag("games/_chat.html", takes_context=True)
def game_chat(context: template.Context) -> dict[str, Any]:
    """The play page's chat (static/js/chat.js adds the new lines as they come)."""
    from games import chat
    from games.models import Mute

    game, request = context["game"], context["request"]
    user = request.user
    recent = list(chat.lines(game, user).order_by("-pk")[:100])[::-1]
    muted = []
    if user.is_authenticated:
        muted = list(Mute.objects.filter(user=user).select_related("muted__profile"))
    return {
        "game": game,
        "request": request,
        "me": user,
        "lines": recent,
        "muted": muted,
        "writes": chat.seated(game, user) and game.status != "cancelled",
        "max_length": chat.MAX_LENGTH,
    }


@register.inclusion_tag("games/_rematch.html", takes_context=True)
def rematch_box(context: template.Context) -> dict[str, Any]:
    """After the end: ask for a rematch, or see it and answer the invitation."""
    game, user = context["game"], context["request"].user
    if game.status != "finished":
        return {"game": game}  # the box shows only once the game is over
    table = context.get("t")  # the play page's seats, already read
    seated_here = table.seats if table is not None else game.seats.all()
    played = user.is_authenticated and any(s.user_id == user.pk for s in seated_here)
    new = Game.objects.filter(rematch_of=game).first()
    seats = list(new.seats.select_related("user__profile", "invited__profile")) if new else []
    return {
        "game": game,
        "request": context["request"],
        # A rematch a gate refuses (a block between its players) is not offered at all.
        "played": played and new is None and not gates.refusal("rematch", user=user, game=game),
        "new": new,
        "seats": seats,
        "invited": any(s.invited_id == user.pk for s in seats),
        "seated": any(s.user_id == user.pk for s in seats),
    }


@register.simple_tag(takes_context=True)
def invitable(context: template.Context) -> list[Any]:
    """The players the creator of an open table may invite in one click (the "friends" gate:
    whom they follow), less those already seated or invited; none once the seats are taken."""
    from django.contrib.auth import get_user_model

    game, user = context["game"], context["request"].user
    if game.status != "open" or game.created_by_id != user.pk:
        return []
    seats = list(game.seats.all())
    if not any(s.kind == "human" and s.user_id is None and s.invited_id is None for s in seats):
        return []
    taken = {s.user_id for s in seats} | {s.invited_id for s in seats}
    ids = gates.players("friends", user) - taken
    return list(
        get_user_model()
        .objects.filter(pk__in=ids, is_active=True)
        .select_related("profile")
        .order_by("profile__display_name")
    )
