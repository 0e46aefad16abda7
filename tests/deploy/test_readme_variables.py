"""Every variable the settings read is in README.md's table: an operator setting up a
site reads that table, not config/settings.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_variable_the_settings_read_is_in_the_readme():
    settings = (ROOT / "config" / "settings.py").read_text()
    read = set(re.findall(r"""env(?:\.\w+)?\(\s*["']([A-Z][A-Z0-9_]*)["']""", settings))
    assert {"DATABASE_URL", "SESSION_COOKIE_SECURE"} <= read  # the pattern finds them
    table = {
        name
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("| `")
        for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", line.split("|")[1])
    }
    assert sorted(read - table) == []
