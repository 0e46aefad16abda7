"""A player plays a 2-player game of Lords of Spell and Stone against a bot to the end through
the pages, the bot's moves arriving live; the board shows its six sections with every spot marked
by the action it stands for, the player's mat and private spell hand, and the score sheet."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.engines.lords.data import spots_for
from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MAX_CLICKS = 300  # 16 rounds of two or three workers and a few choices; more means stuck


def test_a_player_plays_lords_against_a_bot_to_the_end(
    alice: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    pk = orm(lambda: services.create_game(alice, "lords", 2, {}, bots={1: "heuristic"}).pk)
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    page.evaluate("window.__notReloaded = true")
    expect(page.locator("#board .ls-section")).to_have_count(6)
    for sid in spots_for(2):
        spot = page.locator(f"#board [data-spot='{sid}']")
        expect(spot).to_have_count(1)
        assert json.loads(spot.get_attribute("data-action") or "{}") == {"type": "place", "spot": sid}
    expect(page.locator("#board")).to_contain_text("Round 1 of 16")
    expect(page.locator("#hand #ls-hand .ls-spell")).to_have_count(2)
    expect(page.locator("#board #ls-mat-0")).to_contain_text("Gems")
    screenshot(page, "lords-start")

    clicks = 0
    while not page.locator("#result").inner_text().strip():
        assert_settled(page)
        buttons = page.locator(MOVE_BUTTONS)
        if not buttons.count():
            page.wait_for_timeout(100)
            continue
        # Alice works for gems and fights in the Tournament; anything else: the first choice.
        for wanted in ("General Labour", "Tournament"):
            choice = buttons.filter(has_text=wanted)
            if choice.count():
                choice.first.click()
                break
        else:
            buttons.first.click()
        clicks += 1
        if clicks == 12:
            expect(page.locator("#board .ls-worker.seat-1").first).to_be_visible()
            screenshot(page, "lords-placing")
        assert clicks < MAX_CLICKS, "the game does not end"
    expect(page.locator("#log")).to_contain_text("Bot 2 (Medium)")
    expect(page.locator("#result")).to_contain_text("Game over")
    for category in ("Moat", "Wall", "Towers", "Items", "Spells", "Most workers", "Thieves' Guild"):
        expect(page.locator("#result")).to_contain_text(category)
    assert page.evaluate("window.__notReloaded") is True, "the page was reloaded"
    screenshot(page, "lords-final")
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    no_problems(ctx)
