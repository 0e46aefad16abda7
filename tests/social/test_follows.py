"""Following a player: their new tables are marked in the lobby (and listed even when older
than the lobby's newest fifty), and a table's waiting room keeps a seat for a followed
player in one click, with the invitation machinery a rematch uses (Seat.invited)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from games import services, tasks
from games.errors import Conflict, Forbidden
from games.models import Game
from social import services as social
from tests.conftest import client_for, make_user


def test_a_followed_player_s_new_table_is_marked_in_the_lobby(alice, bob, charlie):
    social.follow(charlie, alice.pk)
    game = services.create_game(alice, "highcard", 2, {})
    text = client_for(charlie).get(reverse("lobby")).text
    assert f"#{game.pk}" in text and "(you follow)" in text
    assert "(you follow)" not in client_for(bob).get(reverse("lobby")).text


def test_a_followed_player_s_table_is_listed_first_even_beyond_the_newest_fifty(settings, alice, charlie):
    settings.MAX_OPEN_TABLES = 100
    social.follow(charlie, alice.pk)
    theirs = services.create_game(alice, "highcard", 2, {})
    dave = make_user("dave")
    for _ in range(55):
        services.create_game(dave, "highcard", 2, {})
    listed = [g.pk for g in client_for(charlie).get(reverse("lobby")).context["open_tables"]]
    assert listed[0] == theirs.pk and len(listed) == 51
    assert theirs.pk not in [
        g.pk for g in client_for(make_user("erin")).get(reverse("lobby")).context["open_tables"]
    ]


def test_a_followed_player_is_invited_in_one_click_and_takes_the_kept_seat(alice, bob, charlie):
    social.follow(alice, bob.pk)
    game = services.create_game(alice, "highcard", 3, {}, public=False)
    page = client_for(alice).get(game.get_absolute_url()).text
    assert "Keep a seat for:" in page and ">Bob</button>" in page and ">Charlie</button>" not in page
    client_for(alice).post(reverse("invite_player", args=[game.pk]), {"user": bob.pk})
    assert game.seats.get(index=1).invited == bob
    # The private table is in bob's lobby and its page is open to him; he takes his seat.
    bob_client = client_for(bob)
    assert game.pk in [g.pk for g in bob_client.get(reverse("lobby")).context["mine"]]
    assert "a seat is kept for you" in bob_client.get(reverse("lobby")).text
    assert bob_client.get(game.get_absolute_url()).status_code == 200
    bob_client.post(reverse("join", args=[game.pk]))
    assert game.seats.get(index=1).user == bob
    # Charlie, a stranger, still cannot see the private table.
    assert client_for(charlie).get(game.get_absolute_url()).status_code == 404


def test_an_invited_player_may_decline_and_the_seat_opens(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 2, {})
    services.invite_player(alice, game.pk, bob.pk)
    assert game.pk not in [g.pk for g in client_for(charlie).get(reverse("lobby")).context["open_tables"]]
    client_for(bob).post(reverse("rematch_decline", args=[game.pk]))
    assert game.seats.get(index=1).invited is None
    services.join_game(charlie, game.pk)


def test_only_the_creator_invites_once_per_player_to_an_open_seat(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 2, {})
    with pytest.raises(Forbidden):
        services.invite_player(bob, game.pk, charlie.pk)
    services.invite_player(alice, game.pk, bob.pk)
    with pytest.raises(Conflict):
        services.invite_player(alice, game.pk, bob.pk)
    with pytest.raises(Conflict, match="no open seat"):
        services.invite_player(alice, game.pk, charlie.pk)
    response = client_for(alice).post(reverse("invite_player", args=[game.pk]), {"user": "x"}, follow=True)
    assert "choose a player to invite" in response.text
    assert Game.objects.get(pk=game.pk).seats.filter(invited=bob).count() == 1


def test_follow_and_unfollow_from_the_profile(alice, bob):
    client = client_for(alice)
    profile = reverse("player", args=["Bob"])
    assert ">Follow</button>" in client.get(profile).text
    client.post(reverse("follow", args=[bob.pk]))
    assert ">Unfollow</button>" in client.get(profile).text
    assert "Bob" in client.get(reverse("relations")).text
    client.post(reverse("follow", args=[bob.pk]), {"undo": "1"})
    assert ">Follow</button>" in client.get(profile).text
    response = client.post(reverse("follow", args=[alice.pk]), follow=True)
    assert "you cannot follow yourself" in response.text


def test_the_invited_player_gets_one_e_mail(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "highcard", 3, {})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.invite_player(alice, game.pk, bob.pk)
    [sent] = mail.outbox
    assert sent.to == [bob.email] and "Alice keeps you a seat" in sent.subject
    assert game.get_absolute_url() in sent.body
    # A task delivered twice sends nothing more; nor does one for an invitation declined.
    assert tasks.notify_invitation(game.pk, 1, bob.pk) == 0
    assert len(mail.outbox) == 1
