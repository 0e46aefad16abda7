"""Stonespine Architects (Thunderworks Games), 2-5 players."""

from __future__ import annotations

from .bots import BOTS
from .engine import Stonespine

ENGINE = Stonespine()
ENGINE.bots = BOTS
