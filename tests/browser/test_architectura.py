"""Issue 5's browser check: a player plays a 2-player Architectura game against a bot to
the end through the pages, the bot's moves arriving live."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MAX_CLICKS = 200  # a 2-player game takes about 25 of a player's decisions


def test_a_player_plays_architectura_against_a_bot_to_the_end(
    alice: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    pk = orm(lambda: services.create_game(alice, "architectura", 2, {}, bots={1: "heuristic"}).pk)
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    page.evaluate("window.__notReloaded = true")
    expect(page.locator("#board")).to_contain_text("Street 2")
    expect(page.locator("#hand .ar-card")).to_have_count(3)
    # A card's effect is there to read on hover or tap.
    assert page.locator("#hand .ar-card").first.get_attribute("title")

    # Alice builds (and settles its effect); the bot answers in its task and her page shows
    # its building live.
    for _ in range(5):
        assert_settled(page)
        if "Bot 2 (Medium) builds" in page.locator("#log").inner_text():
            break
        page.locator(MOVE_BUTTONS).first.click()
    expect(page.locator("#log")).to_contain_text("Bot 2 (Medium) builds")
    screenshot(page, "architectura-after-first-turns")

    clicks = 0
    while not page.locator("#result").inner_text().strip():
        assert_settled(page)
        buttons = page.locator(MOVE_BUTTONS)
        if buttons.count():
            buttons.first.click()
            clicks += 1
        else:
            page.wait_for_timeout(100)
        assert clicks < MAX_CLICKS, "the game does not end"
    expect(page.locator("#result")).to_contain_text("Game over")
    for category in ("Buildings", "Parks and statues", "Graveyard"):
        expect(page.locator("#result")).to_contain_text(category)
    assert page.evaluate("window.__notReloaded") is True, "the page was reloaded"
    screenshot(page, "architectura-final")
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    no_problems(ctx)
