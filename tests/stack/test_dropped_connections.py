"""The database drops every connection in the middle of a load (a restart, a fail-over, an
administrator's pg_terminate_backend): requests go on answering, never with a server
error. The pool checks each connection before handing it out (config/settings.py), and
a request whose connection dies under it answers 503 with Retry-After, which its retry
gets past."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from games import services
from tests.conftest import make_user, needs_postgres

pytestmark = [pytest.mark.services, needs_postgres]

KILL_ALL = """
    SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
"""


def test_killing_every_database_connection_mid_load_gives_no_server_error(transactional_db):
    alice = make_user("alice")
    game = services.create_game(alice, "highcard", 3, {})
    stop, calm = threading.Event(), threading.Event()
    answers: list[tuple[bool, int, str | None]] = []  # (after the last kill, status, Retry-After)

    def logged_in() -> Client:
        client = Client(raise_request_exception=False)  # count the 500s, as a browser would see them
        client.force_login(alice)
        return client

    def load(client: Client) -> None:
        while not stop.is_set():
            after_kills = calm.is_set()
            response = client.get(game.get_absolute_url())
            # As the server does at the end of each request (the test client does not): the
            # connection goes back to the pool, and the next request takes one from it.
            connection.close()
            answers.append((after_kills, response.status_code, response.headers.get("Retry-After")))

    with ThreadPoolExecutor(max_workers=4) as threads:
        running = [threads.submit(load, logged_in()) for _ in range(4)]
        killed = 0
        for _ in range(5):
            stop.wait(0.4)
            with connection.cursor() as cursor:
                cursor.execute(KILL_ALL)
                killed += cursor.fetchone()[0]
        calm.set()
        # Connections killed as they were being opened make the pool wait before opening
        # more (its back-off: 1, 2, 4 s): a request may wait that long, then succeed.
        stop.wait(10.0)
        stop.set()
        for future in running:
            future.result()
    print(f"{len(answers)} requests, {killed} connections killed: {Counter(a[1] for a in answers)}")
    assert killed > 0 and len(answers) > 50
    # While connections die: 200, or 503 with Retry-After for a request whose connection
    # was killed under it; never a 500. After the last kill: every request answers 200.
    assert [a for a in answers if a[1] != 200 and (a[1], a[2]) != (503, "2")] == []
    assert [a for a in answers if a[0] and a[1] != 200] == []
    assert any(a[0] for a in answers)
