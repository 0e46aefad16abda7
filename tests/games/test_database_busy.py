"""A database lock held past the busy timeout (SQLite, the embedded default) is a 503 the
page can retry, never a 500, and the move it interrupted changed nothing."""

from __future__ import annotations

from django.db import OperationalError, ProgrammingError, connection
from django.test import Client
from django.urls import reverse

from games.models import Game, Move
from tests.games.test_bad_input import a_legal_card


def locked_on_insert(table: str):
    """A connection wrapper (Django's execute_wrapper) that fails writes to `table` as SQLite
    does when the lock is still taken after the busy timeout."""

    def wrapper(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("INSERT") and table in sql:
            raise OperationalError("database is locked")
        return execute(sql, params, many, context)

    return wrapper


def test_a_move_meeting_a_locked_database_is_503_to_retry_and_changes_nothing(duel, alice):
    client = Client()
    client.force_login(alice)
    fields = {"action": '{"type": "play", "card": "%s"}' % a_legal_card(duel), "version": 0, "seat": 0}
    with connection.execute_wrapper(locked_on_insert("games_move")):
        response = client.post(reverse("act", args=[duel.pk]), fields, headers={"HX-Request": "true"})
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "send it again" in response.content.decode()
    assert Game.objects.get(pk=duel.pk).version == 0
    assert not Move.objects.filter(game=duel).exists()

    response = client.post(reverse("act", args=[duel.pk]), fields, headers={"HX-Request": "true"})
    assert response.status_code == 200  # sent again, it is played
    assert Move.objects.filter(game=duel, seat=0).count() == 1


def test_other_database_errors_are_still_server_errors(duel, alice):
    def broken(execute, sql, params, many, context):
        if "games_move" in sql and sql.lstrip().upper().startswith("INSERT"):
            raise ProgrammingError('column "nope" does not exist')  # the server's own fault
        return execute(sql, params, many, context)

    client = Client(raise_request_exception=False)
    client.force_login(alice)
    fields = {"action": '{"type": "play", "card": "%s"}' % a_legal_card(duel), "version": 0, "seat": 0}
    with connection.execute_wrapper(broken):
        response = client.post(reverse("act", args=[duel.pk]), fields, headers={"HX-Request": "true"})
    assert response.status_code == 500
