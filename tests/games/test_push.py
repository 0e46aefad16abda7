"""A move's socket message carries each seat its own page (games/push.py).

A seat's group hears the regions drawn for that seat alone: never anything the engine
names as another seat's secret, and exactly what that seat's own refetch would show.
"""

from __future__ import annotations

import random
import re

import pytest

from games import dispatch, presence, push, registry, services
from games.models import Game
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs the push

GAMES = ["stonespine", "architectura", "thunderstone", "lords", "highcard"]
MOVES = 12
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def without_tokens(html: str) -> str:
    return CSRF.sub('name="csrfmiddlewaretoken" value=""', html)


@pytest.fixture
def heard(monkeypatch):
    """The socket messages published, in order, instead of sending them."""
    sent: list = []
    monkeypatch.setattr(dispatch, "publish", lambda messages: sent.extend(messages))
    return sent


def table_of_two(slug: str) -> tuple[Game, list]:
    players = [make_user("ann"), make_user("ben")]
    game = services.create_game(players[0], slug, 2, {})
    services.join_game(players[1], game.pk)
    game.refresh_from_db()
    return game, players


def watch_everything(game: Game, players: list) -> None:
    for user in players:
        presence.opened(game.pk, user.pk)


def play_one(game: Game, players: list, rng: random.Random, settle) -> None:
    """One move of a seat to act, through the service, as a page would send it."""
    engine = registry.get(game.engine)
    state = engine.load(game.stored_state())
    seat = rng.choice(sorted(engine.to_act(state)))
    action = rng.choice(engine.legal_actions(state, seat))
    with settle(execute=True):
        services.submit_action(players[seat], game.pk, seat, action, game.version)
    game.refresh_from_db()


@pytest.mark.parametrize("slug", GAMES)
def test_each_seat_hears_its_own_page_and_no_other_seats_secrets(
    slug, heard, django_capture_on_commit_callbacks
):
    game, players = table_of_two(slug)
    watch_everything(game, players)
    engine = registry.get(slug)
    rng = random.Random(29)
    pages = {0: client_for(players[0]), 1: client_for(players[1])}
    drawings = made = 0
    for _ in range(MOVES):
        if game.status != "active":
            break
        heard.clear()
        play_one(game, players, rng, django_capture_on_commit_callbacks)
        made += 1
        state = engine.load(game.stored_state())
        groups = {
            push.seat_group(game.pk, 0): 0,
            push.seat_group(game.pk, 1): 1,
            push.watch_group(game.pk): None,
        }
        # (A machine's move may follow at once, Highcard's Dealer: the last version is checked.)
        moved = [
            (group, m) for group, m in heard if m["type"] == "game.moved" and m["version"] == game.version
        ]
        assert sorted(group for group, _ in moved) == sorted(groups)  # every page hears the move once
        for group, message in moved:
            if "html" not in message:
                # A finished game's pages fetch instead, and the spectators' always do: each
                # sees the page in their own language and time zone.
                assert game.status != "active" or group == push.watch_group(game.pk)
                continue
            seat = groups[group]
            hidden = [str(game.seed), *engine.secrets(state, seat)]
            for secret in hidden:
                assert secret not in message["html"], f"{group} hears {secret!r}"
            # The very regions that seat's page would have fetched, and no others.
            fetched = pages[seat].get(
                game.get_absolute_url() + "?part=update", headers={"HX-Request": "true"}
            )
            assert int(fetched.headers["X-Game-Version"]) == game.version
            assert without_tokens(message["html"]) == without_tokens(fetched.text)
            drawings += 1
    # Drawn for both seats after every move (but a last one that ended the game).
    assert drawings >= 2 * (made - 1) and made >= 5


def test_nobody_watching_nothing_is_drawn(duel, alice, heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    moved = {group: m for group, m in heard if m["type"] == "game.moved"}
    assert set(moved) == {push.seat_group(duel.pk, 0), push.seat_group(duel.pk, 1), push.watch_group(duel.pk)}
    assert all("html" not in m for m in moved.values())  # each page, if any, fetches its own


def test_only_the_pages_open_are_drawn(duel, alice, bob, heard, django_capture_on_commit_callbacks):
    presence.opened(duel.pk, bob.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    moved = {group: m for group, m in heard if m["type"] == "game.moved"}
    assert "html" in moved[push.seat_group(duel.pk, 1)]
    assert "html" not in moved[push.seat_group(duel.pk, 0)]
    assert "html" not in moved[push.watch_group(duel.pk)]  # spectators always fetch their own


def test_each_drawing_speaks_its_players_language_and_keeps_their_time_zone(
    duel, alice, bob, heard, django_capture_on_commit_callbacks
):
    bob.profile.language, bob.profile.timezone = "ja", "Asia/Tokyo"
    bob.profile.save()
    watch_everything(duel, [alice, bob])
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    duel.refresh_from_db()
    moved = {group: m for group, m in heard if m["type"] == "game.moved"}
    for seat, user in ((0, alice), (1, bob)):
        fetched = client_for(user).get(
            duel.get_absolute_url() + "?part=update", headers={"HX-Request": "true"}
        )
        assert without_tokens(moved[push.seat_group(duel.pk, seat)]["html"]) == without_tokens(fetched.text)
    assert moved[push.seat_group(duel.pk, 0)]["html"] != moved[push.seat_group(duel.pk, 1)]["html"]


def test_the_movers_answer_is_its_seats_drawing(duel, alice, heard):
    presence.opened(duel.pk, alice.pk)
    card = duel.state["hands"][0][0]
    answer = client_for(alice).post(
        f"/game/{duel.pk}/act",
        {"action": '{"type": "play", "card": "%s"}' % card, "version": 0, "seat": 0},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200 and answer.headers["X-Game-Version"] == "1"
    (mine,) = [m for group, m in heard if group == push.seat_group(duel.pk, 0)]
    assert answer.text == mine["html"]  # drawn once, for the socket and the answer
    assert f'value="{push.CSRF_STAND_IN}"' in answer.text  # the page puts its own token in


def test_a_late_retry_draws_nothing(duel, alice, bob, heard, django_capture_on_commit_callbacks):
    """An effect performed after the game moved on (the outbox's retry) sends the version
    without regions: the pages fetch the newest once they hear of it."""
    watch_everything(duel, [alice, bob])
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    heard.clear()
    dispatch.game_moved(duel.pk, 0, False, [], [[alice.pk, 0], [bob.pk, 1]])
    assert [m.get("html") for _, m in heard if m["type"] == "game.moved"] == [None, None, None]
