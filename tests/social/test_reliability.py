"""Reliability from a hand-made history: per game and overall, what counts against it
(a timeout, even one claimed back; a resignation in the first half of the game), what does
not (a late resignation, games not finished, bots), the recent timeouts on the profile, and
a table's least reliability to join."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.errors import Forbidden
from games.models import Game, Notice, Seat, SeatKind, Status
from social import reliability
from tests.conftest import client_for, make_user


def played(
    user,
    engine,
    *,
    timed_out=False,
    reclaimed_timeout=False,
    resigned_at=None,
    moves=20,
    public=True,
    status=Status.FINISHED,
):
    """A game of `moves` moves at which `user` sat in seat 0 beside a bot."""
    game = Game.objects.create(
        engine=engine, players=2, created_by=user, status=status, version=moves, public=public
    )
    Seat.objects.create(
        game=game,
        index=0,
        user=user,
        timed_out=timed_out,
        resigned=resigned_at is not None,
        resigned_at=resigned_at,
    )
    Seat.objects.create(game=game, index=1, kind=SeatKind.BOT, bot="random")
    if timed_out or reclaimed_timeout:
        Notice.objects.create(game=game, seat=0, kind=Notice.Kind.TIMEOUT, version=moves // 2)
    return game


@pytest.fixture
def history(alice, bob):
    played(alice, "stonespine")  # played to the end
    played(alice, "stonespine", timed_out=True)
    played(alice, "stonespine", resigned_at=9)  # before move 10 of 20: early
    played(alice, "stonespine", resigned_at=10)  # at half way: fair
    played(alice, "lords")
    played(alice, "lords")
    played(alice, "lords", reclaimed_timeout=True, public=False)  # ran out, claimed it back
    # Not counted: a game in play, a cancelled table, and other people's games.
    played(alice, "lords", timed_out=True, status=Status.ACTIVE)
    played(alice, "lords", status=Status.CANCELLED)
    played(bob, "lords", timed_out=True)


def test_the_share_per_game_and_overall(history, alice):
    found = reliability.of(alice)
    stonespine, lords = found.per_game["stonespine"], found.per_game["lords"]
    assert (stonespine.finished, stonespine.kept, stonespine.timeouts, stonespine.early_resignations) == (
        4,
        2,
        1,
        1,
    )
    assert stonespine.percent == 50
    assert (lords.finished, lords.kept, lords.timeouts, lords.percent) == (3, 2, 1, 66)  # rounded down
    assert (found.overall.finished, found.overall.kept, found.overall.percent) == (7, 4, 57)
    assert set(found.per_game) == {"stonespine", "lords"}


def test_a_player_without_a_finished_game_is_fully_reliable(charlie):
    assert reliability.percent(charlie) == 100


def test_the_profile_shows_the_figures_and_recent_public_timeouts(history, alice, charlie):
    text = client_for(charlie).get(reverse("player", args=["Alice"])).text
    assert "57% of 7 finished games played to the end" in text
    assert "<td>50%</td>" in text and "<td>66%</td>" in text
    timed = Notice.objects.filter(game__seats__user=alice, kind=Notice.Kind.TIMEOUT)
    public = [n.game_id for n in timed if n.game.public]
    private = [n.game_id for n in timed if not n.game.public]
    assert public and private
    for pk in public:
        assert reverse("game", args=[pk]) in text
    for pk in private:  # a private table stays invisible, even as a timeout
        assert reverse("game", args=[pk]) not in text


def test_resigning_records_how_far_the_game_had_gone(alice, bob):
    game = services.create_game(alice, "highcard", 2, {})
    services.join_game(bob, game.pk)
    card = Game.objects.get(pk=game.pk).state["hands"][0][0]
    services.submit_action(alice, game.pk, 0, {"type": "play", "card": card}, 0)
    services.resign(bob, game.pk)
    assert game.seats.get(user=bob).resigned_at == 1


def test_a_table_may_ask_for_a_least_reliability(history, alice, bob, charlie):
    client = client_for(charlie)
    client.post(
        reverse("new_game", args=["highcard"]), {"players": "3", "public": "on", "min_reliability": "60"}
    )
    game = Game.objects.get(created_by=charlie)
    assert game.min_reliability == 60
    with pytest.raises(Forbidden, match=r"at least 60%.*yours is 57%"):
        services.join_game(alice, game.pk)
    response = client_for(alice).post(reverse("join", args=[game.pk]), follow=True)
    assert "yours is 57%" in response.text and not game.seats.filter(user=alice).exists()
    with pytest.raises(Forbidden, match="yours is 0%"):
        services.join_game(bob, game.pk)  # his one finished game ran out of time
    newcomer = make_user("dave")  # nothing finished, nothing left unfinished
    services.join_game(newcomer, game.pk)
    assert game.seats.filter(user=newcomer).exists()


def test_the_least_reliability_is_a_percent(charlie):
    response = client_for(charlie).post(
        reverse("new_game", args=["highcard"]), {"players": "2", "min_reliability": "101"}
    )
    assert response.status_code == 200 and not Game.objects.exists()
    with pytest.raises(Exception, match="percent"):
        services.create_game(charlie, "highcard", 2, {}, min_reliability=-1)


def test_a_player_invited_by_name_needs_no_least_reliability(history, alice, charlie):
    game = services.create_game(charlie, "highcard", 2, {}, min_reliability=60)
    services.invite_player(charlie, game.pk, alice.pk)
    services.join_game(alice, game.pk)  # 57%, but the creator chose her
    assert game.seats.filter(user=alice).exists()


def test_the_waiting_room_says_what_the_table_asks(charlie, alice):
    game = services.create_game(charlie, "highcard", 2, {}, min_reliability=75)
    assert "a reliability of at least 75%" in client_for(alice).get(game.get_absolute_url()).text
    plain = services.create_game(charlie, "highcard", 2, {})
    assert "a reliability of at least" not in client_for(alice).get(plain.get_absolute_url()).text
