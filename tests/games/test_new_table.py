"""The new-table form, the lobby and the catalogue as a newcomer reads them: defaults per
game, fields that say when they apply, options and bot levels in words, a welcome."""

from __future__ import annotations

import json
import re

from django.test import Client
from django.urls import reverse

from games import levels, registry, services
from games import options as opts
from games.engines import get_engine
from games.forms import NewGameForm, default_players
from games.models import Game, Status
from tests.conftest import client_for


def selected(page: str, name: str) -> str:
    """The value the page's <select name=...> starts on."""
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select, f"no select {name}"
    found = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(0))
    assert found, select.group(0)
    return found.group(1)


def condition(page: str, field: str) -> dict[str, list[str]]:
    """The data-when condition of the wrapper around the field `field` ({} if none)."""
    found = re.search(rf'<div class="field"(?: data-when="([^"]*)")?>\s*<label for="id_{field}"', page)
    assert found, f"no field {field}"
    return json.loads(found.group(1).replace("&quot;", '"')) if found.group(1) else {}


def test_stonespine_starts_on_four_players_and_others_on_the_smallest_game(alice):
    client = client_for(alice)
    stonespine = client.get(reverse("new_game", args=["stonespine"])).text
    assert selected(stonespine, "players") == "4"
    assert "1 (solo)" in stonespine
    assert selected(client.get(reverse("new_game", args=["highcard"])).text, "players") == "2"
    assert default_players(get_engine("architectura")) == 2


def test_fields_say_when_they_apply(alice):
    page = client_for(alice).get(reverse("new_game", args=["stonespine"])).text
    assert condition(page, "opt_jael") == {"players": ["1"]}
    assert condition(page, "opt_face_down") == {"players": ["2", "3", "4", "5"]}
    assert condition(page, "seat_1") == {"players": ["2", "3", "4", "5"]}
    assert condition(page, "seat_3") == {"players": ["4", "5"]}
    assert condition(page, "rated") == {"players": ["2", "3", "4", "5"]}
    assert condition(page, "players") == {}
    architectura = client_for(alice).get(reverse("new_game", args=["architectura"])).text
    assert condition(architectura, "opt_swaps") == {"opt_variant": ["advanced"]}
    # The form's script is a file of its own (no inline script: the CSP may forbid them).
    assert 'src="/static/js/table-form.js"' in page and "<script>" not in page


def test_options_and_bot_levels_have_names_and_a_line_each(alice, monkeypatch):
    monkeypatch.setattr(levels, "_ladder", dict)  # no ladder figures: the names alone
    page = client_for(alice).get(reverse("new_game", args=["stonespine"])).text
    assert ">Placed face up<" in page and ">Legendary<" in page
    assert ">False<" not in page and ">basic<" not in page
    assert '<option value="random">Easy bot</option>' in page
    assert '<option value="heuristic">Medium bot</option>' in page
    for level in levels.offered(get_engine("stonespine")):
        assert f"<dt>{level.name} bot</dt><dd>{level.description}</dd>" in page
    assert "Picks stay hidden until all have chosen" in page  # the option's one line


def test_hard_is_offered_only_where_the_engine_has_a_hard_bot(alice, monkeypatch):
    monkeypatch.setattr(levels, "_ladder", dict)
    highcard = registry.get("highcard")
    without_search = {key: bot for key, bot in highcard.bots.items() if key != "hard"}
    monkeypatch.setattr(highcard, "bots", without_search)
    page = client_for(alice).get(reverse("new_game", args=["highcard"])).text
    assert "Hard bot" not in page
    # An engine that gains a search bot lists it last, whatever order its dict is in.
    monkeypatch.setattr(highcard, "bots", {"hard": highcard.bots["heuristic"], **without_search})
    form = NewGameForm(highcard)
    assert [name for _, name in form.fields["seat_1"].choices] == [
        "Open for a player",
        "Easy bot",
        "Medium bot",
        "Hard bot",
    ]
    page = client_for(alice).get(reverse("new_game", args=["highcard"])).text
    assert f"<dt>Hard bot</dt><dd>{levels.LEVELS['hard'].description}</dd>" in page
    assert levels.name("mystery_box") == "Mystery box"


def test_a_game_may_add_a_note_to_a_level_s_line(alice, monkeypatch):
    """Thunderstone's hard bot keeps to a plan of its own (docs/thunderstone.md): the form says so."""
    monkeypatch.setattr(levels, "_ladder", dict)
    page = client_for(alice).get(reverse("new_game", args=["thunderstone"])).text
    hard = levels.LEVELS["hard"].description
    assert f"<dt>Hard bot</dt><dd>{hard} Here it keeps to a patient plan" in page
    assert f"<dd>{hard}</dd>" in client_for(alice).get(reverse("new_game", args=["stonespine"])).text


