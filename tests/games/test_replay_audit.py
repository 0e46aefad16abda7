"""`replay --verify` checks every stored move against the legal actions at its point and
that no seat to act is left without one; `repair_moves` finds moves stored with values
that only look like the legal ones (1.0 or true for 1) and, with --fix, repairs them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import registry, services
from games.models import Game, Move
from tests.conftest import client_for


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out, stderr=out)
    return out.getvalue()


@pytest.fixture
def architectura(alice, bob, django_capture_on_commit_callbacks):
    """A started Architectura game where alice has played a card to street 1, column 0."""
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "architectura", 2, {})
        services.join_game(bob, game.pk)
    game.refresh_from_db()
    engine = registry.get("architectura")
    seat = next(s.index for s in game.seats.all() if s.user_id == alice.pk)
    legal = engine.legal_actions(engine.load(game.stored_state()), seat)
    action = next(a for a in legal if a.get("street") == 1 and a.get("col") == 0)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, game.pk, seat, action, game.version)
    game.refresh_from_db()
    return game


def poison(game, value):
    """What the site stored before actions were matched exactly: the client's look-alike."""
    move = game.moves.get(number=1)
    Move.objects.filter(pk=move.pk).update(action={**move.action, "street": value})


def test_a_clean_game_verifies(architectura):
    assert "each legal; the stored state matches" in run("replay", str(architectura.pk), "--verify")


@pytest.mark.parametrize("alias", [1.0, True])
def test_verify_reports_a_move_stored_with_an_aliased_value(architectura, alias):
    poison(architectura, alias)
    with pytest.raises(CommandError, match=r"move 1 \(seat \d\): .* only looks like the legal"):
        run("replay", str(architectura.pk), "--verify")


def test_verify_reports_a_move_that_is_not_legal_at_all(architectura):
    poison(architectura, 7)
    with pytest.raises(CommandError, match="not among the legal actions"):
        run("replay", str(architectura.pk), "--verify")


def test_verify_reports_a_seat_to_act_without_legal_actions(architectura, monkeypatch):
    # An engine bug: the seats to act are given nothing to do.
    monkeypatch.setattr(registry.get("architectura"), "legal_actions", lambda s, seat: [])
    with pytest.raises(CommandError, match=r"at the start: seat \d is to act but has no legal action"):
        run("replay", str(architectura.pk), "--verify")


def test_repair_moves_reports_then_fixes_an_aliased_move(architectura, bob):
    poison(architectura, 1.0)
    report = run("repair_moves")
    assert f"game {architectura.pk} move 1: stands for" in report and "run with --fix" in report
    assert Move.objects.get(game=architectura, number=1).action["street"] == 1.0  # reported only
    fixed = run("repair_moves", "--fix", str(architectura.pk))
    assert "1 repaired" in fixed
    stored = Move.objects.get(game=architectura, number=1).action["street"]
    assert stored == 1 and type(stored) is int
    assert "matches" in run("replay", str(architectura.pk), "--verify")
    assert "0 game(s) with aliased moves" in run("repair_moves")


def test_a_repaired_game_plays_on(architectura):
    poison(architectura, True)
    run("repair_moves", "--fix")
    game = Game.objects.get(pk=architectura.pk)
    engine = registry.get("architectura")
    seat = game.seats.get(index=game.to_act[0])
    action = engine.legal_actions(engine.load(game.stored_state()), seat.index)[0]
    response = client_for(seat.user).post(
        f"/game/{game.pk}/act", {"action": action, "version": game.version}, content_type="application/json"
    )
    assert response.status_code == 200
