"""Clocks on the pages: the play page and the lobby show the time left in words (and
what the page counts down from), the header counts the games waiting for my move, the
next-game link goes to the nearest deadline, and a page's "ran out" claim."""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games import services, timeouts
from games.consumers import PlayerConsumer
from games.models import Game, Seat
from tests.conftest import SOCKET_WAIT, client_for

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


def duel(alice, bob, pace="1d") -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace=pace)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def part(client, game, name):
    return client.get(f"{game.get_absolute_url()}?part={name}", headers={"HX-Request": "true"}).text


def test_the_seats_show_each_running_clock_in_words_to_count_down_from(alice, bob, charlie, clock):
    game = duel(alice, bob)
    clock.shift(timedelta(hours=1, minutes=30))
    seats = part(client_for(charlie), game, "seats")  # a spectator sees the clocks too
    assert seats.count('data-left="167400"') == 2  # 46 h 30 min
    assert seats.count(">1 day 22 hours<") == 2
    assert "Clock: 1 day a move, plus a reserve of 1 day" in seats
    assert "a bot takes the seat over" in seats


def test_a_table_without_a_clock_says_so_and_shows_none(alice, bob, clock):
    game = duel(alice, bob, pace="none")
    seats = part(client_for(alice), game, "seats")
    assert "data-left" not in seats and "No clock" in seats


def test_the_lobby_shows_my_clock_and_the_others(alice, bob, clock):
    game = duel(alice, bob)
    page = client_for(alice).get(reverse("lobby")).text
    assert "You: <span" in page and 'data-left="172800"' in page and "Bob: <span" in page
    services.submit_action(alice, game.pk, 0, {"type": "play", "card": game.state["hands"][0][0]}, 0)
    page = client_for(alice).get(reverse("lobby")).text
    assert "You: <span" not in page and "Bob: <span" in page


def test_the_header_counts_my_turns_and_next_game_goes_to_the_nearest_deadline(alice, bob, charlie, clock):
    slow = duel(alice, bob, pace="7d")
    friendly = duel(alice, charlie, pace="none")
    fast = duel(bob, alice, pace="2d")
    client = client_for(alice)
    page = client.get(reverse("lobby")).text
    assert '<span class="count">3</span>' in page
    assert client.get(reverse("turns_count")).json() == {"count": 3}
    assert client.get(reverse("next_game")).url == fast.get_absolute_url()
    services.submit_action(alice, fast.pk, 1, {"type": "play", "card": fast.state["hands"][1][0]}, 0)
    assert client.get(reverse("next_game")).url == slow.get_absolute_url()
    services.submit_action(alice, slow.pk, 0, {"type": "play", "card": slow.state["hands"][0][0]}, 0)
    assert client.get(reverse("next_game")).url == friendly.get_absolute_url()  # no clock: last
    assert client.get(reverse("turns_count")).json() == {"count": 1}


def test_with_no_game_waiting_next_game_says_so(alice, clock):
    response = client_for(alice).get(reverse("next_game"), follow=True)
    assert "No game is waiting for your move." in response.text
    assert Client().get(reverse("turns_count")).json() == {"count": 0}


def test_a_page_s_claim_that_a_clock_ran_out_is_checked_with_the_server_s_time(alice, bob, clock):
    game = duel(alice, bob)
    url = reverse("clock_ran_out", args=[game.pk])
    clock.shift(timedelta(days=2) - timedelta(seconds=1))
    assert Client().post(url).status_code == 204
    assert not Seat.objects.filter(timed_out=True).exists()  # the browser's clock ran fast
    clock.shift(timedelta(seconds=1))
    assert Client().post(url).status_code == 204
    assert Seat.objects.filter(game=game, timed_out=True).count() == 2
    assert Client().post(url).status_code == 204  # and again: nothing more happens
    assert Seat.objects.filter(game=game, timed_out=True).count() == 2


def test_a_private_game_s_clock_is_nobody_else_s_business(alice, bob, charlie, clock):
    game = services.create_game(alice, "highcard", 2, {}, public=False, pace="1d")
    services.join_game(bob, game.pk, game.invite_token)
    assert client_for(charlie).post(reverse("clock_ran_out", args=[game.pk])).status_code == 404
    assert client_for(charlie).get(reverse("clock_ran_out", args=[game.pk])).status_code == 405


def socket(path):
    return WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1:8000")])


