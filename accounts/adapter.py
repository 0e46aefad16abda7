"""allauth adapted to the site: after confirming the address, the player's next step is
the profile (the name others see, time zone, notifications)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from allauth.account.adapter import DefaultAccountAdapter
from django.urls import reverse

# profile_edit greets a player arriving with this (the first visit after signing up).
WELCOME = "welcome"


def profile_step() -> str:
    return f"{reverse('profile_edit')}?{WELCOME}=1"


class AccountAdapter(DefaultAccountAdapter):
    def get_signup_redirect_url(self, request: Any) -> str:
        return profile_step()

    def get_email_verification_redirect_url(self, email_address: Any) -> str:
        if self.request.user.is_authenticated:
            return profile_step()
        # Confirmed from another browser than the one that signed up: log in, then the profile.
        return f"{reverse('account_login')}?{urlencode({'next': profile_step()})}"
