"""The form to create a tournament: the game's own options (as the new-table form builds
them), the table size, the format and rounds, the tables' clock, and the start."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import options as opts
from games.engines.base import Engine
from games.forms import NewGameForm
from tournaments.models import Format
from tournaments.services import MAX_ROUNDS


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=80, label=_("Name"))
    players = forms.TypedChoiceField(coerce=int, label=_("Players at each table"))
    format = forms.ChoiceField(choices=Format.choices, initial=Format.SWISS, label=_("Format"))
    rounds = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=3,
        label=_("Rounds (Swiss)"),
        help_text=_("A round-robin plays as many rounds as it takes for everyone to meet everyone."),
    )
    signup_opens = forms.DateTimeField(
        label=_("Sign-up opens"),
        required=False,
        help_text=_("Leave it empty to open sign-up now."),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    starts_at = forms.DateTimeField(
        label=_("Start (sign-up closes then)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.fields["starts_at"].initial = (timezone.localtime() + timedelta(days=1)).replace(
            second=0, microsecond=0
        )
        table = NewGameForm(engine)  # the game's options and the table's clock, as a table has them
        sizes = [n for n in range(max(2, engine.min_players), engine.max_players + 1)]
        self.fields["players"].choices = [(n, str(n)) for n in sizes]  # type: ignore[attr-defined]
        self.fields["players"].initial = table.fields["players"].initial
        for name, field in table.fields.items():
            if name.startswith("opt_") or name in ("rated", "pace", "on_timeout"):
                self.fields[name] = field

    def tournament_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in ("name", "players", "format", "rounds", "signup_opens", "starts_at")]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in self.fields if f.startswith("opt_")]

    def table_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in ("rated", "pace", "on_timeout")]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        chosen = {k[4:]: v for k, v in data.items() if k.startswith("opt_")}
        return {
            "name": data["name"],
            "table_size": data["players"],
            "options": opts.in_effect(self.engine, data["players"], chosen),
            "format": data["format"],
            "rounds": data["rounds"],
            "pace": data.get("pace") or "3d",
            "on_timeout": data.get("on_timeout") or "bot",
            "rated": data["rated"],
            "starts_at": data["starts_at"],
            "signup_opens": data.get("signup_opens"),
        }
