"""Sets up a table in the site's own database before the site starts (run by tests/e2e as
`python -m tests.e2e.tables KIND`, with the site's settings); prints what the test needs.

KIND "clock": Alice against Bob at Architectura on the live pace (a clock needs two players),
Alice's clock moved forward so that 20 s are left (a tenth of her time: the last-call
reminder is due at once).
KIND "resign": Alice against a bot, no clock (at the game named second, if one is: bench figures).
Prints one line of JSON: the game's id and the players' session cookies.
"""

from __future__ import annotations

import json
import sys
from datetime import timedelta

import django

SECONDS_LEFT = 20  # well after the last call; the test then runs the clock out itself


def main(kind: str, slug: str = "architectura") -> None:
    django.setup()
    from django.test import Client
    from django.utils import timezone

    from games import services
    from games.models import Seat
    from tests.conftest import make_user

    players = [make_user("alice")]
    if kind == "clock":
        players.append(make_user("bob"))
        game = services.create_game(players[0], "architectura", 2, {}, pace="live-2m")
        services.join_game(players[1], game.pk)
    else:
        game = services.create_game(players[0], slug, 2, {}, bots={1: "heuristic"})
    game.refresh_from_db()
    assert game.to_act == [0], game.to_act  # the bot's turns (if any) were played in this command
    if kind == "clock":
        now = timezone.now()
        Seat.objects.filter(game=game, index=0).update(
            deadline=now + timedelta(seconds=SECONDS_LEFT), remind_at=now
        )
    sessions = {}
    for user in players:
        client = Client()
        client.force_login(user)
        sessions[user.username] = client.cookies["sessionid"].value
    print(json.dumps({"game": game.pk, "sessions": sessions}))


if __name__ == "__main__":
    main(*sys.argv[1:])
