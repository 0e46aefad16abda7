"""Issue 15's browser check: a player plays a 2-player Thunderstone game against a bot to the
end through the pages, the bot's moves arriving live; card texts open on hover and on tap."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MAX_CLICKS = 300  # about 60 of the player's decisions in a first-game set; more means stuck


def test_a_player_plays_thunderstone_against_a_bot_to_the_end(
    alice: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    pk = orm(
        lambda: (
            services.create_game(alice, "thunderstone", 2, {"setup": "first game"}, bots={1: "heuristic"}).pk
        )
    )
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    page.evaluate("window.__notReloaded = true")
    expect(page.locator("#board")).to_contain_text("Dungeon hall")
    expect(page.locator("#board .ts-rank[data-rank='1'] .ts-card")).to_have_count(1)
    expect(page.locator("#board [data-stack='basic:Torch']")).to_have_count(1)

    # A card's text opens on hover, and on focus (a tap on a phone focuses it).
    tip = page.locator("#board .ts-rank[data-rank='1'] .ts-tip")
    expect(tip).to_be_hidden()
    page.locator("#board .ts-rank[data-rank='1'] .ts-card").hover()
    expect(tip).to_be_visible()
    page.mouse.move(0, 0)
    page.locator("#board [data-stack='basic:Torch'] .ts-card").focus()
    expect(page.locator("#board [data-stack='basic:Torch'] .ts-tip")).to_be_visible()
    screenshot(page, "thunderstone-start")

    clicks = 0
    fought = False
    while not page.locator("#result").inner_text().strip():
        assert_settled(page)
        buttons = page.locator(MOVE_BUTTONS)
        if not buttons.count():
            page.wait_for_timeout(100)
            continue
        # Alice goes into the dungeon and fights; anything else: the first choice offered.
        dungeon = buttons.filter(has_text="Enter the dungeon")
        attack = buttons.filter(has_text=re.compile("^Attack"))
        if dungeon.count():
            dungeon.first.click()
        elif attack.count():
            if not fought:
                expect(page.locator("#board .ts-battle").first).to_contain_text("against health")
                screenshot(page, "thunderstone-preparing")
                fought = True
            attack.first.click()
        else:
            buttons.first.click()
        clicks += 1
        assert clicks < MAX_CLICKS, "the game does not end"
    expect(page.locator("#log")).to_contain_text("Bot 2 (Medium)")
    expect(page.locator("#result")).to_contain_text("Game over")
    for category in ("Monsters", "Heroes", "Village cards", "Thunderstone"):
        expect(page.locator("#result")).to_contain_text(category)
    assert page.evaluate("window.__notReloaded") is True, "the page was reloaded"
    screenshot(page, "thunderstone-final")
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    no_problems(ctx)
