"""social's answers to games' questions (games/gates.py), registered in SocialConfig.ready.

A block works both ways: whoever blocked whom, the two never sit at one table, never see
each other's chat lines, never invite each other, and their finished game is not offered
a rematch. Tournaments pair their players without asking (docs/social.md).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games import gates
from games.models import Game
from social import reliability
from social.models import Block, Follow, Sanction


def blocked_either_way(user_id: int) -> set[int]:
    """The players `user_id` blocked, and those who blocked them."""
    pairs = Block.objects.filter(Q(user_id=user_id) | Q(blocked_id=user_id)).values_list(
        "user_id", "blocked_id"
    )
    return {other for pair in pairs for other in pair if other != user_id}


def _people_at(game: Game) -> set[int]:
    return {uid for s in game.seats.all() for uid in (s.user_id, s.invited_id) if uid is not None}


def may_join(user: Any, game: Game) -> str | None:
    if blocked_either_way(user.pk) & _people_at(game):
        return "you cannot sit at this table: there is a block between you and a player here"
    # A seat kept for this player (an invitation, a rematch) was their table's choice by name.
    invited = any(s.invited_id == user.pk for s in game.seats.all())
    if game.min_reliability and not invited:
        mine = reliability.percent(user)
        if mine < game.min_reliability:
            return (
                f"this table asks for a reliability of at least {game.min_reliability}% "
                f"(games played to the end); yours is {mine}%"
            )
    return None


def may_invite(user: Any, invitee: Any, game: Game) -> str | None:
    if blocked_either_way(invitee.pk) & (_people_at(game) | {user.pk}):
        return "you cannot invite that player: there is a block between them and a player here"
    return None


def may_chat(user: Any, game: Game) -> str | None:
    if Sanction.in_force(Sanction.Kind.MUTE).filter(user=user).exists():
        return "a moderator muted you: you may not write in chats for now"
    return None


def may_rematch(user: Any, game: Game) -> str | None:
    players = [s.user_id for s in game.seats.all() if s.user_id is not None]
    if Block.objects.filter(user_id__in=players, blocked_id__in=players).exists():
        return "no rematch for this game: there is a block between two of its players"
    return None


def hidden(viewer: Any) -> set[int]:
    return blocked_either_way(viewer.pk)


def followed(viewer: Any) -> set[int]:
    return set(Follow.objects.filter(user=viewer).values_list("followed_id", flat=True))


def friends(viewer: Any) -> set[int]:
    """Whom the waiting room offers to invite: the players followed, less any block."""
    return followed(viewer) - blocked_either_way(viewer.pk)


def register_all() -> None:
    gates.register("join", may_join)
    gates.register("invite", may_invite)
    gates.register("chat", may_chat)
    gates.register("rematch", may_rematch)
    gates.register("hidden", hidden)
    gates.register("followed", followed)
    gates.register("friends", friends)
