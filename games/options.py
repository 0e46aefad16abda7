"""A game's table options in words, and which of them apply to a given table.

An engine's `options()` spec may carry, besides "choices" and "default":
- "label": the option's name ("Jael's deck");
- "help": one line on what it changes;
- "names": {choice: words} for the choices ("basic": "Basic");
- "when": {"players": [counts]} or {other option: [values]}: the option only means
  something at such tables (Jael's deck only in a solo game). Every condition must hold.
The form, the lobby and the catalogue all read the spec through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from games.engines.base import Engine

PLAYERS = "players"


@dataclass(frozen=True)
class Shown:
    label: str
    value: str


def label(name: str, spec: dict[str, Any]) -> str:
    return str(spec.get("label") or name.replace("_", " ").capitalize())


def choice_name(spec: dict[str, Any], value: Any) -> str:
    names = spec.get("names") or {}
    if value in names:
        return str(names[value])
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    return str(value)


def applies(spec: dict[str, Any], players: int, chosen: dict[str, Any]) -> bool:
    """Whether the option means anything at a table of `players` with the `chosen` options."""
    for field, allowed in (spec.get("when") or {}).items():
        value = players if field == PLAYERS else chosen.get(field)
        if value not in allowed:
            return False
    return True


def in_effect(engine: Engine, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """`options` with those that do not apply at this table put back to their default, so a
    stored table never carries a choice that means nothing (Jael's deck in a 4-player game)."""
    spec = engine.options()
    filled = {name: options.get(name, s["default"]) for name, s in spec.items()}
    return {
        name: value if applies(spec[name], players, filled) else spec[name]["default"]
        for name, value in filled.items()
    }


def in_words(engine: Engine, players: int, options: dict[str, Any]) -> list[Shown]:
    """The options that apply at this table, each as (name, chosen value) in words."""
    spec = engine.options()
    return [
        Shown(label(name, s), choice_name(s, options.get(name, s["default"])))
        for name, s in spec.items()
        if applies(s, players, options)
    ]


def choices_in_words(engine: Engine) -> list[Shown]:
    """Every option with all its choices, for the catalogue ("Game: Basic or Advanced")."""
    out = []
    for name, s in engine.options().items():
        words = [choice_name(s, c) for c in s["choices"]]
        joined = (
            gettext("%(some)s or %(last)s") % {"some": gettext(", ").join(words[:-1]), "last": words[-1]}
            if len(words) > 1
            else "".join(words)
        )
        out.append(Shown(label(name, s), joined))
    return out
