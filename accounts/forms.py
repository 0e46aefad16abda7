from __future__ import annotations

from typing import Any

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, connection, transaction
from django.http import HttpRequest
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from accounts.models import TIMEZONES, Profile

# Two sign-ups that pass the form's checks at the same moment meet at the database:
# tries before giving up (a username picked twice takes another on the next try).
SIGNUP_TRIES = 3


class SignupForm(AllauthSignupForm):
    """allauth's sign-up, safe when two sign-ups for one address race each other.

    The form checks the address is free, but a second sign-up can pass the same check
    before the first is saved; the database's unique index on the address (migration
    accounts 0003) then refuses the second, and it is answered as allauth answers any
    sign-up for a taken address (an e-mail to the owner, the usual "check your mail" page).
    """

    # Filled in by the browser (static/js/timezone.js): the player's own time zone, so that
    # times and the morning digest are theirs from the start. Editable in the settings.
    timezone = forms.CharField(
        required=False, max_length=64, widget=forms.HiddenInput(attrs={"data-browser-timezone": ""})
    )

    def clean_timezone(self) -> str:
        zone: str = self.cleaned_data.get("timezone") or ""
        return zone if zone in TIMEZONES else ""  # unknown or left empty: the default, UTC

    def custom_signup(self, request: HttpRequest, user: Any) -> None:
        super().custom_signup(request, user)
        if self.cleaned_data.get("timezone"):
            Profile.objects.filter(user=user).update(timezone=self.cleaned_data["timezone"])

    def try_save(self, request: HttpRequest) -> tuple[Any, Any]:
        # Hashing the password is the slowest step of a sign-up by far (about a second of
        # work). It is done here, once, whether or not the address is taken, so the time
        # the answer takes does not tell whether it is registered; and with the database
        # connection the form's checks used handed back to the pool first: a burst of
        # sign-ups that hashed holding their connections kept the pool's few busy while
        # the others waited out its timeout (tests/stack/test_signup_burst.py).
        if not connection.in_atomic_block:
            connection.close()
        self.password_hash = make_password(self.cleaned_data.get("password1"))
        for _attempt in range(SIGNUP_TRIES):
            try:
                with transaction.atomic():
                    return super().try_save(request)
            except IntegrityError:
                email = self.cleaned_data.get("email") or ""
                if get_user_model().objects.filter(email__iexact=email).exists():
                    self.account_already_exists = True
                    return super().try_save(request)
        self.add_error(None, _("We could not open your account just now; please try again."))
        return None, render(request, "account/signup.html", {"form": self}, status=409)


class ProfileForm(forms.ModelForm):
    # Each language named in its own words, so a player lost in a foreign one finds theirs.
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, required=False)

    class Meta:
        model = Profile
        fields = ["display_name", "language", "timezone", "notify"]
        labels = {
            "display_name": _("Name shown to other players"),
            "timezone": _("Your time zone"),
            "notify": _("Turn notifications"),
        }
        widgets = {"notify": forms.RadioSelect}

    def clean_language(self) -> str:
        # Left out of the form (an older page, a script): the language stays as it was.
        return str(self.cleaned_data.get("language") or self.instance.language)

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        taken = Profile.objects.filter(display_name__iexact=name).exclude(pk=self.instance.pk).exists()
        if taken:
            raise forms.ValidationError(_("Another player already uses that name."))
        return name


class VacationForm(forms.Form):
    back_on = forms.DateField(
        label=_("Back on"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("your clocks run again that day"),
    )
