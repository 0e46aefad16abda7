"""The tournament pages: list, creation, sign-up and withdrawal, the live region; bad
input is refused with a reason and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.errors import Illegal
from tests.conftest import client_for
from tests.tournaments.conftest import START, new_tournament
from tournaments import services
from tournaments.models import Entry, Stage, Tournament


def form(**changes):
    data = {
        "name": "Spring cup",
        "players": "3",
        "format": "swiss",
        "rounds": "3",
        "starts_at": "2026-03-03T09:00",
        "opt_variant": "high",
        "rated": "on",
        "pace": "1d",
        "on_timeout": "bot",
    }
    return {**data, **changes}


def test_it_creates_a_tournament_from_the_form(alice, clock):
    response = client_for(alice).post("/tournaments/new/highcard/", form())
    t = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == t.get_absolute_url()
    assert (t.table_size, t.rounds, t.pace, t.created_by, t.stage) == (3, 3, "1d", alice, Stage.SIGNUP)


def test_it_refuses_a_table_size_the_game_does_not_seat_and_creates_nothing(alice, clock):
    response = client_for(alice).post("/tournaments/new/highcard/", form(players="5"))
    assert response.status_code == 200 and "Select a valid choice" in response.text
    assert not Tournament.objects.exists()
    with pytest.raises(Illegal, match="seat 2 to 4"):
        services.create_tournament(alice, "Cup", "highcard", 5, {}, starts_at=START + timedelta(days=1))
    assert not Tournament.objects.exists()


def test_it_refuses_a_start_in_the_past(alice, clock):
    response = client_for(alice).post("/tournaments/new/highcard/", form(starts_at="2026-03-01T09:00"))
    assert response.status_code == 400 and not Tournament.objects.exists()


def test_anyone_sees_the_list_and_the_page_but_never_the_seed(client, alice, clock):
    t = new_tournament(alice, 3)
    services.sign_up(alice, t.pk)
    assert "Spring cup" in client.get("/tournaments/").text
    page = client.get(t.get_absolute_url()).text
    assert "Alice" in page and str(t.seed) not in page
    assert "Opponents' points" in page and "then by the number of first places" in page
    assert "to sign up" in page
    live = client.get(t.get_absolute_url() + "?part=live").text
    assert "<html" not in live and "Alice" in live


def test_bob_signs_up_and_withdraws_before_the_start(alice, bob, clock):
    t = new_tournament(alice, 3)
    bob_client = client_for(bob)
    bob_client.post(f"/tournaments/{t.pk}/join")
    assert Entry.objects.filter(tournament=t, user=bob).exists()
    assert "already signed up" in bob_client.post(f"/tournaments/{t.pk}/join", follow=True).text
    bob_client.post(f"/tournaments/{t.pk}/withdraw")
    assert not Entry.objects.filter(tournament=t).exists()


def test_sign_up_closes_at_the_start(alice, bob, clock):
    t = new_tournament(alice, 3)
    clock.move_to(START + timedelta(hours=2), tick=False)
    page = client_for(bob).post(f"/tournaments/{t.pk}/join", follow=True).text
    assert "sign-up for this tournament is closed" in page
    assert not Entry.objects.exists()


def test_only_the_creator_may_start_early(alice, bob, charlie, clock, committed):
    t = new_tournament(alice, 2)
    for p in (alice, bob, charlie):
        services.sign_up(p, t.pk)
    assert (
        "only the player who created" in client_for(bob).post(f"/tournaments/{t.pk}/start", follow=True).text
    )
    t.refresh_from_db()
    assert t.stage == Stage.SIGNUP
    committed(client_for(alice).post, f"/tournaments/{t.pk}/start")
    t.refresh_from_db()
    assert (t.stage, t.round, t.tables.count()) == (Stage.RUNNING, 1, 2)


def test_the_lobby_and_the_navigation_link_the_tournaments(client, db):
    assert client.get("/").text.count('href="/tournaments/"') == 2  # the navigation, the lobby


def test_the_standings_come_a_page_at_a_time_with_the_players_own_place(
    alice, bob, charlie, clock, monkeypatch
):
    from tournaments import views

    monkeypatch.setattr(views, "PAGE", 2)
    t = new_tournament(alice, 3)
    for p in (alice, bob, charlie):
        services.sign_up(p, t.pk)
    services.start(t.pk, alice)
    page2 = client_for(charlie).get(t.get_absolute_url() + "?page=2").text
    assert page2.count("<tr") == 1 + 1  # the header and the third place
    assert "You are in place" in page2
    assert client_for(charlie).get(t.get_absolute_url() + "?page=x9").status_code == 200


def test_sign_up_opens_when_the_creator_said(alice, bob, clock):
    t = services.create_tournament(
        alice,
        "Later cup",
        "highcard",
        2,
        {},
        signup_opens=START + timedelta(days=1),
        starts_at=START + timedelta(days=2),
    )
    page = client_for(bob).get(t.get_absolute_url()).text
    assert "Sign-up opens" in page and ">Sign up<" not in page
    assert "has not opened yet" in client_for(bob).post(f"/tournaments/{t.pk}/join", follow=True).text
    clock.move_to(START + timedelta(days=1, seconds=1), tick=False)
    client_for(bob).post(f"/tournaments/{t.pk}/join")
    assert Entry.objects.filter(tournament=t, user=bob).exists()
