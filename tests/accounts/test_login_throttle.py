"""Log-in throttling (docs/security.md): wrong passwords count per account and client
together, so a stranger cannot lock the owner out; the admin's log-in is throttled too."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

STRANGER, OWNER = "203.0.113.66", "198.51.100.7"


def site_login(email, password, ip):
    return Client(REMOTE_ADDR=ip).post(reverse("account_login"), {"login": email, "password": password})


def admin_login(username, password, ip):
    return Client(REMOTE_ADDR=ip).post(
        reverse("admin:login"), {"username": username, "password": password, "next": "/admin/"}
    )


def test_a_stranger_s_wrong_passwords_do_not_lock_the_owner_out(alice, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT + 5):
        site_login("alice@example.com", "not-her-password", STRANGER)
    assert site_login("alice@example.com", "pw-alicealice", OWNER).status_code == 302


def test_the_stranger_is_locked_out_with_a_readable_page(alice, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert site_login("alice@example.com", "wrong", STRANGER).status_code == 200
    refused = site_login("alice@example.com", "wrong", STRANGER)
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.text
    # Locked out even with the right password, from that client, for that account.
    assert site_login("alice@example.com", "pw-alicealice", STRANGER).status_code == 429
    # The address's case makes no difference to the count.
    assert site_login("ALICE@example.com", "pw-alicealice", STRANGER).status_code == 429


def test_the_admin_log_in_is_throttled_per_account_and_client(db, settings):
    get_user_model().objects.create_superuser("root", "root@example.com", "a-long-admin-secret")
    answers = [admin_login("root", f"guess-{n}", STRANGER).status_code for n in range(20)]
    assert answers[: settings.AXES_FAILURE_LIMIT - 1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)
    assert set(answers[settings.AXES_FAILURE_LIMIT :]) == {429}
    assert admin_login("root", "a-long-admin-secret", STRANGER).status_code == 429
    assert admin_login("root", "a-long-admin-secret", OWNER).status_code == 302


def test_a_good_log_in_clears_the_count(alice, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        site_login("alice@example.com", "wrong", OWNER)
    assert site_login("alice@example.com", "pw-alicealice", OWNER).status_code == 302
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert site_login("alice@example.com", "wrong", OWNER).status_code == 200
