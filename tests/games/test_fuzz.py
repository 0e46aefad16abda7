"""Fuzzing the act endpoint: whatever arrives, a clear error and nothing written."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Move
from tests.conftest import client_for

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def state_of(game):
    game.refresh_from_db()
    return game.version, game.state, Move.objects.count()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=json_values, version=st.one_of(st.integers(-5, 5), st.text(max_size=5), st.none()))
def test_random_actions_are_refused_cleanly(duel, alice, action, version):
    before = state_of(duel)
    response = client_for(alice).post(
        reverse("act", args=[duel.pk]),
        {"action": {"type": "play", "card": "Amber 1", "x": action}, "version": version},
        content_type="application/json",
    )
    assert response.status_code in (400, 409)
    assert response.json()["error"]
    assert state_of(duel) == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.text(max_size=200))
def test_malformed_form_fields_are_refused_cleanly(duel, alice, raw):
    before = state_of(duel)
    response = client_for(alice).post(
        reverse("act", args=[duel.pk]), {"action": raw, "version": raw, "seat": raw}
    )
    assert response.status_code in (400, 403)
    assert state_of(duel) == before


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'"a string"',
        b'{"action": [], "version": 0}',
        b'{"action": {"type": "play"}}',
        b'{"action": {"type": "teleport"}, "version": 0}',
        b"\xff\xfe",
    ],
)
def test_malformed_json_bodies_get_400(duel, alice, body):
    before = state_of(duel)
    response = client_for(alice).post(reverse("act", args=[duel.pk]), body, content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.json()
    assert state_of(duel) == before


def test_a_huge_payload_is_refused_before_parsing(duel, alice):
    before = state_of(duel)
    body = json.dumps({"action": {"type": "play", "card": "A" * 200_000}, "version": 0})
    response = client_for(alice).post(reverse("act", args=[duel.pk]), body, content_type="application/json")
    assert response.status_code == 400
    assert "too large" in response.json()["error"]
    assert state_of(duel) == before


def test_a_missing_game_is_404(alice):
    response = client_for(alice).post(reverse("act", args=[999]), {"action": "{}", "version": 0})
    assert response.status_code == 404
