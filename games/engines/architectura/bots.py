"""Bots for Architectura: they decide from their seat's view and legal actions only."""

from __future__ import annotations

from games.engines.base import Action, Bot, View
from games.engines.rng import Rng


def random_bot(view: View, actions: list[Action], rng: Rng) -> Action:
    return rng.choice(actions)


BOTS: dict[str, Bot] = {"random": random_bot}
