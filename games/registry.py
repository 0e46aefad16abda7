"""The engines the site offers: games.engines.ENGINES plus settings.EXTRA_ENGINES."""

from __future__ import annotations

import importlib
from functools import cache

from django.conf import settings
from django.http import Http404

from games.engines import ENGINES
from games.engines.base import Engine
from games.engines.search import add_hard_bot


@cache
def engines() -> dict[str, Engine]:
    found = dict(ENGINES)
    for path in settings.EXTRA_ENGINES:
        engine = importlib.import_module(path).ENGINE
        add_hard_bot(engine)
        found[engine.slug] = engine
    return found


def engine_or_404(slug: str) -> Engine:
    try:
        return engines()[slug]
    except KeyError:
        raise Http404(f"no game called {slug!r}") from None


def get(slug: str) -> Engine:
    return engines()[slug]


def extra(engine: Engine, name: str, *args: object, default: object = None) -> object:
    """Calls an optional BaseEngine extra if the engine has it."""
    fn = getattr(engine, name, None)
    return fn(*args) if fn is not None else default
