"""Rated or casual is chosen when the table is opened; rated is the default."""

from __future__ import annotations

from django.urls import reverse

from games import services
from games.models import Game
from tests.conftest import client_for


def test_a_table_is_rated_unless_opened_as_casual(alice):
    assert services.create_game(alice, "highcard", 2, {}).rated
    assert not services.create_game(alice, "highcard", 2, {}, rated=False).rated


def test_the_new_table_form_offers_rated_checked(alice):
    page = client_for(alice).get(reverse("new_game", args=["highcard"]))
    assert 'name="rated"' in page.text
    assert "checked" in page.text.split('name="rated"')[1].split(">")[0]


def test_the_new_table_form_opens_a_casual_table_when_unchecked(alice):
    form = {"players": "2", "public": "on", "opt_variant": "high", "seat_1": "random"}
    client_for(alice).post(reverse("new_game", args=["highcard"]), form)
    client_for(alice).post(reverse("new_game", args=["highcard"]), {**form, "rated": "on"})
    assert list(Game.objects.order_by("pk").values_list("rated", flat=True)) == [False, True]