def test_each_level_shows_its_ladder_rating_and_the_games_behind_it(alice, monkeypatch):
    """bench/ladder.py rates the levels against each other; the form shows each rating beside
    the level's name, says how many games it rests on, and leaves an unrated level plain."""
    ladder = {
        "games": {
            "lords": {
                "levels": {"random": {"rating": 3.4, "games": 40}, "hard": {"rating": 21.6, "games": 8}}
            }
        }
    }
    monkeypatch.setattr(levels, "_ladder", lambda: ladder)
    page = client_for(alice).get(reverse("new_game", args=["lords"])).text
    assert '<option value="random">Easy bot (rated 3)</option>' in page
    assert '<option value="hard">Hard bot (rated 22, provisional)</option>' in page  # 8 games: too few
    assert '<option value="heuristic">Medium bot</option>' in page
    assert '<dt>Hard bot <span class="rating">rated 22, provisional</span></dt>' in page
    assert '<dt>Easy bot <span class="rating">rated 3</span></dt>' in page
    assert "Its rating comes from 8 games against the other bots" in page
    assert "<dt>Medium bot</dt>" in page


def test_the_ladder_file_rates_every_level_of_every_game():
    """The file the form reads holds a rating and its sample size for each level offered."""
    for slug in ("architectura", "lords", "stonespine", "thunderstone"):
        for lv in levels.offered(get_engine(slug)):
            assert lv.rating is not None and lv.rated_games > 0, (slug, lv.key)


def test_an_option_that_does_not_apply_is_stored_as_its_default(alice):
    client_for(alice).post(
        reverse("new_game", args=["stonespine"]),
        {"players": "4", "opt_jael": "legendary", "opt_face_down": "true", "public": "on"},
    )
    game = Game.objects.get()
    assert game.options == {"jael": "basic", "face_down": True}
    assert opts.in_effect(
        get_engine("architectura"), 2, {"variant": "basic", "swaps": "3", "balance": True}
    ) == {
        "variant": "basic",
        "swaps": "die",
        "balance": False,
    }


def test_architectura_offers_the_house_rule_with_the_measured_seat_figures(alice):
    """The head start is a house rule: off by default, offered for the advanced game, and the
    form's help gives the seats' wins with and without it as the balance bench measured them."""
    from games.engines.architectura import seat_figures

    spec = get_engine("architectura").options()["balance"]
    assert spec["default"] is False and spec["when"] == {"variant": ["advanced"]}
    figures = seat_figures.load()
    assert set(figures["players"]) == {"2", "3", "4"}
    page = client_for(alice).get(reverse("new_game", args=["architectura"])).text
    assert "Balance later seats (house rule)" in page
    for n, row in figures["players"].items():
        without = " / ".join(f"{x:.0%}" for x in row["without"])
        assert f"{n} players: {without} without" in page.replace("&nbsp;", " ")


def test_the_lobby_and_the_catalogue_show_options_in_words(alice, bob):
    services.create_game(alice, "stonespine", 3, {"face_down": True})
    services.create_game(alice, "architectura", 2, {"variant": "advanced", "swaps": "2"})
    lobby = client_for(bob).get(reverse("lobby")).text
    assert "Chambers: Placed face down (variant)" in lobby
    assert "Game: Advanced; Buildings each player may replace: 2" in lobby
    assert "face_down" not in lobby and "Jael" not in lobby.split("Open tables")[1]
    catalogue = Client().get(reverse("catalogue")).text
    assert "False, True" not in catalogue and "face_down" not in catalogue
    assert "<dt>Chambers</dt><dd>Placed face up or Placed face down (variant)</dd>" in catalogue
    assert "<dt>Buildings each player may replace</dt><dd>Roll a die, 1, 2, 3, 4, 5 or 6</dd>" in catalogue


def test_a_finished_solo_game_is_listed_for_its_player_and_not_for_others(
    alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client_for(alice).post(
            reverse("new_game", args=["stonespine"]), {"players": "1", "opt_jael": "basic"}
        )
        solo = Game.objects.get()
        services.resign(alice, solo.pk)
    solo.refresh_from_db()
    assert solo.status == Status.FINISHED and not solo.public
    finished = client_for(alice).get(reverse("lobby")).text.split("Finished games")[1]
    assert f"#{solo.pk}" in finished and "Jael" in finished
    assert f"#{solo.pk}" not in client_for(bob).get(reverse("lobby")).text


def test_a_first_visit_is_welcomed_and_told_how_to_start(alice, bob):
    anonymous = Client().get(reverse("lobby")).text
    assert "Welcome to Stonespine Tables" in anonymous
    assert reverse("account_signup") in anonymous.split("Welcome")[1]
    newcomer = client_for(alice).get(reverse("lobby")).text
    assert "Welcome to Stonespine Tables" in newcomer and "Solo vs Jael" in newcomer
    services.create_game(bob, "highcard", 2, {})
    assert "Welcome to Stonespine Tables" not in client_for(bob).get(reverse("lobby")).text


def test_bot_seats_are_named_by_level(alice):
    game = services.create_game(alice, "highcard", 3, {}, bots={1: "heuristic", 2: "random"})
    assert [s.name() for s in game.seats.all()][1:3] == ["Bot 2 (Medium)", "Bot 3 (Easy)"]
