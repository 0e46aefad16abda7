"""Imports point one way: games/ never imports the tournaments app (it announces its
events through games/signals.py, which tournaments listens to)."""

from __future__ import annotations

import re
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"
IMPORT = re.compile(r"^\s*(from|import)\s+tournaments\b", re.MULTILINE)


def test_games_imports_nothing_of_tournaments():
    offenders = [str(p) for p in GAMES.rglob("*.py") if IMPORT.search(p.read_text())]
    assert offenders == []
