"""Stonespine through the site: every region renders at every stage, and a page never
shows another player's hand or pending choice."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games import services
from games.engines.stonespine.data import CHAMBERS
from games.models import Status
from tests.conftest import client_for

PARTS = ["seats", "board", "hand", "actions", "log", "result"]


def play_through_the_pages(client, game, capture, look=lambda game, actions: None):
    """The player takes the first action offered, through the site's own endpoints, to the end;
    `look(game, actions)` sees each step first, with the actions the player is offered."""
    while True:
        game.refresh_from_db()
        if game.status != Status.ACTIVE:
            look(game, [])
            return
        actions = client.get(reverse("state_json", args=[game.pk])).json()["actions"]
        look(game, actions)
        with capture(execute=True):
            client.post(
                reverse("act", args=[game.pk]),
                {"action": actions[0], "version": game.version},
                content_type="application/json",
            )


def every_page(client, pages):
    """A `look` for play_through_the_pages: the whole page at every step (kept in `pages`), and
    each region alone (PARTS, as the page's live updates fetch them) the first time the page is
    of a new kind.

    The kind is what decides which templates a region draws: the game's status and phase and
    the kinds of move offered to the player. The regions alone are the same templates the whole
    page includes, so rendering them again at a later step of a kind already seen renders
    nothing new; the whole page is still rendered and checked at every step (it once took 7
    requests a step, over half of these tests' time)."""
    kinds = set()

    def look(game, actions):
        page = client.get(game.get_absolute_url())
        assert page.status_code == 200
        pages.append(page.text)
        kind = (game.status, game.stored_state().get("phase"), frozenset(a["type"] for a in actions))
        if kind not in kinds:
            kinds.add(kind)
            for part in PARTS:
                assert client.get(game.get_absolute_url(), {"part": part}).status_code == 200, (part, kind)

    return look


def test_a_stonespine_game_renders_from_start_to_score_sheet(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "stonespine", 3, {}, bots={1: "heuristic", 2: "random"})
    client = client_for(alice)
    seen_phases = set()
    render = every_page(client, [])

    def look(game, actions):
        seen_phases.add(game.stored_state()["phase"])
        render(game, actions)

    play_through_the_pages(client, game, django_capture_on_commit_callbacks, look)
    assert seen_phases == {"build", "market", "over"}
    final = client.get(game.get_absolute_url()).text
    assert "cluster-line" in final and "Clusters (outlined)" in final  # the scoring board
    for category in ("Final priority", "Goal", "Challenges", "Chamber reputation", "Blueprint", "Paths"):
        assert category in final


def test_a_page_never_shows_another_hand_or_a_pending_choice(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "stonespine", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    bob_card = game.stored_state()["hands"][1][0]
    services.submit_action(bob, game.pk, 1, {"type": "place", "chamber": bob_card, "column": 0}, game.version)
    game.refresh_from_db()
    state = game.stored_state()
    for client, other in ((client_for(alice), 1), (Client(), 0), (Client(), 1)):
        html = "".join(client.get(game.get_absolute_url(), {"part": p}).text for p in PARTS)
        html += client.get(game.get_absolute_url()).text
        for cid in state["hands"][other]:
            assert f'class="cname">{CHAMBERS[cid].name}<' not in html
    mine = client_for(bob).get(game.get_absolute_url()).text
    assert f'class="cname">{CHAMBERS[bob_card].name}<' in mine and "You chose" in mine


def test_the_how_to_play_page_explains_the_game(db):
    page = Client().get(reverse("how_to_play", args=["stonespine"]))
    assert page.status_code == 200
    for words in ("Build a chamber", "Buy tokens", "Pass", "Blueprint", "secret passage"):
        assert words in page.text


def test_a_solo_game_starts_in_one_click_and_jael_plays_in_the_worker(
    alice, django_capture_on_commit_callbacks
):
    from games.models import Game, SeatKind

    client = client_for(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("new_game", args=["stonespine"]),
            {"players": "1", "opt_jael": "legendary", "opt_face_down": "true"},
        )
    game = Game.objects.get()
    assert (
        response.status_code == 302 and game.status == Status.ACTIVE and game.options["jael"] == "legendary"
    )
    assert [s.kind for s in game.seats.all()] == [SeatKind.HUMAN, SeatKind.AUTOMATON]
    assert game.moves.filter(seat=1).exists()  # Jael revealed his card through a task
    page = client.get(game.get_absolute_url()).text
    assert "Jael (Legendary)" in page and "gold this year" in page
    play_through_the_pages(client, game, django_capture_on_commit_callbacks)
    final = client.get(game.get_absolute_url()).text
    assert "Jael cards" in final and "Final gold" in final and "Master Architect of Sabek" in final
    assert all(m.seat == 0 or m.action["type"].startswith("jael_") for m in game.moves.all())


def test_how_to_play_and_the_board_carry_a_key_to_every_piece(client):
    """Every element, token, treasure, trap and star has a drawn icon and its name in words."""
    page = client.get(reverse("how_to_play", args=["stonespine"])).text
    for icon in ("slime", "ooze", "gnoll", "goblin", "kobold", "bear", "blade", "fire", "pit", "spike"):
        assert f"stonespine.svg#{icon}" in page
    for words in ("bear trap", "treasure chest", "secret passage", "a dark star"):
        assert words in page
    # No two-letter codes left for a player to decode.
    assert ">Sl<" not in page and ">SP<" not in page
