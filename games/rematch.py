"""Rematch: after the end, a new table with the same players, bots and every option of the
old one (the game's options, visibility, rated or casual, pace, timeout rule).

Part of the services layer. The player who asks sits down at once; each other player of
the game has a seat kept for them (Seat.invited) and accepts (games.services.join_game
seats them there) or declines (the seat opens to anyone, as on any table). A game has
at most one rematch: a second request leads to the same table.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games import gates, services
from games.errors import Conflict, Forbidden
from games.models import Game, SeatKind, Status
from games.services import _locked  # the services layer's own helper


@transaction.atomic
def offer(user: Any, game_id: int) -> Game:
    """Opens the rematch of a finished game (or returns the one already open)."""
    old = _locked(game_id)
    seats = list(old.seats.all())
    if not any(s.user_id == user.pk for s in seats):
        raise Forbidden(_("only the players of this game can ask for a rematch"))
    if old.status != Status.FINISHED:
        raise Conflict(_("a rematch can be asked for once the game is over"))
    refused = gates.refusal("rematch", user=user, game=old)
    if refused:
        raise Forbidden(refused)
    existing = Game.objects.filter(rematch_of=old).first()
    if existing is not None:
        return existing
    new = services.create_game(
        user,
        old.engine,
        old.players,
        old.options,
        public=old.public,
        rated=old.rated,
        bots={s.index: s.bot for s in seats if s.kind == SeatKind.BOT},
        pace=old.pace,
        on_timeout=old.on_timeout,
        min_reliability=old.min_reliability,
    )
    new.rematch_of = old
    new.save(update_fields=["rematch_of"])
    others = [s.user_id for s in seats if s.kind == SeatKind.HUMAN and s.user_id not in (None, user.pk)]
    kept = new.seats.filter(kind=SeatKind.HUMAN, user__isnull=True).order_by("index")
    for seat, other in zip(kept, others, strict=False):
        seat.invited_id = other
        seat.save(update_fields=["invited"])
    _tell(old, new, invitations=True)
    return new


@transaction.atomic
def decline(user: Any, game_id: int) -> Game:
    """Says no to a rematch (or another invitation): the kept seat opens to anyone (the creator may start with a bot)."""
    game = _locked(game_id)
    seat = game.seats.filter(invited=user).first()
    if seat is None:
        raise Forbidden(_("you are not invited to this table"))
    if game.status != Status.OPEN:
        raise Conflict(_("this table is no longer waiting for players"))
    seat.invited = None
    seat.save(update_fields=["invited"])
    if game.rematch_of is not None:
        _tell(game.rematch_of, game, invitations=False)
    else:  # a seat kept by an invitation to a new table (services.invite_player)
        services._lobby_changed(game)
    return game


def _tell(old: Game, new: Game, *, invitations: bool) -> None:
    """The finished game's pages show the offer (and answers); the new table's waiting
    room redraws; with `invitations`, each invited player gets an e-mail."""
    from games import dispatch

    dispatch.on_table_changed(old.pk, [])
    dispatch.on_lobby_changed(new.pk)
    if invitations:
        dispatch.on_task("notify_rematch", new.pk, game_id=new.pk)
