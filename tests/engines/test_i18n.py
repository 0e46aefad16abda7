"""The engines' texts in Japanese (docs/i18n.md, "Engines' texts"): the catalogue holds every
text the engines mark or their data name, each translated; the compiled .mo says what the .po
says; and random playouts read in Japanese leave no English word in a label or a log line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polib
import pytest

from games.engines import catalogue, get_engine
from games.engines.base import IllegalAction
from games.engines.i18n import Translated, _, language, use
from games.engines.rng import Rng
from tests.engines.conformance import seat_count

FIELD = re.compile(r"\{(\w*)\}")
SEAT = re.compile(r"\{p\d+\}")
WORD = re.compile(r"[A-Za-z]{2,}|\b[A-Za-z]\b")
PO = [Path(p) for p in catalogue.po_paths()]


def test_there_is_a_japanese_catalogue():
    assert any(p.parts[-3] == "ja" for p in PO)


@pytest.mark.parametrize("path", PO, ids=lambda p: p.parts[-3])
def test_every_engine_text_is_translated(path):
    po = polib.pofile(str(path))
    entries = {e.msgid: e for e in po if not e.obsolete}
    missing = [t for t in catalogue.texts() if t not in entries]
    assert not missing, f"not in {path.name} (run python -m games.engines.catalogue): {missing[:5]}"
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated and not fuzzy, (untranslated[:5], fuzzy[:5])


@pytest.mark.parametrize("path", PO, ids=lambda p: p.parts[-3])
def test_each_translation_keeps_its_fields(path):
    for e in polib.pofile(str(path)):
        assert sorted(FIELD.findall(e.msgstr)) == sorted(FIELD.findall(e.msgid)), e.msgid


@pytest.mark.parametrize("path", PO, ids=lambda p: p.parts[-3])
def test_the_compiled_catalogue_matches_its_source(path):
    mo = path.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing (run python -m games.engines.catalogue)"
    compiled = {e.msgid: e.msgstr for e in polib.mofile(str(mo)) if e.msgid}
    source = {e.msgid: e.msgstr for e in polib.pofile(str(path)) if e.msgstr and "fuzzy" not in e.flags}
    assert compiled == source


def test_english_is_the_default_and_use_switches_back():
    assert language() == "en"
    assert _("Jael") == "Jael"
    with use("ja"):
        assert language() == "ja"
        assert _("Jael") == "ジャエル"
        with use("en-us"):
            assert _("Jael") == "Jael"
    assert _("Jael") == "Jael"


def test_a_translated_attribute_follows_the_language():
    class Box:
        title = Translated("Stonespine Architects")

    assert Box().title == "Stonespine Architects"
    with use("ja-jp"):
        assert Box().title == "ストーンスパイン・アーキテクト"


def english_left(text: str) -> list[str]:
    """The Latin-letter words in `text` once seat names ({p0}...) are taken out."""
    return WORD.findall(SEAT.sub("", text))


def read_in_japanese(slug: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """Every text a random playout shows: each option's words, every legal action's group and
    label at every step, and every seat's (and a spectator's) log at the end."""
    engine = get_engine(slug)
    shown: list[str] = []
    with use("ja"):
        shown += [engine.title] + [str(getattr(engine, a, "")) for a in ("blurb", "length", "automaton_name")]
        shown += [_(note) for note in getattr(engine, "level_notes", {}).values()]  # as games/levels.py
        for spec in engine.options().values():
            shown += [spec.get("label", ""), spec.get("help", ""), *map(str, spec.get("names", {}).values())]
        rng = Rng(seed)
        s = engine.setup(seed, players, options)
        seats = seat_count(engine, players, options)
        for _step in range(5000):
            acting = sorted(engine.to_act(s))
            if not acting:
                break
            seat = acting[0]
            actions = engine.legal_actions(s, seat)
            for action in actions:
                shown += engine.describe(s, seat, action)  # type: ignore[attr-defined]
            s = engine.apply(s, seat, rng.choice(actions))
        assert not engine.to_act(s), "the playout did not end"
        for seat in [*range(seats), None]:
            shown += engine.view(s, seat).get("log", [])
    return shown


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    [
        ("stonespine", 3, {}),
        ("stonespine", 2, {"face_down": True}),
        ("stonespine", 1, {"jael": "legendary"}),
        ("architectura", 3, {}),
        ("architectura", 4, {"variant": "advanced", "balance": True}),
        ("architectura", 2, {"variant": "advanced", "swaps": "6"}),
        ("thunderstone", 2, {}),
        ("thunderstone", 4, {"setup": "first game"}),
        ("thunderstone", 3, {"monsters": "4"}),
        ("lords", 2, {}),
        ("lords", 4, {}),
    ],
)
@pytest.mark.parametrize("seed", [11, 12])
def test_a_playout_in_japanese_leaves_no_english(slug, players, options, seed):
    shown = read_in_japanese(slug, players, options, seed)
    left = {text: english_left(text) for text in shown if english_left(text)}
    assert not left, list(left.items())[:5]


@pytest.mark.parametrize("slug", ["stonespine", "architectura", "thunderstone", "lords"])
def test_a_refused_action_gives_its_reason_in_japanese(slug):
    engine = get_engine(slug)
    s = engine.setup(1, 2, {})
    seat = min(engine.to_act(s))
    with use("ja"), pytest.raises(IllegalAction) as refused:
        engine.apply(s, seat, {"type": "fly"})
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", refused.value.reason), refused.value.reason
