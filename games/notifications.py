"""Turn e-mails: one per game per turn, never while the player has the game open,
as the player's preferences say, with a signed one-click unsubscribe link."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Notify, Profile
from games import chat, clocks, presence, presenter, registry
from games.models import ChatMessage, Game, Move, Notice, Seat, SeatKind, Status
from games.replay import rebuild

UNSUBSCRIBE_SALT = "accounts.unsubscribe"
# An unsubscribe link works for this long after its mail was sent (the signature carries
# the time). It also stops working when the account's e-mail address changes (the link
# names the address it was sent to), and all links at once when SECRET_KEY is rotated.
UNSUBSCRIBE_MAX_AGE = timedelta(days=60)


def _address_mark(email: str) -> str:
    return salted_hmac(UNSUBSCRIBE_SALT, email.strip().lower(), algorithm="sha256").hexdigest()[:16]


def unsubscribe_url(user: Any) -> str:
    token = signing.dumps({"u": user.pk, "a": _address_mark(user.email)}, salt=UNSUBSCRIBE_SALT)
    return settings.SITE_URL + reverse("unsubscribe", args=[token])


def unsubscribing_user(token: str) -> Any:
    """The user an unsubscribe link was sent to, if it is genuine, recent, and was sent
    to the address the account has now; else None."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=UNSUBSCRIBE_MAX_AGE)
        user_id, mark = int(data["u"]), str(data["a"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None  # forged, expired (SignatureExpired is a BadSignature) or malformed
    user = get_user_model().objects.select_related("profile").filter(pk=user_id).first()
    if user is None or not constant_time_compare(mark, _address_mark(user.email)):
        return None
    return user


def in_language(user: Any) -> Any:
    """The player's own language for what is written to them outside a request (e-mails):
    their subject lines are built inside it too."""
    return translation.override(user.profile.language or settings.LANGUAGE_CODE)


def send_mail_to(user: Any, subject: str, template: str, context: dict[str, Any]) -> None:
    """Sends one e-mail, its times written in the player's own time zone and its words in
    their own language."""
    link = unsubscribe_url(user)
    with timezone.override(zoneinfo.ZoneInfo(user.profile.timezone)), in_language(user):
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
    engine = registry.get(game.engine)
    seats = list(game.seats.select_related("user__profile"))
    with in_language(user):  # the seats' names too ("Bot 2 (Medium)")
        names = presenter.names_of(seats)
        others = _listed([names[s.index] for s in seats if s.index != seat.index])
        about = {"title": engine.title, "pk": game.pk, "others": others}
        send_mail_to(
            user,
            _("Your turn in %(title)s (game %(pk)s) with %(others)s") % about
            if others
            else _("Your turn in %(title)s (game %(pk)s)") % about,
            "email/turn.txt",
            {
                "game": game,
                "title": engine.title,
                "others": others,
                "news": news_since_last_move(game, seat, engine, names),
                "url": settings.SITE_URL + game.get_absolute_url(),
                "chat": _new_chat(seat),
                **_clock(seat),
            },
        )
    return True


NEWS_LINES = 30  # the most a turn e-mail lists of what happened; the page has the rest


def news_since_last_move(game: Game, seat: Seat, engine: Any, names: list[str]) -> list[str]:
    """What happened since this seat's last move (since the start if it has not moved), in
    words: the game's log sentences as this seat's own view has them, so nothing it may not
    see. The log before is read from the game replayed up to that move."""
    last = (
        Move.objects.filter(game=game, seat=seat.index).order_by("-number").values_list("number", flat=True)
    )
    then = rebuild(game, last.first() or 0)
    before = len(engine.view(then, seat.index).get("log", []))
    lines = engine.view(engine.load(game.stored_state()), seat.index).get("log", [])[before:]
    shown = [presenter.plain_sentence(line, names) for line in lines[-NEWS_LINES:]]
    if len(lines) > NEWS_LINES:
        shown.insert(
            0, _("(and %(count)d earlier lines: see the game's log)") % {"count": len(lines) - NEWS_LINES}
        )
    return shown


def _listed(names: list[str]) -> str:
    """ "Bob", "Bob and Carol", "Bob, Carol and Dealer" ("" for nobody)."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(some)s and %(last)s") % {"some": _(", ").join(names[:-1]), "last": names[-1]}


DIGEST_HOUR = 7  # the daily digest goes out at 07:00 in each reader's own time zone


def next_digest(now: datetime, zone: str) -> datetime:
    """The next 07:00 after `now` on the wall clock of `zone` (daylight saving included)."""
    tz = zoneinfo.ZoneInfo(zone)
    day = now.astimezone(tz).date()
    morning = datetime.combine(day, time(DIGEST_HOUR), tzinfo=tz)
    return (
        morning if morning > now else datetime.combine(day + timedelta(days=1), time(DIGEST_HOUR), tzinfo=tz)
    )


def _digest_seats() -> Any:
    return Seat.objects.filter(
        game__status=Status.ACTIVE, kind=SeatKind.HUMAN, resigned=False, user__profile__notify=Notify.DAILY
    )


def claim_digests(now: datetime) -> list[int]:
    """The digest readers with a game in play whose morning has come (07:00 or later on
    their own clock) and who have had no digest yet that day on their clock; each is
    marked as served for that day before anything is sent, so however often this runs
    (beat: every 15 minutes) and however many run at once, a reader gets one a day at most.
    A run missed at 07:00 is made up by the next one, later that morning."""
    readers = Profile.objects.filter(notify=Notify.DAILY, user_id__in=_digest_seats().values("user_id"))
    claimed: list[int] = []
    for zone in sorted(set(readers.values_list("timezone", flat=True))):
        local = now.astimezone(zoneinfo.ZoneInfo(zone))
        if local.hour < DIGEST_HOUR:
            continue
        today = local.date()
        due = readers.filter(timezone=zone).filter(
            Q(digest_sent_on__isnull=True) | Q(digest_sent_on__lt=today)
        )
        with transaction.atomic():
            # Rows another run is claiming are skipped (it has them); the rest are ours.
            rows = list(due.select_for_update(skip_locked=True).values_list("pk", "user_id"))
            Profile.objects.filter(pk__in=[pk for pk, _ in rows]).update(digest_sent_on=today)
        claimed += [user_id for _, user_id in rows]
    return sorted(claimed)


def send_daily_digests(user_ids: list[int]) -> int:
    """One e-mail per digest reader of `user_ids` listing every game waiting for their move."""
    waiting = (
        _digest_seats()
        .filter(user_id__in=user_ids)
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
        # The nearest deadline first; games without a clock after.
        seats.sort(key=lambda s: (s.deadline is None, s.deadline or s.game.created_at))
        with in_language(user):
            games = [
                {
                    "id": s.game.pk,
                    "title": registry.get(s.game.engine).title,
                    "url": settings.SITE_URL + s.game.get_absolute_url(),
                    "chat": chat.since(s.game, user, timezone.now() - timedelta(days=1)),
                    **_clock(s),
                }
                for s in seats
            ]
            subject = ngettext(
                "%(count)d game waiting for your move", "%(count)d games waiting for your move", len(games)
            ) % {"count": len(games)}
            send_mail_to(user, subject, "email/digest.txt", {"games": games})
    return len(by_user)


def send_notice(notice: Notice) -> int:
    """Tells every player at the table what happened (unless they want no e-mails at all),
    once: a notice already claimed sends nothing."""
    if not Notice.objects.filter(pk=notice.pk, emailed=False).update(emailed=True):
        return 0
    game = notice.game
    seats = list(game.seats.select_related("user__profile"))
    engine = registry.get(game.engine)
    noticed = next(s for s in seats if s.index == notice.seat)
    sent = 0
    for seat in seats:
        user = seat.user
        if user is None or not user.email or user.profile.notify == Notify.NONE:
            continue
        with in_language(user):
            who = noticed.name()  # a bot's name is in the reader's language
            title = engine.title
            subject = _("%(who)s %(what)s in %(title)s (game %(pk)s)") % {
                "who": who,
                "what": notice.get_kind_display(),
                "title": title,
                "pk": game.pk,
            }
        send_mail_to(
            user,
            subject,
            "email/notice.txt",
            {
                "game": game,
                "title": title,
                "who": who,
                "notice": notice,
                "yours": seat.index == notice.seat,
                "url": settings.SITE_URL + game.get_absolute_url(),
            },
        )
        sent += 1
    return sent


def _clock(seat: Seat) -> dict[str, Any]:
    """The time left on the seat's clock, for an e-mail (nothing if it has none)."""
    seconds = clocks.left(seat, timezone.now())
    if seconds is None:
        return {}
    return {"left": clocks.in_words(seconds), "deadline": seat.deadline, "paused": seat.deadline is None}


def _new_chat(seat: Seat) -> list[ChatMessage]:
    """The others' chat lines since this player's last move in the game."""
    last = Move.objects.filter(game_id=seat.game_id, seat=seat.index).order_by("-number").first()
    return chat.since(seat.game, seat.user, last.created_at if last else None)


def send_rematch(game: Game) -> int:
    """Tells each player invited to a rematch (unless they want no e-mails at all), once."""
    old = game.rematch_of
    if old is None or not Game.objects.filter(pk=game.pk, rematch_emailed=False).update(rematch_emailed=True):
        return 0
    engine = registry.get(game.engine)
    host = game.created_by.profile.display_name
    sent = 0
    for seat in game.seats.filter(invited__isnull=False).select_related("invited__profile"):
        user = seat.invited
        if user is None or not user.email or user.profile.notify == Notify.NONE:
            continue
        with in_language(user):
            title = engine.title  # the game's name as the reader's language has it
            subject = _("%(host)s asks for a rematch of %(title)s (game %(pk)s)") % {
                "host": host,
                "title": title,
                "pk": old.pk,
            }
        send_mail_to(
            user,
            subject,
            "email/rematch.txt",
            {"host": host, "title": title, "old": old, "url": settings.SITE_URL + old.get_absolute_url()},
        )
        sent += 1
    return sent


def send_invitation(game_id: int, seat_index: int, user_id: int) -> int:
    """Tells a player that a table keeps a seat for them (unless they want no e-mails), once:
    the seat's invitation is claimed first, and one withdrawn or answered meanwhile is not sent."""
    claimed = Seat.objects.filter(
        game_id=game_id,
        index=seat_index,
        invited_id=user_id,
        invite_emailed=False,
        game__status=Status.OPEN,
    ).update(invite_emailed=True)
    user = get_user_model().objects.filter(pk=user_id).select_related("profile").first()
    if not claimed or user is None or not user.email or user.profile.notify == Notify.NONE:
        return 0
    game = Game.objects.select_related("created_by__profile").get(pk=game_id)
    title = registry.get(game.engine).title
    host = game.created_by.profile.display_name
    send_mail_to(
        user,
        f"{host} keeps you a seat at a table of {title}",
        "email/invitation.txt",
        {"host": host, "title": title, "url": settings.SITE_URL + game.get_absolute_url()},
    )
    return 1
