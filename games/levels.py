"""Bot levels as players read them: the one place that names them and says what each does.

Engines list their bots by key (`engine.bots`: "random", "heuristic", "hard"); the pages
(new-table form, lobby, play page, ratings) show the name and description below instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engines.base import Engine
from games.engines.i18n import _ as engine_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Level:
    key: str
    name: StrOrPromise  # in the language of the page that shows it
    description: StrOrPromise


# Easiest first: the order the form offers them in.
LEVELS: dict[str, Level] = {
    level.key: level
    for level in (
        Level("random", _("Easy"), _("Picks any legal move at random: good for learning the rules.")),
        Level("heuristic", _("Medium"), _("Weighs each move by simple rules of thumb, one move at a time.")),
        Level("hard", _("Hard"), _("Looks several moves ahead over the cards it cannot see.")),
    )
}


def level(key: str) -> Level:
    """The level called `key`; a bot the list does not know keeps its own key as a name."""
    return LEVELS.get(key) or Level(key, key.replace("_", " ").capitalize(), "")


def name(key: str) -> str:
    return str(level(key).name)


def offered(engine: Engine) -> list[Level]:
    """The levels this engine has a bot for, easiest first. An engine may add a sentence to a
    level's line (`level_notes`), where that bot plays differently in its game."""
    keys = list(getattr(engine, "bots", {}) or {})
    known = [lv for key, lv in LEVELS.items() if key in keys]
    notes: dict[str, str] = getattr(engine, "level_notes", {})
    return [
        Level(lv.key, lv.name, f"{lv.description} {engine_text(notes[lv.key])}") if lv.key in notes else lv
        for lv in known + [level(k) for k in keys if k not in LEVELS]
    ]
