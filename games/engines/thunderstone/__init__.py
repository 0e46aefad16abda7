"""Thunderstone (Alderac Entertainment Group), base set, 2-5 players."""

from __future__ import annotations

from .bots import BOTS
from .engine import Thunderstone

ENGINE = Thunderstone()
ENGINE.bots = BOTS
