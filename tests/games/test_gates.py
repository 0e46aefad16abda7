"""games/gates.py: with no hook registered everything is allowed and nobody hidden (games
works alone); a hook's reason refuses; sets of players are the union of the hooks'."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.contrib.auth.models import AnonymousUser

from games import chat, gates, services
from games.errors import Forbidden


@pytest.fixture
def no_hooks(monkeypatch):
    monkeypatch.setattr(gates, "_hooks", defaultdict(list))


def test_without_hooks_everything_is_allowed(no_hooks, alice, bob):
    game = services.create_game(alice, "highcard", 3, {}, min_reliability=100)
    services.join_game(bob, game.pk)  # nothing enforces the least reliability without a hook
    chat.post(bob, game.pk, "hello")
    assert gates.players("hidden", bob) == set() and gates.refusal("rematch", user=bob, game=game) is None


def test_the_first_reason_refuses_and_sets_add_up(no_hooks, alice, bob):
    gates.register("join", lambda user, game: None)
    gates.register("join", lambda user, game: "not today")
    gates.register("join", lambda user, game: "never reached")
    game = services.create_game(alice, "highcard", 2, {})
    with pytest.raises(Forbidden, match=r"^not today$"):
        services.join_game(bob, game.pk)
    assert not game.seats.filter(user=bob).exists()
    gates.register("followed", lambda viewer: {1, 2})
    gates.register("followed", lambda viewer: [2, 3])
    assert gates.players("followed", alice) == {1, 2, 3}
    assert gates.players("followed", AnonymousUser()) == set()


def test_a_gate_must_be_one_of_the_documented_points(no_hooks):
    with pytest.raises(ValueError, match="no gate"):
        gates.register("teleport", lambda **facts: None)
