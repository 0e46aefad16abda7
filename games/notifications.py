"""Turn e-mails: one per game per turn, never while the player has the game open,
as the player's preferences say, with a signed one-click unsubscribe link."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import Notify
from games import presence, registry
from games.models import Seat, SeatKind, Status

UNSUBSCRIBE_SALT = "accounts.unsubscribe"


def unsubscribe_url(user_id: int) -> str:
    token = signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT)
    return settings.SITE_URL + reverse("unsubscribe", args=[token])


def read_unsubscribe_token(token: str) -> int | None:
    try:
        return int(signing.loads(token, salt=UNSUBSCRIBE_SALT)["u"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def _send(user: Any, subject: str, template: str, context: dict[str, Any]) -> None:
    link = unsubscribe_url(user.pk)
    body = render_to_string(
        template, {**context, "user": user, "unsubscribe": link, "site": settings.SITE_URL}
    )
    message = EmailMessage(subject, body, to=[user.email])
    # RFC 2369 / RFC 8058: mail clients show their own "unsubscribe" button.
    message.extra_headers = {
        "List-Unsubscribe": f"<{link}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    message.send()


def send_turn_email(seat: Seat) -> bool:
    """Sends the e-mail for this seat's current turn unless already sent or not wanted."""
    user = seat.user
    if user is None or not user.email or user.profile.notify != Notify.EVERY_TURN:
        return False
    if presence.is_open(seat.game_id, user.pk):
        return False
    with transaction.atomic():
        # Claim the turn first, so two workers never send the same e-mail twice.
        claimed = (
            Seat.objects.filter(pk=seat.pk, awaiting_since=seat.awaiting_since)
            .exclude(notified_for=seat.awaiting_since)
            .update(notified_for=seat.awaiting_since)
        )
        if not claimed:
            return False
    game = seat.game
    title = registry.get(game.engine).title
    _send(
        user,
        f"Your turn in {title} (game {game.pk})",
        "email/turn.txt",
        {"game": game, "title": title, "url": settings.SITE_URL + game.get_absolute_url()},
    )
    return True


def send_daily_digests() -> int:
    """One e-mail per digest reader listing every game waiting for them."""
    waiting = (
        Seat.objects.filter(
            game__status=Status.ACTIVE,
            kind=SeatKind.HUMAN,
            resigned=False,
            user__profile__notify=Notify.DAILY,
        )
        .select_related("game", "user__profile")
        .order_by("user_id", "game_id")
    )
    by_user: dict[int, list[Seat]] = {}
    for seat in waiting:
        if seat.index in seat.game.to_act:
            assert seat.user_id is not None
            by_user.setdefault(seat.user_id, []).append(seat)
    for seats in by_user.values():
        user = seats[0].user
        if not user or not user.email:
            continue
        games = [
            {
                "id": s.game.pk,
                "title": registry.get(s.game.engine).title,
                "url": settings.SITE_URL + s.game.get_absolute_url(),
            }
            for s in seats
        ]
        _send(user, f"{len(games)} game(s) waiting for your move", "email/digest.txt", {"games": games})
    return len(by_user)
