"""allauth adapted to the site: addresses checked whole, log-in names for django-axes, and
after confirming the address the player's next step is the profile (the name others see,
time zone, notifications)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.urls import reverse

# The length of the User's e-mail column (RFC 5321 caps a usable address at 254 too).
MAX_EMAIL_LENGTH: int = get_user_model()._meta.get_field("email").max_length or 254
# profile_edit greets a player arriving with this (the first visit after signing up).
WELCOME = "welcome"


def profile_step() -> str:
    return f"{reverse('profile_edit')}?{WELCOME}=1"


class AccountAdapter(DefaultAccountAdapter):
    def clean_email(self, email: str) -> str:
        """Every form that takes an address (sign-up, adding one) comes through here.

        allauth copies an address into the User cutting it to the column's length, which
        would store a longer one as something that is no address at all: refuse it instead.
        """
        if len(email) > MAX_EMAIL_LENGTH:
            raise forms.ValidationError(
                f"An e-mail address has at most {MAX_EMAIL_LENGTH} characters; this one has {len(email)}."
            )
        return super().clean_email(email)

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        """allauth's, storing the hash the sign-up form already made (accounts/forms.py)
        instead of hashing the password a second time, holding a database connection."""
        password_hash = getattr(form, "password_hash", "")
        if not password_hash:
            return super().save_user(request, user, form, commit)
        password = form.cleaned_data.pop("password1")
        try:
            user = super().save_user(request, user, form, commit=False)  # no password: no hashing
        finally:
            form.cleaned_data["password1"] = password
        user.password = password_hash
        if commit:
            user.save()
        return user

    def get_signup_redirect_url(self, request: Any) -> str:
        return profile_step()

    def get_email_verification_redirect_url(self, email_address: Any) -> str:
        if self.request.user.is_authenticated:
            return profile_step()
        # Confirmed from another browser than the one that signed up: log in, then the profile.
        return f"{reverse('account_login')}?{urlencode({'next': profile_step()})}"


def login_name(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The account a log-in attempt is for, as django-axes counts it.

    The site's form sends an e-mail address ("login"), the admin's a username, and axes
    itself, after a good log-in, the account's username: all three name one account, so
    an address is turned into its account's username (case does not matter in it).
    """
    credentials = credentials or {}
    name = credentials.get("email") or credentials.get("username")
    if not name and request is not None and request.method == "POST":
        name = request.POST.get("login") or request.POST.get("username")
    if not name:
        return None
    name = str(name).strip()
    if "@" in name:
        account = get_user_model().objects.filter(email__iexact=name).first()
        return account.get_username() if account else name.lower()
    return name
