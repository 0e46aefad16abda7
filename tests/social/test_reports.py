"""Reports: a player or a chat line reported with a reason reaches the moderators' queue in
the admin; the moderators mute, warn or suspend from there. A suspended account cannot log
in, its session ends, and bots take its running games."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import chat, services
from games.errors import Forbidden
from games.models import ChatMessage, Game, Status
from social.models import Report, Sanction
from tests.conftest import client_for, make_user


@pytest.fixture
def moderator(db):
    user = make_user("mod")
    user.is_staff = user.is_superuser = True
    user.save()
    return client_for(user)


@pytest.fixture
def rude_line(duel, bob):
    return chat.post(bob, duel.pk, "you play like a potato")


def test_a_reported_chat_line_reaches_the_admin_queue(rude_line, alice, moderator):
    client = client_for(alice)
    assert 'class="report"' in client.get(rude_line.game.get_absolute_url()).text
    form = client.get(reverse("report"), {"line": rude_line.pk})
    assert form.status_code == 200 and "you play like a potato" in form.text
    response = client.post(
        reverse("report"), {"line": rude_line.pk, "reason": "abuse", "details": "twice now"}
    )
    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.line, report.quoted, report.reason, report.state) == (
        alice,
        rude_line.user,
        rude_line,
        "you play like a potato",
        "abuse",
        Report.State.OPEN,
    )
    queue = moderator.get(reverse("admin:social_report_changelist"))
    assert queue.status_code == 200 and "you play like a potato" in queue.text
    assert moderator.get(reverse("admin:social_report_change", args=[report.pk])).status_code == 200
    # The quote outlives the line.
    ChatMessage.objects.filter(pk=rude_line.pk).delete()
    assert Report.objects.get().quoted == "you play like a potato"


def test_a_player_is_reported_from_their_profile(alice, bob):
    client = client_for(alice)
    assert f"{reverse('report')}?player={bob.pk}" in client.get(reverse("player", args=["Bob"])).text
    client.post(reverse("report"), {"player": bob.pk, "reason": "stalling"})
    assert Report.objects.get().reported == bob


def test_bad_reports_are_refused_and_change_nothing(alice, bob, charlie, rude_line):
    client = client_for(alice)
    assert client.post(reverse("report"), {"player": bob.pk, "reason": "boredom"}).status_code == 400
    assert client.post(reverse("report"), {"player": alice.pk, "reason": "spam"}).status_code == 400
    assert client.post(reverse("report"), {"player": "x", "reason": "spam"}).status_code == 400
    assert client.get(reverse("report"), {"player": 99999}).status_code == 404
    assert Client().get(reverse("report"), {"player": bob.pk}).status_code == 302  # log in first
    private = services.create_game(alice, "highcard", 2, {}, public=False)
    secret = chat.post(alice, private.pk, "our secret")
    stranger = client_for(charlie)
    assert stranger.get(reverse("report"), {"line": secret.pk}).status_code == 404
    assert stranger.post(reverse("report"), {"line": secret.pk, "reason": "spam"}).status_code == 404
    assert not Report.objects.exists()


def logs_in(name: str) -> bool:
    """Logs in through the log-in page; whether the session is then a player's."""
    client = Client()
    client.post(reverse("account_login"), {"login": f"{name}@example.com", "password": f"pw-{name * 2}"})
    return client.get(reverse("profile_edit")).status_code == 200


def act(moderator, action, report):
    return moderator.post(
        reverse("admin:social_report_changelist"), {"action": action, "_selected_action": [report.pk]}
    )


def test_a_muted_player_cannot_chat(rude_line, alice, bob, moderator):
    report = Report.objects.create(reporter=alice, reported=bob, line=rude_line, reason="abuse")
    act(moderator, "mute_reported", report)
    assert Sanction.objects.get().kind == Sanction.Kind.MUTE
    assert Report.objects.get().state == Report.State.HANDLED
    with pytest.raises(Forbidden, match="muted"):
        chat.post(bob, rude_line.game_id, "again")
    chat.post(alice, rude_line.game_id, "thank you")  # only bob is muted


def test_a_warning_is_mailed_and_shown_to_the_player_alone(alice, bob, moderator):
    report = Report.objects.create(reporter=alice, reported=bob, reason="abuse")
    mail.outbox.clear()
    act(moderator, "warn_reported", report)
    [sent] = mail.outbox
    assert sent.to == [bob.email] and "warn" in sent.body
    profile = reverse("player", args=["Bob"])
    assert "Moderators' warnings to you" in client_for(bob).get(profile).text
    assert "Moderators' warnings" not in client_for(alice).get(profile).text


def test_a_suspension_refuses_log_in_and_hands_the_games_to_bots(
    alice, bob, charlie, moderator, django_capture_on_commit_callbacks
):
    playing = services.create_game(bob, "highcard", 3, {})
    services.join_game(alice, playing.pk)
    services.join_game(charlie, playing.pk)
    waiting = services.create_game(bob, "highcard", 2, {})
    session = client_for(bob)
    assert session.get(reverse("profile_edit")).status_code == 200
    report = Report.objects.create(reporter=alice, reported=bob, reason="abuse")
    with django_capture_on_commit_callbacks(execute=True):
        act(moderator, "suspend_reported", report)
    bob.refresh_from_db()
    assert not bob.is_active
    # Log-in refused, and the session already open ends.
    assert not logs_in("bob")
    assert session.get(reverse("profile_edit")).status_code == 302
    # A bot took bob's seat in the game in play (which went on); his waiting table closed.
    seat = playing.seats.get(user=bob)
    assert seat.resigned and seat.machine
    assert Game.objects.get(pk=waiting.pk).status == Status.CANCELLED
    # Lifted, the account logs in again.
    moderator.post(
        reverse("admin:social_sanction_changelist"),
        {"action": "lift", "_selected_action": [Sanction.objects.get().pk]},
    )
    assert get_user_model().objects.get(pk=bob.pk).is_active
    assert logs_in("bob")


def test_reports_are_rate_limited(rate_limits, settings, alice, bob):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "2/h"}
    client = client_for(alice)
    for _ in range(2):
        assert client.post(reverse("report"), {"player": bob.pk, "reason": "spam"}).status_code == 302
    response = client.post(reverse("report"), {"player": bob.pk, "reason": "spam"})
    assert response.status_code == 429 and "at most 2 reports an hour" in response.text
    assert Report.objects.count() == 2
