"""Thunderstone through the site: every region renders at every stage, the board shows the
hall, the village, the battle and the players, cards carry their ids for the page, and a page
never shows another player's hidden hand."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games import services
from games.engines.thunderstone.data import CARDS
from games.models import Status
from tests.conftest import client_for
from tests.games.test_stonespine_pages import PARTS, every_page, play_through_the_pages


def test_a_thunderstone_game_renders_from_start_to_score_sheet(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "thunderstone", 2, {"setup": "first game"}, bots={1: "heuristic"})
    client = client_for(alice)
    pages = []
    play_through_the_pages(client, game, django_capture_on_commit_callbacks, every_page(client, pages))
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    assert any("Rank 1" in p and "Dungeon deck" in p and 'data-stack="basic:Militia"' in p for p in pages)
    assert any('data-rank="2"' in p and "darkness" in p for p in pages)
    assert any("ts-battle" in p and "against health" in p for p in pages)  # a battle total
    assert any('id="ts-hand-' in p and "data-card=" in p for p in pages)
    assert any("Thunderstone is among the last" in p for p in pages)
    final = client.get(game.get_absolute_url()).text
    for category in ("Monsters", "Heroes", "Village cards", "Thunderstone", "Game over"):
        assert category in final


def test_a_page_never_shows_another_players_hidden_hand(alice, bob):
    game = services.create_game(alice, "thunderstone", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    state = game.stored_state()
    bob_view = client_for(bob).get(reverse("state_json", args=[game.pk])).text
    alice_pages = "".join(client_for(alice).get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    bob_pages = "".join(client_for(bob).get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    spectator = "".join(Client().get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    for cid in state["hands"][1]:
        assert f'"{cid}"' in bob_view and f'data-card="{cid}"' in bob_pages
        assert f'"{cid}"' not in alice_pages and f'"{cid}"' not in spectator
    for cid in state["hands"][0]:
        assert f'"{cid}"' not in bob_view


def test_the_how_to_play_page_explains_the_game_and_every_card(client):
    page = client.get(reverse("how_to_play", args=["thunderstone"])).text
    for words in (
        "Visit the village",
        "Enter the dungeon",
        "Rest",
        "Light",
        "The battle total",
        "Thunderstone",
    ):
        assert words in page
    for name in CARDS:
        if CARDS[name].group in ("hero", "village", "monster", "basic"):
            assert f"<b>{name}</b>" in page, name


def test_the_catalogue_lobby_and_game_link_to_how_to_play(client, alice):
    link = reverse("how_to_play", args=["thunderstone"])
    assert link in client.get(reverse("catalogue")).text
    assert "Thunderstone" in client.get(reverse("catalogue")).text
    assert link in client.get(reverse("lobby")).text
    game = services.create_game(alice, "thunderstone", 3, {})
    assert link in client_for(alice).get(game.get_absolute_url()).text
    assert client.get(link).status_code == 200


def test_simulate_thunderstone_prints_one_json_object_per_game():
    """`python manage.py simulate thunderstone --players 4 --games 10 --json` works."""
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("simulate", "thunderstone", "--players", "4", "--games", "10", "--json", stdout=out)
    games = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(games) == 10
    for g in games:
        assert set(g) == {"seed", "players", "scores", "ranks", "moves", "seconds"}
        assert g["players"] == 4 and len(g["scores"]) == 4 and min(g["ranks"]) == 1
    out = StringIO()
    call_command(
        "simulate", "thunderstone", "--players", "2", "--games", "2", "--bots", "heuristic,random",
        "--options", '{"setup": "first game"}', stdout=out,
    )  # fmt: skip
    assert "wins by seat over 2 game(s)" in out.getvalue()
