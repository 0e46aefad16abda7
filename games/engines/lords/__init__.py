"""Lords of Spell and Stone, a worker-placement game, 2-4 players (rules: docs/lords.md)."""

from __future__ import annotations

from .bots import BOTS
from .engine import Lords

ENGINE = Lords()
ENGINE.bots = BOTS
