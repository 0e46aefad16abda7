"""The registry of game engines: pure Python, nothing from Django.

ENGINES maps each slug to its engine. The site may register extra engines (the
tests' small engine) through games.registry, never here.
"""

from __future__ import annotations

from games.engines.base import Engine

ENGINES: dict[str, Engine] = {}


def _register() -> None:
    # Each game registers itself when its package exists; a missing package is a
    # game not built yet, not an error.
    import importlib

    from games.engines.search import add_hard_bot

    for slug in ("stonespine", "architectura", "thunderstone", "lords"):
        try:
            module = importlib.import_module(f"games.engines.{slug}")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.engines.{slug}":
                raise
            continue
        ENGINES[slug] = module.ENGINE
        add_hard_bot(module.ENGINE)  # every engine that can deal from a view gets the search bot


_register()


def get_engine(slug: str) -> Engine:
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"no engine called {slug!r}") from None
