"""Lords of Spell and Stone through the site: every region renders at every stage; the board
shows the six sections with every spot, who stands there and its cost now, and marks each spot
with the action it stands for; the mats and the score sheet; a page never shows another
player's spell hand."""

from __future__ import annotations

import json
import re
from io import StringIO

from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import services
from games.engines.lords.data import ITEMS, SPELLS, SPOTS, spots_for
from games.models import Status
from tests.conftest import client_for
from tests.games.test_stonespine_pages import PARTS, every_page, play_through_the_pages


def test_a_lords_game_renders_from_start_to_score_sheet(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "lords", 2, {}, bots={1: "heuristic"})
    client = client_for(alice)
    pages = []
    play_through_the_pages(client, game, django_capture_on_commit_callbacks, every_page(client, pages))
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    first = pages[0]
    for number, title in enumerate(("Hire", "Market", "Training", "Build", "Money", "Other"), 1):
        assert f'data-section="{number}"' in first and f"{number}. {title}" in first
    for sid in spots_for(2):
        assert f'data-spot="{sid}"' in first
        assert (
            f'data-action="{{&quot;type&quot;: &quot;place&quot;, &quot;spot&quot;: &quot;{sid}&quot;}}"'
            in first
        )
    assert "Hire a worker" in first and "15 gems" in first and "Round 1 of 16" in first
    assert 'id="ls-hand"' in first and 'id="ls-mat-0"' in first and 'id="ls-mat-1"' in first
    assert any('class="ls-worker seat-1"' in p for p in pages)  # the bot's worker on the board
    final = client.get(game.get_absolute_url()).text
    for category in (
        "Game over",
        "Moat",
        "Towers",
        "Spells",
        "Most Fight",
        "Thieves&#x27; Guild",
        "lot drawn",
    ):
        assert category in final


def test_the_board_shows_costs_after_negotiate_and_towers(alice, bob):
    game = services.create_game(alice, "lords", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    state = game.stored_state()
    state["players"][0]["towers"] = 2
    state["players"][0]["negotiate"] = 3
    game.state = state
    game.save()
    board = client_for(alice).get(game.get_absolute_url(), {"part": "board"}).text
    assert "3 gems + herbs" in board  # the first Alchemist: 5 less 2 Towers
    assert "2 shown / 7 any" in board  # the Herbalist: 5 and 10 less Negotiate 3


def test_a_page_never_shows_another_players_spell_hand(alice, bob):
    game = services.create_game(alice, "lords", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    state = game.stored_state()
    alice_pages = "".join(client_for(alice).get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    bob_pages = "".join(client_for(bob).get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    spectator = "".join(Client().get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
    bob_view = client_for(bob).get(reverse("state_json", args=[game.pk])).text
    for cid in state["players"][1]["hand"]:
        assert f'data-spell="{cid}"' in bob_pages and f'"{cid}"' in bob_view
        assert f'"{cid}"' not in alice_pages and f'"{cid}"' not in spectator
        assert SPELLS[cid].name not in alice_pages and SPELLS[cid].name not in spectator
    for cid in state["players"][0]["hand"]:
        assert f'"{cid}"' not in bob_view and f'data-spell="{cid}"' not in bob_pages


def test_the_how_to_play_page_explains_the_game_every_spell_and_item(client):
    page = client.get(reverse("how_to_play", args=["lords"])).text
    for words in (
        "A round",
        "1. Hire",
        "2. Market",
        "3. Training",
        "4. Build",
        "5. Money",
        "6. Other",
        "The end and the score",
    ):
        assert words in page
    for spell in SPELLS.values():
        assert f"<b>{spell.name}</b>" in page
    for item in ITEMS.values():
        assert f"<b>{item.name.replace(chr(39), '&#x27;')}</b>" in page
    for spot in SPOTS.values():
        assert spot.name.replace(" (late)", "") in page, spot.name


def test_the_catalogue_lobby_and_game_link_to_how_to_play(client, alice):
    link = reverse("how_to_play", args=["lords"])
    assert link in client.get(reverse("catalogue")).text
    assert "Lords of Spell and Stone" in client.get(reverse("catalogue")).text
    assert link in client.get(reverse("lobby")).text
    game = services.create_game(alice, "lords", 3, {})
    assert link in client_for(alice).get(game.get_absolute_url()).text


def test_simulate_lords_prints_one_json_object_per_game():
    """`python manage.py simulate lords --players 4 --games 5 --json` works."""
    out = StringIO()
    call_command("simulate", "lords", "--players", "4", "--games", "5", "--json", stdout=out)
    games = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(games) == 5
    for g in games:
        assert set(g) == {"seed", "players", "scores", "ranks", "moves", "seconds"}
        assert g["players"] == 4 and len(g["scores"]) == 4 and sorted(g["ranks"]) == [1, 2, 3, 4]
    out = StringIO()
    call_command(
        "simulate", "lords", "--players", "2", "--games", "2", "--bots", "heuristic,random", stdout=out
    )
    assert out.getvalue()


def test_a_worker_is_placed_on_the_board_by_clicking_its_spot(alice, bob):
    """Each spot carries the target key that the place moves in the actions list name, so
    the page lights the spots where the player may place (static/js/play.js)."""
    game = services.create_game(alice, "lords", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    seat = game.to_act[0]
    user = alice if seat == 0 else bob
    page = client_for(user).get(game.get_absolute_url()).text
    spots = set(re.findall(r'data-target="(spot:[^"]+)"', page))
    placed = {
        key
        for keys in re.findall(r'data-targets="([^"]*)"', page)
        for key in re.findall(r"spot:[^&\]]+", keys)
    }
    assert placed and placed <= spots
