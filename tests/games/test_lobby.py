"""The catalogue, the lobby and opening, joining and starting tables through the pages."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games import rematch, services
from games.models import Game, SeatKind, Status
from tests.conftest import client_for


def test_the_catalogue_lists_each_game_with_its_facts(db):
    page = Client().get(reverse("catalogue"))
    assert page.status_code == 200
    assert "Highcard (test game)" in page.text and "2\u20134" in page.text
    assert reverse("how_to_play", args=["highcard"]) in page.text
    assert Client().get(reverse("how_to_play", args=["highcard"])).status_code == 200
    assert Client().get(reverse("how_to_play", args=["nosuch"])).status_code == 404


def test_it_opens_a_table_with_options_and_a_bot(alice):
    client = client_for(alice)
    assert client.get(reverse("new_game", args=["highcard"])).status_code == 200
    response = client.post(
        reverse("new_game", args=["highcard"]),
        {
            "players": "3",
            "public": "on",
            "opt_variant": "low",
            "seat_1": "heuristic",
            "seat_2": "",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    assert game.options == {"variant": "low"} and game.players == 3 and game.status == Status.OPEN
    assert [(s.kind, s.bot) for s in game.seats.all()] == [
        (SeatKind.HUMAN, ""),
        (SeatKind.BOT, "heuristic"),
        (SeatKind.HUMAN, ""),
        (SeatKind.AUTOMATON, ""),
    ]


def test_opening_a_table_needs_a_login(db):
    response = Client().post(reverse("new_game", args=["highcard"]), {"players": "2"})
    assert response.status_code == 302 and "login" in response.url
    assert not Game.objects.exists()


def test_a_bad_form_changes_nothing(alice):
    response = client_for(alice).post(
        reverse("new_game", args=["highcard"]), {"players": "9", "opt_variant": "x"}
    )
    assert response.status_code == 200
    assert not Game.objects.exists()


def test_the_lobby_lists_open_mine_and_finished_tables(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    open_table = services.create_game(alice, "highcard", 3, {})
    private = services.create_game(alice, "highcard", 3, {}, public=False)
    mine = services.create_game(bob, "highcard", 2, {})
    services.join_game(alice, mine.pk)
    page = client_for(charlie).get(reverse("lobby")).text
    assert f"#{open_table.pk}" in page and f"#{private.pk}" not in page
    mine_page = client_for(alice).get(reverse("lobby")).text
    assert "Your move" in mine_page and f"#{private.pk}" in mine_page
    assert "<td>Bob, Alice</td>" in mine_page  # the automaton seat is not listed


def test_join_leave_start_through_the_pages(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 3, {})
    assert client_for(bob).post(reverse("join", args=[game.pk])).status_code == 302
    assert game.seats.filter(user=bob).exists()
    client_for(bob).post(reverse("leave", args=[game.pk]))
    assert not game.seats.filter(user=bob).exists()
    client_for(charlie).post(reverse("start", args=[game.pk]))  # not charlie's table
    game.refresh_from_db()
    assert game.status == Status.OPEN
    client_for(alice).post(reverse("start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Status.ACTIVE


def test_an_invite_link_seats_a_player_at_a_private_table(alice, bob):
    game = services.create_game(alice, "highcard", 2, {}, public=False)
    client = client_for(bob)
    page = client.get(reverse("invite", args=[game.invite_token]))
    assert page.status_code == 200 and "Take a seat" in page.text
    client.post(reverse("join", args=[game.pk]), {"token": game.invite_token})
    game.refresh_from_db()
    assert game.status == Status.ACTIVE


def test_the_finished_game_has_a_result_a_replay_and_a_record(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
        services.resign(alice, game.pk)
    game.refresh_from_db()
    client = client_for(alice)
    page = client.get(game.get_absolute_url()).text
    assert "Game over" in page and "round 1" in page and "Total" in page
    replay = client.get(reverse("replay", args=[game.pk]), {"step": 2})
    assert replay.status_code == 200 and "Move 2 of" in replay.text
    record = client.get(reverse("record", args=[game.pk])).json()
    assert record["seed"] == game.seed and len(record["moves"]) == game.version
    assert [m["number"] for m in record["moves"]] == list(range(1, game.version + 1))


def test_the_admin_shows_games_with_read_only_moves(alice, django_capture_on_commit_callbacks):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
        services.resign(alice, game.pk)
    game.refresh_from_db()
    client = client_for(admin)
    assert client.get(reverse("admin:games_game_change", args=[game.pk])).status_code == 200
    move = game.moves.first()
    assert client.get(reverse("admin:games_move_change", args=[move.pk])).status_code == 200
    assert client.post(reverse("admin:games_move_delete", args=[move.pk]), {"post": "yes"}).status_code == 403
    assert game.moves.count() == game.version


def test_it_shows_an_open_table_waiting_for_players(alice, bob):
    """The waiting room names the seats (it once failed to render: a missing tag library)."""
    from games import services
    from tests.conftest import client_for

    game = services.create_game(alice, "stonespine", 3, {})
    services.join_game(bob, game.pk)
    page = client_for(alice).get(game.get_absolute_url())
    assert page.status_code == 200
    assert "Waiting for players" in page.text and "Seat 3" in page.text


def test_each_open_table_shows_its_clock(alice, charlie):
    services.create_game(alice, "highcard", 3, {}, pace="2d")
    services.create_game(alice, "highcard", 3, {})
    page = client_for(charlie).get(reverse("lobby")).text
    assert "<th>Clock</th>" in page.split("Open tables")[1]
    assert "2 days a move" in page and "No clock" in page


def test_a_rematch_table_is_offered_only_to_its_invited_players(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        old = services.create_game(alice, "highcard", 2, {})
        services.join_game(bob, old.pk)
        services.resign(alice, old.pk)
        services.resign(bob, old.pk)  # the bots play it out
    new = rematch.offer(alice, old.pk)
    row = f'href="{reverse("game", args=[new.pk])}"'
    open_part = "Open tables"
    assert row not in client_for(charlie).get(reverse("lobby")).text.split(open_part)[1]
    assert row in client_for(bob).get(reverse("lobby")).text.split(open_part)[1]
    # Once Bob declines, his seat is open to anyone: the table is listed to everyone.
    rematch.decline(bob, new.pk)
    assert row in client_for(charlie).get(reverse("lobby")).text.split(open_part)[1]
