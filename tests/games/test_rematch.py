"""Rematch: after the end, a new table with the same players, bots and options; each
invited player accepts or declines; one rematch per game."""

from __future__ import annotations

import inspect

import pytest
from django.core import mail
from django.urls import reverse

from games import rematch, services, tasks
from games.errors import Conflict, Forbidden
from games.models import Game, SeatKind, Status
from tests.conftest import client_for


@pytest.fixture
def finished(alice, bob, django_capture_on_commit_callbacks) -> Game:
    """A finished 3-player Highcard game: alice, bob and a random bot, at a clocked private table."""
    game = services.create_game(
        alice,
        "highcard",
        3,
        {"variant": "low"},
        public=False,
        bots={2: "random"},
        pace="2d",
        on_timeout="lose",
        rated=False,
        min_reliability=90,
    )
    services.join_game(bob, game.pk, game.invite_token)
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(alice, game.pk)
        services.resign(bob, game.pk)  # the bots play it out
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    return game


def test_a_rematch_is_a_new_table_with_the_same_players_bots_and_options(finished, alice, bob):
    new = rematch.offer(bob, finished.pk)
    assert new.rematch_of == finished and new.status == Status.OPEN
    assert (new.engine, new.players, new.options, new.public, new.pace, new.on_timeout) == (
        "highcard",
        3,
        {"variant": "low"},
        False,
        "2d",
        "lose",
    )
    seats = list(new.seats.all())
    assert [(s.kind, s.user, s.invited, s.bot) for s in seats] == [
        (SeatKind.HUMAN, bob, None, ""),  # the one who asked sits down at once
        (SeatKind.HUMAN, None, alice, ""),  # a seat kept for alice
        (SeatKind.BOT, None, None, "random"),
        (SeatKind.AUTOMATON, None, None, ""),
    ]
    assert rematch.offer(alice, finished.pk) == new  # one rematch per game


def test_a_rematch_keeps_every_option_the_table_was_opened_with(finished, bob):
    """Each keyword of create_game is a choice made when the table was opened: the rematch
    keeps them all (a casual game's rematch is casual). The finished table chose otherwise
    than the default for each, so a choice the rematch forgot would show."""
    chosen = [
        name
        for name, p in inspect.signature(services.create_game).parameters.items()
        if p.kind == p.KEYWORD_ONLY and name != "bots"  # bots: compared seat by seat above
    ]
    defaults = inspect.signature(services.create_game).parameters
    assert all(getattr(finished, name) != defaults[name].default for name in chosen), chosen
    new = rematch.offer(bob, finished.pk)
    assert {name: getattr(new, name) for name in chosen} == {name: getattr(finished, name) for name in chosen}
    assert not new.rated


def test_the_rematch_starts_when_every_invited_player_accepts(finished, alice, bob):
    new = rematch.offer(bob, finished.pk)
    services.join_game(alice, new.pk)  # no invite link needed: her seat is kept for her
    new.refresh_from_db()
    assert new.status == Status.ACTIVE
    assert new.seats.get(index=1).user == alice and not new.seats.filter(invited__isnull=False).exists()


def test_a_kept_seat_is_not_for_anyone_else_until_declined(finished, alice, bob, charlie):
    new = rematch.offer(bob, finished.pk)
    with pytest.raises(Conflict, match="full"):
        services.join_game(charlie, new.pk, new.invite_token)
    rematch.decline(alice, new.pk)
    services.join_game(charlie, new.pk, new.invite_token)
    new.refresh_from_db()
    assert new.status == Status.ACTIVE and new.seats.get(index=1).user == charlie


def test_only_players_ask_only_after_the_end_and_only_invitees_decline(finished, duel, alice, charlie):
    with pytest.raises(Forbidden):
        rematch.offer(charlie, finished.pk)
    with pytest.raises(Conflict):
        rematch.offer(alice, duel.pk)  # still in play
    new = rematch.offer(alice, finished.pk)
    with pytest.raises(Forbidden):
        rematch.decline(charlie, new.pk)
    assert Game.objects.filter(rematch_of__isnull=False).count() == 1


def test_the_pages_offer_answer_and_follow_the_rematch(
    finished, alice, bob, charlie, django_capture_on_commit_callbacks
):
    url = finished.get_absolute_url()
    result = f"{url}?part=result"
    assert "Rematch</button>" in client_for(alice).get(result, headers={"HX-Request": "true"}).text
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post(reverse("rematch", args=[finished.pk]))
    new = Game.objects.get(rematch_of=finished)
    assert response.url == new.get_absolute_url()
    [invitation] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "Alice asks for a rematch" in invitation.subject and url in invitation.body
    page = client_for(bob).get(result, headers={"HX-Request": "true"}).text
    assert "Accept the rematch" in page and "Bob: invited" in page
    # Bob asking too leads him back to the invitation; accepting takes him to the new game.
    assert client_for(bob).post(reverse("rematch", args=[finished.pk])).url == url
    response = client_for(bob).post(reverse("join", args=[new.pk]))
    assert response.url == new.get_absolute_url()
    new.refresh_from_db()
    assert new.status == Status.ACTIVE
    assert "in play" in client_for(alice).get(result, headers={"HX-Request": "true"}).text


def test_declining_from_the_page(finished, alice, bob):
    new = rematch.offer(alice, finished.pk)
    response = client_for(bob).post(reverse("rematch_decline", args=[new.pk]))
    assert response.status_code == 302
    assert not new.seats.filter(invited__isnull=False).exists()
    assert "open seat" in client_for(alice).get(finished.get_absolute_url()).text


def test_a_rematch_task_delivered_again_sends_no_second_invitation(
    finished, alice, bob, django_capture_on_commit_callbacks
):
    # Tasks ack late, so a worker lost after sending leaves the task to run again.
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        new = rematch.offer(alice, finished.pk)
    assert [m.to for m in mail.outbox] == [[bob.email]]
    assert tasks.notify_rematch(new.pk) == 0
    assert len(mail.outbox) == 1
