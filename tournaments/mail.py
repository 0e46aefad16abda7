"""The e-mail that announces a tournament's winner to its players."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from accounts.models import Notify
from games import registry
from games.notifications import in_language, send_mail_to
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
    context = {
        "tournament": t,
        "podium": list(t.entries.order_by(*STANDING)[:PODIUM]),
        "url": settings.SITE_URL + t.get_absolute_url(),
    }
    sent = 0
    for entry in t.entries.filter(user__isnull=False).select_related("user__profile"):
        user = entry.user
        if user is None or not user.email or user.profile.notify == Notify.NONE:
            continue
        with in_language(user):  # the subject and the game's title in the reader's language
            title = registry.get(t.engine).title
            subject = (
                _("%(winner)s won the tournament %(name)s") % {"winner": t.winner.name, "name": t.name}
                if t.winner
                else _("The tournament %(name)s is over") % {"name": t.name}
            )
        send_mail_to(user, subject, "tournaments/email_winner.txt", {**context, "title": title})
        sent += 1
    return sent
