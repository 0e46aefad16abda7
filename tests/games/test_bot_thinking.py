"""A bot thinks outside the game's lock and any transaction (games/services.py machine_move):
it reads the game at version V, decides from its seat's view, and applies its move under the
lock only if the game is still at V. A human's move in the same game never waits for a search."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection

from games import registry, services
from games.engines.search import SearchBot, Thought
from games.models import Game, Move
from tests.conftest import make_user


class SlowBot:
    """Stands in for a search bot: it records what it was given and, the first time, waits
    (as a search would) and meanwhile runs `during`."""

    def __init__(self, during: Any = None, wait: threading.Event | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.during, self.wait = during, wait

    def think(self, view: Any, actions: list[Any], rng: Any, **budget: Any) -> Thought:
        self.calls.append({"view": view, "in_transaction": connection.in_atomic_block, **budget})
        if len(self.calls) == 1:
            if self.wait is not None:
                assert self.wait.wait(10)
            if self.during is not None:
                self.during()
        return Thought(actions[0], [], 0, 0.0)

    def __call__(self, view: Any, actions: list[Any], rng: Any) -> Any:
        return self.think(view, actions, rng).action


@pytest.fixture
def slow_hard(monkeypatch):
    engine = registry.get("highcard")

    def install(bot: SlowBot) -> SlowBot:
        monkeypatch.setattr(engine, "bots", {**engine.bots, "hard": bot})
        return bot

    return install


def test_a_bot_thinks_outside_any_transaction_and_gets_only_a_view(transactional_db, slow_hard, settings):
    settings.BOT_ITERATIONS = 4
    bot = slow_hard(SlowBot())
    alice = make_user("alice")
    game = services.create_game(alice, "highcard", 2, {}, bots={1: "hard"})
    assert bot.calls, "the bot was asked for its pick"
    call = bot.calls[0]
    assert call["in_transaction"] is False
    assert call["iterations"] == 4 and call["seconds"] == settings.BOT_SECONDS
    engine = registry.get("highcard")
    game.refresh_from_db()
    start = engine.setup(game.seed, 2, game.options)
    assert call["view"] == engine.view(start, 1)  # its seat's view at the version it was asked for


def test_a_human_move_during_the_search_wins_and_the_stale_decision_is_dropped(transactional_db, slow_hard):
    alice = make_user("alice")

    def human_moves() -> None:
        game = Game.objects.get()
        hand = game.stored_state()["hands"][0]
        services.submit_action(alice, game.pk, 0, {"type": "play", "card": hand[0]}, game.version)

    bot = slow_hard(SlowBot(during=human_moves))
    game = services.create_game(alice, "highcard", 2, {}, bots={1: "hard"})
    moves = list(Move.objects.filter(game=game).order_by("number").values_list("seat", flat=True))
    assert moves[:2] == [0, 1]  # the human's move first; the decision made at version 0 was dropped
    # Asked again for the same round at the new version (then on for round 2).
    assert [c["view"]["round"] for c in bot.calls[:3]] == [1, 1, 2]
    assert bot.calls[1]["view"]["picked"] == [True, False]


def test_a_human_move_is_not_delayed_by_a_search_in_progress(transactional_db, slow_hard, monkeypatch):
    """The search runs in another thread and holds no lock or transaction while it runs: the
    human's move in the same game (a simultaneous turn) goes through at once."""
    from games import dispatch

    monkeypatch.setattr(dispatch, "enqueue", lambda *args: None)  # this test runs the bot itself
    alice = make_user("alice")
    release = threading.Event()
    bot = slow_hard(SlowBot(wait=release))
    game = services.create_game(alice, "highcard", 2, {}, bots={1: "hard"})
    result: list[bool] = []

    def bot_turn() -> None:
        try:
            result.append(services.machine_move(game.pk, game.version))
        finally:
            connection.close()

    thread = threading.Thread(target=bot_turn)
    thread.start()
    try:
        for _ in range(500):
            if bot.calls:
                break
            time.sleep(0.01)
        assert bot.calls, "the bot is searching"
        hand = Game.objects.get(pk=game.pk).stored_state()["hands"][0]
        started = time.perf_counter()
        services.submit_action(alice, game.pk, 0, {"type": "play", "card": hand[0]}, game.version)
        took = time.perf_counter() - started
    finally:
        release.set()
        thread.join(15)
    assert took < 2.0  # the search waits 10 s: the move did not wait for it
    assert result == [False]  # the bot's decision, made at the old version, was dropped
    assert list(Move.objects.filter(game=game).values_list("seat", flat=True)) == [0]


def test_bot_turns_and_analyses_go_to_their_own_queue(settings):
    routes = settings.CELERY_TASK_ROUTES
    assert routes["games.tasks.play_machine"]["queue"] == settings.CELERY_BOT_QUEUE
    assert routes["games.tasks.analyse_game"]["queue"] == settings.CELERY_BOT_QUEUE
    assert settings.CELERY_BOT_QUEUE.startswith("bots")  # "bots", or "bots-<run>" on real Redis
    assert settings.CELERY_TASK_DEFAULT_QUEUE != settings.CELERY_BOT_QUEUE


def test_the_hard_bot_is_a_search(db):
    assert isinstance(registry.get("highcard").bots["hard"], SearchBot)