def player_socket(user):
    comm = WebsocketCommunicator(PlayerConsumer.as_asgi(), "/ws/me/")
    comm.scope["user"] = user
    return comm


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_lobby_socket_says_when_the_lists_changed_and_nothing_more(alice, bob):
    comm = socket("/ws/lobby/")
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    game = await sync_to_async(services.create_game)(alice, "highcard", 2, {})
    assert await comm.receive_json_from(timeout=SOCKET_WAIT) == {"type": "lobby"}
    watcher = socket(f"/ws/game/{game.pk}/")
    assert (await watcher.connect(timeout=SOCKET_WAIT))[0]
    assert await watcher.receive_json_from(timeout=SOCKET_WAIT) == {
        "type": "version",
        "game_id": game.pk,
        "version": 0,
    }
    await sync_to_async(services.join_game)(bob, game.pk)  # the game starts
    assert await comm.receive_json_from(timeout=SOCKET_WAIT) == {"type": "lobby"}
    heard = [await watcher.receive_json_from(timeout=SOCKET_WAIT) for _ in range(2)]
    # The waiting room hears the start (and turns into the game).
    assert {"type": "moved", "game_id": game.pk, "version": 0} in heard
    assert {"type": "table", "game_id": game.pk} in heard
    await comm.disconnect()
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_timeout_tells_the_table_and_the_players_counts(alice, bob, time_machine):
    time_machine.move_to(START, tick=False)
    game = await sync_to_async(duel)(alice, bob)
    # (Connected after the time moved: the in-memory layer forgets a group member after a day.)
    time_machine.shift(timedelta(days=3))
    comm = player_socket(bob)
    assert (await comm.connect(timeout=SOCKET_WAIT))[0]
    watcher = socket(f"/ws/game/{game.pk}/")
    assert (await watcher.connect(timeout=SOCKET_WAIT))[0]
    assert (await watcher.receive_json_from(timeout=SOCKET_WAIT))["type"] == "version"  # on connecting
    assert await sync_to_async(timeouts.sweep)() == 2
    assert await comm.receive_json_from(timeout=SOCKET_WAIT) == {"type": "turns"}
    seen = [await watcher.receive_json_from(timeout=SOCKET_WAIT) for _ in range(2)]
    assert {"type": "table", "game_id": game.pk} in seen
    await comm.disconnect()
    await watcher.disconnect()


def test_the_new_table_form_offers_the_paces_and_the_timeout_rules(alice):
    client = client_for(alice)
    page = client.get(reverse("new_game", args=["highcard"])).text
    assert "Live: 2 minutes a move" in page and "14 days a move" in page and "No clock" in page
    assert '<option value="3d" selected>' in page  # the default
    assert "A bot takes the seat over" in page and "The seat loses" in page
    client.post(
        reverse("new_game", args=["highcard"]),
        {"players": "2", "opt_variant": "high", "pace": "live-5m", "on_timeout": "lose"},
    )
    game = Game.objects.get()
    assert (game.pace, game.on_timeout) == ("live-5m", "lose")


def test_the_clock_menu_fits_its_box_and_the_hint_gives_the_reserve_rule(alice):
    """A closed menu shows one line: the time a move and the reserve. The refill and the cap
    are the same rule for every pace, so the hint says them once."""
    page = client_for(alice).get(reverse("new_game", args=["highcard"])).text
    assert '<option value="3d" selected>3 days a move, plus 3 days in reserve</option>' in page
    assert "after each turn, at most" not in page
    assert "a tenth of a move's time after each turn, up to two moves' time" in html.unescape(page)


def test_a_form_without_a_clock_choice_gets_the_default_and_a_bad_one_opens_nothing(alice):
    client = client_for(alice)
    client.post(reverse("new_game", args=["highcard"]), {"players": "2", "opt_variant": "high"})
    assert Game.objects.get().pace == "3d"
    response = client.post(reverse("new_game", args=["highcard"]), {"players": "2", "pace": "9d"})
    assert response.status_code == 200 and "Select a valid choice" in response.text
    assert Game.objects.count() == 1


def test_the_deadline_is_written_in_the_viewer_s_time_zone(alice, bob, clock):
    game = duel(alice, bob)
    bob.profile.timezone = "America/New_York"
    bob.profile.save()
    seats = part(client_for(bob), game, "seats")
    assert 'title="runs out Wed 4 Mar, 04:00 EST"' in seats
    assert 'title="runs out Wed 4 Mar, 09:00 UTC"' in part(client_for(alice), game, "seats")
