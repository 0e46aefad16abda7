"""One account per e-mail address, even when sign-ups race; sign-ups never answer 500;
addresses are checked whole, never cut to fit."""

from __future__ import annotations

import threading

import pytest
from allauth.account.forms import SignupForm as AllauthSignupForm
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from accounts.signals import free_display_name
from tests.conftest import needs_postgres

PASSWORD = "a-long-pass-phrase"


def sign_up(email, client=None):
    client = client or Client()
    return client.post(
        reverse("account_signup"), {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    )


def accounts_for(email):
    return get_user_model().objects.filter(email__iexact=email).count()


def test_a_sign_up_that_slips_past_the_form_s_check_meets_the_database(db, monkeypatch):
    """Two sign-ups at once both find the address free: the second must be stopped by the
    database and answered like any sign-up for a taken address."""
    assert sign_up("dora@example.com").status_code == 302
    # The race: the form's check runs before the first account exists.
    monkeypatch.setattr(AllauthSignupForm, "validate_unique_email", lambda self, value: value)
    again = sign_up("Dora@Example.com")
    assert again.status_code == 302  # "check your mail", as for any taken address
    assert accounts_for("dora@example.com") == 1


def test_two_new_players_whose_default_names_collide_both_sign_up(db, monkeypatch):
    """The profile's default name is found free, then taken by a concurrent sign-up."""
    real = free_display_name
    calls = []

    def stale(seed, taken_tries=0):
        calls.append(taken_tries)
        # The first try returns the name the other sign-up has just taken.
        return "erin" if taken_tries == 0 else real(seed, taken_tries)

    assert sign_up("erin@example.com").status_code == 302
    monkeypatch.setattr("accounts.signals.free_display_name", stale)
    assert sign_up("erin@elsewhere.org").status_code == 302
    assert accounts_for("erin@elsewhere.org") == 1
    assert Profile.objects.get(user__email="erin@elsewhere.org").display_name.lower() != "erin"
    assert calls[:2] == [0, 1]


def test_an_address_too_long_is_refused_with_a_message_not_cut(db):
    email = "a" * 300 + "@example.com"  # 312 characters
    response = sign_up(email)
    assert response.status_code == 200
    assert "at most 254 characters" in response.text
    assert get_user_model().objects.count() == 0


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_sign_ups_at_once_for_one_address_make_one_account():
    n = 20
    start = threading.Barrier(n)
    answers: list[object] = []

    def one(i: int) -> None:
        # Each from an address of its own: allauth limits sign-ups per address.
        client = Client(REMOTE_ADDR=f"192.0.2.{i + 1}")
        start.wait()
        try:
            answers.append(sign_up("race@example.com", client).status_code)
        except Exception as exc:  # the test client re-raises a view's exception: a 500
            answers.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [302] * n
    assert accounts_for("race@example.com") == 1
