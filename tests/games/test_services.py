"""The services layer: every write to a game, and every refusal writing nothing."""

from __future__ import annotations

import pytest

from games import services
from games.errors import Conflict, Forbidden, Illegal
from games.models import Game, Move, PlayerStats, SeatKind, Status
from games.replay import verify


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (
        game.version,
        game.state,
        game.to_act,
        game.status,
        Move.objects.filter(game=game).count(),
        list(game.seats.values_list("kind", "user_id", "resigned", "awaiting_since")),
    )


def card(game: Game, seat: int) -> dict:
    return {"type": "play", "card": game.stored_state()["hands"][seat][0]}


def test_it_waits_for_players_then_starts_when_the_last_seat_fills(alice, bob):
    game = services.create_game(alice, "highcard", 2, {})
    assert game.status == Status.OPEN and game.seed is None and game.state is None
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    assert game.status == Status.ACTIVE
    assert game.seed is not None and game.to_act == [0, 1]
    assert [s.kind for s in game.seats.all()] == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.AUTOMATON]


def test_it_refuses_a_private_table_without_its_invite(alice, bob):
    game = services.create_game(alice, "highcard", 2, {}, public=False)
    with pytest.raises(Forbidden):
        services.join_game(bob, game.pk, token="wrong")
    services.join_game(bob, game.pk, token=game.invite_token)
    assert game.seats.filter(user=bob).exists()


def test_it_refuses_to_seat_a_player_twice(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 3, {})
    with pytest.raises(Conflict):
        services.join_game(alice, game.pk)
    services.join_game(bob, game.pk)
    with pytest.raises(Conflict):
        services.join_game(bob, game.pk)


def test_it_lets_a_player_leave_before_the_start_only(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 3, {})
    services.join_game(bob, game.pk)
    services.leave_game(bob, game.pk)
    assert not game.seats.filter(user=bob).exists()
    with pytest.raises(Forbidden):
        services.leave_game(alice, game.pk)
    services.join_game(bob, game.pk)
    services.join_game(charlie, game.pk)
    with pytest.raises(Conflict):
        services.leave_game(bob, game.pk)


def test_the_creator_may_start_early_and_bots_take_the_empty_seats(alice, bob):
    game = services.create_game(alice, "highcard", 3, {})
    with pytest.raises(Forbidden):
        services.start_game(bob, game.pk)
    services.start_game(alice, game.pk)
    game.refresh_from_db()
    assert game.status == Status.ACTIVE
    assert [(s.kind, s.bot) for s in game.seats.all()][1:3] == [(SeatKind.BOT, "heuristic")] * 2


def test_only_the_creator_cancels_an_open_table(alice, bob):
    game = services.create_game(alice, "highcard", 3, {})
    with pytest.raises(Forbidden):
        services.cancel_game(bob, game.pk)
    services.cancel_game(alice, game.pk)
    game.refresh_from_db()
    assert game.status == Status.CANCELLED
    with pytest.raises(Conflict):
        services.join_game(bob, game.pk)


def test_it_refuses_bad_options_and_bot_seats(alice):
    with pytest.raises(Illegal, match="variant"):
        services.create_game(alice, "highcard", 2, {"variant": "sideways"})
    with pytest.raises(Illegal, match="unknown option"):
        services.create_game(alice, "highcard", 2, {"speed": 3})
    with pytest.raises(Illegal):
        services.create_game(alice, "highcard", 9, {})
    with pytest.raises(Illegal):
        services.create_game(alice, "highcard", 2, {}, bots={0: "random"})
    with pytest.raises(Illegal):
        services.create_game(alice, "highcard", 2, {}, bots={1: "genius"})
    assert Game.objects.count() == 0


def test_an_action_is_applied_and_recorded(duel, alice):
    action = card(duel, 0)
    services.submit_action(alice, duel.pk, 0, action, 0)
    duel.refresh_from_db()
    assert duel.version == 1 and duel.to_act == [1]
    move = duel.moves.get()
    assert (move.number, move.seat, move.action) == (1, 0, action)
    assert verify(duel) == []


@pytest.mark.parametrize(
    ("who", "seat", "version", "action", "error"),
    [
        ("alice", 0, 5, "mine", Conflict),  # stale page
        ("bob", 0, 0, "mine", Forbidden),  # acting for another seat
        ("charlie", None, 0, "mine", Forbidden),  # not at the table
        ("alice", 0, 0, "theirs", Illegal),  # a card from the other hand
        ("alice", 0, 0, "garbage", Illegal),  # no such action
    ],
)
def test_a_refused_action_writes_nothing(duel, alice, bob, charlie, who, seat, version, action, error):
    users = {"alice": alice, "bob": bob, "charlie": charlie}
    actions = {"mine": card(duel, 0), "theirs": card(duel, 1), "garbage": {"type": "shout"}}
    before = snapshot(duel)
    with pytest.raises(error):
        services.submit_action(users[who], duel.pk, seat, actions[action], version)
    assert snapshot(duel) == before


def test_it_is_not_your_turn_after_your_simultaneous_choice(duel, alice):
    services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    duel.refresh_from_db()
    before = snapshot(duel)
    with pytest.raises(Forbidden, match="not your turn"):
        services.submit_action(alice, duel.pk, 0, card(duel, 0), 1)
    assert snapshot(duel) == before


def play_out(game, users, capture):
    while True:
        game.refresh_from_db()
        if game.status != Status.ACTIVE:
            return game
        seat = game.to_act[0]
        with capture(execute=True):
            services.submit_action(users[seat], game.pk, seat, card(game, seat), game.version)


