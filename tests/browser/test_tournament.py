"""Sign up for a tournament in the browser, then watch its standings change live as the
round's table ends (the page is not reloaded: its socket says the tournament changed)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import services as tables
from games.models import Game, SeatKind
from tests.browser.axe import assert_accessible
from tests.browser.test_play_loop import log_in
from tournaments import services
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_to_the_end(game_id: int) -> None:
    """Both players pick their first card each round until the game is over."""
    while True:
        game = Game.objects.get(pk=game_id)
        humans = [s for s in game.seats.filter(kind=SeatKind.HUMAN) if s.index in game.to_act]
        if not humans:
            return
        for seat in humans:
            game.refresh_from_db()
            card = game.stored_state()["hands"][seat.index][0]
            tables.submit_action(seat.user, game.pk, seat.index, {"type": "play", "card": card}, game.version)


def test_a_player_signs_up_and_sees_the_standings_change_as_the_table_ends(
    alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    t = orm(
        services.create_tournament,
        bob,
        "Evening cup",
        "highcard",
        2,
        {},
        rounds=1,
        pace="1d",
        starts_at=timezone.now() + timedelta(days=1),
    )
    orm(services.sign_up, bob, t.pk)
    page = new_context().new_page()
    log_in(page, alice.email)
    with page.expect_websocket(lambda ws: "/ws/tournament/" in ws.url):
        page.goto(f"/tournaments/{t.pk}/")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("#tournament-live")).to_contain_text("You are signed up.")
    expect(page.locator(".standings")).to_contain_text("Alice")
    assert_accessible(page)
    with page.expect_websocket(lambda ws: "/ws/tournament/" in ws.url):
        page.reload()  # after the redirect the socket is a new one; wait for it to open
    page.evaluate("window.notReloaded = true")

    orm(services.start, t.pk, bob)  # bob starts it early: the page shows round 1 live
    expect(page.locator("#tournament-stage")).to_contain_text("round 1 of 1")
    expect(page.locator("#tournament-live")).to_contain_text("Your table")
    game_id = orm(lambda: Table.objects.get(tournament=t).game_id)
    orm(play_to_the_end, game_id)
    expect(page.locator("#tournament-stage")).to_contain_text("won the tournament")
    # The table's result counted: a win is 1 point (a tie, possible in Highcard, 0.5 each).
    expect(page.locator(".standings tbody tr td:nth-child(3)").first).to_have_text(re.compile(r"^(1|0\.5)$"))
    expect(page.locator(".standings tbody tr td:last-child")).to_have_text(["1", "1"])
    assert page.evaluate("window.notReloaded") is True
    assert_accessible(page)
    winner = orm(lambda: Tournament.objects.values_list("winner__name", flat=True).get(pk=t.pk))
    page.goto("/tournaments/")
    expect(page.locator("main")).to_contain_text(f"★ {winner}")  # announced on the site
    assert_accessible(page)
    page.goto("/tournaments/new/highcard/")
    assert_accessible(page)
