"""The engines' message catalogue: which texts it must hold, and its upkeep.

    python -m games.engines.catalogue        # add new texts to every engines.po, compile .mo

The texts are the string literals the engines' sources pass to `_()`, `N_()` and `say()`,
and the names and texts their data files hold (`data_texts`). A translator fills in the
new entries of games/engines/locale/<lang>/LC_MESSAGES/engines.po and runs this again; the
tests (tests/engines/test_i18n.py) check that every text has a translation and that each .mo
matches its .po. A developer tool: it needs polib (the dev extras), the site does not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games.engines.i18n import DOMAIN, LOCALE_DIR

ENGINES_DIR = Path(__file__).parent
MARKERS = {"_", "N_", "say", "Translated"}


def marked_texts() -> Iterator[tuple[str, str]]:
    """(text, file) for each literal passed to a marker in the engines' sources."""
    for path in sorted(ENGINES_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS
            ):
                continue
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value, str(path.relative_to(ENGINES_DIR.parent.parent))


def data_texts() -> Iterator[tuple[str, str]]:
    """The names and texts of the games' components, read from their data."""
    from games.engines.architectura import cards as ar_cards
    from games.engines.lords import data as lo_data
    from games.engines.stonespine import cards as ss_cards
    from games.engines.stonespine import data as ss_data
    from games.engines.stonespine import jael as ss_jael
    from games.engines.thunderstone import data as ts_data
    from games.engines.thunderstone import texts as ts_texts

    for chamber in ss_data.CHAMBERS.values():
        yield chamber.name, "stonespine/chambers.csv"
    for goal in ss_cards.GOALS.values():
        yield goal.name, "stonespine/cards.py"
        yield goal.text, "stonespine/cards.py"
    for challenge in ss_cards.CHALLENGES.values():
        yield challenge.name, "stonespine/cards.py"
        yield challenge.text, "stonespine/cards.py"
    for jael in ss_jael.JAEL_CARDS.values():
        yield jael.name, "stonespine/jael.py"
        yield jael.condition, "stonespine/jael.py"
    for building in ar_cards.BUILDINGS.values():
        yield building.name, "architectura/cards.py"
        yield building.text, "architectura/cards.py"
    for name in ts_data.CARDS:
        yield name, "thunderstone/data.py"
        yield ts_texts.TEXT[name], "thunderstone/texts.py"

    yield from _lords(lo_data)
    yield from _score_sheets()


def _score_sheets() -> Iterator[tuple[str, str]]:
    """The categories of each game's `outcome` breakdown (the score sheet's rows): the site
    words them with `_()` where it shows them."""
    from games.engines.architectura import rules as ar_rules
    from games.engines.lords import scoring
    from games.engines.stonespine import rules as ss_rules
    from games.engines.stonespine import solo
    from games.engines.thunderstone import rules as ts_rules

    categories = [*ss_rules.CATEGORIES, *solo.CATEGORIES, *ts_rules.CATEGORIES, *scoring.CATEGORIES]
    for category in [*categories, *ar_rules.CATEGORIES]:
        yield category, "score sheets"


def _lords(data: Any) -> Iterator[tuple[str, str]]:
    names = [*data.HERB_NAMES.values(), *data.SECTIONS.values(), *data.BONUS_WORDS.values()]
    names += [*data.EFFECT_WORDS.values()]
    names += [x.name for x in [*data.SPELLS.values(), *data.ITEMS.values(), *data.SPOTS.values()]]
    for name in names:
        yield name, "lords/data.py"


def texts() -> dict[str, list[str]]:
    """Every text the catalogue must hold, with where it comes from."""
    out: dict[str, list[str]] = {}
    for text, where in [*marked_texts(), *data_texts()]:
        if text:
            out.setdefault(text, []).append(where)
    return out


def po_paths() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    import polib

    wanted = texts()
    for path in po_paths():
        po = polib.pofile(str(path))
        known = {e.msgid: e for e in po}
        entries = []
        for text in sorted(wanted):
            entry = known.get(text) or polib.POEntry(msgid=text, msgstr="")
            entry.occurrences = [(where, "") for where in sorted(set(wanted[text]))[:3]]
            if "{" in text:
                entry.flags = sorted(set(entry.flags) | {"python-brace-format"})
            entries.append(entry)
        po[:] = entries
        po.save(str(path))
        po.save_as_mofile(str(path.with_suffix(".mo")))
        missing = [e.msgid for e in po if not e.msgstr or "fuzzy" in e.flags]
        print(f"{path}: {len(po)} texts, {len(missing)} to translate")


if __name__ == "__main__":
    update()
