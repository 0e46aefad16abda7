"""The e-mail that announces a tournament's winner to its players."""

from __future__ import annotations

from django.conf import settings

from accounts.models import Notify
from games import registry
from games.notifications import send_mail_to
from tournaments.models import STANDING, Stage, Tournament

PODIUM = 3  # places the mail lists


def announce_winner(tournament_id: int) -> int:
    """Mails every player who signed up (unless they want no e-mails), once: the send is
    claimed first, so a task delivered twice sends nothing the second time."""
    claimed = Tournament.objects.filter(pk=tournament_id, stage=Stage.FINISHED, announced=False).update(
        announced=True
    )
    if not claimed:
        return 0
    t = Tournament.objects.select_related("winner").get(pk=tournament_id)
    winner = t.winner.name if t.winner else "nobody"
    context = {
        "tournament": t,
        "winner": winner,
        "title": registry.get(t.engine).title,
        "podium": list(t.entries.order_by(*STANDING)[:PODIUM]),
        "url": settings.SITE_URL + t.get_absolute_url(),
    }
    sent = 0
    for entry in t.entries.filter(user__isnull=False).select_related("user__profile"):
        user = entry.user
        if user is None or not user.email or user.profile.notify == Notify.NONE:
            continue
        send_mail_to(user, f"{winner} won the tournament {t.name}", "tournaments/email_winner.txt", context)
        sent += 1
    return sent
