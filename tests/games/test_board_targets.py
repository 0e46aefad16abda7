"""Moves on the board: every target an engine names for a legal action is an element the
page draws (data-target), so the board and the actions list can never disagree."""

from __future__ import annotations

import json
import random
import re
from html import unescape

import pytest

from games import registry, services
from games.models import Game
from tests.conftest import client_for

TARGET = re.compile(r'data-target="([^"]+)"')
TARGETS = re.compile(r'data-targets="([^"]*)"')


@pytest.mark.parametrize("slug", ["stonespine", "architectura", "thunderstone"])
def test_every_target_is_drawn_on_the_page(alice, bob, slug):
    game = services.create_game(alice, slug, 2, {})
    services.join_game(bob, game.pk)
    users, engine, rng = {0: alice, 1: bob}, registry.get(slug), random.Random(3)
    pages = targeted = 0
    for _ in range(60):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = game.to_act[0]
        if pages < 12:
            page = client_for(users[seat]).get(game.get_absolute_url()).text
            drawn = set(TARGET.findall(page))
            for keys in (json.loads(unescape(t)) for t in TARGETS.findall(page)):
                if keys:
                    targeted += 1
                    assert set(keys) <= drawn, f"{set(keys) - drawn} not on the page"
                    assert all(isinstance(k, str) and '"' not in k for k in keys)
            pages += 1
        legal = engine.legal_actions(engine.load(game.stored_state()), seat)
        services.submit_action(users[seat], game.pk, seat, rng.choice(legal), game.version)
    assert targeted > 0
