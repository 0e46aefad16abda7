"""The site's translation catalogues (locale/<language>/LC_MESSAGES): gathering the marked
texts, compiling them, and checking them (tests/test_catalogues.py). docs/i18n.md tells a
translator how to use it.

    python -m config.catalogues update      # gather the marked texts into every language's .po
    python -m config.catalogues compile     # write each .mo from its .po

The .mo files are compiled here with polib, not GNU gettext's msgfmt, and committed: the site
needs no gettext to run, and the check can compile a .po the same way and compare the bytes.
Gathering (`update`) needs GNU gettext's xgettext, as Django's makemessages does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import polib

BASE_DIR = Path(__file__).resolve().parent.parent
LOCALE = BASE_DIR / "locale"
DOMAINS = ("django", "djangojs")  # the pages, e-mails and Python; the scripts under static/js
# Not the site's own texts: the engines keep their own catalogue (games/engines), and the
# tests, benches, docs, scripts and vendored code are not read by players.
IGNORED = [".venv/*", "games/engines/*", "tests/*", "bench/*", "docs/*", "scripts/*", "staticfiles/*"]
IGNORED_JS = [".venv/*", "static/vendor/*", "staticfiles/*", "tests/*"]


def languages() -> list[str]:
    from django.conf import settings

    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def compiled(po_file: Path) -> bytes:
    """The .mo for this .po, as `compile` writes it."""
    mo = po_file.with_suffix(".compiling.mo")
    try:
        polib.pofile(str(po_file)).save_as_mofile(str(mo))
        return mo.read_bytes()
    finally:
        mo.unlink(missing_ok=True)


def compile_all() -> None:
    for language in languages():
        for domain in DOMAINS:
            po = po_path(language, domain)
            po.with_suffix(".mo").write_bytes(compiled(po))


def update() -> None:
    """Gathers the marked texts into each language's .po (Django's makemessages), keeping the
    translations already there; a changed text comes back marked fuzzy, for a translator."""
    from django.core.management import call_command

    os.chdir(BASE_DIR)  # makemessages reads the sources under the current directory
    for language in languages():
        common = {"locale": [language], "add_location": "file", "no_obsolete": True, "verbosity": 0}
        call_command("makemessages", domain="django", ignore_patterns=IGNORED, **common)
        call_command("makemessages", domain="djangojs", ignore_patterns=IGNORED_JS, **common)


def main(argv: list[str]) -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    command = argv[1] if len(argv) > 1 else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    else:
        print("usage: python -m config.catalogues update|compile", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
