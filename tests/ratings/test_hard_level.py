"""The hard bot (the search) is a bot level like the others: it gets its own rating."""

from __future__ import annotations

from ratings.models import BotRecord, Rating
from tests.games.test_analysis import finished_game


def test_a_game_against_the_hard_bot_rates_the_hard_level(alice, django_capture_on_commit_callbacks):
    game = finished_game(alice, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.finalized
    hard = Rating.objects.get(user=None, bot="hard", engine=game.engine)
    assert hard.games == 1 and Rating.objects.get(user=alice, engine=game.engine).games == 1
    assert BotRecord.objects.get(bot="hard").games == 1
