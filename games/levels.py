"""Bot levels as players read them: the one place that names them and says what each does.

Engines list their bots by key (`engine.bots`: "random", "heuristic", "hard"); the pages
(new-table form, lobby, play page, ratings) show the name and description below instead. The
new-table form also shows each level's rating from the bots' ladder (bench/ladder.py writes
`ladder.json` beside this module), with the number of games behind it.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from games.engines.base import Engine
from games.engines.i18n import _ as engine_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

LADDER_FILE = Path(__file__).with_name("ladder.json")
PROVISIONAL_GAMES = 10  # below this many games a rating is provisional, as a player's (ratings/models.py)


@dataclass(frozen=True)
class Level:
    key: str
    name: StrOrPromise  # in the language of the page that shows it
    description: StrOrPromise
    rating: float | None = None  # from the ladder (mu - 3 sigma, as players' ratings are shown)
    rated_games: int = 0

    @property
    def provisional(self) -> bool:
        return self.rating is not None and self.rated_games < PROVISIONAL_GAMES


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
    rated = _ladder().get("games", {}).get(engine.slug, {}).get("levels", {})
    return [
        replace(
            lv,
            description=f"{lv.description} {engine_text(notes[lv.key])}"
            if lv.key in notes
            else lv.description,
            rating=rated.get(lv.key, {}).get("rating"),
            rated_games=rated.get(lv.key, {}).get("games", 0),
        )
        for lv in known + [level(k) for k in keys if k not in LEVELS]
    ]


@functools.cache
def _ladder() -> dict[str, Any]:
    """The ladder's figures (read once: the file changes only with a release)."""
    try:
        return dict(json.loads(LADDER_FILE.read_text()))
    except FileNotFoundError:
        return {}
