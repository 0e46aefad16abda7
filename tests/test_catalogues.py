"""The translation catalogues are complete, compiled, and up to date with the sources."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from config import catalogues

# Every language of settings.LANGUAGES but the default (whose texts are the sources' own).
CATALOGUES = [(lang, domain) for lang in catalogues.languages() for domain in catalogues.DOMAINS]


def _keys(po: polib.POFile) -> set[tuple[str, str, str]]:
    return {(e.msgctxt or "", e.msgid, e.msgid_plural) for e in po if not e.obsolete}


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_marked_text_has_a_translation(language: str, domain: str) -> None:
    po = polib.pofile(str(catalogues.po_path(language, domain)))
    assert len(po) > 0
    assert not po.metadata_is_fuzzy
    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    assert [e.msgid for e in po.obsolete_entries()] == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_compiled_catalogue_matches_its_source(language: str, domain: str) -> None:
    po = catalogues.po_path(language, domain)
    assert po.with_suffix(".mo").read_bytes() == catalogues.compiled(po), (
        f"{po.with_suffix('.mo')} is stale: run `python -m config.catalogues compile`"
    )


def test_the_catalogues_hold_every_marked_text_of_the_sources(tmp_path: Path) -> None:
    """Gathers the marked texts afresh (in a copy of the sources) and compares."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext's xgettext is not installed: the catalogues' freshness is not checked")
    base = catalogues.BASE_DIR
    for part in (
        "accounts",
        "config",
        "games",
        "ratings",
        "social",
        "tournaments",
        "templates",
        "static",
        "locale",
    ):
        shutil.copytree(base / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(base / "manage.py", tmp_path)
    subprocess.run(
        [sys.executable, "-m", "config.catalogues", "update"],
        cwd=tmp_path,
        check=True,
        env={**os.environ, "DATABASE_URL": "sqlite://:memory:"},
    )
    for language, domain in CATALOGUES:
        fresh = polib.pofile(str(tmp_path / catalogues.po_path(language, domain).relative_to(base)))
        ours = polib.pofile(str(catalogues.po_path(language, domain)))
        assert _keys(fresh) - _keys(ours) == set(), f"{domain}: marked but not in the catalogue"
        assert _keys(ours) - _keys(fresh) == set(), f"{domain}: in the catalogue but no longer marked"
