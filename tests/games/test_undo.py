"""Undo within a turn through the site (games/undo.py, docs/architecture.md "Undo"): an undo is
a move of its own, refused with a reason and changing nothing when it is not allowed, and the
log with its undos replays and verifies."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games import registry, services, undo
from games.engines.rng import Rng, seed_state
from games.errors import Conflict, Forbidden, Illegal
from games.models import Game, Move, Seat
from games.replay import verify
from tests.conftest import client_for

UNDO = undo.UNDO
SWAP = {"type": "swap", "add": "Magic Academy", "out": "City Hall"}


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.version, game.state, game.to_act, game.takeback, Move.objects.filter(game=game).count())


@pytest.fixture
def replacements(alice, bob) -> Game:
    """Architectura's advanced game: both players choose replacements at once, in secret."""
    game = services.create_game(alice, "architectura", 2, {"variant": "advanced", "swaps": "2"})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    assert game.to_act == [0, 1]
    return game


@pytest.fixture
def lords(alice, bob) -> tuple[Game, object]:
    """Lords of Spell and Stone; the player to act first, who holds herbs to plant."""
    game = services.create_game(alice, "lords", 2, {}, pace="1d")
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    first = alice if game.to_act == [0] else bob
    return game, first


def plant(game: Game) -> dict:
    seat = game.to_act[0]
    herbs = game.stored_state()["players"][seat]["herbs"]
    return {"type": "plant", "herb": next(h for h in "RGBYP" if herbs[h])}


def test_a_step_taken_back_restores_the_state_before_it_and_is_stored_as_a_move(lords):
    game, player = lords
    before = snapshot(game)
    services.submit_action(player, game.pk, None, plant(game), game.version)
    seat = Seat.objects.get(game=game, index=game.to_act[0])
    services.submit_action(player, game.pk, None, {"type": "undo"}, 1)
    game.refresh_from_db()
    assert game.version == 2 and game.state == before[1] and game.to_act == before[2]
    assert [m.action for m in game.moves.all()][1] == UNDO
    # Nothing left to take back; the table reads who took a step back until the next move.
    assert game.takeback == {"took_back": seat.index}
    # The turn clock runs on: the undo neither ends the turn nor starts a new one.
    again = Seat.objects.get(pk=seat.pk)
    assert again.turn_began_at == seat.turn_began_at and again.deadline == seat.deadline
    assert verify(game) == []


def test_several_steps_are_taken_back_one_at_a_time(replacements, alice):
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    other = next(a for a in game_actions(game, 0) if a["type"] == "swap" and a["add"] != SWAP["add"])
    services.submit_action(alice, game.pk, None, other, 1)
    services.submit_action(alice, game.pk, None, UNDO, 2)
    game.refresh_from_db()
    assert game.stored_state()["swaps"][0] == [[SWAP["add"], SWAP["out"]]]
    services.submit_action(alice, game.pk, None, UNDO, 3)
    game.refresh_from_db()
    assert game.stored_state()["swaps"][0] == []
    with pytest.raises(Illegal, match="no step of yours to take back"):
        services.submit_action(alice, game.pk, None, UNDO, 4)
    assert verify(game) == []


def game_actions(game: Game, seat: int) -> list[dict]:
    engine = registry.get(game.engine)
    return engine.legal_actions(engine.load(game.stored_state()), seat)


def test_a_step_is_final_once_another_seat_has_acted(replacements, alice, bob):
    """Both choose at once; bob's choice after alice's step makes her step final."""
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    services.submit_action(bob, game.pk, None, SWAP, 1)
    before = snapshot(game)
    with pytest.raises(Illegal, match="another seat has moved since"):
        services.submit_action(alice, game.pk, None, UNDO, 2)
    assert snapshot(game) == before


def test_an_undo_from_a_stale_page_is_refused(replacements, alice):
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    before = snapshot(game)
    with pytest.raises(Conflict, match="moved on"):
        services.submit_action(alice, game.pk, None, UNDO, 0)
    assert snapshot(game) == before


def test_nobody_takes_back_another_players_step(replacements, alice, bob, charlie):
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    before = snapshot(game)
    with pytest.raises(Illegal, match="no step of yours"):
        services.submit_action(bob, game.pk, None, UNDO, 1)
    with pytest.raises(Forbidden):
        services.submit_action(charlie, game.pk, None, UNDO, 1)
    with pytest.raises(Forbidden):
        services.submit_action(bob, game.pk, 0, UNDO, 1)  # claiming alice's seat
    assert snapshot(game) == before


