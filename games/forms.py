"""The form to open a table, built from the engine's own options.

Fields that only mean something at some tables (the seat menus beyond the player count,
Jael's deck outside a solo game) carry a condition, `field.when`, which the page's script
(static/js/table-form.js) uses to show them only when they apply; without the script
every field shows, and those that do not apply are ignored.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import clocks, levels
from games import options as opts
from games.engines.base import Engine
from games.models import OnTimeout

OPEN = ""


class NewGameForm(forms.Form):
    players = forms.TypedChoiceField(coerce=int, label=_("Players"))
    public = forms.BooleanField(required=False, initial=True, label=_("Public table (listed in the lobby)"))
    rated = forms.BooleanField(required=False, initial=True, label=_("Rated (the result moves the ratings)"))
    # The turn clock (docs/correspondence.md); optional so that quick forms may leave it out.
    pace = forms.ChoiceField(
        label=_("Clock"),
        required=False,
        initial=clocks.DEFAULT_PACE,
        choices=[(key, key) for key in clocks.PACES],  # in words per page: __init__
    )
    reserve_rule = clocks.RESERVE_RULE  # the hint under the menu
    on_timeout = forms.ChoiceField(
        label=_("When a player's clock runs out"),
        required=False,
        initial=OnTimeout.BOT,
        choices=OnTimeout.choices,
    )

    # 0 lets anyone in; docs/social.md says how the share is counted.
    min_reliability = forms.IntegerField(
        label="Least reliability to join (%)",
        required=False,
        initial=0,
        min_value=0,
        max_value=100,
        help_text="The share of a player's finished games they played to the end (no timeout, "
        "no early resignation); 0 lets anyone in.",
    )

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.fields["pace"].choices = [(p.key, clocks.in_menu(p)) for p in clocks.PACES.values()]  # type: ignore[attr-defined]
        counts = list(range(engine.min_players, engine.max_players + 1))
        self.fields["players"].choices = [(n, _players(n)) for n in counts]  # type: ignore[attr-defined]
        self.fields["players"].initial = default_players(engine)
        multiplayer = [n for n in counts if n > 1]
        for name in ("rated", "pace", "on_timeout", "min_reliability"):
            # Ratings and clocks are for games between players; a solo game has neither.
            _when(self.fields[name], {"players": multiplayer} if multiplayer != counts else {})
        for name, spec in engine.options().items():
            field = forms.TypedChoiceField(
                label=opts.label(name, spec),
                help_text=spec.get("help", ""),
                choices=[(_key(c), opts.choice_name(spec, c)) for c in spec["choices"]],
                initial=_key(spec["default"]),
                # A field hidden because it does not apply may be left out: its default holds.
                required=False,
                empty_value=spec["default"],
                coerce=lambda v, choices=spec["choices"]: next(c for c in choices if _key(c) == v),
            )
            when = spec.get("when") or {}
            _when(field, {(k if k == opts.PLAYERS else f"opt_{k}"): v for k, v in when.items()})
            self.fields[f"opt_{name}"] = field
        self.levels = levels.offered(engine)
        for seat in range(1, engine.max_players):
            seat_field = forms.ChoiceField(
                label=gettext("Seat %(number)d") % {"number": seat + 1},
                required=False,
                initial=OPEN,
                choices=[(OPEN, gettext("Open for a player"))]
                + [(lv.key, gettext("%(level)s bot") % {"level": lv.name}) for lv in self.levels],
            )
            _when(seat_field, {"players": [n for n in counts if n > seat]})
            self.fields[f"seat_{seat}"] = seat_field

    # The fields in the order the page shows them: the game, its seats, the table.
    def game_fields(self) -> list[forms.BoundField]:
        return [self["players"], *(self[f] for f in self.fields if f.startswith("opt_"))]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in self.fields if f.startswith("seat_")]

    def table_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in ("public", "rated", "pace", "on_timeout", "min_reliability")]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        players = data["players"]
        chosen = {k[4:]: v for k, v in data.items() if k.startswith("opt_")}
        bots = {
            int(k[5:]): v for k, v in data.items() if k.startswith("seat_") and v and int(k[5:]) < players
        }
        return {
            "players": players,
            "options": opts.in_effect(self.engine, players, chosen),
            "public": data["public"],
            "bots": bots,
            "rated": data["rated"],
            "pace": data.get("pace") or clocks.DEFAULT_PACE,
            "on_timeout": data.get("on_timeout") or OnTimeout.BOT,
            "min_reliability": data.get("min_reliability") or 0,
        }


def default_players(engine: Engine) -> int:
    """The count the form offers first: the engine's choice, else the smallest multiplayer game."""
    wanted = int(getattr(engine, "default_players", 0) or max(2, engine.min_players))
    return min(max(wanted, engine.min_players), engine.max_players)


def _when(field: forms.Field, condition: dict[str, list[Any]]) -> None:
    """Marks the field as applying only when each named field holds one of the values
    (as the form submits them: strings)."""
    field.when = json.dumps({k: [_key(v) for v in vs] for k, vs in condition.items()}) if condition else ""  # type: ignore[attr-defined]


def _players(n: int) -> str:
    return gettext("1 (solo)") if n == 1 else str(n)


def _key(choice: Any) -> str:
    return str(choice).lower() if isinstance(choice, bool) else str(choice)
