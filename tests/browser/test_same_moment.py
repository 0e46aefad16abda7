"""Many pairs of simultaneous choices sent at the same moment, on the embedded default
(SQLite): every choice counts, none is answered with a server error.

Alice's and Bob's browsers each send their choice in 34 games of Highcard at one agreed
instant, round after round (102 pairs): writers meet on the database at once. SQLite's
write transactions take the lock up front and wait for it (config/settings.py), so none
fails; a lock held past the wait would be a 503 to retry (config/middleware.py), which
this test would count as a failure too.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from games import services
from games.models import Game, Move
from tests.browser.test_play_loop import log_in, no_problems
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAMES = 34  # three rounds each: 102 pairs
ROUNDS = 3

# Sends this page's choices at `at` (ms since the epoch, the same clock for both pages) and
# leaves their statuses in window.statuses (0: no answer at all).
SEND = """([posts, at]) => {
  window.statuses = null;
  const csrf = document.querySelector("[name=csrfmiddlewaretoken]").value;
  const send = (p) => {
    const body = new FormData();
    body.append("action", p.action);
    body.append("version", p.version);
    body.append("seat", p.seat);
    return fetch("/game/" + p.game + "/act", {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"HX-Request": "true", "X-CSRFToken": csrf},
    }).then((r) => r.status, () => 0);
  };
  setTimeout(() => Promise.all(posts.map(send)).then((s) => { window.statuses = s; }), at - Date.now());
}"""


@pytest.fixture
def duels(db: Any) -> list[Game]:
    alice, bob = make_user("alice"), make_user("bob")
    games = []
    for _ in range(GAMES):
        game = services.create_game(alice, "highcard", 2, {})
        services.join_game(bob, game.pk)
        game.refresh_from_db()
        games.append(game)
    return games


def test_a_hundred_same_moment_pairs_lose_no_move_and_meet_no_server_error(
    duels: list[Game], new_context: Any, orm: Any
) -> None:
    players = []
    for name, seat in (("alice", 0), ("bob", 1)):
        ctx = new_context()
        page = ctx.new_page()
        log_in(page, f"{name}@example.com")
        page.goto(f"/game/{duels[0].pk}/")
        players.append((ctx, page, seat))
    hands: dict[int, Any] = {g.pk: (g.state or {})["hands"] for g in duels}
    statuses: list[int] = []
    for round_ in range(ROUNDS):
        versions = orm(
            lambda: dict(Game.objects.filter(pk__in=[g.pk for g in duels]).values_list("pk", "version"))
        )
        at = int(time.time() * 1000) + 500
        for _, page, seat in players:
            posts = [
                {
                    "game": g.pk,
                    "seat": seat,
                    "version": versions[g.pk],
                    "action": json.dumps({"type": "play", "card": hands[g.pk][seat][round_]}),
                }
                for g in duels
            ]
            page.evaluate(SEND, [posts, at])
        for _, page, _ in players:
            page.wait_for_function("() => window.statuses !== null", timeout=120_000)
            statuses += page.evaluate("() => window.statuses")
    assert len(statuses) == 2 * GAMES * ROUNDS
    assert [s for s in statuses if s != 200] == []  # no 5xx, no refusal, no lost answer
    chosen = orm(lambda: Move.objects.filter(game__in=duels, seat__in=[0, 1]).count())
    assert chosen == 2 * GAMES * ROUNDS  # every choice counts
    assert orm(lambda: Game.objects.filter(pk__in=[g.pk for g in duels], status="finished").count()) == GAMES
    for ctx, _, _ in players:
        no_problems(ctx)
