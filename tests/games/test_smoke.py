from __future__ import annotations

from games import services
from games.models import Status


def test_it_plays_a_bot_game_to_the_end(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
    game.refresh_from_db()
    assert game.status == Status.ACTIVE
    while game.status == Status.ACTIVE:
        assert game.to_act == [0]
        action = {"type": "play", "card": game.state["hands"][0][0]}
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(alice, game.pk, 0, action, game.version)
        game.refresh_from_db()
    assert game.finalized
    assert game.seats.get(index=0).score is not None
