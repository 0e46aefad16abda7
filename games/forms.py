"""The form to open a table, built from the engine's own options."""

from __future__ import annotations

from typing import Any

from django import forms

from games import clocks
from games.engines.base import Engine
from games.models import OnTimeout

OPEN = ""


class NewGameForm(forms.Form):
    players = forms.TypedChoiceField(coerce=int, label="Players")
    public = forms.BooleanField(required=False, initial=True, label="Public table (listed in the lobby)")
    rated = forms.BooleanField(required=False, initial=True, label="Rated (the result moves the ratings)")
    # The turn clock (docs/correspondence.md); optional so that quick forms may leave it out.
    pace = forms.ChoiceField(
        label="Clock",
        required=False,
        initial=clocks.DEFAULT_PACE,
        choices=[(p.key, clocks.described(p)) for p in clocks.PACES.values()],
    )
    on_timeout = forms.ChoiceField(
        label="When a player's clock runs out",
        required=False,
        initial=OnTimeout.BOT,
        choices=OnTimeout.choices,
    )

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        counts = range(engine.min_players, engine.max_players + 1)
        self.fields["players"].choices = [(n, str(n)) for n in counts]  # type: ignore[attr-defined]
        self.fields["players"].initial = engine.min_players
        for name, spec in engine.options().items():
            self.fields[f"opt_{name}"] = forms.TypedChoiceField(
                label=spec.get("label", name.replace("_", " ").capitalize()),
                choices=[(_key(c), _label(c)) for c in spec["choices"]],
                initial=_key(spec["default"]),
                coerce=lambda v, choices=spec["choices"]: next(c for c in choices if _key(c) == v),
            )
        levels = list(getattr(engine, "bots", {}))
        for seat in range(1, engine.max_players):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=f"Seat {seat + 1}",
                required=False,
                initial=OPEN,
                choices=[(OPEN, "Open for a player")] + [(lv, f"Bot: {lv}") for lv in levels],
            )

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        players = data["players"]
        options = {k[4:]: v for k, v in data.items() if k.startswith("opt_")}
        bots = {
            int(k[5:]): v for k, v in data.items() if k.startswith("seat_") and v and int(k[5:]) < players
        }
        return {
            "players": players,
            "options": options,
            "public": data["public"],
            "bots": bots,
            "rated": data["rated"],
            "pace": data.get("pace") or clocks.DEFAULT_PACE,
            "on_timeout": data.get("on_timeout") or OnTimeout.BOT,
        }


def _key(choice: Any) -> str:
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


def _label(choice: Any) -> str:
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)
