"""A chat per game: its players write, spectators of a public table read. The socket
carries only the new line's id; pages fetch the lines (each viewer without the
players they muted). Lines are length-limited, rate-limited (per player, in the view:
games/limits.py), and escaped when drawn.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games import gates
from games.errors import Forbidden, Illegal, NotFound
from games.models import ChatMessage, Game, Mute, Status

MAX_LENGTH = 500


def may_read(game: Game, user: Any) -> bool:
    return game.public or seated(game, user)


def seated(game: Game, user: Any) -> bool:
    return bool(user.is_authenticated and game.seats.filter(user=user).exists())


@transaction.atomic
def post(user: Any, game_id: int, text: str) -> ChatMessage:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not may_read(game, user):
        raise NotFound(_("there is no such game"))
    if not seated(game, user):
        raise Forbidden(_("only the players at this table may write in its chat"))
    if game.status == Status.CANCELLED:
        raise Forbidden(_("this table was cancelled"))
    refused = gates.refusal("chat", user=user, game=game)
    if refused:
        raise Forbidden(refused)
    text = text.strip()
    if not text:
        raise Illegal(_("write something first"))
    if len(text) > MAX_LENGTH:
        raise Illegal(_("a chat line holds at most %(most)d characters") % {"most": MAX_LENGTH})
    line = ChatMessage.objects.create(game=game, user=user, text=text)
    from games import dispatch

    dispatch.on_chat_posted(game_id, line.pk, user.pk)
    return line


def lines(game: Game, viewer: Any, after: int = 0) -> QuerySet[ChatMessage]:
    """The chat as `viewer` sees it: without the players they muted, nor those a gate hides
    from them (games/gates.py: "hidden", e.g. a block either way)."""
    found = game.chat.filter(pk__gt=after).select_related("user__profile")
    if viewer.is_authenticated:
        found = found.exclude(user__in=Mute.objects.filter(user=viewer).values("muted"))
        hidden = gates.players("hidden", viewer)
        if hidden:
            found = found.exclude(user__in=hidden)
    return found


def since(game: Game, user: Any, moment: datetime | None) -> list[ChatMessage]:
    """The others' lines since `moment` (for e-mails): the last ten, oldest first."""
    found = lines(game, user).exclude(user=user)
    if moment is not None:
        found = found.filter(created_at__gt=moment)
    return list(found.order_by("-pk")[:10])[::-1]


def mute(user: Any, other_id: int) -> None:
    if other_id == user.pk:
        raise Illegal(_("you cannot mute yourself"))
    if not get_user_model().objects.filter(pk=other_id).exists():
        raise NotFound(_("there is no such player"))
    try:
        with transaction.atomic():
            Mute.objects.create(user=user, muted_id=other_id)
    except IntegrityError:
        pass  # muted already


def unmute(user: Any, other_id: int) -> None:
    Mute.objects.filter(user=user, muted_id=other_id).delete()
