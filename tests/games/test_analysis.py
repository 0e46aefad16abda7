"""Advice after the game (games/analysis.py): the hard bot looks back at a player's decisions,
from that player's view at each one, and marks where it would have chosen otherwise."""

from __future__ import annotations

import pytest

from games import analysis as advice
from games import registry, services
from games.engines.base import canonical
from games.engines.search import SearchBot
from games.errors import Conflict, Forbidden
from games.models import Analysis, Game, Status
from tests.conftest import client_for


def finished_game(alice, capture) -> Game:
    """Alice against the hard bot at Highcard, played to the end (alice plays her lowest card)."""
    with capture(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "hard"})
    while True:
        game.refresh_from_db()
        if game.status != Status.ACTIVE:
            return game
        hand = game.stored_state()["hands"][0]
        with capture(execute=True):
            services.submit_action(alice, game.pk, 0, {"type": "play", "card": hand[0]}, game.version)


def test_an_analysis_looks_at_each_decision_from_the_seat_s_view_only(
    alice, django_capture_on_commit_callbacks, monkeypatch
):
    game = finished_game(alice, django_capture_on_commit_callbacks)
    engine = registry.get("highcard")
    seen = []
    think = SearchBot.think

    def watched(self, view, actions, rng, **kw):
        seen.append((view, kw.get("consider")))
        return think(self, view, actions, rng, **kw)

    monkeypatch.setattr(SearchBot, "think", watched)
    with django_capture_on_commit_callbacks(execute=True):
        made = advice.request_analysis(alice, game.pk)
    made.refresh_from_db()
    assert made.state == Analysis.State.DONE and made.done == made.total == 2  # round 3: one card left
    # Each search got alice's view before her move, which holds no card she could not see.
    state = engine.setup(game.seed, 2, game.options)
    decisions = 0
    for move in game.moves.order_by("number"):
        if move.seat == 0 and len(engine.legal_actions(state, 0)) > 1:
            view, considered = seen[decisions]
            assert canonical(view) == canonical(engine.view(state, 0))
            assert considered == move.action
            for secret in engine.secrets(state, 0):
                assert secret not in canonical(view)
            decisions += 1
        state = engine.apply(state, move.seat, move.action)
    assert decisions == 2
    for entry in made.decisions:
        assert entry["played"].startswith("Play a card: ")
        assert 0 <= entry["played_win"] <= 1 and 0 <= entry["suggested_win"] <= 1
        assert entry["differs"] == (entry["played"] != entry["suggested"])
        assert entry["gain"] == (
            round(entry["suggested_win"] - entry["played_win"], 3) if entry["differs"] else 0
        )


def test_asking_twice_gives_the_same_analysis(alice, django_capture_on_commit_callbacks):
    game = finished_game(alice, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        first = advice.request_analysis(alice, game.pk)
    assert advice.request_analysis(alice, game.pk).pk == first.pk
    assert Analysis.objects.count() == 1


def test_only_a_player_of_a_finished_game_can_ask(alice, bob, duel, django_capture_on_commit_callbacks):
    with pytest.raises(Conflict, match="over"):
        advice.request_analysis(alice, duel.pk)
    game = finished_game(alice, django_capture_on_commit_callbacks)
    with pytest.raises(Forbidden):
        advice.request_analysis(bob, game.pk)
    assert not Analysis.objects.filter(game=game).exists()


def test_the_replay_page_offers_the_analysis_and_shows_it(alice, bob, django_capture_on_commit_callbacks):
    game = finished_game(alice, django_capture_on_commit_callbacks)
    page = client_for(alice).get(f"/game/{game.pk}/replay/").content.decode()
    assert "Analyse my decisions" in page
    assert "Analyse my decisions" not in client_for(bob).get(f"/game/{game.pk}/replay/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post(f"/game/{game.pk}/analysis", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    panel = client_for(alice).get(f"/game/{game.pk}/analysis").content.decode()
    assert "2 decisions looked at" in panel
    made = Analysis.objects.get()
    assert panel.count('class="analysis-row"') == len(made.differences)
    assert client_for(bob).post(f"/game/{game.pk}/analysis").status_code == 403


def test_a_running_analysis_shows_its_progress(alice, django_capture_on_commit_callbacks):
    game = finished_game(alice, django_capture_on_commit_callbacks)
    Analysis.objects.create(game=game, seat=0, requested_by=alice, state="running", done=1, total=2)
    panel = client_for(alice).get(f"/game/{game.pk}/analysis").content.decode()
    assert "1 of 2 decisions" in panel and 'hx-trigger="every 2s"' in panel