def test_a_step_that_ended_the_turn_is_final(lords):
    """A worker placed hands the turn to the other player."""
    game, player = lords
    place = next(a for a in game_actions(game, game.to_act[0]) if a["type"] == "place")
    services.submit_action(player, game.pk, None, place, 0)
    before = snapshot(game)
    with pytest.raises(Illegal, match="no step of yours"):
        services.submit_action(player, game.pk, None, UNDO, 1)
    assert snapshot(game) == before


def test_replay_verify_checks_a_log_with_undos_and_catches_a_forged_one(replacements, alice, bob):
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    services.submit_action(alice, game.pk, None, UNDO, 1)
    services.submit_action(alice, game.pk, None, SWAP, 2)
    services.submit_action(bob, game.pk, None, SWAP, 3)
    out = StringIO()
    call_command("replay", str(game.pk), "--verify", stdout=out)
    assert "the stored state matches" in out.getvalue()
    # An undo the rules did not allow (bob has moved since alice's step), slipped into the log.
    game.refresh_from_db()
    Move.objects.create(game=game, number=game.version + 1, seat=0, action=UNDO)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    game.refresh_from_db()
    assert any("move 5 (seat 0): an undo the rules did not allow" in p for p in verify(game))


def test_the_play_page_offers_undo_only_while_it_is_allowed(replacements, alice, bob):
    game = replacements
    page = client_for(alice)
    assert "Undo my last step" not in page.get(game.get_absolute_url()).content.decode()
    services.submit_action(alice, game.pk, None, SWAP, 0)
    assert "Undo my last step" in page.get(game.get_absolute_url()).content.decode()
    assert "Undo my last step" not in client_for(bob).get(game.get_absolute_url()).content.decode()
    assert "took back their last step" not in page.get(game.get_absolute_url()).content.decode()
    answer = page.post(
        f"/game/{game.pk}/act",
        json.dumps({"action": UNDO, "version": 1}),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    refused = page.post(
        f"/game/{game.pk}/act",
        json.dumps({"action": UNDO, "version": 2}),
        content_type="application/json",
    )
    assert refused.status_code == 400 and "no step of yours" in refused.json()["error"]
    game.refresh_from_db()
    assert game.version == 2 and game.stored_state()["swaps"][0] == []
    # The whole table reads that a step was taken back (the step's own line went with it).
    assert "took back their last step" in client_for(bob).get(game.get_absolute_url()).content.decode()


def test_a_bot_moving_after_the_step_makes_it_final(replacements, alice, bob):
    """Bots never undo, and a bot's move counts as another seat's: bob resigns, the bot that
    takes his seat over makes his choices, and alice's step before them is final."""
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    services.resign(bob, game.pk)
    assert services.machine_move(game.pk, 1)  # the task the resignation queued: one bot move
    game.refresh_from_db()
    assert [m.seat for m in game.moves.all()] == [0, 1]
    before = snapshot(game)
    with pytest.raises(Illegal, match="another seat has moved since"):
        services.submit_action(alice, game.pk, None, UNDO, game.version)
    assert snapshot(game) == before
    assert verify(game) == []


def test_a_finished_game_with_an_undo_replays_and_verifies(replacements, alice, bob):
    game = replacements
    services.submit_action(alice, game.pk, None, SWAP, 0)
    services.submit_action(alice, game.pk, None, UNDO, 1)
    users = {0: alice, 1: bob}
    game.refresh_from_db()
    engine = registry.get(game.engine)
    rng = Rng(seed_state(game.pk))
    while game.status == "active":  # the heuristic bot's moves for both players, to the end
        seat = game.to_act[0]
        state = engine.load(game.stored_state())
        action = engine.bots["heuristic"](engine.view(state, seat), engine.legal_actions(state, seat), rng)
        services.submit_action(users[seat], game.pk, seat, action, game.version)
        game.refresh_from_db()
    assert verify(game) == []
    page = client_for(bob).get(f"/game/{game.pk}/replay/?step=2").content.decode()
    assert "took back their last step" in page
    assert (
        "took back their last step"
        not in client_for(bob).get(f"/game/{game.pk}/replay/?step=1").content.decode()
    )
