"""Sign-up with e-mail verification, profiles, public statistics."""

from __future__ import annotations

import re

from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Notify, Profile
from games import services
from tests.conftest import client_for


def test_it_signs_up_verifies_the_email_and_logs_in(db):
    client = Client()
    response = client.post(
        reverse("account_signup"),
        {
            "email": "dora@example.com",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://\S+/accounts/confirm-email/\S+/", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    # Mandatory verification: no playing before the e-mail is confirmed.
    assert client.get(reverse("profile_edit")).status_code == 302
    path = link.group(0).split("testserver", 1)[-1]
    assert client.post(path).status_code == 302
    client.post(reverse("account_logout"))
    login = client.post(
        reverse("account_login"), {"login": "dora@example.com", "password": "a-long-pass-phrase"}
    )
    assert login.status_code == 302
    assert client.get(reverse("profile_edit")).status_code == 200
    assert Profile.objects.get(user__email="dora@example.com").display_name == "dora"


def test_a_new_profile_gets_a_free_name(db):
    from tests.conftest import make_user

    make_user("erin")
    from django.contrib.auth import get_user_model

    other = get_user_model().objects.create_user(username="erin2", email="Erin@elsewhere.org", password="x")
    assert other.profile.display_name.lower() != "erin"


def test_it_edits_the_profile(alice):
    client = client_for(alice)
    response = client.post(
        reverse("profile_edit"),
        {"display_name": "Alicia", "timezone": "Europe/Paris", "notify": Notify.DAILY},
    )
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.timezone, alice.profile.notify) == (
        "Alicia",
        "Europe/Paris",
        Notify.DAILY,
    )


def test_display_names_are_unique_ignoring_case(alice, bob):
    response = client_for(bob).post(
        reverse("profile_edit"), {"display_name": "ALICE", "timezone": "UTC", "notify": Notify.NONE}
    )
    assert response.status_code == 200
    assert "already uses" in response.text
    bob.profile.refresh_from_db()
    assert bob.profile.display_name == "Bob"


def test_display_names_are_validated(alice):
    for bad in ("a", "<script>", "x" * 40, "spaces are bad"):
        response = client_for(alice).post(
            reverse("profile_edit"), {"display_name": bad, "timezone": "UTC", "notify": Notify.NONE}
        )
        assert response.status_code == 200
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice"


def test_the_public_profile_shows_statistics_and_results(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "heuristic"})
        services.resign(alice, game.pk)
    page = Client().get(reverse("player", args=["alice"]))
    assert page.status_code == 200
    assert "Highcard (test game)" in page.text
    assert "resigned" in page.text
    assert re.search(r"<td>1</td><td>0</td><td>0%</td>", page.text)


def test_password_reset_sends_a_link(alice):
    Client().post(reverse("account_reset_password"), {"email": alice.email})
    assert len(mail.outbox) == 1 and "password" in mail.outbox[0].body.lower()


def test_pages_show_times_in_the_players_time_zone(alice):
    client = client_for(alice)
    client.post(
        reverse("profile_edit"), {"display_name": "Alice", "timezone": "Asia/Tokyo", "notify": Notify.NONE}
    )
    from django.utils import timezone

    client.get(reverse("lobby"))
    assert client.session["tz"] == "Asia/Tokyo"
    assert timezone.get_current_timezone_name() == "Asia/Tokyo"