def test_the_automaton_moves_in_a_task_and_the_game_is_scored(
    duel, alice, bob, django_capture_on_commit_callbacks
):
    game = play_out(duel, {0: alice, 1: bob}, django_capture_on_commit_callbacks)
    assert game.status == Status.FINISHED and game.finalized
    # Every reveal was the Dealer's own move, made by the worker.
    assert game.moves.filter(seat=2).count() == 3
    seats = list(game.seats.all())
    assert all(s.score is not None and s.rank is not None and s.breakdown for s in seats)
    for s in seats:
        assert sum(s.breakdown.values()) == s.score
    stats = {st.user_id: st for st in PlayerStats.objects.all()}
    assert stats[alice.pk].played == 1 and stats[bob.pk].played == 1
    assert stats[alice.pk].won == int(seats[0].rank == 1)
    assert verify(game) == []


def test_finishing_twice_counts_once(duel, alice, bob, django_capture_on_commit_callbacks):
    game = play_out(duel, {0: alice, 1: bob}, django_capture_on_commit_callbacks)
    assert services.finalize(game.pk) is False
    assert PlayerStats.objects.get(user=alice).played == 1


def test_a_stale_machine_task_does_nothing(duel, alice, django_capture_on_commit_callbacks):
    assert services.machine_move(duel.pk, duel.version) is False  # humans to act: nothing for a machine
    assert services.machine_move(duel.pk, duel.version + 3) is False
    assert duel.moves.count() == 0


def test_bot_only_games_run_to_the_end_by_themselves(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 3, {}, bots={1: "random", 2: "heuristic"})
        services.resign(alice, game.pk)
    game.refresh_from_db()
    assert game.status == Status.FINISHED and game.finalized
    assert game.seats.get(index=0).resigned
    assert PlayerStats.objects.get(user=alice).won == 0
    assert verify(game) == []


def test_a_resigned_player_cannot_act(duel, alice):
    services.resign(alice, duel.pk)
    with pytest.raises(Forbidden, match="resigned"):
        services.submit_action(alice, duel.pk, 0, card(duel, 0), duel.version)


def test_a_finished_game_takes_no_more_actions(duel, alice, bob, django_capture_on_commit_callbacks):
    game = play_out(duel, {0: alice, 1: bob}, django_capture_on_commit_callbacks)
    before = snapshot(game)
    with pytest.raises(Conflict, match="over"):
        services.submit_action(alice, game.pk, 0, {"type": "play", "card": "Amber 1"}, game.version)
    with pytest.raises(Conflict):
        services.resign(alice, game.pk)
    assert snapshot(game) == before


def test_moves_are_append_only(duel, alice):
    services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    move = duel.moves.get()
    move.action = {"type": "cheat"}
    with pytest.raises(ValueError):
        move.save()
    with pytest.raises(ValueError):
        move.delete()


def test_the_sweeper_wakes_a_game_whose_machine_turn_was_lost(alice, bob, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from games import tasks

    game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})  # the bot's task never ran
    game.refresh_from_db()
    services.submit_action(alice, game.pk, 0, card(game, 0), 0)  # and neither did this one's
    game.refresh_from_db()
    assert game.to_act == [1]
    assert tasks.wake_stalled_games() == 0  # too recent: a worker may still be on it
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(hours=1))
    game.moves.update(created_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.wake_stalled_games() == 1
    game.refresh_from_db()
    assert game.version > 1  # the bot moved, and the Dealer after it


@pytest.mark.parametrize("alias", [1.0, True])
def test_a_look_alike_value_is_refused_and_writes_nothing(alice, alias):
    """A float or boolean for an integer once froze a game for ever (grid[row][1.0] at the turn's end)."""
    game = services.create_game(alice, "stonespine", 2, {}, bots={1: "random"})
    legal = next(a for a in services_legal(game, 0) if a["type"] == "place")
    before = snapshot(game)
    with pytest.raises(Illegal):
        services.submit_action(alice, game.pk, 0, {**legal, "column": alias}, game.version)
    assert snapshot(game) == before


def services_legal(game: Game, seat: int) -> list[dict]:
    from games import registry

    engine = registry.get(game.engine)
    game.refresh_from_db()
    return engine.legal_actions(engine.load(game.stored_state()), seat)


def test_two_simultaneous_choices_are_both_accepted(duel, alice, bob):
    """Both pages were drawn at version 0; Bob's choice arrives after Alice's bumped the
    version, but only Alice moved since and Bob is still to choose: it stands."""
    services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    services.submit_action(bob, duel.pk, 1, card(duel, 1), 0)
    duel.refresh_from_db()
    assert duel.version == 2 and [m.seat for m in duel.moves.all()] == [0, 1]
    assert verify(duel) == []


def test_only_a_seat_that_has_not_moved_since_its_page_may_still_choose(duel, alice):
    services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    duel.refresh_from_db()
    assert services._still_choosing(duel, 1, 0)  # only Alice moved since version 0
    assert not services._still_choosing(duel, 0, 0)  # Alice's own choice is made
    assert not services._still_choosing(duel, 1, 1)  # not stale: the ordinary check applies
    assert not services._still_choosing(duel, 1, -1)


def test_a_stale_page_of_a_seat_no_longer_to_act_is_told_the_game_moved_on(duel, alice):
    services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    before = snapshot(duel)
    with pytest.raises(Conflict, match="moved on"):
        services.submit_action(alice, duel.pk, 0, card(duel, 0), 0)
    assert snapshot(duel) == before
