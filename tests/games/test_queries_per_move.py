"""The SQL statements a move costs, counted (no timing): a move reads its game and seats
once and writes in one transaction, its outbox row costs one more statement after the
commit, and an open page redraws its regions in a handful of reads, however many seats
the table has. A statement added to these paths fails here first (bench/README.md says
where each one goes, and bench/moves.py --queries counts them on PostgreSQL).

The bounds are the counts measured on both databases (SQLite and PostgreSQL give the
same), written beside each one; the worker's tasks that a move queues are collected,
not run, so that they are counted apart from the request."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Vacation
from games import dispatch, presence, services, tasks, vacation
from games.models import Game
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)  # real BEGIN and COMMIT, effects after them

# Measured: a JSON move 11 (session, user, BEGIN, the game locked, its seats, the move, the
# game, the seats whose turn changed, the outbox row, COMMIT, the outbox row's DELETE).
JSON_MOVE = 11
# Measured: a page's move answered with its regions 13 (the above, then the seats with
# their players and vacations, and whether live updates are delayed).
PAGE_MOVE = 13
# Measured: the Dealer's move, which wakes every player, 12 (the task reads the game and
# seats, then the write as above, and one vacation lookup for all the players it wakes).
MACHINE_MOVE = 12
# Measured: 5 (session, user, the game, its seats with players and vacations, whether
# live updates are delayed).
REFETCH = 5
# Measured: a page's move with every player's page open, 14: the JSON move's 11, then for the
# push (games/push.py) the game, its seats with players and vacations, and whether live updates
# are delayed, once for all the pages drawn; the mover's answer is its own drawing and reads
# nothing more. The other pages then fetch nothing.
PUSHED_MOVE = 14


@pytest.fixture
def queued(monkeypatch):
    """The tasks a move queues for the worker, collected instead of run."""
    names: list[tuple[str, tuple]] = []
    monkeypatch.setattr(dispatch, "enqueue", lambda task, *args: names.append((task.name, args)))
    return names


@pytest.fixture
def four(alice, bob, charlie):
    return [alice, bob, charlie, make_user("dora")]


def table(users: list, pace: str = "1d") -> Game:
    """Highcard with a clock of a day a move: every seat picks a card, then the Dealer reveals."""
    game = services.create_game(users[0], "highcard", len(users), {}, pace=pace)
    for user in users[1:]:
        services.join_game(user, game.pk)
    game.refresh_from_db()
    return game


def steady_client(user):
    """A logged-in client past its first request (which stores the player's time zone in
    the session: one write per session, not per move)."""
    client = client_for(user)
    client.get("/healthz")
    return client


def back_in_three_days() -> date:
    return (timezone.localtime() + timedelta(days=3)).date()


def statements(call, *args, **kwargs) -> list[str]:
    with CaptureQueriesContext(connection) as seen:
        response = call(*args, **kwargs)
    if hasattr(response, "status_code"):
        assert response.status_code == 200, response.content[:500]
    return [q["sql"] for q in seen.captured_queries]


def pick_statements(user, game: Game, seat: int, *, page: bool = False) -> list[str]:
    """The statements of one POSTed pick: as the bench sends it (JSON), or as the play page
    does (a form answered with the page's regions)."""
    game.refresh_from_db()
    card = game.stored_state()["hands"][seat][0]
    client = steady_client(user)
    url = f"/game/{game.pk}/act"
    if page:
        body = {"action": f'{{"type": "play", "card": "{card}"}}', "version": game.version, "seat": seat}
        return statements(client.post, url, body, headers={"HX-Request": "true"})
    body = {"action": {"type": "play", "card": card}, "version": game.version, "seat": seat}
    return statements(client.post, url, body, content_type="application/json")


def test_a_plain_move_costs_the_same_few_statements_at_any_table(alice, bob, four, queued):
    """The first pick of a round: the player's turn ends, nobody's begins."""
    two, many = table([alice, bob]), table(four)
    queued.clear()  # the turn e-mails of the games' start
    small, large = pick_statements(alice, two, 0), pick_statements(alice, many, 0)
    assert len(small) == len(large) <= JSON_MOVE, "\n".join(q[:100] for q in large)
    assert queued == []  # nothing for the worker: the others are still choosing
    # The page's own move, answered with its regions: the seats are read once more, with
    # their players, and nothing per seat.
    small, large = pick_statements(bob, two, 1, page=True), pick_statements(bob, many, 1, page=True)
    assert len(small) == len(large) <= PAGE_MOVE, (small, large)


def test_a_move_pushed_to_every_open_page_costs_the_same_few_statements_at_any_table(
    alice, bob, four, queued
):
    """Every player has the game open: the move draws each page once, in statements that
    do not grow with the players."""
    two, many = table([alice, bob]), table(four)
    for game, users in ((two, [alice, bob]), (many, four)):
        for user in users:
            presence.opened(game.pk, user.pk)
    queued.clear()
    small, large = pick_statements(alice, two, 0, page=True), pick_statements(alice, many, 0, page=True)
    assert len(small) == len(large) == PUSHED_MOVE, "\n".join(q[:100] for q in large)


def test_a_move_that_wakes_the_next_seat_and_the_move_that_wakes_every_player(alice, bob, four, queued):
    """The last pick ends its player's turn and wakes the Dealer (a task is queued); the
    Dealer's reveal ends its turn and starts every player's clock, with one look at who is
    on vacation for them all."""
    vacation.start(four[3], back_in_three_days())  # a clock that starts standing still
    counts = []
    for game in (table([alice, bob]), table(four)):
        for seat in range(game.players - 1):
            pick_statements(game.seats.get(index=seat).user, game, seat)
        queued.clear()
        last = game.seats.get(index=game.players - 1).user
        counts.append(len(pick_statements(last, game, game.players - 1)))
        game.refresh_from_db()
        assert queued == [(tasks.play_machine.name, (game.pk, game.version))]
        reveal = statements(tasks.play_machine, game.pk, game.version)
        counts.append(len(reveal))
        assert sum("accounts_vacation" in sql for sql in reveal) == 1
        game.refresh_from_db()
        assert game.to_act == list(range(game.players))
    assert counts[0] == counts[2] <= JSON_MOVE, counts
    assert counts[1] == counts[3] <= MACHINE_MOVE, counts
    assert Vacation.objects.filter(user=four[3], ended_at__isnull=True).exists()


def test_an_open_page_redraws_its_regions_in_a_handful_of_reads(alice, bob, charlie, four):
    """An open page's refetch after a move (?part=update): the same few reads for a player
    and for a spectator, at a table of two or of four, with a player away on vacation."""
    vacation.start(bob, back_in_three_days())
    counts = {}
    for name, game in (("two", table([alice, bob])), ("four", table(four))):
        for who, user in (("player", alice), ("spectator", make_user(f"watcher-{name}"))):
            found = statements(steady_client(user).get, f"/game/{game.pk}/?part=update")
            counts[name, who] = len(found)
    assert set(counts.values()) == {counts["two", "player"]} and counts["two", "player"] <= REFETCH, counts
    page = client_for(alice).get(f"/game/{table([alice, bob]).pk}/?part=update").text
    assert "on vacation until" in page  # read with the seats, not per seat
