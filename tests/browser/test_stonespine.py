"""Issue 3's browser check: two players and two bots play a 4-player Stonespine game through
the pages; each page sees the other player's moves arrive live, and the end of the game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled
from tests.browser.test_board_play import finish_on_the_server
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
MAX_CLICKS = 200  # about 30 actions a player in two years; far more means a page is stuck
# The players click through the first two of the four years: both phases (build and market),
# a new year, and the hands passed both ways (left in years 1 and 3, right in 2 and 4). Years
# 3 and 4 repeat them with other cards, so they are played on the server while the pages
# watch, which still checks that every move, the end and the score sheet arrive live.
CLICKED_YEARS = 2


def test_two_players_and_two_bots_play_stonespine_to_the_end(
    alice: Any, bob: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    def open_table() -> int:
        game = services.create_game(alice, "stonespine", 4, {}, bots={2: "heuristic", 3: "random"})
        services.join_game(bob, game.pk)
        return game.pk

    pk = orm(open_table)
    pages: dict[str, Page] = {}
    contexts = []
    for user in (alice, bob):
        ctx = new_context()
        contexts.append(ctx)
        page = ctx.new_page()
        log_in(page, user.email)
        open_game(page, lambda page=page: page.goto(f"/game/{pk}/"))
        page.evaluate("window.__notReloaded = true")
        pages[user.username] = page
    a, b = pages["alice"], pages["bob"]

    # Alice builds first: Bob's page learns it live, without learning which chamber.
    # The chamber's name may also be on a public card (the Armory challenge, say), so
    # compare how often Bob's board names it before and after Alice's choice.
    chamber = a.locator(MOVE_BUTTONS).first.inner_text().split(" (")[0]
    named_before = b.locator("#board").inner_text().count(chamber)
    a.locator(MOVE_BUTTONS).first.click()
    expect(b.locator("#log")).to_contain_text("Alice has chosen a chamber.")
    assert b.locator("#board").inner_text().count(chamber) == named_before
    screenshot(b, "stonespine-bob-after-alice-chose")

    def year() -> int:
        return int(Game.objects.get(pk=pk).stored_state()["year"])

    clicks = 0
    while orm(year) <= CLICKED_YEARS and not all(p.locator("#result").inner_text().strip() for p in (a, b)):
        moved = False
        for page in (a, b):
            assert_settled(page)
            buttons = page.locator(MOVE_BUTTONS)
            if buttons.count():
                buttons.first.click()
                clicks += 1
                moved = True
        assert clicks < MAX_CLICKS, "the game does not end"
        if not moved:
            b.wait_for_timeout(100)
    for page in (a, b):
        assert_settled(page)  # a click still on its way would meet the server's moves: 409
    orm(finish_on_the_server, pk)
    for page in (a, b):
        expect(page.locator("#result")).to_contain_text("Game over")
        for category in ("Final priority", "Goal", "Challenges", "Chamber reputation", "Blueprint", "Paths"):
            expect(page.locator("#result")).to_contain_text(category)
        assert page.evaluate("window.__notReloaded") is True, "a page was reloaded"
    screenshot(a, "stonespine-final-alice")
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    for ctx in contexts:
        no_problems(ctx)
