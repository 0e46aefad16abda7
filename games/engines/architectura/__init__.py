"""Architectura (Hobby World), 2-4 players, basic and advanced game; buildings designed here."""

from __future__ import annotations

from .bots import BOTS
from .engine import Architectura

ENGINE = Architectura()
ENGINE.bots = BOTS
