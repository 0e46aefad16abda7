"""Architectura through the site: every region renders at every stage, the city shows each
card's value, protection and worth, and a page never shows another player's hand or
pending replacements."""

from __future__ import annotations

from django.urls import reverse

from games import services
from games.engines.architectura.rules import HEAD_START
from games.engines.architectura.view import card_key
from games.models import Status
from tests.conftest import client_for
from tests.games.test_stonespine_pages import every_page, play_through_the_pages


def test_an_architectura_game_renders_from_start_to_score_sheet(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "architectura", 2, {}, bots={1: "heuristic"})
    client = client_for(alice)
    pages = []
    play_through_the_pages(client, game, django_capture_on_commit_callbacks, every_page(client, pages))
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    assert any("ar-card" in p and "Street 2" in p and "Block 8" in p for p in pages)
    assert any("pts" in p for p in pages)  # what a card scores right now
    final = client.get(game.get_absolute_url()).text
    for category in ("Buildings", "Parks and statues", "Graveyard"):
        assert category in final
    assert "Head start" not in final  # the rulebook's scoring: the house rule is off


def test_the_advanced_game_hides_replacements_until_everyone_is_ready(
    alice, bob, django_capture_on_commit_callbacks
):
    game = services.create_game(alice, "architectura", 2, {"variant": "advanced", "swaps": "3"})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    services.submit_action(
        alice, game.pk, 0, {"type": "swap", "add": "Magic Academy", "out": "City Hall"}, game.version
    )
    game.refresh_from_db()
    bob_page = client_for(bob).get(game.get_absolute_url()).text
    alice_page = client_for(alice).get(game.get_absolute_url()).text
    assert "City Hall &rarr; Magic Academy" in alice_page
    assert "City Hall &rarr; Magic Academy" not in bob_page and "red/swap" not in bob_page
    for user, seat in ((alice, 0), (bob, 1)):
        game.refresh_from_db()
        services.submit_action(user, game.pk, seat, {"type": "ready"}, game.version)
    game.refresh_from_db()
    assert "replaced City Hall with Magic Academy" in client_for(bob).get(game.get_absolute_url()).text


def test_a_page_never_shows_another_players_hand(alice, bob):
    game = services.create_game(alice, "architectura", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    state = game.stored_state()
    bob_view = client_for(bob).get(reverse("state_json", args=[game.pk])).text
    alice_page = client_for(alice).get(game.get_absolute_url()).text
    for name in state["hands"][1]:
        assert card_key(1, name) in bob_view
        assert card_key(1, name) not in alice_page
    for name in state["hands"][0]:
        assert card_key(0, name) not in bob_view


def test_the_how_to_play_page_lists_every_building(client):
    page = client.get(reverse("how_to_play", args=["architectura"])).text
    for name in (
        "Park", "Statue", "Tavern", "Theatre", "Fountain", "Greenhouse", "Library", "Guesthouse", "Quarry",
        "Arsenal", "Museum", "City Hall", "Magic Academy", "Obelisk", "Graveyard", "Laboratory",
        "Manufactory", "Smithy",
    ):  # fmt: skip
        assert f"<b>{name}</b>" in page


def test_the_how_to_play_page_gives_the_advanced_head_start_the_engine_scores(client):
    page = client.get(reverse("how_to_play", args=["architectura"])).text
    for players, per_seat in HEAD_START.items():
        starts = ", ".join(str(per_seat * (players - 1 - p)) for p in range(players))
        assert f"{starts})" in page, players


def test_the_lobby_and_the_game_link_to_how_to_play(client, alice):
    link = reverse("how_to_play", args=["architectura"])
    assert link in client.get(reverse("lobby")).text
    game = services.create_game(alice, "architectura", 2, {})
    assert link in client_for(alice).get(game.get_absolute_url()).text


def test_the_players_panel_names_the_boxed_and_buried_buildings_in_the_readers_words():
    """The panel's Graveyard and box columns list buildings by name: in Japanese they read
    as the engines' catalogue has them (the page once showed "Guesthouse" there)."""
    from django.utils import translation

    from games.engines import get_engine
    from games.templatetags.architectura_tags import players_panel

    engine = get_engine("architectura")
    view = engine.view(engine.setup(1, 2, {}), 0)
    view["box"][0], view["grave"][1] = ["Guesthouse"], ["Library", "Quarry"]
    with translation.override("ja"):
        first, second = players_panel(view, ["Alice", "Bob"])
    assert first["box"] == ["宿屋"]
    assert second["grave"] == ["図書館", "石切り場"] and second["grave_value"] is not None
