"""A private table is invisible to everyone outside it: every endpoint answers a
stranger exactly as it answers for a game that does not exist (404)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from tests.conftest import client_for

MISSING = 987_654

GETS = ["game", "state_json", "replay", "record", "chat"]
POSTS = [
    "act",
    "join",
    "leave",
    "start",
    "cancel",
    "resign",
    "reclaim",
    "rematch",
    "rematch_decline",
    "clock_ran_out",
    "chat_write",
]


@pytest.fixture
def private_table(alice, bob):
    """Open, with alice and a seat for one more: cancel, start and join all apply to it."""
    return services.create_game(alice, "highcard", 3, {}, public=False)


@pytest.mark.parametrize("name", GETS + POSTS)
def test_a_stranger_gets_404_as_for_a_missing_game(private_table, charlie, name):
    client = client_for(charlie)
    method = client.get if name in GETS else client.post
    private = method(reverse(name, args=[private_table.pk]), {"version": 0, "action": "{}", "text": "hi"})
    missing = method(reverse(name, args=[MISSING]), {"version": 0, "action": "{}", "text": "hi"})
    assert (private.status_code, missing.status_code) == (404, 404)
    private_table.refresh_from_db()
    assert private_table.status == "open" and private_table.seats.filter(user=charlie).count() == 0


def test_a_wrong_invite_token_is_404_and_the_right_one_seats_the_player(private_table, charlie):
    client = client_for(charlie)
    assert client.post(reverse("join", args=[private_table.pk]), {"token": "guess"}).status_code == 404
    ok = client.post(reverse("join", args=[private_table.pk]), {"token": private_table.invite_token})
    assert ok.status_code == 302
    assert private_table.seats.filter(user=charlie).exists()


def test_the_players_still_reach_their_private_table(private_table, alice):
    client = client_for(alice)
    assert client.get(reverse("game", args=[private_table.pk])).status_code == 200
    assert client.post(reverse("cancel", args=[private_table.pk])).status_code == 302
    private_table.refresh_from_db()
    assert private_table.status == "cancelled"


LIFECYCLE = ["join", "leave", "cancel", "resign", "start", "reclaim", "rematch_decline"]
# Tokens that are not ASCII (the real ones are base64url), as a form body: a lookalike
# letter, an accent, a combining mark, a playing card, a lone surrogate half and a byte
# that is not UTF-8 at all.
ODD_TOKENS = ["%EF%BD%87uess", "%C3%A9" * 16, "%F0%9F%82%A1", "%CC%81", "%ED%A0%80", "%FF"]
FORM = "application/x-www-form-urlencoded"


@pytest.mark.parametrize("name", LIFECYCLE)
@pytest.mark.parametrize("token", ODD_TOKENS)
def test_a_token_that_is_not_ascii_is_404_on_every_action(private_table, charlie, name, token):
    client = client_for(charlie)
    response = client.post(reverse(name, args=[private_table.pk]), f"token={token}", content_type=FORM)
    assert response.status_code == 404
    private_table.refresh_from_db()
    assert private_table.status == "open" and not private_table.seats.filter(user=charlie).exists()


def test_the_real_token_with_one_letter_made_a_lookalike_is_404(private_table, charlie):
    lookalike = private_table.invite_token[:-1] + "\uff41"  # FULLWIDTH LATIN SMALL LETTER A
    response = client_for(charlie).post(reverse("join", args=[private_table.pk]), {"token": lookalike})
    assert response.status_code == 404
    assert not private_table.seats.filter(user=charlie).exists()
