"""Writes of the social app: follows, blocks, reports, and the moderators' sanctions.

Each is one transaction; refusals raise games' errors (a reason and a status) and change
nothing. Sanctions are taken in the admin (social/admin.py) and land here.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games import chat, services
from games.errors import GameError, Illegal, NotFound
from games.models import ChatMessage, Seat, Status
from social.gates import blocked_either_way
from social.models import Block, Follow, Reason, Report, Sanction

log = logging.getLogger(__name__)


def _other(user: Any, other_id: int, verb: str) -> Any:
    if other_id == user.pk:
        raise Illegal(f"you cannot {verb} yourself")
    other = get_user_model().objects.filter(pk=other_id).first()
    if other is None:
        raise NotFound("there is no such player")
    return other


def _once(model: Any, **fields: Any) -> None:
    try:
        with transaction.atomic():
            model.objects.create(**fields)
    except IntegrityError:
        pass  # already there: doing it twice changes nothing


def follow(user: Any, other_id: int) -> None:
    other = _other(user, other_id, "follow")
    if other.pk in blocked_either_way(user.pk):
        raise Illegal("there is a block between you and this player")
    _once(Follow, user=user, followed=other)


def unfollow(user: Any, other_id: int) -> None:
    Follow.objects.filter(user=user, followed_id=other_id).delete()


@transaction.atomic
def block(user: Any, other_id: int) -> None:
    """Blocks a player; neither follows the other any longer."""
    other = _other(user, other_id, "block")
    _once(Block, user=user, blocked=other)
    Follow.objects.filter(Q(user=user, followed=other) | Q(user=other, followed=user)).delete()


def unblock(user: Any, other_id: int) -> None:
    Block.objects.filter(user=user, blocked_id=other_id).delete()


def readable_line(user: Any, line_id: int) -> ChatMessage:
    """The chat line, if `user` may read it: one they cannot (a private table, a hidden
    player's) is no line to them."""
    line = ChatMessage.objects.select_related("game", "user__profile").filter(pk=line_id).first()
    if line is None or not chat.may_read(line.game, user) or line.user_id in blocked_either_way(user.pk):
        raise NotFound("there is no such chat line")
    return line


def report(
    user: Any, *, reason: str, details: str = "", player_id: int | None = None, line_id: int | None = None
) -> Report:
    """Reports a player, or one chat line (its author is the player reported)."""
    if reason not in Reason.values:
        raise Illegal("choose a reason from the list")
    details = details.strip()
    if len(details) > 1000:
        raise Illegal("say it in at most 1000 characters")
    line = None
    if line_id is not None:
        line = readable_line(user, line_id)
        player_id = line.user_id
    if player_id is None:
        raise Illegal("choose a player or a chat line to report")
    reported = _other(user, player_id, "report")
    return Report.objects.create(
        reporter=user,
        reported=reported,
        line=line,
        quoted=line.text if line else "",
        reason=reason,
        details=details,
    )


def _sanction(
    moderator: Any, user: Any, kind: str, note: str, report: Report | None, until: datetime | None
) -> Sanction:
    sanction = Sanction.objects.create(
        user=user, kind=kind, note=note, report=report, by=moderator, until=until
    )
    if report is not None and report.state == Report.State.OPEN:
        report.state, report.handled_by, report.handled_at = Report.State.HANDLED, moderator, timezone.now()
        report.save(update_fields=["state", "handled_by", "handled_at"])
    return sanction


@transaction.atomic
def mute(
    moderator: Any, user: Any, note: str = "", report: Report | None = None, until: datetime | None = None
) -> Sanction:
    """The player may no longer write in any chat (games/gates.py, "chat")."""
    return _sanction(moderator, user, Sanction.Kind.MUTE, note, report, until)


def warn(moderator: Any, user: Any, note: str = "", report: Report | None = None) -> Sanction:
    """A warning: kept on record, shown on the player's own profile, and e-mailed."""
    with transaction.atomic():
        sanction = _sanction(moderator, user, Sanction.Kind.WARN, note, report, None)
    if user.email:
        send_mail(
            "A moderator's warning",
            "A moderator looked at a report about you and warns you:\n\n"
            f"{note or 'please keep to the rules of fair play and courtesy.'}\n\n"
            "A further report may lead to a mute or a suspension.",
            None,
            [user.email],
        )
    return sanction


def suspend(moderator: Any, user: Any, note: str = "", report: Report | None = None) -> Sanction:
    """The account may not log in (and its open sessions end: Django refuses inactive users);
    its tables waiting for players close, and bots take its seats in the games in play
    (games' resignation: the seat goes to a bot and the game counts as lost)."""
    with transaction.atomic():
        sanction = _sanction(moderator, user, Sanction.Kind.SUSPEND, note, report, None)
        get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    user.is_active = False
    for seat in Seat.objects.filter(
        user=user, game__status__in=[Status.OPEN, Status.ACTIVE], resigned=False
    ).select_related("game"):
        try:
            if seat.game.status == Status.ACTIVE:
                services.resign(user, seat.game_id)
            elif seat.game.created_by_id == user.pk:
                services.cancel_game(user, seat.game_id)
            else:
                services.leave_game(user, seat.game_id)
        except GameError as exc:  # the game moved on meanwhile (it ended, it started)
            log.info("suspension of %s: game %s left as it is (%s)", user.pk, seat.game_id, exc.message)
    return sanction


@transaction.atomic
def lift(moderator: Any, sanction: Sanction) -> None:
    """Ends a sanction; a suspended account may log in again."""
    sanction.lifted = True
    sanction.save(update_fields=["lifted"])
    if sanction.kind == Sanction.Kind.SUSPEND:
        still = Sanction.in_force(Sanction.Kind.SUSPEND).filter(user=sanction.user).exists()
        if not still:
            get_user_model().objects.filter(pk=sanction.user_id).update(is_active=True)


def dismiss(moderator: Any, report: Report) -> None:
    Report.objects.filter(pk=report.pk, state=Report.State.OPEN).update(
        state=Report.State.DISMISSED, handled_by=moderator, handled_at=timezone.now()
    )
