"""A player downloads their own games (JSON records) and statistics (CSV)."""

from __future__ import annotations

import csv
import io
import json

from django.test import Client
from django.urls import reverse

from games import services
from ratings.models import RatingChange
from tests.conftest import client_for
from tests.ratings.factory import highcard, played


def test_the_games_export_holds_every_finished_game_of_the_player_and_no_other(alice, bob, charlie):
    mine = [
        played("highcard", [alice, bob], 1),
        highcard([alice, charlie], [1, 2], public=False),
        highcard([("resigned", alice), "random"], [3, 1], rated=False),
    ]
    highcard([bob, charlie], [1, 0])  # not alice's
    services.create_game(alice, "highcard", 2, {}, bots={1: "random"})  # in play: its moves are secret
    response = client_for(alice).get(reverse("export_games"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    records = json.loads(response.content)
    assert [r["id"] for r in records] == [g.pk for g in mine]
    first = records[0]
    assert [s["name"] for s in first["seats"]] == ["Alice", "Bob", "Dealer"]
    assert [s["you"] for s in first["seats"]] == [True, False, False]
    assert len(first["moves"]) == mine[0].version > 0
    change = RatingChange.objects.get(game=mine[0], rating__user=alice)
    assert first["rating"]["after"] == change.display and first["rating"]["mu"] == change.mu
    assert records[2]["rating"] is None and records[2]["seats"][0]["resigned"] is True


def test_the_statistics_export_is_one_number_a_row(alice, bob):
    highcard([alice, bob], [3, 1])
    highcard([alice, bob], [0, 2])
    played("stonespine", [alice], 3, options={"jael": "legendary"})
    response = client_for(alice).get(reverse("export_statistics"))
    assert response["Content-Type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert table[0] == ["game", "section", "statistic", "value"]
    facts = {(g, section, name): value for g, section, name, value in table[1:]}
    assert facts[("highcard", "multiplayer", "played")] == "2"
    assert facts[("highcard", "multiplayer", "won")] == "1"
    assert facts[("highcard", "multiplayer", "average score")] == "1.5"
    assert facts[("highcard", "rating", "rated games")] == "2"
    assert facts[("highcard", "rating", "provisional")] == "true"
    assert facts[("stonespine", "solo legendary", "played")] == "1"


def test_the_exports_are_only_for_the_player_logged_in(db):
    for name in ("export_games", "export_statistics"):
        response = Client().get(reverse(name))
        assert response.status_code == 302 and "login" in response["Location"]
