"""One player opening two tables at the same moment, for real: two threads, each with its own
PostgreSQL connection, both under the open-tables cap when they start. The cap holds: one
table opens, the other request is refused. (SQLite runs one writer at a time, so the race
cannot happen there: this needs PostgreSQL, which CI provides.)
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connections

from games import services
from games.errors import TooMany
from games.models import Game
from tests.conftest import make_user, needs_postgres

pytestmark = [pytest.mark.services, needs_postgres]


def test_two_tables_opened_at_once_cannot_pass_the_cap_together(transactional_db, settings, monkeypatch):
    settings.MAX_OPEN_TABLES = 1
    alice = make_user("alice")
    start = threading.Barrier(2)
    real = services._may_open_another

    def slow_check(user):
        # Both requests reach the check together; each then lingers before inserting its
        # table, so without a lock both would count zero tables and both would open one.
        start.wait(timeout=10)
        real(user)
        time.sleep(0.5)

    monkeypatch.setattr(services, "_may_open_another", slow_check)
    outcomes: list[str] = []

    def open_table() -> None:
        try:
            services.create_game(alice, "highcard", 2, {})
            outcomes.append("opened")
        except TooMany:
            outcomes.append("refused")
        except BaseException as exc:
            outcomes.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=open_table) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == ["opened", "refused"]
    assert Game.objects.filter(created_by=alice).count() == 1
