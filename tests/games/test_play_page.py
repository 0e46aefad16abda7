"""The play page, its partials and the act endpoint."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Move
from tests.conftest import client_for

PARTS = ["seats", "board", "hand", "actions", "log", "result"]


def post_action(client, game, action, version=None, seat=0, htmx=False):
    data = {
        "action": json.dumps(action),
        "version": game.version if version is None else version,
        "seat": seat,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("act", args=[game.pk]), data, headers=headers)


def test_it_shows_the_player_their_hand_and_moves(duel, alice):
    page = client_for(alice).get(duel.get_absolute_url())
    assert page.status_code == 200
    for card in duel.state["hands"][0]:
        assert card in page.text
    assert "Your move" in page.text and 'data-version="0"' in page.text


@pytest.mark.parametrize("part", PARTS)
def test_each_region_renders_alone(duel, alice, part):
    page = client_for(alice).get(duel.get_absolute_url(), {"part": part}, headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "<html" not in page.text and "<section" not in page.text  # the region's inside only


def test_each_region_says_which_version_it_was_drawn_at(duel, alice):
    # The page compares it with the version its socket announced (static/js/site.js).
    services.submit_action(alice, duel.pk, 0, {"type": "play", "card": duel.state["hands"][0][0]}, 0)
    for part in PARTS:
        page = client_for(alice).get(duel.get_absolute_url(), {"part": part}, headers={"HX-Request": "true"})
        assert page.headers["X-Game-Version"] == "1"


def test_an_unknown_region_is_404(duel, alice):
    assert client_for(alice).get(duel.get_absolute_url(), {"part": "deck"}).status_code == 404


def test_a_spectator_sees_a_public_game_but_no_moves(duel, charlie):
    page = client_for(charlie).get(duel.get_absolute_url())
    assert page.status_code == 200
    assert "Your move" not in page.text
    assert Client().get(duel.get_absolute_url()).status_code == 200


def test_a_private_game_is_invisible_to_others(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 2, {}, public=False)
    services.join_game(bob, game.pk, token=game.invite_token)
    assert client_for(charlie).get(game.get_absolute_url()).status_code == 404
    assert Client().get(game.get_absolute_url()).status_code == 404
    assert client_for(bob).get(game.get_absolute_url()).status_code == 200


def test_it_applies_a_form_post_and_redirects(duel, alice):
    card = duel.state["hands"][0][0]
    response = post_action(client_for(alice), duel, {"type": "play", "card": card})
    assert response.status_code == 302
    assert Move.objects.filter(game=duel).count() == 1


REGIONS = ["links", "result", "hand", "board", "actions", "seats", "log"]


def oob_regions(html: str) -> list[str]:
    return re.findall(r'id="(\w+)" hx-swap-oob="innerHTML"', html)


def test_an_htmx_post_answers_with_every_region_at_the_new_version(duel, alice):
    card = duel.state["hands"][0][0]
    response = post_action(client_for(alice), duel, {"type": "play", "card": card}, htmx=True)
    assert response.status_code == 200 and response.headers["X-Game-Version"] == "1"
    assert oob_regions(response.text) == REGIONS
    assert "You picked " in response.text  # the mover's own log, drawn for their seat


def test_one_request_brings_every_region_up_to_date(duel, alice):
    page = client_for(alice).get(duel.get_absolute_url(), {"part": "update"}, headers={"HX-Request": "true"})
    assert page.status_code == 200 and page.headers["X-Game-Version"] == "0"
    assert oob_regions(page.text) == REGIONS
    assert "<html" not in page.text


def test_a_stale_page_gets_409_with_the_reason_and_the_page_as_it_is(duel, alice):
    card = duel.state["hands"][0][0]
    response = post_action(client_for(alice), duel, {"type": "play", "card": card}, version=7, htmx=True)
    assert response.status_code == 409
    assert "moved on" in response.text and "brought up to date" in response.text
    assert oob_regions(response.text) == ["links", "flash", *REGIONS[1:]]
    assert response.headers["X-Game-Version"] == "0"
    assert Move.objects.count() == 0


def test_each_move_in_the_list_names_its_board_targets(alice):
    game = services.create_game(alice, "stonespine", 2, {}, bots={1: "random"})
    game.refresh_from_db()
    page = client_for(alice).get(game.get_absolute_url())
    hand = game.state["hands"][0]
    # Every chamber in hand is a piece to pick, and each build names a hand card then a cell.
    for cid in hand:
        assert f'data-target="hand:{cid}"' in page.text
    targets = [json.loads(unescape(t)) for t in re.findall(r'data-targets="([^"]*)"', page.text)]
    assert targets and all(
        len(t) == 2 and t[0].startswith("hand:") and t[1].startswith("cell:0:0:") for t in targets
    )
    for key in {t[1] for t in targets}:
        assert f'data-target="{key}"' in page.text


def test_an_illegal_action_gets_400_with_the_reason(duel, alice):
    response = post_action(client_for(alice), duel, {"type": "play", "card": "Amber 99"})
    assert response.status_code == 400
    assert "not allowed" in response.text
    assert Move.objects.count() == 0


def test_acting_for_another_seat_is_403(duel, bob):
    card = duel.state["hands"][0][0]
    response = post_action(client_for(bob), duel, {"type": "play", "card": card}, seat=0)
    assert response.status_code == 403
    assert Move.objects.count() == 0


def test_a_logged_out_visitor_cannot_act(duel):
    response = post_action(Client(), duel, {"type": "play", "card": duel.state["hands"][0][0]})
    assert response.status_code == 403
    assert Move.objects.count() == 0


def test_a_forged_form_without_csrf_token_is_refused(duel, alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = post_action(client, duel, {"type": "play", "card": duel.state["hands"][0][0]})
    assert response.status_code == 403
    assert Move.objects.count() == 0


def test_a_json_client_gets_json_answers(duel, alice):
    client = client_for(alice)
    url = reverse("act", args=[duel.pk])
    ok = client.post(
        url,
        {"action": {"type": "play", "card": duel.state["hands"][0][0]}, "version": 0},
        content_type="application/json",
    )
    assert ok.status_code == 200 and ok.json() == {"ok": True, "version": 1}
    stale = client.post(
        url, {"action": {"type": "play", "card": "x"}, "version": 0}, content_type="application/json"
    )
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]


def test_the_record_and_replay_open_only_at_the_end(duel, alice):
    client = client_for(alice)
    assert client.get(reverse("record", args=[duel.pk])).status_code == 403
    assert client.get(reverse("replay", args=[duel.pk])).status_code == 404


def test_the_state_api_gives_my_view_and_my_actions(duel, alice, charlie):
    mine = client_for(alice).get(reverse("state_json", args=[duel.pk])).json()
    assert mine["seat"] == 0 and mine["version"] == 0
    assert sorted(a["card"] for a in mine["actions"]) == sorted(duel.state["hands"][0])
    theirs = client_for(charlie).get(reverse("state_json", args=[duel.pk])).json()
    assert theirs["seat"] is None and theirs["actions"] == [] and theirs["view"]["hand"] == []


def test_acting_in_a_private_game_you_are_not_at_is_404(alice, bob, charlie):
    game = services.create_game(alice, "highcard", 2, {}, public=False)
    services.join_game(bob, game.pk, token=game.invite_token)
    game.refresh_from_db()
    response = post_action(client_for(charlie), game, {"type": "play", "card": game.state["hands"][0][0]})
    assert response.status_code == 404
    assert Move.objects.count() == 0
