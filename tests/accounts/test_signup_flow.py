"""Signing up as a newcomer meets it: a link that copies whole from the console, the site's
own name in the e-mail, logged in by confirming and led to the profile step."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.sites.models import Site
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.mail import EmailBackend
from accounts.models import Profile
from tests.conftest import forget_log_in_limits

ROOT = Path(__file__).resolve().parents[2]


PASSWORD = "a-long-pass-phrase"


def sign_up(client: Client, email: str) -> str:
    """Signs up and returns the confirmation link's path."""
    client.post(reverse("account_signup"), {"email": email, "password1": PASSWORD, "password2": PASSWORD})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", str(mail.outbox[-1].body))
    assert link, mail.outbox[-1].body
    return link.group(1)


def test_the_email_names_the_site_not_example_com(db):
    site = Site.objects.get_current()
    assert (site.name, site.domain) == (settings.SITE_NAME, "127.0.0.1:8000")
    sign_up(Client(), "dora@example.com")
    message = mail.outbox[0]
    assert "example.com!" not in message.body and "Stonespine Tables" in message.body
    assert "Stonespine Tables" in message.subject


def test_the_console_prints_the_link_unfolded(db):
    link = "http://127.0.0.1:8000/accounts/confirm-email/" + "MQ:1vN2xk:" + "x" * 60 + "/"
    message = mail.EmailMessage("Please confirm", f"To confirm this is correct, go to {link}\n", to=["d@e.f"])
    out = io.StringIO()
    EmailBackend(stream=out).send_messages([message])
    printed = out.getvalue()
    assert f"go to {link}\n" in printed
    assert "quoted-printable" not in printed and "=\n" not in printed
    # Django's own console backend folds the same line (why the site has its own).
    from django.core.mail.backends.console import EmailBackend as Folding

    out = io.StringIO()
    Folding(stream=out).send_messages([message])
    assert link not in out.getvalue()


def test_the_embedded_default_prints_mail_with_the_unfolding_backend():
    code = "from django.conf import settings; print(settings.MAILERS['default']['BACKEND'])"
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "accounts.mail.EmailBackend"


def test_confirming_logs_in_and_leads_to_the_profile_step(db):
    client = Client()
    path = sign_up(client, "dora@example.com")
    response = client.post(path)
    assert response.status_code == 302 and response.url == reverse("profile_edit") + "?welcome=1"
    page = client.get(response.url)
    assert page.status_code == 200 and "Welcome, dora" in page.text
    assert "Vacation" not in page.text  # the one step, nothing else yet
    saved = client.post(
        response.url, {"display_name": "Dora-the-bold", "timezone": "Europe/Paris", "notify": "daily"}
    )
    assert saved.status_code == 302 and saved.url == reverse("lobby")
    assert Profile.objects.get(user__email="dora@example.com").display_name == "Dora-the-bold"


def test_confirming_in_another_browser_asks_to_log_in_then_shows_the_profile_step(db):
    path = sign_up(Client(), "dora@example.com")
    other = Client()
    response = other.post(path)
    assert response.status_code == 302 and response.url.startswith(reverse("account_login"))
    login = other.post(response.url, {"login": "dora@example.com", "password": PASSWORD})
    assert login.status_code == 302 and login.url == reverse("profile_edit") + "?welcome=1"


def test_make_run_takes_a_port():
    run = subprocess.run(
        ["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "uvicorn config.asgi:application --host 127.0.0.1 --port 8123" in run.stdout


def test_the_confirmation_page_says_why_it_needs_a_click(db, client, mailoutbox):
    client.post(
        reverse("account_signup"),
        {
            "email": "dana@example.com",
            "password1": "Tall-Basalt-Stack-42",
            "password2": "Tall-Basalt-Stack-42",
        },
    )
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", str(mailoutbox[-1].body))
    assert link
    page = client.get(link.group(1))
    assert page.status_code == 200
    assert "dana@example.com" in page.text and "Why a second click?" in page.text
    assert not EmailAddress.objects.get(email="dana@example.com").verified  # opening it confirms nothing
    client.post(link.group(1))
    assert EmailAddress.objects.get(email="dana@example.com").verified


def test_a_sign_up_hashes_the_password_alike_whether_the_address_is_taken_or_not(db, monkeypatch):
    """Hashing the password is the slow part of a sign-up (hundreds of milliseconds with the
    real hasher): a sign-up for a taken address must hash too, or its quick answer would
    tell that the address is registered. The work is counted, not timed."""
    hashed: list[str] = []
    encode = MD5PasswordHasher.encode  # the tests' hasher (config/settings_test.py)

    def counted(self, password, salt):
        hashed.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted)
    sign_up(Client(), "new@example.com")
    new = len(hashed)
    hashed.clear()
    mail.outbox.clear()
    forget_log_in_limits()  # allauth's limit on e-mails to one address
    client = Client()
    response = client.post(
        reverse("account_signup"), {"email": "new@example.com", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302 and len(mail.outbox) == 1  # the owner is told, the page is the same
    assert new == 1 and len(hashed) == new  # once each: the new account stores the form's hash


def test_the_new_account_s_password_is_the_one_signed_up_with(db):
    sign_up(Client(), "dora@example.com")
    user = get_user_model().objects.get(email="dora@example.com")
    assert user.has_usable_password() and user.check_password(PASSWORD)
    assert not user.check_password(PASSWORD + "x")
